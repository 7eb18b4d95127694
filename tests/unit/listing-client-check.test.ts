/**
 * The listing file's hand-written check (src/lib/catalog/listing/client.ts `checkListingFile`, what the
 * browser runs) against its zod declaration (src/lib/catalog/listing/schema.ts ListingFileSchema): the
 * same verdict on the files the build writes and on every way one of them can be wrong below.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/lib/routing/routes';
import { listedCategoryIds, listingFile, searchListingFile } from '../../src/lib/build/listing-file';
import { checkListingFile, fetchListing } from '../../src/lib/catalog/listing/client';
import { ListingFileSchema } from '../../src/lib/catalog/listing/schema';

const rings = catalog().categories.find((c) => c.url_path === 'rings')!;
/** A file as the browser gets it (a JSON round trip), with a configurable product first (kids) and every optional field on one product. */
function sample(): Record<string, unknown> {
  const file = JSON.parse(JSON.stringify(listingFile(rings.id)));
  const kid = file.products.findIndex((p: { kids?: unknown }) => p.kids);
  if (kid > 0) [file.products[0], file.products[kid]] = [file.products[kid], file.products[0]];
  Object.assign(file.products[0], { img: '/a.jpg', ph: '#a0b1c2', hover: '/b.jpg', badge: 'sale' });
  return file;
}

const zodSays = (data: unknown) => ListingFileSchema.safeParse(data).success;
const handSays = (data: unknown) => {
  try {
    checkListingFile(data);
    return true;
  } catch {
    return false;
  }
};

type Change = [string, (f: any) => void];
/** Ways a file can be wrong (each should be refused), and changes that leave it right (each should pass). */
const wrong: Change[] = [
  ['not an object', () => {}],
  ['v is 2', (f) => (f.v = 2)],
  ['v missing', (f) => delete f.v],
  ['id a string', (f) => (f.id = '3')],
  ['sort missing', (f) => delete f.sort],
  ['total a string', (f) => (f.total = '10')],
  ['facets not an array', (f) => (f.facets = {})],
  ['a facet without code', (f) => delete f.facets[0].code],
  ['a facet label a number', (f) => (f.facets[0].label = 1)],
  ['facet values not an array', (f) => (f.facets[0].values = null)],
  ['a facet value count a string', (f) => (f.facets[0].values[0].count = '2')],
  ['a facet value id a number', (f) => (f.facets[0].values[0].id = 2)],
  ['a facet value from a string', (f) => (f.facets[0].values[0].from = '0')],
  ['a facet value swatch a number', (f) => (f.facets[0].values[0].swatch = 1)],
  ['a facet value null', (f) => (f.facets[0].values[0] = null)],
  ['products missing', (f) => delete f.products],
  ['a product an array', (f) => (f.products[0] = [])],
  ['a product id a string', (f) => (f.products[0].id = 'x')],
  ['a product without sku', (f) => delete f.products[0].sku],
  ['a product type a number', (f) => (f.products[0].type = 1)],
  ['a product name null', (f) => (f.products[0].name = null)],
  ['a product url missing', (f) => delete f.products[0].url],
  ['a product img a number', (f) => (f.products[0].img = 1)],
  ['a placeholder not #rrggbb', (f) => (f.products[0].ph = 'red')],
  ['a placeholder in capitals', (f) => (f.products[0].ph = '#A0B1C2')],
  ['a hover null', (f) => (f.products[0].hover = null)],
  ['a price of two amounts', (f) => (f.products[0].price = [1, null])],
  ['a price of four amounts', (f) => (f.products[0].price = [1, null, 1, 1])],
  ['a price whose original is null', (f) => (f.products[0].price = [null, null, 1])],
  ['a price whose final is a string', (f) => (f.products[0].price = [1, null, '1'])],
  ['a price not an array', (f) => (f.products[0].price = 1)],
  ['a badge neither sale nor new', (f) => (f.products[0].badge = 'hot')],
  ['filter values missing', (f) => delete f.products[0].f],
  ['filter values an array', (f) => (f.products[0].f = [])],
  ['a filter value a string', (f) => (f.products[0].f = { color: ['1'] })],
  ['filter values not a list', (f) => (f.products[0].f = { color: 1 })],
  ['kids not a list', (f) => (f.products[0].kids = 'a,b')],
  ['a kid a number', (f) => (f.products[0].kids = [1])],
  ['orders not a record', (f) => (f.orders = [])],
  ['an order of strings', (f) => (f.orders = { 'name:asc': ['1'] })],
  ['q a number', (f) => (f.q = 1)],
];
const right: Change[] = [
  ['as built', () => {}],
  ['a key the format does not know', (f) => (f.extra = true)],
  ['optional fields left out', (f) => ['img', 'ph', 'hover', 'badge', 'kids'].forEach((k) => delete f.products[0][k])],
  ['a special price', (f) => (f.products[0].price = [2, 1, 1])],
  ['orders and a query', (f) => Object.assign(f, { orders: { 'name:asc': [1, 0] }, q: 'ring' })],
  ['no products', (f) => Object.assign(f, { products: [], facets: [], total: 0 })],
];

describe('the listing file check', () => {
  it.each(wrong)('refuses a file with %s, as the schema does', (_, change) => {
    const file = sample();
    change(file);
    const data = _ === 'not an object' ? [file] : file;
    expect(zodSays(data)).toBe(false);
    expect(handSays(data)).toBe(false);
  });

  it.each(right)('accepts a file %s, as the schema does', (_, change) => {
    const file = sample();
    change(file);
    expect(zodSays(file)).toBe(true);
    expect(handSays(file)).toBe(true);
  });

  it('accepts every listing file the build writes and the listing of every searchable product, unchanged', () => {
    const files = [...listedCategoryIds().map((id) => listingFile(id)), searchListingFile()];
    for (const built of files) {
      const file = JSON.parse(JSON.stringify(built));
      expect(checkListingFile(file)).toEqual(ListingFileSchema.parse(file));
    }
  });

  it('names the first wrong value, and fetchListing refuses the file with it', async () => {
    const file = sample();
    (file.products as { price: unknown }[])[3]!.price = [1, null];
    expect(() => checkListingFile(file)).toThrow('listing file: wrong shape at products[3].price');
    const answer = new Response(JSON.stringify(file), { status: 200 });
    await expect(fetchListing('/x.json', (() => Promise.resolve(answer)) as unknown as typeof fetch)).rejects.toThrow(/products\[3\]\.price/);
  });
});
