/** The compare table (src/browser/product/Compare.tsx): the listed products' prices in the page's store view's currency. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Compare from '../../src/browser/product/Compare';
import { $compare } from '../../src/lib/state/stores/compare';
import { $storeView } from '../../src/lib/state/stores/store-view';
import { config } from '../../src/lib/config';
import { freshState } from './stores-fixtures';

// The table as the live island draws it (its hydrating render is the build's loading line).
vi.mock('../../src/browser/kit/use-hydrated', () => ({ useHydrated: () => true }));

const ring = { sku: 'RING-1', name: 'Silver Ring', price: 100, special_price: null };
/** The price cell's text. */
const priceCell = () => /data-compare-row="price">.*?<td>(.*?)<\/td>/.exec(renderToStaticMarkup(createElement(Compare)))?.[1]?.replace(/<[^>]+>/g, '');

afterEach(() => {
  $storeView.set(config.storeViews.default);
});

describe('compare table prices', () => {
  it('in pounds on a default store view page', () => {
    freshState();
    $compare.set({ loaded: true, items: [ring] });
    expect(priceCell()).toBe('£100.00');
  });

  it("in euros on a de page: the catalogue's price at the store view's rate (1.17), as its product page shows it", () => {
    freshState();
    $storeView.set(config.storeViews.others.find((s) => s.storeCode === 'de')!);
    $compare.set({ loaded: true, items: [ring] });
    expect(priceCell()).toBe('117,00 €');
  });
});
