/** Catalogue reads on the database: sku resolution (configurable parent + options -> child), live stock. */
import type { Product } from '../src/lib/schemas';
import type { DB } from './db';
import { getSku, type SkuRow } from './pricing';
import { ApiError } from './http';
import { QTY_CEILING } from './inputs';
import { messages, fill } from '../src/lib/messages';
import { matchesSelection } from '../src/lib/catalog/variants';
import { optionsChecksum } from '../src/lib/catalog/cart-line';

export interface StockRow {
  sku: string;
  product_id: number;
  qty: number;
  is_in_stock: number;
  manage_stock: number;
  min_sale_qty: number | null;
  max_sale_qty: number | null;
}

export async function getStock(db: DB, sku: string): Promise<StockRow | undefined> {
  return (await db.prepare('SELECT * FROM stock WHERE sku = ?').get(sku)) as StockRow | undefined;
}

/** The stock item as the contract answers it (vue-storefront-api stock shape). */
export function stockJson(s: StockRow) {
  return {
    item_id: s.product_id,
    product_id: s.product_id,
    stock_id: 1,
    qty: s.qty,
    is_in_stock: s.is_in_stock === 1,
    manage_stock: s.manage_stock === 1,
    ...saleLimits(s),
  };
}

/** The quantities one line of a sku may have: its stock item's min_sale_qty and max_sale_qty (1 and 10,000 when unset). */
export function saleLimits(s: Pick<StockRow, 'min_sale_qty' | 'max_sale_qty'> | undefined): { min_sale_qty: number; max_sale_qty: number } {
  const min = s?.min_sale_qty && s.min_sale_qty > 0 ? Math.ceil(s.min_sale_qty) : 1;
  const max = s?.max_sale_qty && s.max_sale_qty > 0 ? Math.floor(s.max_sale_qty) : QTY_CEILING;
  return { min_sale_qty: min, max_sale_qty: Math.min(max, QTY_CEILING) };
}

/** 400 naming `field` when `qty` of `sku` is outside the product's sale limits (the §5/§8 quantity texts). */
export async function checkSaleQty(db: DB, sku: string, qty: number, field: string): Promise<void> {
  const { min_sale_qty, max_sale_qty } = saleLimits(await getStock(db, sku));
  if (qty > max_sale_qty) throw new ApiError(400, `${field}: ${fill(messages.quantityAtMost, { max: max_sale_qty })}`);
  if (qty < min_sale_qty) throw new ApiError(400, `${field}: ${fill(messages.quantityAtLeast, { min: min_sale_qty })}`);
}

export async function getProductBySku(db: DB, sku: string): Promise<Product | undefined> {
  const row = (await db.prepare('SELECT data FROM products WHERE sku = ?').get(sku)) as { data: string } | undefined;
  return row ? (JSON.parse(row.data) as Product) : undefined;
}

/** A product with its stock (and its children's) replaced by the live values. */
export async function withLiveStock(db: DB, p: Product): Promise<Product> {
  const stmt = db.prepare('SELECT qty, is_in_stock FROM stock WHERE sku = ?');
  const live = async (sku: string, base: Product['stock']) => {
    const s = (await stmt.get(sku)) as { qty: number; is_in_stock: number } | undefined;
    return s ? { ...base, qty: s.qty, is_in_stock: s.is_in_stock === 1 } : base;
  };
  return {
    ...p,
    stock: await live(p.sku, p.stock),
    ...(p.configurable_children
      ? { configurable_children: await Promise.all(p.configurable_children.map(async (ch) => ({ ...ch, stock: await live(ch.sku, ch.stock) }))) }
      : {}),
  };
}

interface ConfigurableItemOption {
  option_id: number | string;
  option_value: number | string;
}

/**
 * The chosen options as a selection (option code to value): each option names its attribute by id
 * or code; null when one names no option of the product, has no value, or two give one option
 * different values (no child can match).
 */
function selectionOfOptions(
  attrs: readonly { attribute_id?: number | string | null; attribute_code: string }[],
  opts: readonly ConfigurableItemOption[],
): Record<string, number | string> | null {
  const selection: Record<string, number | string> = {};
  for (const o of opts) {
    const attr = attrs.find((a) => String(a.attribute_id) === String(o.option_id) || a.attribute_code === String(o.option_id));
    if (!attr || o.option_value === undefined || o.option_value === null) return null;
    const code = attr.attribute_code;
    if (Object.hasOwn(selection, code) && String(selection[code]) !== String(o.option_value)) return null;
    selection[code] = o.option_value;
  }
  return selection;
}

export type Resolved = { ok: true; row: SkuRow } | { ok: false; reason: string };

/**
 * The orderable sku of a cart or order line: a simple sku or configurable child sku as is; a
 * configurable parent with `product_option.extension_attributes.configurable_item_options` resolves
 * to the matching child (as vue-storefront sends it).
 */
export async function resolveSku(db: DB, sku: string, productOption: unknown): Promise<Resolved> {
  const row = await getSku(db, sku);
  if (!row) return { ok: false, reason: 'no product with this sku' };
  if (row.type_id !== 'configurable') return { ok: true, row };
  const opts = (productOption as { extension_attributes?: { configurable_item_options?: ConfigurableItemOption[] } } | null)?.extension_attributes
    ?.configurable_item_options;
  if (!Array.isArray(opts) || !opts.length) return { ok: false, reason: 'a configurable product needs its options (or the child sku)' };
  const product = await getProductBySku(db, sku);
  const selection = selectionOfOptions(product?.configurable_options ?? [], opts);
  const child = selection ? (product?.configurable_children ?? []).find((ch) => matchesSelection(ch, selection)) : undefined;
  if (!child) return { ok: false, reason: 'no such configuration for this product' };
  const childRow = await getSku(db, child.sku);
  return childRow ? { ok: true, row: childRow } : { ok: false, reason: 'no product with this sku' };
}

/** JSON of a value with every object's keys sorted, so equal values give equal strings; `dropNull` leaves out null and undefined fields. */
export function stableJson(value: unknown, { dropNull = false } = {}): string {
  const norm = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(norm)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .filter((k) => !dropNull || (v as Record<string, unknown>)[k] != null)
              .sort()
              .map((k) => [k, norm((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(norm(value));
}

/**
 * The key of a cart line's chosen options (the shop's one rule: src/lib/catalog/cart-line.ts), so a
 * line added with the same options as a line of the cart raises that line's qty, and one with other
 * options is a line of its own (as Magento's quote). The configurable choice is left to the sku: a
 * line's sku is the child it resolved to (`resolveSku`).
 */
export function optionsKey(productOption: unknown): string {
  const ext = (productOption as { extension_attributes?: Record<string, unknown> } | null)?.extension_attributes;
  if (!ext) return '';
  return optionsChecksum({ extension_attributes: { custom_options: ext.custom_options, bundle_options: ext.bundle_options } });
}
