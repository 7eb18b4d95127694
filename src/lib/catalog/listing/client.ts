/**
 * The per-category listing file (`/listing/{categoryId}.json`, written at build time by
 * src/pages/[...store]/listing/[id].json.ts): every product of a category in the default sort, with
 * the fields a tile and the filters need (the format is ./schema.ts). Loaded only once the shopper
 * filters, sorts or scrolls on a category page (src/browser/listing/CategoryListingRun.ts), on load on
 * the search results page; checked by hand (`checkListingFile`), so the listing needs no zod.
 */
import type { ListingFile } from './schema';

export type { ListingFacet, ListingFile, ListingItem } from './schema';

/** Loads and validates a listing file (`parse`: another format's check); throws when it cannot be loaded or has the wrong shape. */
export async function fetchListing<T = ListingFile>(
  url: string,
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
  parse: (data: unknown) => T = (data) => checkListingFile(data) as T,
): Promise<T> {
  const res = await fetcher(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`listing ${url}: HTTP ${res.status}`);
  return parse(await res.json());
}

// ------------------------------------------------------------------------------------------------
// The check: what ./schema.ts ListingFileSchema accepts, written out. zod is 16 KB gzipped, which the
// search results page would pay on load for this one check (its listing runs at once).

/** Where a listing file is not of the format: the path of the first wrong value. */
class ListingShapeError extends Error {
  constructor(where: string) {
    super(`listing file: wrong shape at ${where}`);
    this.name = 'ListingShapeError';
  }
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isStr = (x: unknown): x is string => typeof x === 'string';
const opt = (x: unknown, test: (v: unknown) => boolean): boolean => x === undefined || test(x);
const isNums = (x: unknown): boolean => Array.isArray(x) && x.every(isNum);
const isNumsRecord = (x: unknown): boolean => isObj(x) && Object.values(x).every(isNums);
const PLACEHOLDER = /^#[0-9a-f]{6}$/;

function must(ok: boolean, where: string): void {
  if (!ok) throw new ListingShapeError(where);
}

function checkFacet(f: unknown, where: string): void {
  must(isObj(f), where);
  const o = f as Obj;
  must(isStr(o.code) && isStr(o.label) && Array.isArray(o.values), where);
  (o.values as unknown[]).forEach((v, i) => {
    const at = `${where}.values[${i}]`;
    must(isObj(v), at);
    const x = v as Obj;
    must(isStr(x.id) && isStr(x.label) && isNum(x.count) && opt(x.from, isNum) && opt(x.to, isNum) && opt(x.swatch, isStr), at);
  });
}

function checkItem(p: unknown, where: string): void {
  must(isObj(p), where);
  const o = p as Obj;
  must(isNum(o.id) && isStr(o.sku) && isStr(o.type) && isStr(o.name) && isStr(o.url), where);
  must(opt(o.img, isStr) && opt(o.hover, isStr) && opt(o.ph, (v) => isStr(v) && PLACEHOLDER.test(v)), where);
  const price = o.price;
  must(Array.isArray(price) && price.length === 3 && isNum(price[0]) && (price[1] === null || isNum(price[1])) && isNum(price[2]), `${where}.price`);
  must(
    opt(o.badge, (v) => v === 'sale' || v === 'new'),
    `${where}.badge`,
  );
  must(isNumsRecord(o.f), `${where}.f`);
  must(
    opt(o.kids, (v) => Array.isArray(v) && v.every(isStr)),
    `${where}.kids`,
  );
}

/** The listing file `data` is, checked against the format (./schema.ts); throws naming the first wrong value. */
export function checkListingFile(data: unknown): ListingFile {
  must(isObj(data), 'the file');
  const o = data as Obj;
  must(o.v === 1 && isNum(o.id) && isStr(o.sort) && isNum(o.total) && opt(o.q, isStr), 'the file');
  must(Array.isArray(o.facets), 'facets');
  (o.facets as unknown[]).forEach((f, i) => checkFacet(f, `facets[${i}]`));
  must(Array.isArray(o.products), 'products');
  (o.products as unknown[]).forEach((p, i) => checkItem(p, `products[${i}]`));
  must(opt(o.orders, isNumsRecord), 'orders');
  return data as ListingFile;
}
