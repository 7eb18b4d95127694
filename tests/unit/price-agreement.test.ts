/**
 * One price everywhere (§2 product page and AMP, §4 Option prices): for every sample product with a
 * page, the price the static page and its tile show, the JSON-LD offer and what the cart charges
 * for the default choices (the island's cart line, then the reference API's unit price for that
 * line) are the same number.
 */
import { describe, expect, it } from 'vitest';
import { buildTime, catalog, hasProductPage } from '../../src/lib/routing/routes';
import { productPageData } from '../../src/lib/build/product-page-data';
import { productIslandProps } from '../../src/lib/build/product-island-props';
import { initialFormState } from '../../src/lib/catalog/product/form';
import { checkAdd } from '../../src/lib/catalog/product/form-add';
import { unitPrice, type SkuRow } from '../../server/pricing';
import { skuRow } from '../../server/seed';
import type { Product } from '../../src/lib/schemas';
import { messages } from '../../src/lib/messages';

/** The reference API's row of a sku (server/seed.ts). */
const skuRowOf = (p: Product, childSku: string | null): SkuRow => skuRow(p, childSku ? p.configurable_children?.find((x) => x.sku === childSku) : undefined);

function jsonLdOffer(jsonLd: unknown[]): number {
  const product = jsonLd.find((x) => (x as { '@type'?: string })['@type'] === 'Product') as { offers: { price: string } };
  return Number(product.offers.price);
}

describe('price agreement over the sample catalogue', () => {
  const now = buildTime();
  // Grouped products show no price of their own (§2: hidden for grouped); the shopper picks the quantities.
  const products = catalog().products.filter((p) => hasProductPage(p) && p.type_id !== 'grouped');

  it('covers every product type the sample has', () => {
    expect(new Set(products.map((p) => p.type_id))).toEqual(new Set(['simple', 'configurable', 'virtual', 'bundle', 'downloadable']));
  });

  it('the static price, the json-ld offer and the cart price for the default choices agree for every product', () => {
    const disagreements: string[] = [];
    for (const p of products) {
      const d = productPageData(p.id);
      const props = productIslandProps(d);
      const state = initialFormState(props.product, { grouped: props.grouped });
      // A required text (engraving) is the shopper's to type: any text, as a shopper would.
      for (const o of props.product.custom_options) if (o.is_require && (o.type === 'field' || o.type === 'area')) state.custom[o.option_id] = 'PJ';
      const check = checkAdd(props.product, state, { now, allowOutOfStock: true }, props.grouped);
      const staticPrice = d.prices.final;
      const offer = jsonLdOffer(d.jsonLd);
      // A configurable whose every option is withdrawn cannot be added at all (§8 'no such configuration').
      if (!check.ok && check.message === messages.noSuchConfiguration && staticPrice === offer) continue;
      const line = check.ok ? check.lines[0]! : null;
      const cart = line ? line.price : NaN;
      const charged = line ? unitPrice(skuRowOf(p, line.sku === p.sku ? null : String(line.sku)), line.product_option, now) : NaN;
      if (!(staticPrice === offer && offer === cart && cart === charged))
        disagreements.push(`${p.sku}: page ${staticPrice}, json-ld ${offer}, cart ${cart}, charged ${charged}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('a bundle is priced by its required default choices, the optional extra left out', () => {
    // BND-1021: Bracelet (radio, required) default DL1320 at £249 (its special price ended on
    // 21/9/2026); Charms (checkbox, required) default LL1168 at £32.99; "Add a charm" is optional
    // with no default. 249 + 32.99 = 281.99, what the tile and the JSON-LD said all along.
    const p = catalog().products.find((x) => x.sku === 'BND-1021')!;
    const d = productPageData(p.id);
    const props = productIslandProps(d);
    const state = initialFormState(props.product);
    expect(state.bundle).toEqual({ 10211: { linkIds: [102100], qty: 1 }, 10212: { linkIds: [102110], qty: 1 }, 10213: { linkIds: [], qty: 1 } });
    expect(d.prices.final).toBe(281.99);
    const check = checkAdd(props.product, state, { now: new Date('2026-11-24T12:00:00Z'), allowOutOfStock: true });
    expect(check.ok && check.lines[0]!.price).toBe(281.99);
  });
});

describe('the API prices options by the product page rule', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const bundle = {
    id: 900,
    sku: 'SET-900',
    type_id: 'bundle',
    price: 0,
    special_price: null,
    special_from_date: null,
    special_to_date: null,
    bundle_options: [{ option_id: 1, required: true, type: 'radio', product_links: [{ id: 11, qty: 3, is_default: true, price: 40, product: null }] }],
    custom_options: [
      {
        option_id: 5,
        type: 'checkbox',
        is_require: false,
        values: [
          { option_type_id: 51, price: 10, price_type: 'percent' },
          { option_type_id: 52, price: 2, price_type: 'fixed' },
        ],
      },
      { option_id: 6, type: 'field', is_require: false, price: 5, price_type: 'fixed', values: [] },
    ],
  };
  const row: SkuRow = {
    sku: bundle.sku,
    product_id: bundle.id,
    parent_sku: null,
    name: 'Set',
    type_id: 'bundle',
    price: 0,
    special_price: null,
    special_from_date: null,
    special_to_date: null,
    status: 1,
    tax_class_id: null,
    data: JSON.stringify({ bundle_options: bundle.bundle_options, custom_options: bundle.custom_options }),
  };

  it('a bundle selection without a quantity counts once (§5: the quantity input defaults to 1), not the link quantity', () => {
    const line = { extension_attributes: { bundle_options: [{ option_id: 1, option_selections: [11] }] } };
    expect(unitPrice(row, line, now)).toBe(40);
    expect(unitPrice(row, { extension_attributes: { bundle_options: [{ option_id: 1, option_qty: 2, option_selections: [11] }] } }, now)).toBe(80);
  });

  it('a bundle line without choices costs what its default choices cost, as its page shows', () => {
    expect(unitPrice(row, null, now)).toBe(40);
  });

  it('custom options add to the bundle price: checkbox ids joined by commas, a percent of the bundle price, a filled field', () => {
    const line = {
      extension_attributes: {
        bundle_options: [{ option_id: 1, option_qty: 1, option_selections: [11] }],
        custom_options: [
          { option_id: 5, option_value: '51,52' },
          { option_id: 6, option_value: 'For Ann' },
        ],
      },
    };
    // 40 + 10% of 40 + 2 + 5
    expect(unitPrice(row, line, now)).toBe(51);
  });
});
