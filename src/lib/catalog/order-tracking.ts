/** Order tracking guard (spec §5): needs a non-empty cart and an order token in query parameter `o`, else rejected. */

/** The guard's answer: the token when accepted. */
export type OrderTrackingCheck = { ok: true; token: string } | { ok: false; reason: 'empty-cart' | 'no-token' };

/**
 * Checks an order-tracking request: the cart must hold at least one item (items or their count)
 * and the query must carry a non-empty `o` (URLSearchParams, '?o=...' text or a plain object).
 */
export function checkOrderTracking(
  cart: readonly unknown[] | number | null | undefined,
  query: URLSearchParams | string | Record<string, unknown> | null | undefined,
): OrderTrackingCheck {
  const count = typeof cart === 'number' ? cart : (cart?.length ?? 0);
  if (!(count > 0)) return { ok: false, reason: 'empty-cart' };
  let token: unknown;
  if (query instanceof URLSearchParams) token = query.get('o');
  else if (typeof query === 'string') token = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query).get('o');
  else token = query?.o;
  if (Array.isArray(token)) token = token[0];
  const text = typeof token === 'string' ? token.trim() : '';
  return text ? { ok: true, token: text } : { ok: false, reason: 'no-token' };
}
