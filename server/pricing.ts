/**
 * Server-side prices and totals: unit prices from the database (never from the client), option and
 * bundle prices (§4), coupons, shipping, UK VAT included in prices (§9: tax calculated server side).
 * A cart is quoted in its store view's currency (Magento's quote currency): each catalogue amount is
 * converted by the pages' one rule (`convertPrice` at `storeRate`) before lines are multiplied and
 * added, so the lines, the subtotal and the totals are the amounts the store view's pages show.
 */
import { bagVat, convertPrice, includedVat, storeRate, type TierFor, type TierPriceLike } from '../src/lib/catalog/price';
import { lineOptionInputs, priceWithOptions } from '../src/lib/catalog/options';
import { lineOptionLabels } from '../src/lib/catalog/product/form-add';
import type { Coupon, CustomOption, BundleOption, PaymentMethod, ShippingMethod, TaxRate } from '../src/lib/schemas';
import { config, type StoreView } from '../src/lib/config';
import type { DB } from './db';

export interface SkuRow {
  sku: string;
  product_id: number;
  parent_sku: string | null;
  name: string;
  type_id: string;
  price: number;
  special_price: number | null;
  special_from_date: string | null;
  special_to_date: string | null;
  status: number;
  tax_class_id: number | null;
  data: string;
}

export const round2 = (n: number): number => Math.round((n + Number.EPSILON) * 100) / 100;

export async function getSku(db: DB, sku: string): Promise<SkuRow | undefined> {
  return (await db.prepare('SELECT * FROM skus WHERE sku = ?').get(sku)) as SkuRow | undefined;
}

/**
 * Unit price (tax included) of a sku with its chosen options, at `now` (the catalogue price rules'
 * final_price, kept in the row's data, counted where it is lower); with group price tiers on
 * (§6), for `tier`'s group and quantity. The product page's rule (src/lib/catalog/options.ts
 * `priceWithOptions`, with the line's options read by `lineOptionInputs`), so the page, the cart
 * and the order agree on every option and bundle price.
 */
export function unitPrice(row: SkuRow, productOption: unknown, now = new Date(), tier?: TierFor): number {
  const data = JSON.parse(row.data) as {
    custom_options?: CustomOption[];
    bundle_options?: BundleOption[];
    tier_prices?: TierPriceLike[];
    final_price?: number | null;
  };
  const product = {
    type_id: row.type_id,
    price: row.price,
    special_price: row.special_price,
    special_from_date: row.special_from_date,
    special_to_date: row.special_to_date,
    final_price: data.final_price ?? null,
    tier_prices: data.tier_prices,
    custom_options: data.custom_options,
    bundle_options: data.bundle_options,
  };
  // Lines are validated before they are written (server/inputs.ts); lines written before that check
  // may still hold other shapes: those options are ignored rather than failing every read of the cart.
  return round2(priceWithOptions(product, lineOptionInputs(product, productOption), now, { tier }).final);
}

/** A line's options in words for its totals item (src/lib/catalog/product/form-add.ts `lineOptionLabels`, the product page's rule). */
function itemOptions(row: SkuRow, productOption: unknown): string {
  const data = JSON.parse(row.data) as { custom_options?: CustomOption[]; bundle_options?: BundleOption[] };
  return JSON.stringify(
    lineOptionLabels(
      {
        type_id: row.type_id as Parameters<typeof lineOptionLabels>[0]['type_id'],
        custom_options: data.custom_options ?? [],
        bundle_options: data.bundle_options ?? [],
      },
      productOption,
    ),
  );
}

/** The VAT rate (0.2 for 20%) of a product tax class in a country; prices include it. */
export function taxRate(rates: TaxRate[], taxClassId: number | null, country = config.storeViews.default.tax.defaultCountry): number {
  const inCountry = rates.filter((r) => r.tax_country_id === country);
  const match = inCountry.find((r) => taxClassId !== null && r.product_tax_class_ids.includes(taxClassId)) ?? inCountry[0];
  if (match) return match.rate / 100;
  return rates.length ? 0 : config.constants.vatRate;
}

export interface LineInput {
  item_id: number;
  sku: string;
  qty: number;
  product_option: unknown;
}

export interface TotalsLine {
  item_id: number;
  sku: string;
  name: string;
  qty: number;
  price: number;
  price_incl_tax: number;
  original_price: number;
  row_total: number;
  row_total_incl_tax: number;
  tax_amount: number;
  tax_percent: number;
  discount_amount: number;
  product_type: string;
  parent_sku: string | null;
  product_option: unknown;
  /** The chosen custom and bundle options as Magento's totals items list them: a JSON text of `{ label, value }` ('[]' for none). */
  options: string;
}

export interface Totals {
  grand_total: number;
  base_grand_total: number;
  subtotal: number;
  subtotal_incl_tax: number;
  discount_amount: number;
  shipping_amount: number;
  shipping_incl_tax: number;
  tax_amount: number;
  base_currency_code: string;
  quote_currency_code: string;
  coupon_code: string | null;
  items_qty: number;
  items: TotalsLine[];
  total_segments: { code: string; title: string; value: number }[];
}

export interface TotalsContext {
  rates: TaxRate[];
  /** The customer group the lines are priced for when group price tiers are on (§6); none: no tiers. */
  groupId?: number;
  coupon?: Coupon | null;
  shipping?: ShippingMethod | null;
  now?: Date;
  /** The store view the cart is quoted for (its currency); none: the default store view. */
  store?: StoreView;
}

/** A line with its sku's row and its unit price in the catalogue's (base) currency. */
interface PricedLine {
  line: LineInput;
  row: SkuRow;
  /** Unit price, tax included, in the base currency. */
  unit: number;
  /** VAT rate of the line (0.2 for 20%). */
  rate: number;
}

/** A shipping method with its amounts in a store view's currency (as Magento estimates them for a quote). */
export function shippingIn(m: ShippingMethod, store: StoreView | undefined): ShippingMethod {
  const rate = store ? storeRate(store) : 1;
  if (rate === 1) return m;
  const conv = (n: number) => convertPrice(n, rate);
  return { ...m, amount: conv(m.amount), price_excl_tax: conv(m.price_excl_tax), price_incl_tax: conv(m.price_incl_tax) };
}

/** A payment method with its costs in a store view's currency. */
export function paymentIn(p: PaymentMethod, store: StoreView | undefined): PaymentMethod {
  const rate = store ? storeRate(store) : 1;
  if (rate === 1) return p;
  return { ...p, cost: convertPrice(p.cost, rate), costInclTax: convertPrice(p.costInclTax, rate) };
}

/** A unit price of the catalogue in a store view's currency (the pages' conversion). */
export function unitIn(unit: number, store: StoreView | undefined): number {
  return store ? convertPrice(unit, storeRate(store)) : unit;
}

/**
 * Computes the totals of a set of lines, quoted in `ctx.store`'s currency (quote_currency_code) with
 * the base currency's grand total beside it (base_currency_code, base_grand_total); unknown skus must
 * be filtered out by the caller.
 */
export async function computeTotals(db: DB, lines: LineInput[], ctx: TotalsContext): Promise<Totals> {
  const now = ctx.now ?? new Date();
  const priced: PricedLine[] = [];
  for (const l of lines) {
    const row = await getSku(db, l.sku);
    if (!row) continue;
    const unit = unitPrice(row, l.product_option, now, ctx.groupId === undefined ? undefined : { groupId: ctx.groupId, qty: l.qty });
    priced.push({ line: l, row, unit, rate: taxRate(ctx.rates, row.tax_class_id) });
  }
  const base = config.storeViews.default;
  const store = ctx.store ?? base;
  const rate = storeRate(store);
  const quote = totalsAt(priced, ctx, rate);
  const inBase = rate === 1 ? quote : totalsAt(priced, ctx, 1);
  const { grand_total, items, total_segments, coupon_code, items_qty, ...amounts } = quote;
  // The contract's order of fields, as before quotes had a currency of their own.
  return {
    grand_total,
    base_grand_total: inBase.grand_total,
    ...amounts,
    base_currency_code: base.i18n.currencyCode,
    quote_currency_code: store.i18n.currencyCode,
    coupon_code,
    items_qty,
    items,
    total_segments,
  };
}

/** The totals of priced lines with every catalogue amount converted at `currencyRate` (1: the base currency). */
function totalsAt(
  priced: PricedLine[],
  ctx: TotalsContext,
  currencyRate: number,
): Omit<Totals, 'base_grand_total' | 'base_currency_code' | 'quote_currency_code'> {
  const conv = (n: number) => convertPrice(n, currencyRate);
  const rows: TotalsLine[] = [];
  for (const { line: l, row, unit: baseUnit, rate } of priced) {
    const unit = conv(baseUnit);
    const rowIncl = round2(unit * l.qty);
    const rowExcl = round2(rowIncl - includedVat(rowIncl, rate));
    rows.push({
      item_id: l.item_id,
      sku: l.sku,
      name: row.name,
      qty: l.qty,
      price: round2(unit / (1 + rate)),
      price_incl_tax: unit,
      original_price: conv(row.price),
      row_total: rowExcl,
      row_total_incl_tax: rowIncl,
      tax_amount: includedVat(rowIncl, rate),
      tax_percent: round2(rate * 100),
      discount_amount: 0,
      product_type: row.type_id,
      parent_sku: row.parent_sku,
      product_option: l.product_option ?? null,
      options: itemOptions(row, l.product_option),
    });
  }
  const subtotalIncl = round2(rows.reduce((s, r) => s + r.row_total_incl_tax, 0));
  let discount = 0;
  const coupon = ctx.coupon && ctx.coupon.active ? ctx.coupon : null;
  if (coupon && subtotalIncl > 0) {
    discount = coupon.type === 'percent' ? round2((subtotalIncl * coupon.amount) / 100) : Math.min(conv(coupon.amount), subtotalIncl);
    // Spread the discount over the lines (the last line takes the rounding rest).
    let left = discount;
    rows.forEach((r, i) => {
      const share = i === rows.length - 1 ? left : round2((discount * r.row_total_incl_tax) / subtotalIncl);
      r.discount_amount = round2(share);
      left = round2(left - share);
    });
  }
  const defaultRate = taxRate(ctx.rates, null);
  const shippingIncl = conv(round2(ctx.shipping?.amount ?? 0));
  const shippingExcl = round2(shippingIncl - includedVat(shippingIncl, defaultRate));
  // Tax per line after discount, plus the shipping's tax (the one rule of src/lib/catalog/price.ts).
  const tax = bagVat(
    rows.map((r) => ({ gross: round2(r.row_total_incl_tax - r.discount_amount), rate: r.tax_percent / 100 })),
    { gross: shippingIncl, rate: defaultRate },
  );
  const grand = round2(subtotalIncl - discount + shippingIncl);
  const subtotalExcl = round2(rows.reduce((s, r) => s + r.row_total, 0));
  const segments = [
    { code: 'subtotal', title: 'Subtotal', value: subtotalIncl },
    {
      code: 'shipping',
      title: ctx.shipping ? `Shipping & Handling (${ctx.shipping.carrier_title} - ${ctx.shipping.method_title})` : 'Shipping & Handling',
      value: shippingIncl,
    },
    ...(discount > 0 ? [{ code: 'discount', title: `Discount (${coupon!.code})`, value: -discount }] : []),
    { code: 'tax', title: 'Tax', value: tax },
    { code: 'grand_total', title: 'Grand Total', value: grand },
  ];
  return {
    grand_total: grand,
    subtotal: subtotalExcl,
    subtotal_incl_tax: subtotalIncl,
    discount_amount: -discount,
    shipping_amount: shippingExcl,
    shipping_incl_tax: shippingIncl,
    tax_amount: tax,
    coupon_code: coupon?.code ?? null,
    items_qty: rows.reduce((s, r) => s + r.qty, 0),
    items: rows,
    total_segments: segments,
  };
}
