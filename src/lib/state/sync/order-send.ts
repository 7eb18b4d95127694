/**
 * The offline order queue's core (spec §3 Offline order, §4, §8), shared by the page and the service
 * worker: no stores, no DOM. Orders live in the `orders` collection keyed by their client-generated
 * `order_id`; every send happens under the `shop-orders` lock (see ./order-lock) and re-reads the order
 * first, so an order is never sent twice at the same time, across tabs or by the service worker.
 *
 * Never twice in a row either: the backend may not de-duplicate (vue-storefront-api places whatever
 * it is sent). Before an order is posted its `send_began_at` is stored; an answer clears it. An order
 * still carrying it had a send whose answer never came (a timeout, a dropped connection, a reload in
 * the middle): 'unknown'. It is not sent again on its own: first a look-up where the backend offers
 * one (./order-lookup.ts); without one, only the shopper's explicit choice sends it again.
 */
import { config } from '../../config';
import { fill, messages } from '../../messages';
import type { OfflineOrder, OrderPayload } from '../../schemas';
import type { Collection } from '../storage';
import { withOrderLock } from './order-lock';
import { answerMissing, isPendingOrder } from './order-status';
import { withStoreCode } from '../../api/store-code';
import { lookUpOrder, ORDER_LOOKUP_PAGE_SIZE, ORDER_LOOKUP_SETTLE_MS, type LookupAnswer } from './order-lookup';

/** The fetch the queue uses. */
export type OrderFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Name of the lock every order send holds. */
export const ORDER_LOCK = 'shop-orders';
/** BroadcastChannel the tabs and the service worker tell each other about order changes on. */
export const ORDERS_CHANNEL = 'shop-orders';
/** The signed-in customer's order history (§7 user/order-history?token): the look-up before an order is sent again. */
export const ORDER_HISTORY_ENDPOINT = '/api/user/order-history';
/** Background Sync tag (§7). */
export const ORDER_SYNC_TAG = 'orderSync';
/**
 * How long a send waits for its answer. Long: vue-storefront-api places a Magento order in about ten
 * calls in a row, and a send given up is not repeated on its own (its outcome becomes 'unknown').
 */
export const ORDER_SEND_TIMEOUT_MS = 60_000;

/** What one send did to an order. */
export type SendKind =
  /** answered with code 200: transmitted */
  | 'sent'
  /** code 400, or 500 with the add-products error: transmitted and cancelled, with the §8 message */
  | 'cancelled'
  /** another non-200 code: answered, but left untransmitted to be sent again */
  | 'retry'
  /**
   * no usable answer (network failure, timeout, non-JSON), or an earlier send's answer never came and
   * no look-up could settle it: untransmitted, and not sent again on its own (`send_began_at` kept)
   */
  | 'unknown'
  /** already transmitted or cancelled when the lock was taken: nothing sent */
  | 'skipped'
  /**
   * not sent: the order belongs to a customer who is not signed in here now (another customer or
   * nobody is), or whose session the API refused and could not be refreshed. It stays waiting, is
   * never sent under another name, and the shopper is told (`message`).
   */
  | 'held';

export interface SendOutcome {
  kind: SendKind;
  order: OfflineOrder;
  /** The answer's result (sent, cancelled, retry). */
  result?: unknown;
  /** The §8 cancel message, or why a send failed. */
  message?: string;
  /** 'unknown' because this very send had no answer (not an earlier one still unknown). */
  noAnswer?: true;
}

/** Who is signed in where the queue runs, and how to renew their token. */
export interface OrderSession {
  /** The signed-in customer's id, or null for nobody. */
  customerId: string | number | null;
  /** Their user token (`?token=`), or null. */
  token: string | null;
  /** A new token for the same customer after the API refused `stale` (the page's token refresh); null when impossible. */
  refresh?: (stale: string) => Promise<string | null>;
}

/** How to send: the pieces the page and the service worker provide. */
export interface SendOptions {
  fetch?: OrderFetch;
  /** Order endpoint (config.orders.endpoint), resolved against config.api.baseUrl when a path. */
  endpoint?: string;
  /** The session now: an order placed by a customer is sent only with that customer's token. */
  session?: OrderSession | null;
  timeoutMs?: number;
  now?: () => Date;
  /** The shopper chose to send an order whose earlier answer never came (after the look-up, where there is one). */
  again?: boolean;
  /** The signed-in order history, resolved like `endpoint` (default ORDER_HISTORY_ENDPOINT); null: no look-up. */
  historyEndpoint?: string | null;
}

/** The customer an order belongs to (its `user_id`, set by the checkout when signed in), or null for a guest order. */
export function orderOwner(order: Pick<OfflineOrder, 'user_id'>): string | null {
  return order.user_id === undefined || order.user_id === null || order.user_id === '' ? null : String(order.user_id);
}

/** The e-mail address an order was placed with (what the shopper recognises it by). */
export function orderEmail(order: OfflineOrder): string {
  const a = order.addressInformation;
  return a.shippingAddress.email ?? a.billingAddress.email ?? '';
}

/**
 * Why an order cannot be sent by this session, or null when it can: a customer's order needs that
 * customer signed in (a guest order goes without any token, whoever is signed in now).
 */
export function heldReason(order: OfflineOrder, session: OrderSession | null | undefined): string | null {
  const owner = orderOwner(order);
  if (owner === null) return null;
  if (session?.token && session.customerId !== null && String(session.customerId) === owner) return null;
  return fill(messages.offlineOrderHeldOwner, { email: orderEmail(order) });
}

/** The stored, untransmitted form of a payload. */
export function toOfflineOrder(payload: OrderPayload): OfflineOrder {
  return { ...payload, transmited: false, transmited_at: null } as OfflineOrder;
}

export { answerMissing, isPendingOrder } from './order-status';

/**
 * The §8 message when an answer cancels the order (code 400, or 500 with the add-products error), else
 * null. Also 409: the API already has this order id with other contents, or the order's cart was
 * ordered already (from another tab): sending it again can never succeed, so it is not retried for ever.
 */
export function cancelMessage(code: unknown, result: unknown): string | null {
  const n = Number(code);
  if (n === 400) return fill(messages.orderAddressInvalid, { email: config.mailer.contactAddress });
  if (n === 409) return messages.offlineOrderConflict;
  if (n === 500 && isAddProductsError(result)) return messages.orderProductsOutOfStock;
  return null;
}

/**
 * True for the backend's add-products failure as it is worded: vue-storefront-api's Magento order path
 * answers 'Error while adding products. <Magento's reason>' (o2m.js `composeError`), and the spec's
 * text is the same error in its string form, 'Error: Error while adding products'.
 */
export function isAddProductsError(result: unknown): boolean {
  return typeof result === 'string' && /^(?:Error:\s*)?Error while adding products(?:[.:\s]|$)/.test(result.trim());
}

/**
 * Applies the §4 answer rules to an order: any JSON answer marks it transmitted with a timestamp
 * (kept even when the code is not 200); 400 and 500-with-add-products cancel it; any other non-200
 * code leaves it untransmitted.
 */
export function applyOrderAnswer(order: OfflineOrder, answer: { code?: unknown; result?: unknown }, httpStatus: number, now = new Date()): SendOutcome {
  const code = typeof answer.code === 'number' ? answer.code : Number(answer.code ?? httpStatus) || httpStatus;
  // An answer came: the backend's outcome is known, whatever it is.
  const next: OfflineOrder = {
    ...order,
    send_began_at: null,
    transmited: true,
    transmited_at: now.toISOString(),
    result: answer.result,
    resultCode: Math.trunc(code),
  };
  if (code === 200) return { kind: 'sent', order: next, result: answer.result };
  const cancel = cancelMessage(code, answer.result);
  if (cancel) return { kind: 'cancelled', order: { ...next, cancelled: true, cancel_reason: cancel }, result: answer.result, message: cancel };
  return { kind: 'retry', order: { ...next, transmited: false }, result: answer.result };
}

/** The order endpoint as a URL (`?token=` added when given). */
export function orderUrl(endpoint: string = config.orders.endpoint, token?: string | null, baseUrl: string = config.api.baseUrl): string {
  const base = /^https?:\/\//.test(endpoint) ? endpoint : `${baseUrl}${endpoint.startsWith('/') ? '' : '/'}${endpoint}`;
  if (!token) return base;
  return `${base}${base.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/**
 * The body sent: the stored order without the queue's own bookkeeping, in vue-storefront-api's order
 * schema (`additionalProperties: false`; `user_id` and `transmited_at` strings when present): an order
 * stored before (with a numeric `user_id`, or `transmited_at: null` while unsent) goes out in that shape.
 */
export function orderBody(order: OfflineOrder): string {
  const { result: _r, resultCode: _c, cancelled: _x, cancel_reason: _y, bag: _b, send_began_at: _s, user_id, transmited_at, ...payload } = order;
  return JSON.stringify({
    ...payload,
    ...(user_id !== undefined && user_id !== null && user_id !== '' ? { user_id: String(user_id) } : {}),
    ...(typeof transmited_at === 'string' ? { transmited_at } : {}),
  });
}

type Answer = { status: number; body: { code?: unknown; result?: unknown } } | { failed: string };

async function post(url: string, body: string, f: OrderFetch, timeoutMs: number): Promise<Answer> {
  const ctrl = typeof AbortController !== 'undefined' ? new AbortController() : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Answer>((resolve) => {
    timer = setTimeout(() => {
      ctrl?.abort();
      resolve({ failed: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
  });
  const request = (async (): Promise<Answer> => {
    try {
      const res = await f(url, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body,
        signal: ctrl?.signal,
      });
      if (!(res.headers.get('content-type') ?? '').includes('application/json')) {
        console.error(`[orders] ${messages.badContentType}`);
        return { failed: messages.badContentType };
      }
      try {
        const json = (await res.json()) as unknown;
        if (!json || typeof json !== 'object') return { failed: messages.wrongResponseFormat };
        return { status: res.status, body: json as { code?: unknown; result?: unknown } };
      } catch {
        console.error(`[orders] ${messages.badContentType}`);
        return { failed: messages.badContentType };
      }
    } catch (err) {
      return { failed: err instanceof Error ? err.message : String(err) };
    }
  })();
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** '§8 The server order id has been set to {id}' for an order answer naming the backend's order id, else null. */
export function serverOrderIdLine(result: unknown): string | null {
  if (!result || typeof result !== 'object') return null;
  const r = result as { backendOrderId?: unknown; increment_id?: unknown };
  const id = r.backendOrderId ?? r.increment_id;
  return typeof id === 'string' || typeof id === 'number' ? `${messages.serverOrderIdSet}${id}` : null;
}

const refused = (a: Answer): boolean => 'status' in a && (a.status === 401 || Number(a.body.code) === 401);

/**
 * Sends one order once (no lock, no storage) and applies the answer rules. A customer's order goes
 * only with that customer's token (refreshed once when the API refuses it); a guest order goes without
 * a token. It is never sent as somebody else, nor as a guest: when that is impossible it is 'held'.
 */
export async function sendOrder(order: OfflineOrder, opts: SendOptions = {}): Promise<SendOutcome> {
  const f = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = opts.timeoutMs ?? ORDER_SEND_TIMEOUT_MS;
  const held = heldReason(order, opts.session);
  if (held) return { kind: 'held', order, message: held };
  const body = orderBody(order);
  const token = orderOwner(order) === null ? null : opts.session!.token;
  // The order goes to its own store view (VSF's multistore adjustment), whichever page sends it.
  const url = (t: string | null) => withStoreCode(orderUrl(opts.endpoint, t), order.store_code);
  let answer = await post(url(token), body, f, timeoutMs);
  if (token && refused(answer)) {
    const fresh = await opts.session?.refresh?.(token).catch(() => null);
    if (!fresh) return { kind: 'held', order, message: fill(messages.offlineOrderHeldSession, { email: orderEmail(order) }) };
    answer = await post(url(fresh), body, f, timeoutMs);
    if (refused(answer)) return { kind: 'held', order, message: fill(messages.offlineOrderHeldSession, { email: orderEmail(order) }) };
  }
  if ('failed' in answer) {
    console.error(`[orders] order ${order.order_id}: no answer (${answer.failed}); whether the shop has it is not known`);
    return { kind: 'unknown', order, message: answer.failed, noAnswer: true };
  }
  const out = applyOrderAnswer(order, answer.body, answer.status, opts.now?.() ?? new Date());
  if (out.kind !== 'sent') console.error(`[orders] order ${order.order_id} answered ${String(answer.body.code ?? answer.status)}`, answer.body.result);
  else console.info(`[orders] order ${order.order_id} sent. ${serverOrderIdLine(out.result) ?? ''}`.trim());
  return out;
}

/**
 * An order whose earlier answer never came: the look-up where there is one (the owner signed in here
 * and a history endpoint); found, the order is sent (the history's record is its answer). Otherwise
 * it is sent again only when a look-up found nothing long enough after the send began, or when the
 * shopper chose to ('resend'); else it stays 'unknown'.
 */
async function settleMissingAnswer(order: OfflineOrder, orders: Collection, opts: SendOptions): Promise<SendOutcome | 'resend'> {
  const began = order.send_began_at!;
  const now = opts.now?.() ?? new Date();
  const token = orderOwner(order) !== null && !heldReason(order, opts.session) ? opts.session!.token : null;
  let look: LookupAnswer = { unknown: 'no look-up for this order' };
  const history = opts.historyEndpoint === undefined ? ORDER_HISTORY_ENDPOINT : opts.historyEndpoint;
  if (token && history) {
    const claimed = new Set(
      (await storedOrders(orders))
        .filter((o) => o.order_id !== order.order_id && o.transmited)
        .map((o) => (o.result as { increment_id?: unknown } | null)?.increment_id)
        .filter((id): id is string => typeof id === 'string'),
    );
    const url = withStoreCode(`${orderUrl(history, token)}&pageSize=${ORDER_LOOKUP_PAGE_SIZE}&currentPage=1`, order.store_code);
    look = await lookUpOrder(order, { url, fetch: opts.fetch ?? ((i, init) => globalThis.fetch(i, init)), began, claimed });
  }
  if ('found' in look) {
    const result = { increment_id: look.found.increment_id, backendOrderId: look.found.entity_id ?? look.found.increment_id, foundInHistory: true };
    console.info(`[orders] order ${order.order_id} found in the order history as ${look.found.increment_id}`);
    return { kind: 'sent', order: { ...order, send_began_at: null, transmited: true, transmited_at: now.toISOString(), result, resultCode: 200 }, result };
  }
  if (opts.again) return 'resend';
  if ('none' in look && now.getTime() - Date.parse(began) >= ORDER_LOOKUP_SETTLE_MS) return 'resend';
  return { kind: 'unknown', order, message: 'unknown' in look ? look.unknown : 'not in the order history yet' };
}

/**
 * Under the order lock: re-reads the order, sends it when still pending and saves the outcome back.
 * An order already transmitted, cancelled or removed meanwhile is not sent again ('skipped'); one whose
 * earlier answer never came goes through `settleMissingAnswer` first. `send_began_at` is stored before
 * the order is posted, so a reload in the middle of the send leaves it 'unknown', never blindly resent.
 */
export async function sendStoredOrder(orders: Collection, orderId: string, opts: SendOptions = {}): Promise<SendOutcome | null> {
  return withOrderLock(ORDER_LOCK, async () => {
    const order = await orders.getItem<OfflineOrder>(orderId);
    if (!order) return null;
    if (!isPendingOrder(order)) return { kind: 'skipped', order };
    const held = heldReason(order, opts.session);
    if (held) return { kind: 'held', order, message: held };
    if (answerMissing(order)) {
      const settled = await settleMissingAnswer(order, orders, opts);
      if (settled !== 'resend') {
        if (settled.kind === 'sent') await orders.setItem(orderId, settled.order);
        return settled;
      }
    }
    const begun: OfflineOrder = { ...order, send_began_at: (opts.now?.() ?? new Date()).toISOString() };
    await orders.setItem(orderId, begun);
    const out = await sendOrder(begun, opts);
    // Held after a refused token: nothing was placed, the order is as it was.
    await orders.setItem(orderId, out.kind === 'held' ? order : out.order);
    return out;
  });
}

/** Stored orders of a collection, oldest first. */
export async function storedOrders(orders: Collection): Promise<OfflineOrder[]> {
  const all = (await orders.entries<OfflineOrder>()).map(([, v]) => v).filter((o) => o && typeof o === 'object' && 'order_id' in o);
  return all.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)) || a.order_id.localeCompare(b.order_id));
}

/** What one run of the queue did. */
export interface QueueRun {
  outcomes: SendOutcome[];
  /** True when a send had no answer (the run stopped: the rest stay queued). */
  stopped: boolean;
}

/**
 * Sends every pending order of a collection, oldest first; stops at the first send without an answer
 * (a held order, or one whose earlier answer is still unknown, is passed over).
 */
export async function sendPendingOrders(orders: Collection, opts: SendOptions = {}): Promise<QueueRun> {
  const outcomes: SendOutcome[] = [];
  for (const o of await storedOrders(orders)) {
    if (!isPendingOrder(o)) continue;
    const out = await sendStoredOrder(orders, o.order_id, opts);
    if (!out || out.kind === 'skipped') continue;
    outcomes.push(out);
    // No answer now (not an order whose earlier answer is still unknown): the backend cannot be reached.
    if (out.kind === 'unknown' && !answerMissing(o)) return { outcomes, stopped: true };
  }
  return { outcomes, stopped: false };
}
