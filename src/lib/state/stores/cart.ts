/**
 * The cart (spec §3 client state "cart", §4, §6, §7 cart calls, §9 Cart): items, the server cart
 * token (cartId), server totals and the count of quantities. Actions only change the state and record
 * their outcome (./cart-outcome.ts, whose reaction is the shopper's notice); the reactions below persist it, share it with the other tabs and bring the server cart in line
 * through the sync queue (its server sync: ./cart-sync.ts; the store itself: ./cart-state.ts).
 */
import { onMount } from 'nanostores';
import { config } from '../../config';
import { askPersistentStorage } from './storage-persistence';
import { sameCartLine, type LineIdentity } from '../../catalog/cart-line';
import type { CartItem, CartTotals } from '../../schemas';
import { collection, KEYS } from '../storage';
import { executeTask, onUnclaimedAnswers, prepareQueuedTasks, runSyncQueue, setTaskParam } from '../sync/tasks';
import { setBadge } from './badges';
import { $cart, $cartCount, type CartState } from './cart-state';
import {
  cartPath,
  enqueue,
  ensureCartToken,
  knownServerLines,
  lastSyncedItems,
  nameQueuedLine,
  settleUnclaimed,
  openCartId,
  pullAndMerge,
  pushChanges,
  refreshTotals,
  removeLine,
  resetCartSync,
  saveServer,
  setLastSyncedItems,
  setServerLines,
  syncChain,
  type ServerLine,
} from './cart-sync';
import { onTabMessage, publishToTabs } from './cross-tab';
import { onBackOnline } from './network';
import { $lastCartOutcome, recordCartOutcome, type CartRefusal } from './cart-outcome';
import { $user, sessionFromAnotherTab } from './user';
import { onForcedLogout } from '../sync/logout';

export { $cart, $cartCount, type CartState };

/** What `addToCart` takes: a cart line plus what the add rules need. */
export type AddToCartInput = Omit<CartItem, 'qty'> & {
  qty?: number;
  /** Stock of the chosen product or child; out-of-stock lines are refused when the switch says so. */
  stock?: { is_in_stock: boolean } | null;
  /** The most of this sku one order may hold (catalog/quantity.ts: stock and max_sale_qty). */
  max_qty?: number;
};

const TOPIC = 'cart';
let loading: Promise<void> | null = null;
/** Set while applying state that must not be persisted, published or sent (another tab's, the stored one). */
let quiet = false;

function quietly(fn: () => void): void {
  const was = quiet;
  quiet = true;
  try {
    fn();
  } finally {
    quiet = was;
  }
}

// ------------------------------------------------------------------------------------------------
// Actions

/** Adds a product line (qty 1 by default; the same sku with the same options adds up, other options make a line of their own). False, with the refusal recorded, when it cannot be added. */
export function addToCart(input: AddToCartInput): boolean {
  const { stock, qty = 1, ...line } = input;
  if (!(qty > 0)) {
    return refuse('quantity');
  }
  if (line.price === null || (typeof line.price === 'number' && line.price <= 0)) {
    return refuse('price');
  }
  if (stock && !stock.is_in_stock && !config.switches.allowOutOfStockInCart) {
    return refuse('out-of-stock');
  }
  const items = $cart.get().items;
  const existing = items.find((i) => sameCartLine(i, { sku: String(line.sku), product_option: line.product_option }));
  if (exceedsMax(line.max_qty, (existing?.qty ?? 0) + qty)) {
    return refuse('over-max');
  }
  const added = (existing ? { ...existing, ...line, item_id: existing.item_id, qty: existing.qty + qty } : { ...line, qty }) as CartItem;
  $cart.setKey('items', existing ? items.map((i) => (i === existing ? added : i)) : [...items, added]);
  recordCartOutcome({ kind: 'added', sku: added.sku });
  // The bag's first line: now there is something the browser should not delete.
  if (!items.length) void askPersistentStorage();
  return true;
}

/** True when a line's known maximum per order (max_qty) is below the quantity asked for. */
function exceedsMax(max: unknown, qty: number): boolean {
  return typeof max === 'number' && Number.isFinite(max) && qty > max;
}

/**
 * Sets one line's quantity (`of`: the line, named by its sku and options or its server item id: a
 * product may have several lines); 0 or less removes the line. False (refusal recorded: the §8
 * notice) above the line's maximum per order.
 */
export function updateCartQuantity(of: LineIdentity, qty: number): boolean {
  if (qty <= 0) {
    removeFromCart(of);
    return true;
  }
  const line = $cart.get().items.find((i) => sameCartLine(i, of));
  if (line && qty > line.qty && exceedsMax(line.max_qty, qty)) {
    return refuse('over-max');
  }
  $cart.setKey(
    'items',
    $cart.get().items.map((i) => (i === line ? { ...i, qty } : i)),
  );
  return true;
}

/**
 * Removes a line (the island asks for confirmation first, §9). Its outcome (the notice:
 * ./cart-outcome.ts) is recorded once it is removed: at once for a line only the bag holds, when
 * the server answers for a line of the server cart (./cart-sync.ts `removeLine`).
 */
export function removeFromCart(of: LineIdentity): void {
  const line = $cart.get().items.find((i) => sameCartLine(i, of));
  if (line) removeLine(line);
}

/**
 * Puts lines back into the bag (a cancelled order's: src/lib/state/sync/order-store.ts `restoreBags`): the
 * same line (sku and options) adds up; the change reaches the server cart like any other.
 */
export async function restoreCartLines(
  lines: ReadonlyArray<Pick<CartItem, 'sku' | 'qty' | 'name' | 'price' | 'product_type' | 'product_option' | 'sgn' | 'sgn_price'>>,
): Promise<void> {
  await storedCart();
  const items = [...$cart.get().items];
  for (const l of lines) {
    const at = items.findIndex((i) => sameCartLine(i, l));
    if (at >= 0) items[at] = { ...items[at]!, qty: items[at]!.qty + l.qty };
    else
      items.push({
        sku: l.sku,
        qty: l.qty,
        name: l.name,
        price: l.price,
        product_type: l.product_type,
        product_option: l.product_option,
        sgn: l.sgn,
        sgn_price: l.sgn_price,
      } as CartItem);
  }
  $cart.setKey('items', items);
}

/**
 * Empties the cart locally and forgets the server cart (order placed, logout): nothing is sent,
 * the next add creates a new server cart.
 */
export function clearCart(): void {
  setServerLines();
  $cart.set({ ...$cart.get(), items: [], token: null, totals: null });
}

/**
 * Applies a coupon code to the server cart (cart/apply-coupon), then refreshes the totals. False,
 * with the 'incorrect coupon code' notice, when the server refuses it (or a notice that it could not
 * be checked when the server cannot be reached).
 */
export function applyCoupon(code: string): Promise<boolean> {
  const coupon = code.trim();
  return couponCall(async () => {
    if (!coupon || !(await ensureCartToken())) return refuse('coupon-incorrect');
    const t = await executeTask({ url: `${cartPath('apply-coupon')}&coupon=${encodeURIComponent(coupon)}`, method: 'POST', silent: true });
    if (!t.transmited) return refuse('coupon-unreachable');
    if (Number(t.resultCode) !== 200) return refuse('coupon-incorrect');
    await refreshTotals();
    return true;
  });
}

/** Removes the coupon from the server cart (cart/delete-coupon), then refreshes the totals. */
export function removeCoupon(): Promise<boolean> {
  return couponCall(async () => {
    if (!$cart.get().token) return false;
    const t = await executeTask({ url: cartPath('delete-coupon'), method: 'POST', silent: true });
    if (!t.transmited) return refuse('coupon-unreachable');
    await refreshTotals();
    return Number(t.resultCode) === 200;
  });
}

/** Runs a coupon call after the server rounds already scheduled (so it reaches the current cart). */
function couponCall(job: () => Promise<boolean>): Promise<boolean> {
  let out = false;
  return enqueue(async () => {
    out = await job();
  }).then(() => out);
}

/** Records why an action was refused (its notice is the reaction's: ./cart-outcome.ts). */
function refuse(reason: CartRefusal): false {
  recordCartOutcome({ kind: 'refused', reason });
  return false;
}

/** Reads the stored cart once, then brings it in line with the server (pull and merge, send, totals). */
export function loadCart(): Promise<void> {
  loading ??= (async () => {
    const c = collection('carts');
    const [token, items, totals, lines] = await Promise.all([
      c.getItem<string>(KEYS.cartToken),
      c.getItem<CartItem[]>(KEYS.cart),
      c.getItem<CartTotals>(KEYS.cartTotals),
      c.getItem<ServerLine[]>(KEYS.cartServer),
    ]);
    setServerLines(lines ?? []);
    const now = $cart.get();
    // Lines added before the stored cart arrived are kept (their quantities added).
    const stored = items ?? [];
    let merged = stored;
    for (const add of now.items) {
      const hit = merged.find((i) => sameCartLine(i, add));
      merged = hit ? merged.map((i) => (i === hit ? { ...i, qty: i.qty + add.qty } : i)) : [...merged, add];
    }
    quietly(() => $cart.set({ items: stored, token: now.token ?? token, totals: totals ?? null, loaded: true }));
    if (merged !== stored) $cart.setKey('items', merged);
    await syncCart();
  })();
  return loading;
}

/** The bag as stored in this browser (starts loading it; resolves once the stored cart is read, or after `timeoutMs`). */
export function storedCart(timeoutMs = 3_000): Promise<CartState> {
  if ($cart.get().loaded) return Promise.resolve($cart.get());
  void loadCart();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve($cart.get());
    }, timeoutMs);
    const off = $cart.listen((c) => {
      if (!c.loaded) return;
      clearTimeout(timer);
      queueMicrotask(off);
      resolve(c);
    });
  });
}

/** Pulls the server cart and merges it, sends what differs, and refreshes the totals. */
export function syncCart(): Promise<void> {
  return enqueue(async () => {
    await pullAndMerge();
    await pushChanges();
    await refreshTotals();
  });
}

/** Resolves once every server round scheduled so far (and any it scheduled) is done: e.g. before the checkout hand-off. */
export async function cartSettled(): Promise<void> {
  let seen: Promise<void>;
  do {
    seen = syncChain();
    await seen;
  } while (seen !== syncChain());
}

// ------------------------------------------------------------------------------------------------
// Reactions

setTaskParam('cartId', openCartId);
prepareQueuedTasks(nameQueuedLine);
onUnclaimedAnswers(settleUnclaimed);

let lastUserToken: string | null = null;
let userWasLoaded = false;

// A forced logout (an ended session) reads the stored cart first, as the shopper's own logout does. Whenever
// this module is loaded, not only once the store is in use: the read starts the store, which then follows
// the logout; a cart not read yet (or still loading) would bring the ended session's server cart back after
// the logout, and the next page would ask for it without a token.
onForcedLogout(() => loadCart());

/**
 * Starts on first use (a read, an action or a subscriber): persists and shares each change and sends
 * it to the server; takes the other tabs' changes; follows login and logout; catches up when back
 * online; reads the stored cart. Its own listeners keep the store mounted for the life of the page
 * (so it starts when it did with the old start-once guard: at the first read); the clean-up runs only
 * when the store is cleaned (tests: nanostores' cleanStores): no server state, the next use reads again.
 */
onMount($cart, () => {
  const stops = [
    $cartCount.listen((n) => setBadge('cart', n)),
    $cart.listen((c) => {
      if (quiet || !c.loaded) return;
      const store = collection('carts');
      void (c.token ? store.setItem(KEYS.cartToken, c.token) : store.removeItem(KEYS.cartToken));
      void store.setItem(KEYS.cart, c.items);
      void (c.totals ? store.setItem(KEYS.cartTotals, c.totals) : store.removeItem(KEYS.cartTotals));
      // A bag without a server cart has no server lines (emptied, logged out, its server cart gone).
      if (!c.token) void store.removeItem(KEYS.cartServer);
      publishToTabs(TOPIC, { items: c.items, token: c.token, totals: c.totals, server: knownServerLines() });
      if (c.items !== lastSyncedItems()) {
        setLastSyncedItems(c.items);
        void enqueue(async () => {
          await pushChanges();
          await refreshTotals();
        });
      }
    }),

    onTabMessage(TOPIC, (value) => {
      const v = value as { items?: CartItem[]; token?: string | null; totals?: CartTotals | null; server?: ServerLine[] } | null;
      if (!v || !Array.isArray(v.items)) return;
      // The other tab sends its own changes to the server; this tab only takes the new state.
      setServerLines(v.server ?? []);
      quietly(() => $cart.set({ items: v.items!, token: v.token ?? null, totals: v.totals ?? null, loaded: true }));
      setLastSyncedItems($cart.get().items);
      loading ??= Promise.resolve();
    }),

    // A login connects the cart to the customer's server cart; a logout leaves an empty guest cart.
    followLogin(),

    // Coming back online (§4): the sync queue is processed, then the cart is loaded again.
    onBackOnline(() => {
      void enqueue(async () => {
        await runSyncQueue();
        await pullAndMerge();
        await pushChanges();
        await refreshTotals();
      });
    }),
  ];

  void loadCart();

  return () => {
    for (const stop of stops) stop();
    resetCartSync();
    $lastCartOutcome.set(null);
    loading = null;
  };
});

/** Follows the session: a login here connects the cart to the customer's server cart, a logout here empties it. */
function followLogin(): () => void {
  lastUserToken = $user.get().token;
  userWasLoaded = $user.get().loaded;
  return $user.listen((u) => {
    const justLoaded = u.loaded && !userWasLoaded;
    userWasLoaded = u.loaded;
    const was = lastUserToken;
    lastUserToken = u.token;
    // Reading the stored session is not a login; nor is another tab's: that tab moves the bag to the
    // session's server cart (or empties it) and this one takes its cart as it goes.
    if (!u.loaded || justLoaded || u.token === was || sessionFromAnotherTab()) return;
    if (was && !u.token) {
      clearCart();
    } else if (u.token && !was) {
      // From guest to customer. A token replacing a token is a refresh of the same session: the cart stays connected.
      setServerLines();
      saveServer();
      $cart.setKey('token', null);
      void enqueue(async () => {
        if (await ensureCartToken()) await pullAndMerge();
        await pushChanges();
        await refreshTotals();
      });
    }
  });
}
