/**
 * What the product page puts on the wishlist and the compare list: the product as the shopper has
 * configured it, as Vue Storefront's lists keep it (its configured product: the chosen child's sku,
 * with the product's in `parentSku`). A configurable's entry is the chosen child: its price, its
 * picture, its page (the child URL the page itself writes after a choice), its options in words and
 * its compare rows with the chosen values; any other product's is the summary the build wrote.
 * Pure; the options island calls it for its list toggles.
 */
import { priceFieldsOf } from '../price';
import { childUrl } from '../urls';
import { chosenChild, type FormProduct, type FormState } from './form';
import { optionLabels, optionsSummary } from './form-add';
import type { ListProduct } from './summary-view';

/**
 * The list entry of the product as configured: `summary` (the product's, written by the build) for the
 * chosen child of a configurable, else `summary` itself. `childTemplate` is the configurable's child URL
 * template (the island's `urls.child`, read by src/lib/catalog/urls.ts `childUrl`).
 */
export function chosenListProduct(summary: ListProduct, p: FormProduct, state: Pick<FormState, 'selection' | 'childSku'>, childTemplate: string): ListProduct {
  const child = p.type_id === 'configurable' ? chosenChild(p, state) : undefined;
  if (!child) return summary;
  // The variant alone: the custom options (an engraving) are the bag line's, not the product's.
  const variant = { selection: state.selection, custom: {}, bundle: {} };
  const chosen = optionLabels(p, variant);
  return {
    ...summary,
    sku: child.sku,
    parentSku: p.sku,
    ...priceFieldsOf(child),
    image: child.image || summary.image,
    url: childUrl(childTemplate, child.sku),
    options: optionsSummary(p, variant),
    // A configurable option's row lists every value the product comes in: the entry's is the chosen one.
    compare: summary.compare?.map((r) => ({ ...r, value: chosen.find((c) => c.code === r.code)?.value ?? r.value })),
  };
}
