/**
 * The checkout's actions (spec §2 checkout, §4 Offline order, §7 cart calls): stepping through the
 * steps by their rules (state.ts), refreshing the server's totals and methods, and placing the order.
 * The island renders and calls these; the I/O is injectable so the rules can be tested as the island
 * runs them.
 */
import { saveSessionNow } from '../account/session';
import type { CartItem, CartTotals, OfflineOrder, OrderPayload, PaymentMethod } from '../schemas';
import { $cart, cartSettled } from '../state/stores/cart';
import { $user } from '../state/stores/user';
import { cancelledOrderMessage, isPendingOrder, placeOrder, storedOrder, type PlaceOrderResult } from '../state/sync/order-queue';
import { placedOrderKey, placedOrderResult, writePlacedOrder, type PlacedTotals } from './order-success';
import { buildOrderPayload } from './payload';
import { orderSuccessUrl, placeCheckoutOrder } from './place';
import { collectTotals, sendShippingInformation } from './server';
import { STEPS, canPlaceOrder, firstOpenStep, nextStep, stepErrors, type CheckoutValues, type Step } from './state';

/** Where a Continue leads: the next step, or the messages that hold the shopper on this one. */
export type StepMove = { ok: true; next: Step } | { ok: false; errors: Record<string, string[]> };

/**
 * Continue from `step`: refused with the step's messages while its form has any; otherwise the step
 * after it, or an earlier step that is no longer valid (a shopper who edited a done step cannot skip it).
 */
export function continueFrom(step: Step, values: CheckoutValues): StepMove {
  const errors = stepErrors(step, values);
  if (Object.values(errors).some((m) => m.length)) return { ok: false, errors };
  const open = firstOpenStep(values);
  const next = nextStep(step);
  return { ok: true, next: STEPS.indexOf(open) < STEPS.indexOf(next) ? open : next };
}

/** What the checkout shows after placing. */
export type PlaceResult =
  | { kind: 'redirecting'; url: string }
  /** Stored, to be sent later: `orderId` is the stored order the checkout follows (`followQueuedOrder`). */
  | { kind: 'queued'; message: string; items: CartItem[]; orderId: string; title?: string }
  | { kind: 'cancelled'; message: string }
  /** Not placed: a step is not valid (or the bag is empty); the shopper goes back to it. */
  | { kind: 'invalid'; step: Step; errors: Record<string, string[]> };

/** The I/O placing uses (the real stores and queue by default). */
export interface PlaceDeps {
  settle: () => Promise<void>;
  cart: () => { items: CartItem[]; token: string | null };
  userId: () => number | string | null;
  placeOrder: (p: OrderPayload) => Promise<PlaceOrderResult>;
  /** The order as the queue stores it now (null when it is not stored). */
  storedOrder: (orderId: string) => Promise<OfflineOrder | null>;
  /** Where the thank-you page finds the lines it tracks. */
  storage: Pick<Storage, 'setItem'> | null;
  saveSession: () => Promise<void>;
  navigate: (url: string) => void;
}

const defaultPlaceDeps = (): PlaceDeps => ({
  settle: cartSettled,
  cart: () => $cart.get(),
  userId: () => $user.get().current?.id ?? null,
  placeOrder,
  storedOrder,
  storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
  saveSession: saveSessionNow,
  navigate: (url) => location.assign(url),
});

/**
 * Places the order: waits for the bag's pending changes, checks every step against the bag as it is
 * then, hands the payload to the order queue and follows its answer (to the confirmation page, the
 * queued note or the §8 message). A failure of the queue itself is the §8 'something went wrong'.
 */
export async function placeCheckout(
  input: { values: CheckoutValues; storeCode: string; prefix: string; totals?: PlacedTotals | null },
  deps: PlaceDeps = defaultPlaceDeps(),
): Promise<PlaceResult> {
  await deps.settle();
  const { items, token } = deps.cart();
  if (!canPlaceOrder(input.values, items)) {
    const step = items.length ? firstOpenStep(input.values) : 'review';
    return { kind: 'invalid', step, errors: stepErrors(step, input.values) };
  }
  const payload = buildOrderPayload({ values: input.values, items, cartToken: token, userId: deps.userId(), storeCode: input.storeCode });
  const outcome = await placeCheckoutOrder(payload, deps.placeOrder, input.prefix);
  if (outcome.kind === 'confirmation') return toConfirmation(outcome.url, payload, outcome.result, items, input.totals ?? null, deps);
  if (outcome.kind === 'queued')
    return { kind: 'queued', message: outcome.message, items, orderId: outcome.order.order_id, ...(outcome.title ? { title: outcome.title } : {}) };
  return { kind: 'cancelled', message: outcome.message };
}

/**
 * On to the order confirmation with an order the shop has taken: its lines and the totals shown are
 * kept for the thank-you page, the session saved (the order queue emptied the bag once it had stored
 * the order: src/lib/state/sync/order-queue.ts), then the page goes to `url`.
 */
async function toConfirmation(
  url: string,
  payload: OrderPayload,
  answer: unknown,
  items: CartItem[],
  totals: PlacedTotals | null,
  deps: PlaceDeps,
): Promise<PlaceResult> {
  const orderToken = new URL(url, 'http://shop.invalid').searchParams.get('o') ?? '';
  writePlacedOrder(deps.storage, {
    token: orderToken,
    lines: items.map((i) => ({ sku: i.sku, qty: i.qty })),
    order: placedOrderResult(payload, answer, totals, items),
  });
  await deps.saveSession();
  deps.navigate(url);
  return { kind: 'redirecting', url };
}

/**
 * What became of an order the checkout left queued, read from the order queue's storage (the one
 * truth, whoever sent it: this page, another tab or the service worker). Still waiting: null, and the
 * checkout keeps saying so. Taken by the shop: on to the confirmation as an order placed online is,
 * with the API's answer (its order number). Cancelled (refused by the API, or by the shopper while it
 * waited): its message.
 */
export async function followQueuedOrder(
  input: { orderId: string; items: CartItem[]; prefix: string; totals?: PlacedTotals | null },
  deps: PlaceDeps = defaultPlaceDeps(),
): Promise<PlaceResult | null> {
  const order = await deps.storedOrder(input.orderId);
  if (!order || isPendingOrder(order)) return null;
  if (order.cancelled) return { kind: 'cancelled', message: cancelledOrderMessage(order) };
  const url = orderSuccessUrl(placedOrderKey(order, order.result), input.prefix);
  return toConfirmation(url, order, order.result, input.items, input.totals ?? null, deps);
}

/** What the server says for the chosen methods: its payment methods (when asked) and totals. */
export interface ServerCheckout {
  payments: PaymentMethod[] | null;
  totals: CartTotals | null;
}

/** The cart calls refreshing totals use (the real ones by default). */
export interface RefreshDeps {
  settle: () => Promise<void>;
  sendShippingInformation: typeof sendShippingInformation;
  collectTotals: typeof collectTotals;
}

/**
 * The server's totals for the chosen methods (it computes the VAT): once the shopper is past the
 * address, the address and shipping method are sent (cart/shipping-information, which also answers
 * the payment methods for them); with a payment method chosen, cart/collect-totals.
 */
export async function refreshServerTotals(
  values: CheckoutValues,
  step: Step,
  deps: RefreshDeps = { settle: cartSettled, sendShippingInformation, collectTotals },
): Promise<ServerCheckout> {
  if (!values.shippingMethod) return { payments: null, totals: null };
  await deps.settle();
  const info = step === 'payment' || step === 'review' ? await deps.sendShippingInformation(values) : null;
  const totals = values.paymentMethod ? await deps.collectTotals(values) : (info?.totals ?? null);
  return { payments: info?.payment_methods.length ? info.payment_methods : null, totals };
}

/** After the personal details: an address with no name yet starts with the name just given. */
export function withNameOnAddress(v: CheckoutValues): CheckoutValues {
  if (v.shipping.firstname || v.shipping.lastname) return v;
  return { ...v, shipping: { ...v.shipping, firstname: v.personal.firstname, lastname: v.personal.lastname } };
}
