/**
 * The account's order pages (spec §2 /my-account/orders and /my-account/orders/{orderId}, §3 order
 * fields in texts): the order id from the address, and what an order shows. Pure.
 */
import type { CustomerOrder } from '../api/contract';
import { regionName, type Region } from '../schemas';
import type { OrderLineView, TotalsFigures } from '../checkout/totals';

/** The order id of /my-account/orders/{orderId} (any store prefix), or null on the list page. */
export function orderIdFromPath(pathname: string): string | null {
  const m = /\/my-account\/orders\/([^/]+)\/?$/.exec(pathname);
  if (!m?.[1]) return null;
  const id = decodeURIComponent(m[1]);
  // The static shell lives at /my-account/orders/order/: opened directly, it names no order.
  return id === 'order' ? null : id;
}

/** The address of an order page for an order (its increment id: the number the shopper sees). */
export function orderPath(order: Pick<CustomerOrder, 'increment_id'>, accountPath = '/my-account'): string {
  return `${accountPath.replace(/\/+$/, '')}/orders/${encodeURIComponent(order.increment_id)}`;
}

/** An address as shown: an order's (region a string) or a saved one (region VSFA's object). */
export interface ShownAddress {
  firstname?: string;
  lastname?: string;
  company?: string | null;
  street?: readonly string[];
  city?: string;
  region?: string | Region | null;
  postcode?: string;
  country_id?: string;
  telephone?: string;
}

/** An address as lines: name, street lines, town and county, postcode, country, phone. */
export function addressLines(a: ShownAddress | null | undefined, countryName: (code: string) => string = (c) => c): string[] {
  if (!a) return [];
  const street = Array.isArray(a.street) ? a.street : [];
  return [
    [a.firstname, a.lastname].filter(Boolean).join(' '),
    a.company ?? '',
    ...street,
    [a.city, regionName(a.region)].filter(Boolean).join(', '),
    a.postcode ?? '',
    a.country_id ? countryName(a.country_id) : '',
    a.telephone ?? '',
  ]
    .map((l) => String(l).trim())
    .filter(Boolean);
}

/** The lines of an order. */
export function orderLines(o: Pick<CustomerOrder, 'items'>): OrderLineView[] {
  return o.items.map((i) => ({ name: i.name, sku: i.sku, qty: i.qty_ordered, price: i.price_incl_tax, rowTotal: i.row_total_incl_tax }));
}

/** The totals of an order as shown (incl. VAT; the VAT is the part of the grand total); its shipping is its chosen method's. */
export function orderTotals(
  o: Pick<CustomerOrder, 'subtotal' | 'subtotal_incl_tax' | 'tax_amount' | 'discount_amount' | 'shipping_amount' | 'shipping_incl_tax' | 'grand_total'>,
): TotalsFigures {
  return {
    shippingChosen: true,
    subtotal: o.subtotal_incl_tax ?? o.subtotal,
    tax: o.tax_amount,
    discount: o.discount_amount,
    shipping: o.shipping_incl_tax ?? o.shipping_amount,
    grandTotal: o.grand_total,
  };
}

/** A status as shown ('pending' gives 'Pending'). */
export function statusLabel(status: string): string {
  const s = status.replace(/_/g, ' ').trim();
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

/** The countries an address may have (the store's default first). */
export const COUNTRIES = ['GB', 'IE', 'FR', 'DE', 'IT', 'ES', 'NL', 'BE', 'US'];

/** A country's name in English ('GB' gives 'United Kingdom'). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en-GB'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
