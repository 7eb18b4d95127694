/**
 * Configurable products (spec §4 Configurable product, §5): variant availability, choosing a
 * variant from selected options, fallback to the default child, the wrong-attributes rule.
 */
import { config } from '../config';
import { messages } from '../messages';

/** Switch values the variant rules read; default to `config.switches`. */
export interface VariantOptions {
  /** Out-of-stock listing (config.switches.listOutOfStockProducts). */
  listOutOfStock?: boolean;
}

/** The fields of a configurable child the rules read. */
export interface VariantLike {
  sku?: string;
  status: number;
  stock: { is_in_stock: boolean };
  custom_attributes?: { attribute_code: string; value: unknown }[] | null;
  [key: string]: unknown;
}

/** Option code to option value id, e.g. { color: 49, size: 167 }. */
export type Selection = Record<string, number>;

const listOutOfStock = (opts: VariantOptions = {}) => opts.listOutOfStock ?? config.switches.listOutOfStockProducts;

/** A child is unavailable if its status is 2 or higher, or it is out of stock while out-of-stock listing is off. */
export function isVariantAvailable(child: Pick<VariantLike, 'status' | 'stock'>, opts: VariantOptions = {}): boolean {
  if (child.status >= 2) return false;
  return listOutOfStock(opts) || child.stock?.is_in_stock === true;
}

/** True when a child can be sold now: status below 2 and in stock (whatever the listing switch). */
export function isVariantSellable(child: Pick<VariantLike, 'status' | 'stock'>): boolean {
  return isVariantAvailable(child, { listOutOfStock: false });
}

/** The default child: the first sellable one, else the first available one (see findVariant), or undefined. */
export function defaultChild<C extends Pick<VariantLike, 'status' | 'stock'>>(
  product: { configurable_children?: C[] | null },
  opts: VariantOptions = {},
): C | undefined {
  return findVariant(product, {}, opts);
}

/** The value of an option attribute on a child: its own field, else its custom_attributes entry. */
export function childAttribute(child: VariantLike, code: string): unknown {
  const own = child[code];
  if (own !== undefined && own !== null) return own;
  return child.custom_attributes?.find((a) => a.attribute_code === code)?.value;
}

/**
 * True when the child carries every selected option value (compared as text, so 49 and '49' are one
 * value). The one variant match of the storefront and the API (server/catalog.ts `resolveSku`).
 */
export function matchesSelection(child: VariantLike, selection: Readonly<Record<string, number | string | null | undefined>>): boolean {
  for (const code in selection) {
    const want = selection[code];
    if (want === undefined || want === null) continue;
    const have = childAttribute(child, code);
    if (have === undefined || have === null || String(have) !== String(want)) return false;
  }
  return true;
}

/**
 * The child a selection stands for (§4): the first available child matching it, a sellable one first.
 * With out-of-stock listing off only sellable children are available, so this is §4's rule as
 * written; with listing on an out-of-stock child is chosen only when no matching child is in stock,
 * so a page never preselects a size it cannot sell while another size is in stock (the page, the
 * options island and the JSON-LD then agree that the product is in stock).
 */
export function findVariant<C extends Pick<VariantLike, 'status' | 'stock'>>(
  product: { configurable_children?: C[] | null },
  selection: Selection,
  opts: VariantOptions = {},
): C | undefined {
  const matching = (product.configurable_children ?? []).filter((c) => isVariantAvailable(c, opts) && matchesSelection(c as unknown as VariantLike, selection));
  return matching.find(isVariantSellable) ?? matching[0];
}

/** The child with this sku, or undefined. */
export function findChildBySku<C extends VariantLike>(product: { configurable_children?: C[] | null }, sku: string): C | undefined {
  return (product.configurable_children ?? []).find((c) => c.sku === sku);
}

/** The selection a child stands for: its value for each configurable option of the product. */
export function selectionOf(product: { configurable_options?: { attribute_code: string }[] | null }, child: VariantLike): Selection {
  const out: Selection = {};
  for (const o of product.configurable_options ?? []) {
    const v = childAttribute(child, o.attribute_code);
    if (v !== undefined && v !== null && !Number.isNaN(Number(v))) out[o.attribute_code] = Number(v);
  }
  return out;
}

/** The product shape `configureProduct` needs. */
export interface ConfigurableLike {
  sku: string;
  configurable_children?: VariantLike[] | null;
  configurable_options?: { attribute_code: string }[] | null;
  errors?: Record<string, string | null>;
  is_configured?: boolean | null;
}

/** What `configureProduct` returns. */
export interface Configured<P, C> {
  /** The product with the child's sku, prices, stock and image merged in, `parentSku` set and is_configured true. */
  product: P & { parentSku: string; is_configured: true };
  /** The chosen child, or undefined when none is available. */
  child: C | undefined;
  /** The selection that the chosen child stands for (may differ from the asked one after a fallback). */
  selection: Selection;
  /** 'No available product variants' when no child can be chosen. */
  error?: string;
}

// Fields of a child that never replace the parent's (VSF omits name and visibility too).
const KEEP_PARENT = new Set(['name', 'visibility', 'url_key', 'url_path', 'slug', 'type_id', 'custom_attributes']);

/**
 * Chooses options: picks the first available child matching the selection; if none matches, the
 * default child (first available); if there is none, sets errors.variants to
 * 'No available product variants'. is_configured becomes true either way.
 */
export function configureProduct<P extends ConfigurableLike, C extends VariantLike = NonNullable<P['configurable_children']>[number]>(
  product: P,
  selected: Selection,
  opts: VariantOptions = {},
): Configured<P, C> {
  const child = (findVariant(product, selected, opts) ?? defaultChild(product, opts)) as C | undefined;
  const parentSku = (product as { parentSku?: string }).parentSku ?? product.sku;
  const errors = { ...(product.errors ?? {}) };
  let merged: Record<string, unknown> = { ...(product as Record<string, unknown>) };
  if (child) {
    delete errors.variants;
    for (const [k, v] of Object.entries(child)) {
      if (KEEP_PARENT.has(k) || v === undefined || v === null || v === '') continue;
      merged[k] = v;
    }
  } else {
    errors.variants = messages.noAvailableVariants;
  }
  merged = { ...merged, parentSku, is_configured: true, errors };
  const result: Configured<P, C> = {
    product: merged as unknown as P & { parentSku: string; is_configured: true },
    child,
    selection: child ? selectionOf(product, child) : { ...selected },
  };
  if (!child) result.error = messages.noAvailableVariants;
  return result;
}

/** What `changeSelection` returns. */
export interface SelectionChange<C> {
  selection: Selection;
  child: C | undefined;
  /** The wrong-attributes notice when the choice had no variant and the previous selection was restored. */
  notice?: string;
}

/**
 * A shopper changes one option on the product page: the new selection stands when an available
 * variant matches it; otherwise the previous selection is restored with the wrong-attributes notice.
 */
export function changeSelection<C extends VariantLike>(
  product: { configurable_children?: C[] | null },
  previous: Selection,
  code: string,
  value: number,
  opts: VariantOptions = {},
): SelectionChange<C> {
  const next = { ...previous, [code]: value };
  const child = findVariant(product, next, opts);
  if (child) return { selection: next, child };
  return { selection: { ...previous }, child: findVariant(product, previous, opts), notice: messages.wrongAttributes };
}

/** True when choosing `value` for `code` (keeping the other selected options) has an available variant. */
export function isOptionValueAvailable(
  product: { configurable_children?: VariantLike[] | null },
  selection: Selection,
  code: string,
  value: number,
  opts: VariantOptions = {},
): boolean {
  return findVariant(product, { ...selection, [code]: value }, opts) !== undefined;
}
