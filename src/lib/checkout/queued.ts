/**
 * The order a checkout left queued, remembered for its tab (sessionStorage) so that a reload of the
 * checkout shows it again and keeps following it (spec §4 Offline order). Written while the order is
 * queued, forgotten once it has moved on (to its confirmation) or been cancelled; one per store view.
 */
import { z } from 'zod';
import { CartItemSchema, type CartItem } from '../schemas';
import type { ReviewTotals } from './state';

/** sessionStorage key (with the store code) of the order the checkout left queued. */
export const QUEUED_CHECKOUT_KEY = 'shop-checkout-queued';

/** What the checkout showed of its queued order. */
export interface QueuedCheckout {
  orderId: string;
  message: string;
  items: CartItem[];
  totals: ReviewTotals;
  prefix: string;
  title?: string;
}

const QueuedCheckoutSchema = /*#__PURE__*/ (() =>
  z.object({
    orderId: z.string().min(1),
    message: z.string().min(1),
    items: z.array(CartItemSchema),
    totals: z.looseObject({
      subtotal: z.number(),
      discount: z.number(),
      shipping: z.number(),
      shippingChosen: z.boolean(),
      tax: z.number(),
      grandTotal: z.number(),
      fromServer: z.boolean(),
      currency: z.string().optional(),
    }),
    prefix: z.string(),
    title: z.string().optional(),
  }))();

const keyOf = (storeCode: string) => `${QUEUED_CHECKOUT_KEY}:${storeCode}`;

/** Remembers the queued order of this tab's checkout (storage full or absent: only this page knows it). */
export function rememberQueued(storage: Pick<Storage, 'setItem'> | null, storeCode: string, q: QueuedCheckout): void {
  try {
    storage?.setItem(keyOf(storeCode), JSON.stringify(q));
  } catch {
    // Private mode without storage: a reload then forgets it, as before.
  }
}

/** The queued order this tab's checkout remembers, or null (none, or not readable). */
export function recallQueued(storage: Pick<Storage, 'getItem'> | null, storeCode: string): QueuedCheckout | null {
  try {
    const raw = storage?.getItem(keyOf(storeCode));
    if (!raw) return null;
    const r = QueuedCheckoutSchema.safeParse(JSON.parse(raw));
    return r.success ? (r.data as QueuedCheckout) : null;
  } catch {
    return null;
  }
}

/** Forgets it: the order moved on, was cancelled, or the shopper went on to another bag. */
export function forgetQueued(storage: Pick<Storage, 'removeItem'> | null, storeCode: string): void {
  try {
    storage?.removeItem(keyOf(storeCode));
  } catch {
    // Nothing kept.
  }
}

/**
 * Whether this page was opened again (a reload, or back or forward to it): only then does the
 * checkout take up the order its tab remembers. A shopper who comes to the checkout afresh, from a
 * link or the bag, gets the checkout of the bag, never an old order's confirmation.
 */
export function openedAgain(perf: { getEntriesByType?(type: string): unknown[] } | undefined = globalThis.performance): boolean {
  const nav = perf?.getEntriesByType?.('navigation')[0] as { type?: string } | undefined;
  return nav?.type === 'reload' || nav?.type === 'back_forward';
}
