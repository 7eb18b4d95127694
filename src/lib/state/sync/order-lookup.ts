/**
 * Did an order whose answer never came reach the shop? A send without an answer (a timeout, a
 * dropped connection, a reload in the middle of it) may have placed the order or not, and a backend
 * such as vue-storefront-api keeps no record of the client's `order_id` (a signed-in order even gets
 * a fresh Magento cart each time): sending it again blindly can place it twice. Where the backend
 * offers a look-up, the signed-in customer's order history (`user/order-history`), the queue asks it
 * before any repeat (./order-send.ts `sendStoredOrder`); without one, it never repeats on its own.
 *
 * Magento's order history knows nothing of `order_id`, so an order is recognised by what it holds:
 * the same lines (sku and quantity of each top-level item: a configurable's child line, with its
 * `parent_item_id`, is left out, as the parent line carries the child's sku), placed after the send
 * began (less a small allowance for the two clocks), not already matched to another stored order,
 * and, when both sides state it, the same goods total.
 */
import { z } from 'zod';
import type { OfflineOrder } from '../../schemas';
import { storeMoney } from '../../catalog/price';
import type { OrderFetch } from './order-send';

/** How long after a send began a look-up that finds nothing counts as proof the order never arrived. */
export const ORDER_LOOKUP_SETTLE_MS = 5 * 60_000;
/** Allowance between the browser's clock and the backend's when comparing a record's `created_at`. */
export const ORDER_CLOCK_ALLOWANCE_MS = 2 * 60_000;
/** How many of the newest records the look-up reads. */
export const ORDER_LOOKUP_PAGE_SIZE = 20;

const HistoryItemSchema = z.looseObject({
  sku: z.string(),
  qty_ordered: z.coerce.number(),
  parent_item_id: z.union([z.number(), z.string()]).nullish(),
});
const HistoryRecordSchema = z.looseObject({
  increment_id: z.union([z.string(), z.number()]).transform(String),
  entity_id: z.union([z.string(), z.number()]).optional(),
  created_at: z.string(),
  subtotal_incl_tax: z.number().nullish(),
  items: z.array(HistoryItemSchema),
});
/** user/order-history's answer: `{ code, result: { items, total_count } }` (Magento's order search). */
export const OrderHistoryAnswerSchema = z.looseObject({
  code: z.union([z.number(), z.string()]).optional(),
  result: z.looseObject({ items: z.array(HistoryRecordSchema) }),
});
export type HistoryRecord = z.output<typeof HistoryRecordSchema>;

/** A backend time: ISO with a zone, or Magento's 'YYYY-MM-DD HH:mm:ss', which is UTC. */
export function backendTime(s: string): number {
  const iso = s.includes('T') ? s : s.replace(' ', 'T');
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
}

const lineKey = (lines: ReadonlyArray<{ sku: string; qty: number }>): string =>
  lines
    .map((l) => `${l.sku}\u0000${l.qty}`)
    .sort()
    .join('\u0001');

/**
 * The order's goods total as the shopper saw it (price incl. tax times quantity), or null when a price
 * is missing: in the currency of its store view (`store_code`), each line converted from the bag's
 * catalogue prices as the pages and the API convert it, so it compares with the order's record.
 */
export function goodsTotal(order: Pick<OfflineOrder, 'products' | 'store_code'>): number | null {
  const money = storeMoney(order.store_code ?? undefined);
  let sum = 0;
  for (const p of order.products) {
    const price = p.priceInclTax ?? p.price;
    if (typeof price !== 'number') return null;
    sum += money.line(price, p.qty);
  }
  return Math.round(sum * 100) / 100;
}

/**
 * The history record that is this order, or null. `began` is when its send began; `claimed` the
 * increment ids already matched to other stored orders (two identical orders in a row stay two).
 */
export function matchPlacedOrder(
  order: Pick<OfflineOrder, 'products' | 'store_code'>,
  records: readonly HistoryRecord[],
  began: string,
  claimed: ReadonlySet<string> = new Set(),
): HistoryRecord | null {
  const from = Date.parse(began) - ORDER_CLOCK_ALLOWANCE_MS;
  const want = lineKey(order.products);
  const total = goodsTotal(order);
  const hits = records.filter((r) => {
    if (claimed.has(r.increment_id)) return false;
    const at = backendTime(r.created_at);
    if (!Number.isFinite(at) || at < from) return false;
    const top = r.items.filter((i) => i.parent_item_id === undefined || i.parent_item_id === null);
    if (lineKey(top.map((i) => ({ sku: i.sku, qty: i.qty_ordered }))) !== want) return false;
    // Both sides state the goods total: they agree within a penny a line (rounding of VAT per line).
    if (total !== null && typeof r.subtotal_incl_tax === 'number' && Math.abs(r.subtotal_incl_tax - total) > 0.01 * order.products.length + 0.005) return false;
    return true;
  });
  // The earliest after the send began is the one this send placed (a later one is a later order).
  return hits.sort((a, b) => backendTime(a.created_at) - backendTime(b.created_at))[0] ?? null;
}

/** What the look-up found: the record, nothing (`none`), or no usable answer (`unknown`). */
export type LookupAnswer = { found: HistoryRecord } | { none: true } | { unknown: string };

/** Reads the customer's newest orders (`user/order-history?token&pageSize`) and looks for this order in them. */
export async function lookUpOrder(
  order: OfflineOrder,
  opts: { url: string; fetch: OrderFetch; began: string; claimed?: ReadonlySet<string> },
): Promise<LookupAnswer> {
  try {
    const res = await opts.fetch(opts.url, { headers: { Accept: 'application/json' } });
    if (!(res.headers.get('content-type') ?? '').includes('json')) return { unknown: `order history answered ${res.status} without JSON` };
    const parsed = OrderHistoryAnswerSchema.safeParse(await res.json());
    if (!parsed.success || (parsed.data.code !== undefined && Number(parsed.data.code) !== 200)) return { unknown: `order history answered ${res.status}` };
    const hit = matchPlacedOrder(order, parsed.data.result.items, opts.began, opts.claimed);
    return hit ? { found: hit } : { none: true };
  } catch (err) {
    return { unknown: err instanceof Error ? err.message : String(err) };
  }
}
