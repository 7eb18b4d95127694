/**
 * The checkout store as the island drives it (src/lib/checkout/store.ts): the island renders
 * `$checkout` and calls these actions, so what they do is what the checkout does. A rule changed in
 * src/lib/forms/rules.ts changes what Continue and Place order do; the reactions ask the server in the §7 order.
 */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filledCheckout } from './checkout-fixtures';
import { flush, freshState } from './stores-fixtures';
import type { PlaceDeps } from '../../src/lib/checkout/flow';
import type { CartItem, OfflineOrder, PaymentMethod } from '../../src/lib/schemas';

/** House rules the test switches on in the form schemas of src/lib/forms/rules.ts (what state.ts builds its steps from). */
const house = vi.hoisted(() => ({ email: false, terms: false }));
const server = vi.hoisted(() => ({ calls: [] as string[], payments: null as PaymentMethod[] | null }));

vi.mock('../../src/lib/forms/rules', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/lib/forms/rules')>();
  return {
    ...m,
    forms: {
      ...m.forms,
      register: m.forms.register.safeExtend({
        email: m.forms.register.shape.email.refine((v) => !(house.email && v.includes('@example.')), 'We cannot deliver to example addresses.'),
      }),
      checkoutTerms: m.forms.checkoutTerms.safeExtend({
        terms: m.forms.checkoutTerms.shape.terms.refine(() => !house.terms, 'Please also accept the returns policy.'),
      }),
    },
  };
});

vi.mock('../../src/lib/checkout/server', () => ({
  fetchPaymentMethods: async () => (server.calls.push('payment-methods'), server.payments),
  sendShippingInformation: async () => (server.calls.push('shipping-information'), null),
  collectTotals: async (v: { paymentMethod: string | null }) => (server.calls.push(`collect-totals ${v.paymentMethod}`), null),
}));

vi.mock('../../src/lib/state/stores/shipping', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/lib/state/stores/shipping')>();
  return { ...m, loadShippingMethods: async (country: string) => void server.calls.push(`shipping-methods ${country}`) };
});

const { $checkout, $checkoutTotals, chooseShipping, continueStep, placeOrder, resetCheckout } = await import('../../src/lib/checkout/store');
const { $cart } = await import('../../src/lib/state/stores/cart');
const { $queuedOrders } = await import('../../src/lib/state/sync/order-queue');

const ITEMS: CartItem[] = [{ sku: 'RING-1', qty: 2, name: 'Silver Ring', price: 120 }];

function placeDeps(answer: () => Promise<{ status: 'sent' | 'queued' | 'cancelled'; message?: string; result?: unknown }>) {
  const sent: OfflineOrder[] = [];
  /** The orders as the queue's storage holds them. */
  const stored = new Map<string, OfflineOrder>();
  const went: string[] = [];
  const d: PlaceDeps = {
    settle: async () => {},
    cart: () => ({ items: ITEMS, token: 'cart-7' }),
    userId: () => null,
    placeOrder: async (p) => {
      const order = { ...p, transmited: false, transmited_at: null } as OfflineOrder;
      sent.push(order);
      stored.set(order.order_id, order);
      return { ...(await answer()), order } as Awaited<ReturnType<PlaceDeps['placeOrder']>>;
    },
    storedOrder: async (id) => stored.get(id) ?? null,
    storage: null,
    saveSession: async () => {},
    navigate: (url) => void went.push(url),
  };
  return { d, sent, stored, went };
}

beforeEach(() => {
  freshState();
  resetCheckout();
  house.email = false;
  house.terms = false;
  server.calls = [];
  server.payments = null;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Continue runs the rules of src/lib/checkout', () => {
  it('filled details open the address; a rule added to the personal step in lib holds the shopper there with its message', () => {
    $checkout.setKey('values', filledCheckout());
    expect(continueStep('personal')).toEqual({ ok: true, next: 'shipping' });
    expect($checkout.get().step).toBe('shipping');

    resetCheckout();
    $checkout.setKey('values', filledCheckout());
    house.email = true;
    const move = continueStep('personal');
    expect(move.ok).toBe(false);
    expect(!move.ok && move.errors.email).toEqual(['We cannot deliver to example addresses.']);
    expect($checkout.get().step).toBe('personal');
    expect($checkout.get().tried.personal).toBe(true);
  });

  it('the address starts with the name just given', () => {
    $checkout.setKey('values', { ...filledCheckout(), shipping: { ...filledCheckout().shipping, firstname: '', lastname: '' } });
    continueStep('personal');
    expect($checkout.get().values.shipping).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace' });
  });
});

describe('Place order runs the rules of src/lib/checkout', () => {
  it('a rule added to the review in lib keeps the order from the queue and opens the review with its message', async () => {
    $checkout.set({ ...$checkout.get(), values: filledCheckout(), step: 'review' });
    house.terms = true;
    const { d, sent } = placeDeps(async () => ({ status: 'sent', result: { token: 't' } }));
    const r = await placeOrder({ storeCode: 'default', prefix: '' }, d);
    expect(r).toMatchObject({ kind: 'invalid', step: 'review', errors: { terms: ['Please also accept the returns policy.'] } });
    expect(sent).toHaveLength(0);
    expect($checkout.get().placed).toEqual({ state: 'idle' });
  });

  it('a rule added to the personal details in lib, met only at Place order, sends the shopper back to them', async () => {
    $checkout.set({ ...$checkout.get(), values: filledCheckout(), step: 'review' });
    house.email = true;
    const { d, sent } = placeDeps(async () => ({ status: 'sent', result: { token: 't' } }));
    expect(await placeOrder({ storeCode: 'default', prefix: '' }, d)).toMatchObject({ kind: 'invalid', step: 'personal' });
    expect(sent).toHaveLength(0);
    expect($checkout.get()).toMatchObject({ step: 'personal', tried: { personal: true }, placed: { state: 'idle' } });
  });

  it('while the order is on its way a second press sends nothing; then the confirmation is loading', async () => {
    $checkout.set({ ...$checkout.get(), values: filledCheckout(), step: 'review' });
    let release!: () => void;
    const { d, sent } = placeDeps(() => new Promise((res) => (release = () => res({ status: 'sent', result: { token: 't' } }))));
    const first = placeOrder({ storeCode: 'default', prefix: '' }, d);
    await flush();
    expect($checkout.get().placed).toEqual({ state: 'placing' });
    expect(await placeOrder({ storeCode: 'default', prefix: '' }, d)).toBeNull();
    release();
    expect(await first).toMatchObject({ kind: 'redirecting' });
    expect(sent).toHaveLength(1);
    expect($checkout.get().placed).toEqual({ state: 'redirecting' });
  });

  it('queued: the note keeps the lines and the totals shown when the order was placed', async () => {
    $cart.set({ items: ITEMS, token: null, totals: null, loaded: true });
    $checkout.set({ ...$checkout.get(), values: filledCheckout({ shippingMethod: { carrier_code: 'flatrate', method_code: 'flatrate' } }), step: 'review' });
    const shown = $checkoutTotals.get();
    const { d, sent } = placeDeps(async () => ({ status: 'queued', message: 'Queued text' }));
    await placeOrder({ storeCode: 'default', prefix: '' }, d);
    expect($checkout.get().placed).toEqual({ state: 'queued', message: 'Queued text', items: ITEMS, totals: shown, orderId: sent[0]!.order_id, prefix: '' });
  });

  it('the queue itself failing: the §8 something-went-wrong, and the order can be placed again', async () => {
    $checkout.set({ ...$checkout.get(), values: filledCheckout(), step: 'review' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { d } = placeDeps(async () => {
      throw new Error('IndexedDB gone');
    });
    expect(await placeOrder({ storeCode: 'default', prefix: '' }, d)).toBeNull();
    expect($checkout.get().placed).toEqual({ state: 'cancelled', message: 'Something went wrong ...' });
  });
});

describe('reactions while the checkout is shown', () => {
  it('a queued order is followed: still queued while it waits, on to the confirmation once the queue has sent it', async () => {
    $checkout.set({ ...$checkout.get(), values: filledCheckout(), step: 'review' });
    const stop = $checkout.listen(() => {});
    const { d, sent, stored, went } = placeDeps(async () => ({ status: 'queued', message: 'Queued text' }));
    await placeOrder({ storeCode: 'default', prefix: '' }, d);
    const id = sent[0]!.order_id;
    // The queue's list changes (another order, a failed try): this one still waits.
    $queuedOrders.set([stored.get(id)!]);
    await flush();
    expect($checkout.get().placed).toMatchObject({ state: 'queued', orderId: id });
    expect(went).toEqual([]);
    // Sent (here, in another tab or by the service worker): the queue's list no longer holds it.
    stored.set(id, { ...stored.get(id)!, transmited: true, transmited_at: '2026-11-26T10:05:00Z', resultCode: 200, result: { increment_id: 'PJ100000009' } });
    $queuedOrders.set([]);
    await flush();
    expect(went).toEqual([`/order-success?o=${encodeURIComponent(id)}`]);
    expect($checkout.get().placed).toEqual({ state: 'redirecting' });
    stop();
  });

  it('a queued order cancelled while it waited: the checkout shows the cancel, not the queued note', async () => {
    $checkout.set({ ...$checkout.get(), values: filledCheckout(), step: 'review' });
    const stop = $checkout.listen(() => {});
    const { d, sent, stored, went } = placeDeps(async () => ({ status: 'queued', message: 'Queued text' }));
    await placeOrder({ storeCode: 'default', prefix: '' }, d);
    const id = sent[0]!.order_id;
    stored.set(id, { ...stored.get(id)!, cancelled: true, cancel_reason: 'cancelled by the shopper' });
    $queuedOrders.set([]);
    await flush();
    expect(went).toEqual([]);
    expect($checkout.get().placed).toEqual({ state: 'cancelled', message: 'The order has been cancelled and will not be sent.' });
    stop();
  });

  it('with a server cart: the methods for the country, a payment method chosen, the totals once a shipping method is chosen', async () => {
    server.payments = [{ title: 'Card', code: 'card', cost: 0, costInclTax: 0, default: true, offline: false, is_server_method: true }];
    $cart.set({ items: ITEMS, token: 'cart-7', totals: null, loaded: true });
    const stop = $checkout.listen(() => {});
    await flush();
    expect(server.calls).toEqual(['shipping-methods GB', 'payment-methods']);
    expect($checkout.get().values.paymentMethod).toBe('card');
    server.calls = [];
    chooseShipping({ carrier_code: 'flatrate', method_code: 'flatrate' });
    await flush();
    expect(server.calls).toEqual(['collect-totals card']);
    stop();
  });

  it('offline: no totals are asked', async () => {
    const { setOnline } = await import('../../src/lib/state/stores/network');
    setOnline(false);
    $cart.set({ items: ITEMS, token: 'cart-7', totals: null, loaded: true });
    const stop = $checkout.listen(() => {});
    chooseShipping({ carrier_code: 'flatrate', method_code: 'flatrate' });
    await flush();
    expect(server.calls.filter((c) => c.startsWith('collect-totals'))).toEqual([]);
    stop();
  });
});

describe('the order a checkout left queued, after a reload of the checkout', () => {
  /** The tab's sessionStorage. */
  let session: Map<string, string>;
  /** How the page was opened, as the browser's navigation entry says (`reload`, or `navigate` for a fresh visit). */
  let opened = 'reload';
  beforeEach(() => {
    session = new Map();
    opened = 'reload';
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(((type: string) =>
      type === 'navigation' ? [{ type: opened }] : []) as unknown as typeof performance.getEntriesByType);
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => session.get(k) ?? null,
      setItem: (k: string, v: string) => void session.set(k, String(v)),
      removeItem: (k: string) => void session.delete(k),
    });
    cleanStores($checkout);
  });
  afterEach(() => {
    cleanStores($checkout);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Places an order that is queued, then reloads: a new checkout, whose bag reads `bag` from the browser storage. */
  async function queuedThenReloaded(bag: CartItem[]) {
    $checkout.set({ ...$checkout.get(), values: filledCheckout(), step: 'review' });
    const first = $checkout.listen(() => {});
    const placed = placeDeps(async () => ({ status: 'queued', message: 'Queued text' }));
    await placeOrder({ storeCode: 'default', prefix: '' }, placed.d);
    const shown = $checkout.get().placed;
    expect(shown).toMatchObject({ state: 'queued' });
    first();
    return { ...placed, shown, id: placed.sent[0]!.order_id, reload: () => reload(bag) };
  }
  async function reload(bag: CartItem[]) {
    cleanStores($checkout);
    resetCheckout();
    $cart.set({ items: bag, token: null, totals: null, loaded: true });
    const stop = $checkout.listen(() => {});
    await flush();
    return stop;
  }

  it('still waiting with the bag empty: the same queued order, followed on to its confirmation once sent; not shown on the next visit', async () => {
    const { shown, stored, went, id, reload: again } = await queuedThenReloaded([]);
    let stop = await again();
    expect($checkout.get().placed).toEqual(shown);
    expect(went).toEqual([]);
    stored.set(id, { ...stored.get(id)!, transmited: true, transmited_at: '2026-11-26T10:05:00Z', resultCode: 200, result: { increment_id: 'PJ100000011' } });
    $queuedOrders.set([]);
    await flush();
    expect(went).toEqual([`/order-success?o=${encodeURIComponent(id)}`]);
    stop();
    stop = await again();
    expect($checkout.get().placed).toEqual({ state: 'idle' });
    expect(went).toHaveLength(1);
    stop();
  });

  it('sent while the page was away: on to its confirmation at once, never shown as queued', async () => {
    const { stored, went, id, reload: again } = await queuedThenReloaded([]);
    stored.set(id, { ...stored.get(id)!, transmited: true, transmited_at: '2026-11-26T10:05:00Z', resultCode: 200, result: { increment_id: 'PJ100000012' } });
    const seen: string[] = [];
    const watch = $checkout.listen((c) => void seen.push(c.placed.state));
    const stop = await again();
    expect(went).toEqual([`/order-success?o=${encodeURIComponent(id)}`]);
    expect(seen).not.toContain('queued');
    watch();
    stop();
  });

  it('cancelled while the page was away: its message, then forgotten', async () => {
    const { stored, went, id, reload: again } = await queuedThenReloaded([]);
    stored.set(id, { ...stored.get(id)!, cancelled: true, cancel_reason: 'cancelled by the shopper' });
    let stop = await again();
    expect($checkout.get().placed).toEqual({ state: 'cancelled', message: 'The order has been cancelled and will not be sent.' });
    stop();
    stop = await again();
    expect($checkout.get().placed).toEqual({ state: 'idle' });
    expect(went).toEqual([]);
    stop();
  });

  it('the checkout opened afresh (a link, the bag), not reloaded: its own bag, never the old order; the order is forgotten', async () => {
    const { stored, went, id, reload: again } = await queuedThenReloaded([]);
    stored.set(id, { ...stored.get(id)!, transmited: true, transmited_at: '2026-11-26T10:05:00Z', resultCode: 200, result: { increment_id: 'PJ100000014' } });
    opened = 'navigate';
    let stop = await again();
    expect($checkout.get().placed).toEqual({ state: 'idle' });
    expect(went).toEqual([]);
    stop();
    opened = 'reload';
    stop = await again();
    expect($checkout.get().placed).toEqual({ state: 'idle' });
    expect(went).toEqual([]);
    stop();
  });

  it("sent or cancelled while the page was away, and the bag holds new lines: the checkout is the new bag's, never the old order's confirmation or message", async () => {
    const bag: CartItem[] = [{ sku: 'WATCH-2', qty: 1, name: 'Steel Watch', price: 300 }];
    const sent = await queuedThenReloaded([]);
    sent.stored.set(sent.id, {
      ...sent.stored.get(sent.id)!,
      transmited: true,
      transmited_at: '2026-11-26T10:05:00Z',
      resultCode: 200,
      result: { increment_id: 'PJ100000013' },
    });
    let stop = await reload(bag);
    expect($checkout.get().placed).toEqual({ state: 'idle' });
    expect(sent.went).toEqual([]);
    stop();
    stop = await reload([]);
    expect(sent.went).toEqual([]);
    stop();
    const cancelled = await queuedThenReloaded([]);
    cancelled.stored.set(cancelled.id, { ...cancelled.stored.get(cancelled.id)!, cancelled: true, cancel_reason: 'cancelled by the shopper' });
    stop = await reload(bag);
    expect($checkout.get().placed).toEqual({ state: 'idle' });
    stop();
  });

  it("still waiting while the bag holds new lines: the checkout is the new bag's, and the order is not shown again", async () => {
    await queuedThenReloaded([]);
    const bag: CartItem[] = [{ sku: 'WATCH-2', qty: 1, name: 'Steel Watch', price: 300 }];
    let stop = await reload(bag);
    expect($checkout.get().placed).toEqual({ state: 'idle' });
    stop();
    stop = await reload([]);
    expect($checkout.get().placed).toEqual({ state: 'idle' });
    stop();
  });
});
