/** The recently viewed list (src/browser/product/RecentlyViewed.tsx): the listed products' prices in the page's store view's currency. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { $recentlyViewed } from '../../src/lib/state/stores/recently-viewed';
import { $storeView } from '../../src/lib/state/stores/store-view';
import { config } from '../../src/lib/config';
import { freshState } from './stores-fixtures';

// The list renders once hydrated (its first render matches the build's empty text): rendered here as hydrated.
vi.mock('../../src/browser/kit/use-hydrated', () => ({ useHydrated: () => true }));
const { default: RecentlyViewed } = await import('../../src/browser/product/RecentlyViewed');

const ring = { sku: 'RING-1', name: 'Silver Ring', price: 100, special_price: null };
/** The text of the listed product's price. */
const price = () => /class="rcv__name">.*?<\/span>(.*?)<\/a>/.exec(renderToStaticMarkup(createElement(RecentlyViewed, {})))?.[1]?.replace(/<[^>]+>/g, '');

afterEach(() => {
  $storeView.set(config.storeViews.default);
});

describe('recently viewed prices', () => {
  it('in pounds on a default store view page', () => {
    freshState();
    $recentlyViewed.set({ loaded: true, items: [ring] });
    expect(price()).toBe('£100.00');
  });

  it("in euros on a de page: the catalogue's price at the store view's rate (1.17), as its product page shows it", () => {
    freshState();
    $storeView.set(config.storeViews.others.find((s) => s.storeCode === 'de')!);
    $recentlyViewed.set({ loaded: true, items: [ring] });
    expect(price()).toBe('117,00 €');
  });
});
