import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notifications } from '../../src/lib/state/stores/notifications';
import {
  $lastWishlistChange,
  $wishlist,
  $wishlistCount,
  addToWishlist,
  loadWishlist,
  removeFromWishlist,
  toggleWishlist,
} from '../../src/lib/state/stores/wishlist';
import { $compare, $lastCompareChange, addToCompare, clearCompare, removeFromCompare, toggleCompare } from '../../src/lib/state/stores/compare';
import { listedEntry } from '../../src/lib/state/stores/product-summary';
import { $recentlyViewed, addRecentlyViewed, loadRecentlyViewed } from '../../src/lib/state/stores/recently-viewed';
import { $stock, getStock, loadStock, setStock } from '../../src/lib/state/stores/stock';
import {
  $categoryQuery,
  chooseFilter,
  loadNextBatch,
  resetFilters,
  setSearchProductQuery,
  setSort,
  startCategoryQuery,
} from '../../src/lib/state/stores/category';
import { $newsletter, subscribeNewsletter, unsubscribeNewsletter } from '../../src/lib/state/stores/newsletter';
import { $user, loadUser, logout, resetUserStore, setCurrentUser, setUserToken } from '../../src/lib/state/stores/user';
import { flush, freshState, newPage } from './stores-fixtures';

const ring = { sku: 'R-1042', name: 'Evermore Platinum Solitaire Ring', price: 1250 };
const watch = { sku: 'W-77', name: 'Halden Automatic Watch', price: 540 };

let mem: ReturnType<typeof freshState>;
beforeEach(() => {
  mem = freshState();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
const stored = (db: string, key: string) => mem.dbs.get(db)?.get(key);

describe('wishlist', () => {
  it('adds a sku not present with qty 1 and a success notification', async () => {
    await loadWishlist();
    expect(addToWishlist(ring)).toBe(true);
    expect($wishlist.get().items).toEqual([{ ...ring, qty: 1 }]);
    expect($notifications.get().at(-1)).toMatchObject({
      type: 'success',
      message: 'Product Evermore Platinum Solitaire Ring has been added to wishlist!',
    });
  });

  it('does not add a sku twice', async () => {
    await loadWishlist();
    addToWishlist(ring);
    expect(addToWishlist({ ...ring, price: 1 })).toBe(false);
    expect($wishlistCount.get()).toBe(1);
  });

  it('removes a product and notifies', async () => {
    await loadWishlist();
    addToWishlist(ring);
    addToWishlist(watch);
    removeFromWishlist(ring);
    expect($wishlist.get().items.map((i) => i.sku)).toEqual(['W-77']);
    expect($notifications.get().at(-1)?.message).toBe('Product Evermore Platinum Solitaire Ring has been removed from wishlist!');
  });

  it('persists under current-wishlist after each change', async () => {
    await loadWishlist();
    addToWishlist(ring);
    await flush();
    expect(stored('shop-gb-wishlist', 'current-wishlist')).toEqual([{ ...ring, qty: 1 }]);
    toggleWishlist(ring);
    await flush();
    expect(stored('shop-gb-wishlist', 'current-wishlist')).toEqual([]);
  });

  it('reads the cached list once', async () => {
    await mem.open('shop-gb-wishlist').setItem('current-wishlist', [{ ...watch, qty: 1 }]);
    await loadWishlist();
    expect($wishlist.get()).toEqual({ loaded: true, items: [{ ...watch, qty: 1 }] });
    await mem.open('shop-gb-wishlist').setItem('current-wishlist', []);
    await loadWishlist();
    expect($wishlist.get().items).toHaveLength(1);
  });

  it('keeps a product added before the cached list arrived', async () => {
    await mem.open('shop-gb-wishlist').setItem('current-wishlist', [{ ...watch, qty: 1 }]);
    addToWishlist(ring);
    await loadWishlist();
    await flush();
    expect($wishlist.get().items.map((i) => i.sku)).toEqual(['W-77', 'R-1042']);
    expect((stored('shop-gb-wishlist', 'current-wishlist') as unknown[]).length).toBe(2);
  });

  it('loads when first subscribed', async () => {
    vi.resetModules();
    const storage = await import('../../src/lib/state/storage');
    const fresh = storage.memoryEngine();
    storage.setStorageEngine(fresh);
    await fresh.open('shop-gb-wishlist').setItem('current-wishlist', [{ ...watch, qty: 1 }]);
    const w = await import('../../src/lib/state/stores/wishlist');
    expect(w.$wishlist.value?.loaded).toBe(false);
    const off = w.$wishlist.listen(() => {});
    await flush();
    expect(w.$wishlist.get().loaded).toBe(true);
    expect(w.$wishlistCount.get()).toBe(1);
    off();
  });
});

describe('a configured variant on the lists (as Vue Storefront keeps it: the child sku with its parentSku)', () => {
  const platinumT = { sku: 'R-1042-P-T', parentSku: 'R-1042', name: ring.name, price: 1450 };
  const goldM = { sku: 'R-1042-Y-M', parentSku: 'R-1042', name: ring.name, price: 1250 };

  it('the entry of a variant is its own; an entry of the product stored before the lists kept variants stands for each variant', () => {
    expect(listedEntry([platinumT], platinumT)).toBe(platinumT);
    expect(listedEntry([platinumT], goldM)).toBeUndefined();
    const old = { ...ring, qty: 1 as const };
    expect(listedEntry([old], goldM)).toBe(old);
    expect(listedEntry([old, platinumT], platinumT)).toBe(platinumT);
    expect(listedEntry([platinumT], ring)).toBeUndefined();
  });

  it('the toggles add the variant chosen and remove the entry that holds it, each variant apart', async () => {
    await loadWishlist();
    toggleWishlist(platinumT);
    toggleWishlist(goldM);
    expect($wishlist.get().items.map((i) => i.sku)).toEqual([platinumT.sku, goldM.sku]);
    toggleWishlist(platinumT);
    expect($wishlist.get().items).toEqual([{ ...goldM, qty: 1 }]);
    const off = $compare.subscribe(() => {});
    await flush();
    toggleCompare(platinumT);
    toggleCompare(goldM);
    toggleCompare(goldM);
    expect($compare.get().items).toEqual([platinumT]);
    off();
  });

  it("a product's entry stored before the lists kept variants is removed by the toggle of any of its variants", async () => {
    await mem.open('shop-gb-wishlist').setItem('current-wishlist', [{ ...ring, qty: 1 }]);
    await loadWishlist();
    toggleWishlist(platinumT);
    expect($wishlist.get().items).toEqual([]);
    expect($notifications.get().at(-1)?.message).toBe(`Product ${ring.name} has been removed from wishlist!`);
    toggleWishlist(platinumT);
    await flush();
    expect(stored('shop-gb-wishlist', 'current-wishlist')).toEqual([{ ...platinumT, qty: 1 }]);
  });
});

describe('compare', () => {
  it('loads on mount, adds and removes with notifications, and persists', async () => {
    await mem.open('shop-gb-compare').setItem('current-compare', [watch]);
    const off = $compare.subscribe(() => {});
    await flush();
    expect($compare.get().items).toEqual([watch]);
    addToCompare(ring);
    expect($notifications.get().at(-1)?.message).toBe('Product Evermore Platinum Solitaire Ring has been added to the compare!');
    expect(addToCompare(ring)).toBe(false);
    removeFromCompare(watch);
    expect($notifications.get().at(-1)?.message).toBe('Product Halden Automatic Watch has been removed from compare!');
    await flush();
    expect(stored('shop-gb-compare', 'current-compare')).toEqual([ring]);
    off();
  });
});

describe('list changes and their notices (changes in actions, notices in reactions)', () => {
  it('an add or a remove records what the shopper did; the notice follows it', async () => {
    await loadWishlist();
    addToWishlist(ring);
    expect($lastWishlistChange.get()).toEqual({ kind: 'added', item: { ...ring, qty: 1 } });
    addToCompare(watch);
    expect($lastCompareChange.get()).toEqual({ kind: 'added', item: watch });
    removeFromCompare(watch);
    expect($lastCompareChange.get()).toEqual({ kind: 'removed', item: watch });
    expect($notifications.get().map((n) => n.message)).toEqual([
      'Product Evermore Platinum Solitaire Ring has been added to wishlist!',
      'Product Halden Automatic Watch has been added to the compare!',
      'Product Halden Automatic Watch has been removed from compare!',
    ]);
  });

  it('the stored list arriving and emptying the list tell nothing', async () => {
    await mem.open('shop-gb-compare').setItem('current-compare', [watch]);
    await mem.open('shop-gb-wishlist').setItem('current-wishlist', [{ ...ring, qty: 1 }]);
    addToCompare(ring);
    const before = $notifications.get().length;
    await flush();
    expect($compare.get().items.map((i) => i.sku)).toEqual(['W-77', 'R-1042']);
    await loadWishlist();
    clearCompare();
    await flush();
    expect($compare.get().items).toEqual([]);
    expect($notifications.get()).toHaveLength(before);
  });

  it('a list stopped (cleanStores, a new page) starts again on its next use: it reads the stored list and persists changes', async () => {
    await loadWishlist();
    addToWishlist(ring);
    await flush();
    newPage();
    expect($lastWishlistChange.get()).toBeNull();
    await loadWishlist();
    expect($wishlist.get().items.map((i) => i.sku)).toEqual(['R-1042']);
    addToWishlist(watch);
    await flush();
    expect((stored('shop-gb-wishlist', 'current-wishlist') as Array<{ sku: string }>).map((i) => i.sku)).toEqual(['R-1042', 'W-77']);
  });
});

describe('recently viewed', () => {
  it('keeps products unique by sku, newest first, and persists them', async () => {
    await loadRecentlyViewed();
    addRecentlyViewed(ring);
    addRecentlyViewed(watch);
    addRecentlyViewed({ ...ring, price: 999 });
    expect($recentlyViewed.get().items.map((i) => i.sku)).toEqual(['R-1042', 'W-77']);
    expect($recentlyViewed.get().items[0]?.price).toBe(999);
    await flush();
    expect((stored('shop-gb-recently-viewed', 'recently-viewed') as Array<{ sku: string }>).map((i) => i.sku)).toEqual(['R-1042', 'W-77']);
  });

  it('puts views recorded before loading in front of the stored ones', async () => {
    await mem.open('shop-gb-recently-viewed').setItem('recently-viewed', [watch, ring]);
    addRecentlyViewed(ring);
    await loadRecentlyViewed();
    expect($recentlyViewed.get().items.map((i) => i.sku)).toEqual(['R-1042', 'W-77']);
    // The new order is stored too (same products, another order: the next page must see it).
    await flush();
    expect((stored('shop-gb-recently-viewed', 'recently-viewed') as Array<{ sku: string }>).map((i) => i.sku)).toEqual(['R-1042', 'W-77']);
  });
});

describe('stock cache', () => {
  it('is keyed by child id and persisted per id', async () => {
    setStock(5011, { is_in_stock: true, qty: 3, checked_at: 1 });
    await flush();
    expect(getStock('5011')).toEqual({ is_in_stock: true, qty: 3, checked_at: 1 });
    expect(stored('shop-gb-stock', '5011')).toEqual({ is_in_stock: true, qty: 3, checked_at: 1 });
  });

  it('fills from storage for ids not yet known', async () => {
    await mem.open('shop-gb-stock').setItem('42', { is_in_stock: false, qty: 0, checked_at: 5 });
    await loadStock([42, 43]);
    expect($stock.get()).toEqual({ '42': { is_in_stock: false, qty: 0, checked_at: 5 } });
  });
});

describe('category query state', () => {
  it('starts at offset 0 with 50 per page and the first sort', () => {
    startCategoryQuery();
    expect($categoryQuery.get()).toEqual({ offset: 0, perPage: 50, sort: 'position:desc', filters: {}, searchProductQuery: '' });
  });

  it('a filter change returns to offset 0 and the same value again removes it', () => {
    startCategoryQuery();
    expect(loadNextBatch(120, true)).toBe(true);
    expect($categoryQuery.get().offset).toBe(50);
    chooseFilter('color', '49');
    expect($categoryQuery.get()).toMatchObject({ offset: 0, filters: { color: ['49'] } });
    chooseFilter('color', '49');
    expect($categoryQuery.get().filters).toEqual({});
  });

  it('loads more only below the total and with lazy loading on', () => {
    startCategoryQuery();
    expect(loadNextBatch(120, true)).toBe(true);
    expect(loadNextBatch(120, true)).toBe(true);
    expect($categoryQuery.get().offset).toBe(100);
    expect(loadNextBatch(120, true)).toBe(false);
    startCategoryQuery();
    expect(loadNextBatch(120, false)).toBe(false);
  });

  it('a sort change returns to the first page', () => {
    startCategoryQuery({ offset: 100 });
    setSort('final_price:asc');
    expect($categoryQuery.get()).toMatchObject({ sort: 'final_price:asc', offset: 0 });
    chooseFilter('size', 'L');
    resetFilters();
    setSearchProductQuery('gold');
    expect($categoryQuery.get()).toMatchObject({ filters: {}, searchProductQuery: 'gold', offset: 0 });
  });
});

describe('user', () => {
  it('persists the token under current-token and forgets it on logout', async () => {
    await loadUser();
    setUserToken('tok', 'ref');
    setCurrentUser({ id: 1, email: 'ann@example.com', firstname: 'Ann', lastname: 'Lee', group_id: 1, addresses: [], is_subscribed: false });
    await flush();
    expect(stored('shop-gb-user', 'current-token')).toBe('tok');
    expect(stored('shop-gb-user', 'current-refresh-token')).toBe('ref');
    expect(stored('shop-gb-user', 'current-user')).toMatchObject({ email: 'ann@example.com' });
    logout();
    await flush();
    expect(stored('shop-gb-user', 'current-token')).toBeUndefined();
    expect(stored('shop-gb-user', 'current-user')).toBeUndefined();
  });

  it('reads the stored session once', async () => {
    await mem.open('shop-gb-user').setItem('current-token', 'saved');
    resetUserStore();
    await loadUser();
    expect($user.get()).toMatchObject({ token: 'saved', loaded: true });
  });

  it('a login before the stored session arrives wins', async () => {
    await mem.open('shop-gb-user').setItem('current-token', 'old');
    setUserToken('new');
    await loadUser();
    expect($user.get().token).toBe('new');
  });
});

describe('newsletter', () => {
  const ok = async () => ({ ok: true as const, code: 200 as const, result: true });
  const fail = async () => ({ ok: false as const, code: 500, result: 'down' });

  it('is unknown, then subscribed after success, and persisted', async () => {
    newPage();
    expect($newsletter.get().isSubscribed).toBeNull();
    expect(await subscribeNewsletter('ann@example.com', fail)).toBe(false);
    expect($newsletter.get().isSubscribed).toBeNull();
    expect(await subscribeNewsletter('ann@example.com', ok)).toBe(true);
    expect($newsletter.get()).toMatchObject({ isSubscribed: true, email: 'ann@example.com' });
    await flush();
    expect(stored('shop-gb-mailchimp', 'newsletter')).toEqual({ isSubscribed: true, email: 'ann@example.com' });
  });

  it('skips subscribing and unsubscribing when already subscribed', async () => {
    newPage();
    await subscribeNewsletter('ann@example.com', ok);
    const send = vi.fn(ok);
    await subscribeNewsletter('ann@example.com', send);
    await unsubscribeNewsletter('ann@example.com', send);
    expect(send).not.toHaveBeenCalled();
    expect($newsletter.get().isSubscribed).toBe(true);
  });

  it('unsubscribes when not known to be subscribed', async () => {
    newPage();
    const send = vi.fn(ok);
    expect(await unsubscribeNewsletter('ann@example.com', send)).toBe(true);
    expect(send).toHaveBeenCalledOnce();
    expect($newsletter.get().isSubscribed).toBe(false);
  });
});
