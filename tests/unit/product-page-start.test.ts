/**
 * The product page's start without React (src/lib/catalog/product/page-start.ts): the view is recorded, and
 * the options island is woken only when its static HTML ("Add to wishlist", "Add to compare", no
 * compare link) is wrong for this shopper.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collection, KEYS } from '../../src/lib/state/storage';
import { $recentlyViewed } from '../../src/lib/state/stores/recently-viewed';
import { optionsNeedWaking, startProductPage } from '../../src/lib/catalog/product/page-start';
import { flush, freshState } from './stores-fixtures';

const ring = { sku: 'R-1042', name: 'Evermore Platinum Solitaire Ring', price: 1250 };
const watch = { sku: 'W-77', name: 'Halden Automatic Watch', price: 540 };

beforeEach(() => {
  freshState();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Starts the page once the lists are stored as given, and returns whether the island was woken. */
async function woken(stored: { wishlist?: unknown[]; compare?: unknown[] }): Promise<boolean> {
  if (stored.wishlist) await collection('wishlist').setItem(KEYS.wishlist, stored.wishlist);
  if (stored.compare) await collection('compare').setItem(KEYS.compare, stored.compare);
  const $wake = startProductPage(ring);
  await flush();
  await flush();
  return $wake.get();
}

describe('product page start', () => {
  it('records the view in recently viewed, in front of what was viewed before', async () => {
    await collection('recently-viewed').setItem(KEYS.recentlyViewed, [watch]);
    startProductPage(ring);
    await flush();
    await flush();
    expect($recentlyViewed.get().items.map((i) => i.sku)).toEqual([ring.sku, watch.sku]);
  });

  it('leaves the island asleep for a shopper with empty lists', async () => {
    expect(await woken({})).toBe(false);
  });

  it('leaves it asleep when only other products are on the wishlist', async () => {
    expect(await woken({ wishlist: [{ ...watch, qty: 1 }] })).toBe(false);
  });

  it('wakes it when this product is on the wishlist (the toggle must say "Remove from wishlist")', async () => {
    expect(await woken({ wishlist: [{ ...ring, qty: 1 }] })).toBe(true);
  });

  it('wakes it when a variant of this product is on the wishlist (the island tells whether it is the one the page opens with)', async () => {
    expect(await woken({ wishlist: [{ sku: `${ring.sku}-P-T`, parentSku: ring.sku, name: ring.name, qty: 1 }] })).toBe(true);
  });

  it("leaves it asleep when only another product's variant is on the wishlist", async () => {
    expect(await woken({ wishlist: [{ sku: `${watch.sku}-S`, parentSku: watch.sku, name: watch.name, qty: 1 }] })).toBe(false);
  });

  it('wakes it when anything is being compared (the compare link shows)', async () => {
    expect(await woken({ compare: [watch] })).toBe(true);
  });

  it('decides only on lists that were read', () => {
    expect(optionsNeedWaking(ring.sku, { items: [] }, { items: [] })).toBe(false);
    expect(optionsNeedWaking(ring.sku, { items: [{ sku: ring.sku }] }, { items: [] })).toBe(true);
  });
});
