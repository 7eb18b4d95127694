/**
 * Product listings for static pages (category pages, brand listings, home): the §5 catalogue
 * query rules, the default sort and the facet values with counts, computed at build time.
 */
import { config } from '../../config';
import { messages } from '../../messages';
import type { Attribute, Product } from '../../schemas';
import { applyQuery, buildCatalogQuery, initialQueryState, type CatalogQuery } from '../query';
import { facets as countFacets } from '../facets';

export interface FacetValue {
  /** Option id, or 'from-to' for a price range. */
  id: string;
  label: string;
  count: number;
  from?: number;
  to?: number;
  /** CSS colour of a colour value (config.colorMappings). */
  swatch?: string;
}

export interface Facet {
  /** attribute_code ('color', 'price', 'pj_material'...). */
  code: string;
  label: string;
  values: FacetValue[];
}

/** A listing's first page, its total and its facets. */
export interface Listing {
  products: Product[];
  total: number;
  facets: Facet[];
}

/** Options of `listProducts`. */
export interface ListingOptions {
  /** The category listed (descendants included); omit for a listing of the given candidates only. */
  categoryId?: number;
  categories?: { id: number; parent_id?: number | null }[];
  attributes: Attribute[];
  now: Date;
  /** Sort value; default the first of §9 (Latest). */
  sort?: string;
  /** Page size; default §9 category page size (50). */
  size?: number;
  /** Leave the price facet out (store views whose currency differs from the snapshot's). */
  withoutPrice?: boolean;
  /** Work out no facets (`facets` empty): for a listing shown only by its first products and total (the home page). */
  withoutFacets?: boolean;
}

/**
 * The first page of a listing from candidate products: the §5 always-on filters (visibility, status,
 * discontinued, stock), the category with its descendants, the sort, and facets over every match.
 */
export function listProducts(candidates: readonly Product[], opts: ListingOptions): Listing {
  const state = initialQueryState(opts.sort ? { sort: opts.sort } : {});
  const query: CatalogQuery = buildCatalogQuery(state, { categoryId: opts.categoryId ?? null, categories: opts.categories ?? [] });
  const all = applyQuery(candidates, { ...query, from: 0, size: candidates.length }, opts.now);
  const raw = opts.withoutFacets ? {} : countFacets(all.items, opts.attributes, { now: opts.now });
  const byCode = new Map(opts.attributes.map((a) => [a.attribute_code, a]));
  const out: Facet[] = [];
  const labels = new Set<string>();
  for (const [code, values] of Object.entries(raw)) {
    if (!values.length) continue;
    if (code === 'price' && opts.withoutPrice) continue;
    const label = code === 'price' ? messages.priceFilterLabel : (byCode.get(code)?.frontend_label ?? code);
    // brand and pj_brand carry the same values under the same label: show one filter.
    if (labels.has(label)) continue;
    labels.add(label);
    out.push({
      code,
      label,
      values: values.map((v) => ({
        id: v.id,
        label: v.label,
        count: v.count,
        ...(v.from !== undefined ? { from: v.from } : {}),
        ...(v.to !== undefined ? { to: v.to } : {}),
        ...(code === 'color' && config.colorMappings[v.label] ? { swatch: config.colorMappings[v.label] } : {}),
      })),
    });
  }
  return { products: all.items.slice(0, opts.size ?? config.constants.categoryPageSize), total: all.total, facets: out };
}
