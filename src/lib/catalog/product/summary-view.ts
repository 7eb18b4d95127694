/**
 * What the wishlist, compare and recently viewed lists show of a product (spec §3 Wishlist, compare
 * items, recently viewed): the summary kept in their stores, its price now, and the compare table
 * (the comparable attributes side by side). Pure; used by the islands.
 */
import { priceFieldsOf, productPrices, type ProductPrices } from '../price';
import { tileImage } from '../images';
import type { ProductSummary } from '../../state/stores/product-summary';

/** One comparable attribute of a product, in words. */
export interface CompareRow {
  code: string;
  label: string;
  value: string;
}

/**
 * The summary the product page stores in the lists. A configurable product is stored as the variant
 * chosen (./list-entry.ts): its child's sku, price, picture and page, with the product's sku in
 * `parentSku` and the chosen options in words in `options` (as a cart line names them); entries stored
 * before the lists kept the variant are the product's own, without either.
 */
export type ListProduct = {
  sku: string;
  /** The configurable product of a variant entry. */
  parentSku?: string;
  name: string;
  /** The chosen options in words ('Colour: Platinum, Size: T'). */
  options?: string;
  type_id?: string;
  price?: number | null;
  special_price?: number | null;
  special_from_date?: string | null;
  special_to_date?: string | null;
  final_price?: number | null;
  /** Image path under media/ ('/catalog/product/ring/gold.svg'). */
  image?: string | null;
  /** The product page. */
  url?: string;
  compare?: CompareRow[];
};

/** A stored list entry read back as a ListProduct (entries from other sources may lack fields). */
export function asListProduct(item: ProductSummary): ListProduct {
  const i = item as ProductSummary & Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  const compare = Array.isArray(i.compare) ? (i.compare as CompareRow[]).filter((r) => r && typeof r.label === 'string') : [];
  return {
    sku: i.sku,
    parentSku: str(i.parentSku),
    name: i.name,
    options: str(i.options),
    type_id: str(i.type_id),
    price: num(i.price),
    special_price: num(i.special_price),
    special_from_date: str(i.special_from_date) ?? null,
    special_to_date: str(i.special_to_date) ?? null,
    final_price: num(i.final_price),
    image: str(i.image) ?? str(i.thumbnail) ?? str(i.small_image) ?? null,
    url: str(i.url),
    compare,
  };
}

/** The prices of a list entry today (the special price only inside its dates); null when it has no price. */
export function listPrices(item: ListProduct, now: Date = new Date()): ProductPrices | null {
  const prices = productPrices(priceFieldsOf(item), now);
  return prices.final > 0 ? prices : null;
}

/** The tile image URL of a list entry, or null. */
export function listImage(item: ListProduct): string | null {
  return item.image ? tileImage(item.image) : null;
}

/** The compare table: one row per comparable attribute any product has, in first-seen order; a product without it shows null. */
export function compareTable(items: readonly ListProduct[]): Array<{ code: string; label: string; values: Array<string | null> }> {
  const rows: Array<{ code: string; label: string }> = [];
  for (const item of items) {
    for (const r of item.compare ?? []) if (!rows.some((x) => x.code === r.code)) rows.push({ code: r.code, label: r.label });
  }
  return rows.map((r) => ({
    ...r,
    values: items.map((item) => item.compare?.find((c) => c.code === r.code)?.value ?? null),
  }));
}

/** The list without the entry of this sku (recently viewed on a product page leaves the product itself out). */
export function withoutSku<T extends { sku: string }>(items: readonly T[], sku: string | undefined): T[] {
  return sku ? items.filter((i) => i.sku !== sku) : [...items];
}
