/**
 * The data a product page embeds for its own script (<script type="application/json" id="product-data">):
 * written by ProductPage.astro at build time through this schema (a build that would write anything
 * else fails there), read by the page's script in the browser with readProductPageData: a missing,
 * cut or malformed blob reads as null and the page stays as built (no child preselected, the view
 * not recorded) instead of throwing.
 *
 * The browser does not run the schema: zod is not on the product page before an island hydrates, and
 * loading it there costs 22.9 KB on load and 0.7 KB after every island hydrated (zod moves out of the
 * API client's chunk), past the page's JavaScript budget (budgets.config.ts). The reader checks the
 * fields its script reads; the schema is the contract both sides are tested against.
 */
import { z } from 'zod';
import type { ProductSummary } from '../../state/stores/product-summary';

// Pure (tree-shaken): the page's script reads the blob without loading zod.
const ChildData = /*#__PURE__*/ (() =>
  z.object({
    sku: z.string(),
    /** The child's option values by attribute code. */
    selection: z.record(z.string(), z.number()),
    available: z.boolean(),
    inStock: z.boolean(),
    image: z.string().nullable(),
    /** The child's price box, in the one price markup (src/lib/catalog/price-markup.ts). */
    price: z.string(),
  }))();

export const ProductPageDataSchema = /*#__PURE__*/ (() =>
  z.object({
    id: z.number(),
    sku: z.string(),
    type: z.string(),
    defaultChildSku: z.string().nullable(),
    children: z.array(ChildData),
    /** What recently viewed keeps of the product: a product summary (sku and name at least). */
    viewed: z.looseObject({ sku: z.string(), name: z.string() }),
  }))();

export type ProductPageData = Omit<z.output<typeof ProductPageDataSchema>, 'viewed'> & { viewed: ProductSummary };

/** The page's embedded data from the blob's text, or null (with a console warning) when it is missing or is not what the build writes. */
export function readProductPageData(raw: string | null | undefined): ProductPageData | null {
  let data: Partial<ProductPageData> | null = null;
  try {
    data = raw ? (JSON.parse(raw) as Partial<ProductPageData>) : null;
  } catch {
    // reported below
  }
  const ok =
    typeof data?.viewed?.sku === 'string' &&
    Array.isArray(data.children) &&
    data.children.every((c) => typeof c?.sku === 'string' && typeof c.price === 'string' && c.selection instanceof Object);
  if (!ok) console.warn('#product-data: missing or malformed');
  return ok ? (data as ProductPageData) : null;
}
