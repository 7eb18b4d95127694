/**
 * Product listings for static pages (category pages, brand listings, home): the §5 catalogue
 * query rules, the default sort and the facet values with counts, computed at build time.
 */
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
