/**
 * The child a configurable product's URL names (/{parentSku}/{slug}/{childSku} or ?childSku=): read by
 * the product options island and by the product page's script, which preselects that child in the
 * static HTML before any island loads. Self-contained, so the page script stays small.
 */

/** The child sku a product URL names: `?childSku=` or the last path segment (/{parentSku}/{slug}/{childSku}); null when it names no child of `p`. */
export function childSkuFromUrl(p: { sku: string; configurable_children?: readonly { sku: string }[] | null }, pathname: string, search = ''): string | null {
  const fromQuery = new URLSearchParams(search).get('childSku');
  let last = '';
  try {
    last = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  } catch {
    last = '';
  }
  const children = p.configurable_children ?? [];
  for (const sku of [fromQuery, last]) {
    if (sku && sku !== p.sku && children.some((c) => c.sku === sku)) return sku;
  }
  return null;
}
