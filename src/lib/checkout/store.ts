/**
 * The checkout's state and actions (spec §2 checkout, §4 Cash on delivery and Offline order, §7 cart
 * calls, §9 shipping and payment). The island renders `$checkout` and `$checkoutTotals` and calls the
 * actions below; the actions only change the state, through the rules of state.ts and flow.ts. The
 * reactions (started when the island subscribes, `onMount`) do the I/O: hand the cart to the external
 * checkout, load the cart's shipping and payment methods, fill the details in from the account, keep
 * a payment method chosen, ask the server's totals for the chosen methods, and follow an order left
 * queued until the order queue has sent it (on to its confirmation) or cancelled it; that order is
 * remembered for the tab (queued.ts), so a reload of the checkout shows it again and follows it on.
 */
import { computed, map, onMount } from 'nanostores';
import { messages } from '../messages';
import type { CartItem, CartTotals, PaymentMethod } from '../schemas';
import { $cart, cartSettled, loadCart } from '../state/stores/cart';
import { $online } from '../state/stores/network';
import { $shippingMethods, loadShippingMethods, setShippingCountry } from '../state/stores/shipping';
import { $user, loadUser } from '../state/stores/user';
import { $storeView } from '../state/stores/store-view';
import { $queuedOrders, isPendingOrder, storedOrder } from '../state/sync/order-queue';
import { storeMoney } from '../catalog/price';
import {
  continueFrom,
  followQueuedOrder,
  placeCheckout,
  refreshServerTotals,
  withNameOnAddress,
  type PlaceDeps,
  type PlaceResult,
  type StepMove,
} from './flow';
import { externalCheckoutEnabled, handOffToExternalCheckout } from './handoff';
import { forgetQueued, openedAgain, recallQueued, rememberQueued, type QueuedCheckout } from './queued';
import { fetchPaymentMethods } from './server';
import {
  cashOnDeliveryMethod,
  chosenShipping,
  defaultPaymentMethod,
  emptyCheckout,
  pickTotals,
  prefillFromCustomer,
  shippingPrice,
  stepErrors,
  type CheckoutValues,
  type ReviewTotals,
  type Step,
} from './state';

/** Where placing the order stands. */
export type Placed =
  | { state: 'idle' }
  | { state: 'placing' }
  /** Stored by the order queue, to be sent later: the checkout follows order `orderId` until the queue settles it. */
  | { state: 'queued'; message: string; items: CartItem[]; totals: ReviewTotals; orderId: string; prefix: string; title?: string }
  | { state: 'cancelled'; message: string }
  | { state: 'redirecting' };

export interface CheckoutState {
  /** What the shopper entered and chose. */
  values: CheckoutValues;
  /** The step shown open. */
  step: Step;
  /** Steps whose Continue (or the place order) was tried: their choice messages show. */
  tried: Partial<Record<Step, boolean>>;
  /** The payment methods offered (§9 cash on delivery until the server answers). */
  payments: PaymentMethod[];
  /** The server's totals for the chosen methods, when it answered. */
  serverTotals: CartTotals | null;
  placed: Placed;
}

const initial = (): CheckoutState => ({
  values: emptyCheckout(),
  step: 'personal',
  tried: {},
  payments: [cashOnDeliveryMethod()],
  serverTotals: null,
  placed: { state: 'idle' },
});

/** The checkout. */
export const $checkout = map<CheckoutState>(initial());

/** The totals shown: the server's for the bag and the chosen shipping, else the local estimate. */
export const $checkoutTotals = computed([$checkout, $cart, $shippingMethods, $storeView], (c, cart, methods, store): ReviewTotals => {
  const chosen = chosenShipping(methods, c.values.shippingMethod);
  return pickTotals([c.serverTotals, cart.totals], cart.items, chosen ? shippingPrice(chosen) : null, storeMoney(store.storeCode).line);
});

// ------------------------------------------------------------------------------------------------
// Actions

type Part = 'personal' | 'shipping';

/** Changes the personal details or the address. */
export function editCheckout<P extends Part>(part: P, change: (v: CheckoutValues[P]) => CheckoutValues[P]): void {
  const values = $checkout.get().values;
  $checkout.setKey('values', { ...values, [part]: change(values[part]) });
}

/** Ticks or unticks the terms. */
export function acceptTerms(terms: boolean): void {
  $checkout.setKey('values', { ...$checkout.get().values, terms });
}

/** Chooses a shipping method (a delivery method or a shop to collect from). */
export function chooseShipping(method: CheckoutValues['shippingMethod']): void {
  $checkout.setKey('values', { ...$checkout.get().values, shippingMethod: method });
}

/** Chooses a payment method. */
export function choosePayment(code: string | null): void {
  $checkout.setKey('values', { ...$checkout.get().values, paymentMethod: code });
}

/** Opens a step (Edit on a done step). */
export function openStep(step: Step): void {
  $checkout.setKey('step', step);
}

/** True while the order is on its way (or the confirmation is loading): nothing in the bag or the steps changes. */
export function placing(p: Placed = $checkout.get().placed): boolean {
  return p.state === 'placing' || p.state === 'redirecting';
}

/**
 * Continue on `step`: the step's rules (flow.ts `continueFrom`) open the next step, or hold the
 * shopper with their messages (returned, so the form shows them). Leaving the personal details, the
 * address starts with the name just given.
 */
export function continueStep(step: Step): StepMove {
  const c = $checkout.get();
  $checkout.setKey('tried', { ...c.tried, [step]: true });
  const move = continueFrom(step, c.values);
  if (!move.ok) return move;
  if (step === 'personal') $checkout.setKey('values', withNameOnAddress(c.values));
  $checkout.setKey('step', move.next);
  return move;
}

/** The messages the order review holds the shopper with now (the terms). */
export function reviewErrors(): Record<string, string[]> {
  return stepErrors('review', $checkout.get().values);
}

/**
 * Places the order (flow.ts `placeCheckout`): nothing while it is already on its way; otherwise
 * `placed` follows it (placing, then the confirmation, the queued note or the §8 message). A step
 * that is not valid any more opens again with its messages (returned, so the island can focus it).
 * A failure of the queue itself is the §8 'something went wrong'.
 */
export async function placeOrder(input: { storeCode: string; prefix: string }, deps?: PlaceDeps): Promise<PlaceResult | null> {
  if (placing()) return null;
  const totals = $checkoutTotals.get();
  $checkout.setKey('placed', { state: 'placing' });
  placedWith = deps;
  try {
    const r = await placeCheckout({ values: $checkout.get().values, ...input, totals }, deps);
    if (r.kind === 'redirecting') $checkout.setKey('placed', { state: 'redirecting' });
    else if (r.kind === 'queued') {
      const { message, items, orderId, title } = r;
      $checkout.setKey('placed', { state: 'queued', message, items, totals, orderId, prefix: input.prefix, ...(title ? { title } : {}) });
    } else if (r.kind === 'cancelled') $checkout.setKey('placed', { state: 'cancelled', message: r.message });
    else {
      const c = $checkout.get();
      $checkout.set({ ...c, placed: { state: 'idle' }, tried: { ...c.tried, [r.step]: true }, step: r.step });
    }
    return r;
  } catch (err) {
    console.error('[checkout] placing the order failed', err);
    $checkout.setKey('placed', { state: 'cancelled', message: messages.somethingWrong });
    return null;
  }
}

/** The I/O the order was placed with: a queued order is followed with the same (tests inject theirs). */
let placedWith: PlaceDeps | undefined;

/** Back to an empty checkout (tests). */
export function resetCheckout(): void {
  $checkout.set(initial());
}

// ------------------------------------------------------------------------------------------------
// Reactions

/** True when any entry differs (by identity) from the one before. */
const changed = (before: readonly unknown[] | null, now: readonly unknown[]) => !before || now.some((x, i) => !Object.is(x, before[i]));

onMount($checkout, () => {
  // External checkout: hand the cart over (§2), nothing else. Only in a page: the build renders the
  // island too, and its reading of the store mounts it (the hand-off would leave the page at build time).
  if (externalCheckoutEnabled()) {
    if (typeof location === 'undefined') return;
    void handOffToExternalCheckout({
      settle: async () => {
        await Promise.all([loadUser(), loadCart()]);
        await cartSettled();
      },
      tokens: () => ({ userToken: $user.get().token, cartToken: $cart.get().token }),
      replace: (url) => location.replace(url),
    });
    return;
  }

  // A queued order is followed (flow.ts `followQueuedOrder`) whenever the queue's list changes, and
  // once as it becomes queued (sent meanwhile): sent, on to the confirmation; cancelled, its message.
  let followed: Placed | null = null;
  const settle = (p: Placed, r: PlaceResult | null) => {
    if (!r || $checkout.get().placed !== p) return;
    if (r.kind === 'redirecting') $checkout.setKey('placed', { state: 'redirecting' });
    else if (r.kind === 'cancelled') $checkout.setKey('placed', { state: 'cancelled', message: r.message });
  };
  let reading = false;
  let readAgain = false;
  const follow = async (): Promise<void> => {
    const p = $checkout.get().placed;
    if (p.state !== 'queued') return;
    if (reading) return void (readAgain = true);
    reading = true;
    try {
      settle(p, await followQueuedOrder({ orderId: p.orderId, items: p.items, totals: p.totals, prefix: p.prefix }, placedWith));
    } catch (err) {
      console.error('[checkout] the queued order could not be read', err);
    } finally {
      reading = false;
    }
    if (readAgain) {
      readAgain = false;
      await follow();
    }
  };

  // The tab remembers its queued order while it is queued, and forgets it once it moved on or was
  // cancelled, or the checkout is opened afresh. After a reload (or back or forward to the checkout)
  // it is taken up again once the bag is known, only while the bag is empty
  // (the order took its lines): still waiting, the checkout shows it again and follows it; sent or
  // cancelled meanwhile, on to where following it leads. A bag with lines, or an order the queue no
  // longer knows: forgotten.
  const storage = typeof sessionStorage === 'undefined' ? null : sessionStorage;
  const storeCode = $storeView.get().storeCode;
  let recalled = openedAgain() ? recallQueued(storage, storeCode) : null;
  if (!recalled) forgetQueued(storage, storeCode);
  let kept = $checkout.get().placed;
  const keep = () => {
    const p = $checkout.get().placed;
    if (p === kept) return;
    kept = p;
    if (p.state === 'queued') {
      const { state: _, ...q } = p;
      rememberQueued(storage, storeCode, q);
    } else if (p.state !== 'idle') forgetQueued(storage, storeCode);
  };
  const resume = async (q: QueuedCheckout, bagEmpty: boolean): Promise<void> => {
    // A bag with lines is a new one: its checkout, never the old order's confirmation or message.
    if (!bagEmpty) return forgetQueued(storage, storeCode);
    const idle = $checkout.get().placed;
    try {
      const order = await (placedWith?.storedOrder ?? storedOrder)(q.orderId);
      if ($checkout.get().placed !== idle || idle.state !== 'idle') return;
      if (!order) return forgetQueued(storage, storeCode);
      if (isPendingOrder(order)) return $checkout.setKey('placed', { state: 'queued', ...q });
      settle(idle, await followQueuedOrder(q, placedWith));
    } catch (err) {
      console.error('[checkout] the queued order could not be read', err);
    }
  };

  let methodsFor: unknown[] | null = null;
  let totalsFor: unknown[] | null = null;
  let totalsRound = 0;
  let prefilledFor: number | null = null;

  const react = () => {
    const c = $checkout.get();
    const cart = $cart.get();
    const online = $online.get();
    const { values } = c;

    keep();
    if (c.placed !== followed) {
      followed = c.placed;
      void follow();
    }
    if (recalled && cart.loaded) {
      void resume(recalled, cart.items.length === 0);
      recalled = null;
    }

    // The server's methods for the cart, once it has a server cart (and again for another country).
    const methodsKey = [cart.token, values.shipping.country_id];
    if (changed(methodsFor, methodsKey)) {
      methodsFor = methodsKey;
      if (cart.token) {
        setShippingCountry(values.shipping.country_id);
        void loadShippingMethods(values.shipping.country_id);
        void fetchPaymentMethods().then((list) => {
          if (list?.length) $checkout.setKey('payments', list);
        });
      }
    }

    // A payment method is always chosen among those offered.
    if (c.payments.length && (!values.paymentMethod || !c.payments.some((p) => p.code === values.paymentMethod))) {
      choosePayment(defaultPaymentMethod(c.payments));
      return;
    }

    // Logged in: fill in the details from the account (once per customer).
    const customer = $user.get().current;
    if (customer && prefilledFor !== customer.id) {
      prefilledFor = customer.id;
      const next = prefillFromCustomer(values, customer);
      $checkout.setKey('values', { ...values, personal: next.personal, shipping: next.shipping });
      return;
    }

    // Totals with the chosen methods (the server computes VAT), asked again when the bag changes;
    // an answer to an earlier round is dropped.
    const totalsKey = [cart.token, cart.items, values.shippingMethod, values.paymentMethod, c.step, online];
    if (changed(totalsFor, totalsKey)) {
      totalsFor = totalsKey;
      const round = ++totalsRound;
      if (cart.token && values.shippingMethod && online) {
        void refreshServerTotals(values, c.step).then((r) => {
          if (round !== totalsRound) return;
          if (r.payments) $checkout.setKey('payments', r.payments);
          if (r.totals) $checkout.setKey('serverTotals', r.totals);
        });
      }
    }
  };

  const stops = [$checkout.listen(react), $cart.listen(react), $online.listen(react), $user.listen(react), $queuedOrders.listen(() => void follow())];
  react();
  return () => {
    for (const stop of stops) stop();
    totalsRound++;
  };
});
