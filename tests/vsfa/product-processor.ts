/**
 * What vue-storefront-api does to product hits before it answers a catalogue search (its
 * `src/processor/product.js` and `src/platform/magento2/tax.js`), for the test backend that behaves
 * as VSFA. With `tax.calculateServerSide` on, each product goes through VSFA's own price code, the
 * npm package `vsf-utilities` (`calculateProductTax`), with the index's tax rules: `price` becomes the
 * net price the shopper pays today, the gross amounts land in `*_incl_tax` fields (camelCase copies
 * only with `deprecatedPriceFieldsSupport`), a special price outside its dates becomes 0. Then, when
 * the request names `_source_exclude` without `sgn`, each product and configurable child is signed:
 * an HS256 HMAC (jwa) over `{ priceInclTax }` (calculateServerSide on) or `{ price }` (off) plus the
 * `sku` (or the `id` with `tax.alwaysSyncPlatformPricesOver`), keyed with `objHashSecret`. VSFA takes
 * that `sku` (or `id`) of the object it signs: a configurable child's own, but for a product the
 * search *hit*, which has none (`_id`, `_source`, no `sku`), so a product's signature covers its price
 * alone, and the order route, which always adds the order line's `sku`, never accepts it.
 *
 * VSFA's quirks kept: the tax rules are those its unsized search of the taxrule entity returns
 * (Elasticsearch's default, the first 10); with `tax.userGroupId` a number, the tax class is the rule
 * naming that id among its customer tax classes, whatever the request's group (VSFA passes its
 * configured id, not the shopper's), and no rule found means no tax at all; the signature reads the
 * camelCase `priceInclTax`, absent without `deprecatedPriceFieldsSupport`. Not modelled: price tiers
 * (`usePriceTiers`), the compact response format, multistore tax settings.
 */
import { createHmac } from 'node:crypto';
import { calculateProductTax, checkIfTaxWithUserGroupIsActive, getUserGroupIdToUse } from 'vsf-utilities';

type Rec = Record<string, unknown>;

/** The part of VSFA's configuration (config/default.json) the product processor reads. */
export interface VsfaProcessorConfig {
  objHashSecret: string;
  usePriceTiers?: boolean;
  tax: {
    calculateServerSide: boolean;
    defaultCountry: string;
    defaultRegion?: string;
    sourcePriceIncludesTax?: boolean;
    finalPriceIncludesTax?: boolean;
    deprecatedPriceFieldsSupport?: boolean;
    userGroupId?: number | null;
    useOnlyDefaultUserGroupId?: boolean;
    alwaysSyncPlatformPricesOver?: boolean;
  };
  /** The `_source` of the index's taxrule records, in the index's order. */
  taxRules: Rec[];
}

/** The request's query parameters the processor reads. */
export interface ProcessorRequest {
  /** `_source_exclude`: products are signed only when it is given and does not name `sgn`. */
  sourceExclude?: string;
}

/** Elasticsearch's default page size: VSFA's search for the tax rules names none. */
const ES_DEFAULT_SIZE = 10;

/** jwa's HS256 signature: HMAC-SHA256 of the JSON text, base64url without padding. */
export function vsfaSign(payload: unknown, secret: string): string {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/**
 * What VSFA signs (`sgnSrc`): the price of `priced` and the sku (or id) of `named`: for a child both
 * are the child, for a product `priced` is its `_source` and `named` its hit.
 */
export function signedFields(priced: Rec, config: VsfaProcessorConfig, named: Rec = priced): Rec {
  const sgn: Rec = config.tax.calculateServerSide === true ? { priceInclTax: priced.priceInclTax } : { price: priced.price };
  if (config.tax.alwaysSyncPlatformPricesOver) sgn.id = named.id;
  else sgn.sku = named.sku;
  return sgn;
}

/** The product hits as VSFA answers them: copies, prices computed and signed; the hits given are left as they were. */
export function processProducts<H extends { _source: Rec }>(
  hits: readonly H[],
  groupId: number | null,
  config: VsfaProcessorConfig,
  request: ProcessorRequest = {},
): H[] {
  if (config.usePriceTiers) throw new Error('usePriceTiers is not modelled by the test backend');
  const out = hits.map((h) => structuredClone(h));
  const tax = config.tax;
  if (tax.calculateServerSide) {
    const taxClasses = config.taxRules.slice(0, ES_DEFAULT_SIZE);
    const active = checkIfTaxWithUserGroupIsActive(tax);
    // As tax.js does: the group is the configured one whenever user-group taxes are on; the request's is not used.
    const group = active ? getUserGroupIdToUse(tax.userGroupId, tax) : null;
    void groupId;
    for (const h of out)
      calculateProductTax({
        product: h._source,
        taxClasses,
        taxCountry: tax.defaultCountry,
        taxRegion: tax.defaultRegion ?? '',
        sourcePriceInclTax: tax.sourcePriceIncludesTax ?? false,
        deprecatedPriceFieldsSupport: tax.deprecatedPriceFieldsSupport ?? false,
        finalPriceInclTax: tax.finalPriceIncludesTax ?? true,
        userGroupId: group,
        isTaxWithUserGroupIsActive: active && typeof group === 'number',
      });
  }
  // VSFA looks for the text 'sgn' anywhere in the parameter.
  if (request.sourceExclude !== undefined && !request.sourceExclude.includes('sgn'))
    for (const h of out) {
      const p = h._source;
      p.sgn = vsfaSign(signedFields(p, config, h as unknown as Rec), config.objHashSecret);
      if (Array.isArray(p.configurable_children))
        for (const c of p.configurable_children as Rec[]) if (c) c.sgn = vsfaSign(signedFields(c, config), config.objHashSecret);
    }
  return out;
}
