/** Shared set-up for the client-state tests: a fresh memory engine, stores and sync state. */
import { cleanStores } from 'nanostores';
import { vi } from 'vitest';
import { memoryEngine, setStorageEngine, setStorageStoreCode } from '../../src/lib/state/storage';
import { clearNotifications } from '../../src/lib/state/stores/notifications';
import { resetUi } from '../../src/lib/state/stores/ui';
import { resetUserStore } from '../../src/lib/state/stores/user';
import { setOnline } from '../../src/lib/state/stores/network';
import { configureTokenLock, resetTokenLock, setSyncFetch } from '../../src/lib/state/sync';
import { $wishlist, $wishlistCount } from '../../src/lib/state/stores/wishlist';
import { $compare, $compareCount } from '../../src/lib/state/stores/compare';
import { $recentlyViewed } from '../../src/lib/state/stores/recently-viewed';
import { $stock } from '../../src/lib/state/stores/stock';
import { $liveStock, $stockPending } from '../../src/lib/state/stores/live-stock';
import { $cart, $cartCount } from '../../src/lib/state/stores/cart';
import { setTabChannel } from '../../src/lib/state/stores/cross-tab';
import { $newsletter } from '../../src/lib/state/stores/newsletter';

/**
 * What a new page starts with: the stores stop (nanostores' cleanStores: their listeners go, the next
 * use starts them again and reads the storage) and hold their initial values. The values are set once
 * every store is stopped, so a subscriber left by a test cannot start one again meanwhile.
 */
export function newPage(): void {
  cleanStores($cartCount, $cart, $wishlistCount, $wishlist, $compareCount, $compare, $recentlyViewed, $newsletter);
  $cart.set({ items: [], token: null, totals: null, loaded: false });
  for (const $list of [$wishlist, $compare, $recentlyViewed]) $list.set({ loaded: false, items: [] });
  $newsletter.set({ isSubscribed: null, email: null, loaded: false });
  for (const $s of [$stock, $liveStock, $stockPending]) $s.set({});
}

/** Resets everything and returns the new memory engine. */
export function freshState() {
  const mem = memoryEngine();
  setStorageEngine(mem);
  setStorageStoreCode('gb');
  clearNotifications();
  resetUi();
  resetUserStore();
  resetTokenLock();
  configureTokenLock();
  setSyncFetch(null);
  setOnline(true);
  setTabChannel(null);
  newPage();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  return mem;
}

/** A JSON answer in the contract's envelope; HTTP status follows the code when numeric. */
export function json(body: { code: number | string; result?: unknown }, status?: number): Response {
  return new Response(JSON.stringify(body), {
    status: status ?? (typeof body.code === 'number' ? body.code : 500),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** A promise with its resolve exposed. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run. */
export const flush = async (times = 20) => {
  for (let i = 0; i < times; i++) await Promise.resolve();
  await new Promise((r) => setImmediate(r));
};

/** An in-memory cart API answering the contract's cart calls (`{ code, result }`). */
/** Waits `ms` (nothing when 0 or unset). */
const delay = (ms = 0) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

export function fakeCartApi(
  opts: {
    refuse?: (sku: string, qty: number) => string | null;
    refuseDelete?: (sku: string) => string | null;
    /** How long an update takes before the server applies it (a slow backend; 0: at once). */
    updateDelayMs?: number;
    /** How many updates are applied and then lose their answer (the connection drops, the tab reloads). */
    loseUpdateAnswers?: number;
  } = {},
) {
  const carts = new Map<string, Map<string, { sku: string; qty: number; item_id: number; price: number; product_option?: unknown }>>();
  // As Magento's quote: a product with other options is an item of its own (the options as sent).
  const lineKey = (sku: string, option: unknown) => (option ? `${sku}|${JSON.stringify(option)}` : sku);
  const calls: string[] = [];
  /** The cartItem of every cart/update, as sent. */
  const updates: Array<{ sku: string; qty: number; item_id?: number }> = [];
  let nextCart = 100;
  let nextItem = 1;
  let online = true;
  let lost = 0;
  const handler = async (url: string, init?: RequestInit): Promise<Response> => {
    if (!online) throw new TypeError('Failed to fetch');
    const u = new URL(url, 'http://shop.test');
    const call = u.pathname.replace(/^\/api\//, '');
    calls.push(call);
    const cartId = u.searchParams.get('cartId') ?? '';
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (call === 'cart/create') {
      const id = String(nextCart++);
      carts.set(id, new Map());
      return json({ code: 200, result: id });
    }
    const cart = carts.get(cartId);
    if (!cart) return json({ code: 500, result: `No such entity with cartId = ${cartId}` });
    if (call === 'cart/update') {
      const { sku, qty, item_id, product_option } = body.cartItem as { sku: string; qty: number; item_id?: number; product_option?: unknown };
      updates.push({ sku, qty, ...(item_id ? { item_id } : {}) });
      const key = lineKey(sku, product_option);
      const existing = item_id ? [...cart.values()].find((l) => l.item_id === item_id) : cart.get(key);
      if (item_id && existing?.item_id !== item_id) return json({ code: 500, result: `Cart ${cartId} doesn't contain item  ${item_id}` });
      // As Magento (POST /V1/carts/{id}/items): a line sent without an item id is *added* to the
      // quote's line of the same product; with an item id (PUT) its quantity is set.
      const total = existing && !item_id ? existing.qty + qty : qty;
      const refusal = opts.refuse?.(sku, total);
      if (refusal) return json({ code: 500, result: refusal });
      await delay(opts.updateDelayMs);
      const line = existing ?? { sku, qty: 0, item_id: nextItem++, price: 100, ...(product_option ? { product_option } : {}) };
      line.qty = item_id ? qty : line.qty + qty;
      cart.set(lineKey(line.sku, line.product_option), line);
      if (lost < (opts.loseUpdateAnswers ?? 0)) {
        lost++;
        throw new TypeError('Failed to fetch');
      }
      return json({ code: 200, result: { ...line, quote_id: cartId } });
    }
    if (call === 'cart/delete') {
      const { sku, item_id } = body.cartItem as { sku?: string; item_id?: number };
      const refusal = opts.refuseDelete?.(String(sku));
      if (refusal) return json({ code: 400, result: refusal });
      // As Magento (DELETE /V1/carts/{id}/items/{itemId}, what VSFA calls): the item id names the
      // line, whatever sku the body carries; without one, the line of the sku.
      const line = item_id ? [...cart.values()].find((l) => l.item_id === item_id) : sku ? cart.get(sku) : undefined;
      if (item_id && !line) return json({ code: 500, result: `Cart ${cartId} doesn't contain item  ${item_id}` });
      if (line) cart.delete(lineKey(line.sku, line.product_option));
      return json({ code: 200, result: true });
    }
    if (call === 'cart/pull') return json({ code: 200, result: [...cart.values()] });
    if (call === 'cart/totals') {
      const items = [...cart.values()];
      const qty = items.reduce((s, i) => s + i.qty, 0);
      const total = items.reduce((s, i) => s + i.qty * i.price, 0);
      return json({
        code: 200,
        result: {
          grand_total: total,
          subtotal: total,
          subtotal_incl_tax: total,
          discount_amount: 0,
          shipping_amount: 0,
          shipping_incl_tax: 0,
          tax_amount: total / 6,
          base_currency_code: 'GBP',
          quote_currency_code: 'GBP',
          items_qty: qty,
          items: items.map((i) => ({ item_id: i.item_id, sku: i.sku, qty: i.qty, price: i.price, row_total_incl_tax: i.qty * i.price, name: i.sku })),
          total_segments: [{ code: 'grand_total', title: 'Grand Total', value: total }],
        },
      });
    }
    if (call === 'cart/shipping-methods') {
      const country = body.address.country_id;
      return json({
        code: 200,
        result: [
          {
            carrier_code: 'flatrate',
            method_code: 'express',
            carrier_title: `Express Delivery ${country}`,
            method_title: 'Express Delivery',
            amount: 6,
            base_amount: 6,
            available: true,
            error_message: '',
            price_excl_tax: 5,
            price_incl_tax: 6,
          },
        ],
      });
    }
    return json({ code: 404, result: 'unknown call' });
  };
  return {
    handler,
    carts,
    calls,
    updates,
    setOnline(v: boolean) {
      online = v;
    },
  };
}
