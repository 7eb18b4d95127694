/**
 * Prices through vue-storefront-api's own price code: a catalogue served as VSFA serves it with
 * `tax.calculateServerSide` on (the npm package `vsf-utilities`, run by tests/vsfa/product-processor.ts)
 * imports to the same prices, to the penny, as the same records read from a dump, in each of VSFA's
 * tax configurations; and the prices a UK shop's catalogue (VAT-inclusive) shows are its own.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assembleSnapshot, type CatalogInput } from '../../src/lib/import/assemble';
import { ImportConfigSchema } from '../../src/lib/import/config';
import { DUMP_FILES } from '../../src/lib/import/dump';
import { VSF_ENTITIES, type VsfEntity } from '../../src/lib/import/to-vsf';
import { importFromDump } from '../../src/lib/import/vsf-import';
import * as snap from '../../src/lib/snapshot/read';
import type { Product } from '../../src/lib/schemas';
import { processProducts, vsfaSign, type VsfaProcessorConfig } from '../vsfa/product-processor';

type Rec = Record<string, unknown>;

const ACTIVE = { special_from_date: '2020-01-01 00:00:00', special_to_date: '2099-12-31 00:00:00' };
const EXPIRED = { special_from_date: '2019-01-01 00:00:00', special_to_date: '2019-12-31 00:00:00' };
const FUTURE = { special_from_date: '2098-01-01 00:00:00', special_to_date: '2099-01-01 00:00:00' };

const stock = { is_in_stock: true, qty: 5 };
const simple = (id: number, sku: string, cls: number, prices: Rec): Rec => ({
  id,
  sku,
  name: sku,
  type_id: 'simple',
  tax_class_id: String(cls),
  status: 1,
  visibility: 4,
  category_ids: ['3'],
  stock,
  ...prices,
});
const child = (id: number, sku: string, prices: Rec): Rec => ({ id, sku, name: sku, status: 1, stock, size: 100 + id, ...prices });

/** Magento's catalogue as its indexer writes it (prices as entered in Magento, whichever way the shop enters them). */
const RAW: Rec[] = [
  simple(1, 'RING', 2, { price: 1200, special_price: 960, final_price: 960, ...ACTIVE }),
  simple(2, 'WATCH', 2, { price: 4131.81, final_price: 4131.81 }),
  simple(3, 'EXPIRED', 2, { price: 500, special_price: 400, final_price: 500, ...EXPIRED }),
  simple(4, 'FUTURE', 2, { price: 300, special_price: 250, final_price: 300, ...FUTURE }),
  simple(5, 'RULE', 2, { price: 200, final_price: 170 }),
  simple(6, 'RULE-BELOW-SPECIAL', 2, { price: 1000, special_price: 900, final_price: 850, ...ACTIVE }),
  simple(7, 'RULE-EXPIRED-SPECIAL', 2, { price: 800, special_price: 700, final_price: 720, ...EXPIRED }),
  simple(8, 'REDUCED', 5, { price: 19.99, final_price: 19.99 }),
  simple(9, 'NONE', 0, { price: 50, final_price: 50 }),
  simple(10, 'NO-RULE', 9, { price: 80, final_price: 80 }),
  simple(11, 'TIERS', 2, {
    price: 100,
    final_price: 100,
    tier_prices: [
      { customer_group_id: 1, qty: 1, value: 90 },
      { customer_group_id: 0, qty: 5, value: 80 },
    ],
  }),
  ...[0, 150].map((parentPrice, i) =>
    simple(20 + i, `BANGLE-${parentPrice}`, 2, {
      type_id: 'configurable',
      price: parentPrice,
      final_price: parentPrice,
      configurable_options: [{ id: 1, attribute_id: 142, attribute_code: 'size', label: 'Size', values: [{ value_index: 121, label: 'S' }] }],
      configurable_children: [
        child(200 + i * 10, `BANGLE-${parentPrice}-S`, { price: 150, special_price: 120, final_price: 120, ...ACTIVE }),
        child(201 + i * 10, `BANGLE-${parentPrice}-M`, { price: 160, final_price: 140 }),
        child(202 + i * 10, `BANGLE-${parentPrice}-L`, { price: 170, special_price: 150, final_price: 170, ...FUTURE }),
      ],
    }),
  ),
];

const TAX_RULES: Rec[] = [
  {
    id: 1,
    code: 'UK VAT',
    customer_tax_class_ids: [3],
    product_tax_class_ids: [2],
    rates: [{ id: 1, tax_country_id: 'GB', tax_region_id: 0, rate: 20, code: 'GB 20%' }],
  },
  {
    id: 2,
    code: 'UK reduced',
    customer_tax_class_ids: [3],
    product_tax_class_ids: [5],
    rates: [{ id: 2, tax_country_id: 'GB', tax_region_id: 0, rate: 5, code: 'GB 5%' }],
  },
];

const CATEGORIES: Rec[] = [
  { id: 2, name: 'Root', parent_id: 1, level: 1, path: '1/2' },
  { id: 3, name: 'Jewellery', parent_id: 2, level: 2, path: '1/2/3', url_key: 'jewellery' },
];

const names = Object.fromEntries(VSF_ENTITIES.map((e) => [e, e])) as Record<VsfEntity, string>;
const input = (products: Rec[]): CatalogInput => ({
  product: products.map((source) => ({ source })),
  taxrule: TAX_RULES.map((source) => ({ source })),
  category: CATEGORIES.map((source) => ({ source })),
});

/** VSFA's configuration with calculateServerSide on. */
const vsfa = (tax: Partial<VsfaProcessorConfig['tax']>): VsfaProcessorConfig => ({
  objHashSecret: 'test-secret',
  taxRules: TAX_RULES,
  tax: { calculateServerSide: true, defaultCountry: 'GB', defaultRegion: '', ...tax },
});
const served = (tax: Partial<VsfaProcessorConfig['tax']>) =>
  processProducts(
    RAW.map((_source) => ({ _source })),
    null,
    vsfa(tax),
  ).map((h) => h._source);

/** The import configuration that says what VSFA's says: prices entered with VAT or without. */
const importConfig = (source: boolean, final: boolean) => ImportConfigSchema.parse({ prices: { include_tax: source, final_price_include_tax: final } });

/** Every price field the shop reads, product by product and child by child (a special price of 0 is none). */
function priceTable(products: Product[]) {
  const row = (p: { sku: string; price?: unknown; special_price?: unknown; final_price?: unknown; special_from_date?: unknown }) => ({
    sku: p.sku,
    price: p.price,
    special: Number(p.special_price) > 0 ? p.special_price : null,
    final: p.final_price ?? null,
    from: p.special_from_date ?? null,
  });
  return products.flatMap((p) => [row(p), ...(p.configurable_children ?? []).map(row), ...(p.tier_prices ?? []).map((t) => ({ sku: `${p.sku} tier`, ...t }))]);
}

const imported = (products: Rec[], source: boolean, final: boolean) => {
  const r = assembleSnapshot(input(products), importConfig(source, final), names);
  expect(r.fatal).toBeNull();
  expect(r.problems.filter((p) => p.skipped)).toEqual([]);
  return r.products;
};

describe('a catalogue served through VSFA imports to the prices of its dump', () => {
  const configurations = [true, false].flatMap((source) =>
    [true, false].flatMap((final) =>
      [true, false].flatMap((deprecated) =>
        [null, 3, 1].map((userGroupId) => ({
          sourcePriceIncludesTax: source,
          finalPriceIncludesTax: final,
          deprecatedPriceFieldsSupport: deprecated,
          userGroupId,
        })),
      ),
    ),
  );
  it.each(configurations)(
    'sourcePriceIncludesTax $sourcePriceIncludesTax, finalPriceIncludesTax $finalPriceIncludesTax, deprecatedPriceFieldsSupport $deprecatedPriceFieldsSupport, userGroupId $userGroupId',
    (tax) => {
      const fromDump = priceTable(imported(RAW, tax.sourcePriceIncludesTax, tax.finalPriceIncludesTax));
      const fromVsfa = priceTable(imported(served(tax), tax.sourcePriceIncludesTax, tax.finalPriceIncludesTax));
      expect(fromVsfa).toEqual(fromDump);
    },
  );

  it('every amount is rounded to the penny', () => {
    for (const source of [true, false]) {
      const rows = priceTable(imported(served({ sourcePriceIncludesTax: source }), source, true));
      for (const r of rows) for (const v of Object.values(r)) if (typeof v === 'number') expect(Math.round(v * 100) / 100).toBe(v);
    }
  });
});

describe('a UK catalogue (prices entered with VAT) served through VSFA', () => {
  // VSFA rewrites `price` to the net price and writes the gross in `price_incl_tax` & co.; the camelCase
  // copies only with deprecatedPriceFieldsSupport, which vsf-utilities leaves off.
  const uk = imported(served({ sourcePriceIncludesTax: true, finalPriceIncludesTax: true }), true, true);
  const bySku = new Map(uk.map((p) => [p.sku, p]));

  it('imports the prices the shop entered, not their net amounts (4131.81, not 3443.18)', () => {
    expect(bySku.get('WATCH')).toMatchObject({ price: 4131.81 });
    expect(bySku.get('RING')).toMatchObject({ price: 1200, special_price: 960 });
    expect(bySku.get('REDUCED')).toMatchObject({ price: 19.99 });
    expect(bySku.get('NONE')).toMatchObject({ price: 50 });
  });

  it('keeps a special price outside its dates (VSFA answers it as 0) with its dates, and the catalogue rule price', () => {
    expect(bySku.get('FUTURE')).toMatchObject({ price: 300, special_price: 250, ...FUTURE });
    expect(bySku.get('EXPIRED')).toMatchObject({ price: 500, special_price: 400 });
    expect(bySku.get('RULE')).toMatchObject({ price: 200, final_price: 170 });
    expect(bySku.get('RULE-BELOW-SPECIAL')).toMatchObject({ price: 1000, special_price: 900, final_price: 850 });
  });

  it('configurable children keep their own prices; tier prices stay as entered', () => {
    expect(bySku.get('BANGLE-0')!.configurable_children!.map((c) => [c.price, c.special_price ?? null, c.final_price])).toEqual([
      [150, 120, 120],
      [160, null, 140],
      [170, 150, 170],
    ]);
    expect(bySku.get('TIERS')!.tier_prices).toEqual([
      { customer_group_id: 1, qty: 1, value: 90 },
      { customer_group_id: 0, qty: 5, value: 80 },
    ]);
  });

  it('a catalogue entered without VAT gets the rate of its tax class added', () => {
    const net = new Map(imported(served({ sourcePriceIncludesTax: false, finalPriceIncludesTax: false }), false, false).map((p) => [p.sku, p]));
    expect(net.get('RING')).toMatchObject({ price: 1440, special_price: 1152 });
    expect(net.get('REDUCED')).toMatchObject({ price: 20.99 }); // 19.99 + 5 %, 20.9895 to the penny
    expect(net.get('RULE')).toMatchObject({ price: 240, final_price: 204 });
    expect(net.get('NO-RULE')).toMatchObject({ price: 96 }); // a class no rule names: the configuration's 20 %
  });
});

describe('the dump path reads the same records from a folder', () => {
  const work = mkdtempSync(join(tmpdir(), 'vsf-prices-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  it('importFromDump of the VSFA answer and of the raw records give the same prices', async () => {
    const write = async (name: string, products: Rec[]) => {
      const dir = join(work, name);
      mkdirSync(dir);
      writeFileSync(join(dir, DUMP_FILES.product), products.map((p) => JSON.stringify(p)).join('\n'));
      writeFileSync(join(dir, DUMP_FILES.taxrule), TAX_RULES.map((p) => JSON.stringify(p)).join('\n'));
      writeFileSync(join(dir, DUMP_FILES.category), CATEGORIES.map((p) => JSON.stringify(p)).join('\n'));
      await importFromDump(dir, { out: join(work, `${name}-out`), config: importConfig(true, true) }).catch(() => undefined);
      return priceTable(snap.readProducts(join(work, `${name}-out`)));
    };
    // (The content routes' CMS pages are missing: the import writes the snapshot and reports them.)
    expect(await write('vsfa', served({ sourcePriceIncludesTax: true }))).toEqual(await write('raw', RAW));
  });
});

describe('the signature VSFA puts on each product (sgn)', () => {
  it("is the HS256 HMAC of { priceInclTax, sku } with objHashSecret on a child; a product's covers its price alone (VSFA takes the sku of the hit, which has none)", () => {
    const out = processProducts(
      [{ _source: RAW[0]! }, { _source: RAW[11]! }],
      null,
      vsfa({ sourcePriceIncludesTax: true, deprecatedPriceFieldsSupport: true }),
      {
        sourceExclude: 'description',
      },
    );
    const hmac = (text: string) => execFileSync('openssl', ['dgst', '-sha256', '-hmac', 'test-secret', '-binary'], { input: text }).toString('base64url');
    const text = JSON.stringify({ priceInclTax: 960 });
    expect(out[0]!._source.sgn).toBe(hmac(text));
    expect(vsfaSign(text, 'test-secret')).toBe(hmac(text));
    const children = out[1]!._source.configurable_children as Rec[];
    for (const c of children) expect(c.sgn).toBe(hmac(JSON.stringify({ priceInclTax: c.priceInclTax, sku: c.sku })));
  });
  it('is left off when the request has no _source_exclude or excludes sgn', () => {
    for (const sourceExclude of [undefined, 'sgn,description']) {
      const out = processProducts([{ _source: RAW[0]! }], null, vsfa({}), { sourceExclude });
      expect(out[0]!._source.sgn).toBeUndefined();
    }
  });
  it('leaves the records it was given as they were', () => {
    const hits = [{ _source: structuredClone(RAW[0]!) }];
    processProducts(hits, null, vsfa({ sourcePriceIncludesTax: true }), { sourceExclude: '' });
    expect(hits[0]!._source).toEqual(RAW[0]);
  });
});
