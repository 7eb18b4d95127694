/**
 * The totals rows of a bag or an order: the one rule behind every totals list (the microcart, the
 * checkout's bag and review, the order confirmation, an account order). The islands render the rows
 * as they come (src/browser/bag/TotalsList.tsx); the order, the labels and "Free" are decided here.
 *
 * Order: subtotal, discount, shipping, grand total, then the VAT included in it. Every amount is VAT
 * included (§9: tax is calculated server side, prices are shown with VAT), so the first rows add up
 * to the grand total and the VAT is a part of that total, not a further amount: it comes after the
 * grand total, as on a receipt, so no reader adds it on. The discount sits by the subtotal because
 * a coupon takes it off the items (§3 cart totals), and shows only when there is one.
 *
 * "Free": a shipping amount of 0 reads "Free" (the word of §9's free methods, Free 2nd Class
 * Delivery and the shop collections) once it is the price of a chosen method (a placed order, or
 * the checkout after a method is chosen). Before that the 0 only says that no method is priced yet,
 * so it is written as an amount: "Free" would promise a delivery price the shopper has not chosen.
 */
import { formatPrice } from '../messages/format';
import { messages, fill } from '../messages';
import type { CartTotals } from '../schemas';

/** The amounts of a totals list, VAT included. */
export interface TotalsFigures {
  /** The items; absent where the source has none (the external order result of §3 has no subtotal). */
  subtotal?: number;
  /** Negative or 0; a row only when it is not 0. */
  discount?: number;
  /** The coupon that gave the discount, named in its label. */
  couponCode?: string | null;
  shipping: number;
  /** True once `shipping` is the price of a chosen method (see "Free" above). */
  shippingChosen: boolean;
  /** The VAT included in the grand total. */
  tax: number;
  grandTotal: number;
}

/** The figures of the server's cart totals (cart/totals); `shippingChosen` as above. */
export function cartTotalsFigures(t: CartTotals, shippingChosen: boolean): TotalsFigures {
  return {
    subtotal: t.subtotal_incl_tax,
    discount: t.discount_amount,
    couponCode: t.coupon_code ?? null,
    shipping: t.shipping_incl_tax,
    shippingChosen,
    tax: t.tax_amount,
    grandTotal: t.grand_total,
  };
}

/** One line of an order as shown beside its totals (an account order, the order confirmation): name, sku, quantity, unit price and row total (incl. VAT). */
export interface OrderLineView {
  name: string;
  sku: string;
  qty: number;
  price: number;
  /** The chosen options in words (the cart line's: catalog/cart-line.ts `lineOptionsText`), when the source has them. */
  options?: string;
  /** Absent where the source has none (the external order result of §3 has a line discount, no row total). */
  rowTotal?: number;
}

/** What a row is; the list's `data-total` and class suffix. */
export type TotalsKey = 'subtotal' | 'discount' | 'shipping' | 'grand_total' | 'tax';

/** One row of a totals list. */
export interface TotalsRow {
  key: TotalsKey;
  label: string;
  /** The amount as written (a price, or 'Free'). */
  value: string;
}

/** The rows of a totals list, in the order above; `format` writes an amount (default: the store's pounds). */
export function totalsRows(f: TotalsFigures, format: (n: number) => string = formatPrice): TotalsRow[] {
  const rows: TotalsRow[] = [];
  if (f.subtotal !== undefined) rows.push({ key: 'subtotal', label: messages.totalsSubtotal, value: format(f.subtotal) });
  if (f.discount) {
    const label = f.couponCode ? fill(messages.totalsDiscountCode, { code: f.couponCode }) : messages.totalsDiscount;
    rows.push({ key: 'discount', label, value: format(f.discount) });
  }
  const free = f.shippingChosen && f.shipping === 0;
  rows.push({ key: 'shipping', label: messages.totalsShipping, value: free ? messages.shippingFree : format(f.shipping) });
  rows.push({ key: 'grand_total', label: messages.totalsGrandTotal, value: format(f.grandTotal) });
  rows.push({ key: 'tax', label: messages.totalsVat, value: format(f.tax) });
  return rows;
}
