/**
 * Cache keys taken again from the generation before (src/lib/build/key-reuse.ts) and the record diff
 * they rest on (src/lib/build/render/changes.ts): which records a snapshot change touched, when the
 * renderer cannot tell (then every key is computed), and which keys a changed record makes computed again.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { changedRecords, knownFiles, snapshotDigests } from '../../src/lib/build/render/changes';
import { fileIdentity } from '../../src/lib/build/file-identity';
import { keyStore, offerPrevious, recordedEntries, reusedCount, type KeyEntry } from '../../src/lib/build/key-store';
import { keepStanding, linkedSkus, mayHaveMoved, noRecordChanged, reuseOrCompute } from '../../src/lib/build/key-reuse';
import { buildTime, catalog, descendantIds, primaryCategory, storeViewOf } from '../../src/lib/routing/routes';
import { ampRoutes, catchAllRoutes } from '../../src/lib/routing/page-routes';
import { pageTagMap, pageTags } from '../../src/lib/build/cache-tags';
import { categoryListing } from '../../src/lib/build/page-data';
import { brandPaths } from '../../src/lib/build/brand-page-data';
import { brandListingPageKey, brandPageKey, searchKeys, wholeCatalogueFileKeys } from '../../src/lib/build/cache-keys';
import { urlMap, urlMapFiles } from '../../src/lib/routing/url-map';
import { storeSearchFiles, storeSearchListing } from '../../src/lib/build/search-site-index';
import { edgeFileKeys, edgeFiles } from '../../src/lib/build/cdn/site-map';
import { digest } from '../../src/lib/build/cache-keys';
import type { Product } from '../../src/lib/schemas';
import { dayNumber } from '../../src/lib/messages/format';
import { config } from '../../src/lib/config';
import type { KeysFile } from '../../src/lib/build/render/kept';
import { snapshotCopies, type SnapshotJson } from './snapshot-copies';

const { root, before, shard, kept, after, diff } = snapshotCopies('key-reuse-test-');
type Json = SnapshotJson;

afterAll(() => {
  keyStore().previous = null;
  rmSync(root, { recursive: true, force: true });
});

describe('the records a snapshot change touched', () => {
  it('a price change: that record only, with its SKU and categories', () => {
    const first = (JSON.parse(readFileSync(join(before, shard), 'utf8')) as Json[])[3]!;
    const r = diff(after('price', (ps) => (ps[3]!.price = 1234.56)));
    expect(r).toEqual({ ids: new Set([first.id]), skus: new Set([first.sku]), categories: new Set(first.category_ids) });
  });

  it('a product moved to another category: the categories before and after', () => {
    const first = (JSON.parse(readFileSync(join(before, shard), 'utf8')) as Json[])[0]!;
    const r = diff(after('moved', (ps) => (ps[0]!.category_ids = [99_999])));
    expect(typeof r).not.toBe('string');
    expect([...(r as { categories: ReadonlySet<number> }).categories].sort()).toEqual([...first.category_ids, 99_999].sort());
  });

  it("a CMS page's text: no record (the keys taken again read only which content routes are left out, in their base)", () => {
    expect(diff(after('cms', (ps) => (ps[0]!.content += '<p>x</p>'), 'cms-pages.json'))).toEqual({ ids: new Set(), skus: new Set(), categories: new Set() });
  });

  it("the same records in another order: it cannot tell (the catalogue, the URL map and the search index follow the files' order)", () => {
    expect(diff(after('reordered', (ps) => ps.reverse()))).toBe('records in another order');
    // One record changed and the rest in their order: that record only.
    const r = diff(after('one-of-many', (ps) => (ps[7]!.name += ' II')));
    expect(typeof r !== 'string' && r.ids.size).toBe(1);
  });

  it('an unchanged snapshot: no record', () => {
    expect(diff(after('same', () => undefined))).toEqual({ ids: new Set(), skus: new Set(), categories: new Set() });
  });

  it('any other file changed, a file added, or the folder before changed since: it cannot tell', () => {
    expect(diff(after('block', (bs) => (bs[0]!.content += '<p>x</p>'), 'cms-blocks.json'))).toBe('cms-blocks.json changed');
    const added = after('added', () => undefined);
    writeFileSync(join(added, 'extra.json'), '[]');
    expect(diff(added)).toBe('snapshot files added or removed');
    // A snapshot folder edited in place: the folder before no longer holds the records the keys read.
    const inPlace = after('in-place', () => undefined);
    const kept2: KeysFile = { ...kept, files: snapshotDigests(inPlace) };
    const records = JSON.parse(readFileSync(join(inPlace, shard), 'utf8')) as Json[];
    records[0]!.price = 1;
    writeFileSync(join(inPlace, shard), JSON.stringify(records));
    expect(changedRecords(kept2, inPlace, inPlace, snapshotDigests(inPlace))).toMatch(/changed since$/);
    expect(
      changedRecords(
        kept,
        join(root, 'gone'),
        after('gone-after', (ps) => (ps[0]!.price = 2)),
        snapshotDigests(join(root, 'gone-after')),
      ),
    ).toBe('the snapshot before is gone');
  });
});

describe('keys taken again or computed', () => {
  const store = config.storeViews.default.storeCode;
  const day = dayNumber(buildTime(), storeViewOf(store));
  // A category with a child category, from the sample's tree.
  const [parentId, children] = [...catalog().childrenOf].find(([, list]) => list.length > 0)!;
  const childId = children[0]!.id;
  const entry = (deps: KeyEntry['deps'], base = 'b'): KeyEntry => ({ keys: ['old'], base, day, deps });
  const none = { ids: new Set<number>(), skus: new Set<string>(), categories: new Set<number>() };
  const computeOf = (name: string) => reuseOrCompute(name, store, 'b', () => ({ keys: ['new'], deps: {} }))[0];

  beforeEach(() => {
    keyStore().recorded.clear();
    keyStore().counts.clear();
  });

  it('a key none of whose records changed is the one before; the others are computed', () => {
    offerPrevious(
      {
        untouched: entry({ ids: [1], skus: ['A'], subtree: parentId }),
        byId: entry({ ids: [7] }),
        bySku: entry({ skus: ['LINKED'] }),
        bySubtree: entry({ subtree: parentId }),
        otherBase: entry({}, 'other'),
      },
      { ids: new Set([7]), skus: new Set(['LINKED']), categories: new Set([childId]) },
    );
    // `untouched` reads the parent category's subtree, which holds the changed child: computed.
    expect(['untouched', 'byId', 'bySku', 'bySubtree', 'otherBase', 'unknown'].map(computeOf)).toEqual(['new', 'new', 'new', 'new', 'new', 'new']);
    offerPrevious(
      { untouched: entry({ ids: [1], skus: ['A'], subtree: childId }) },
      { ids: new Set([7]), skus: new Set(['B']), categories: new Set([parentId]) },
    );
    expect(computeOf('untouched')).toBe('old');
    expect(reusedCount()).toBe(1);
    // Recorded either way, for the next change.
    expect(recordedEntries().untouched).toEqual(entry({ ids: [1], skus: ['A'], subtree: childId }));
  });

  it('a key read on another day stands unless a product it read had a special price start or end since; it is kept as read today', () => {
    // The sample's products whose special price started before today, and one whose prices no day moves.
    const today = day!;
    const started = catalog().products.filter((p) => p.special_from_date && dayNumber(p.special_from_date)! <= today);
    const moved = started[0]!;
    const still = catalog().products.find((p) => !p.special_from_date && !p.special_to_date && !p.configurable_children?.length && p.type_id === 'simple')!;
    const longAgo = 20000101;
    const then = (deps: KeyEntry['deps']): KeyEntry => ({ ...entry(deps), day: longAgo });
    const subtreeOf = (p: Product) => primaryCategory(p, store)!.id;
    offerPrevious(
      {
        moved: then({ ids: [moved.id] }),
        movedBySku: then({ skus: [moved.sku] }),
        movedInSubtree: then({ subtree: subtreeOf(moved) }),
        search: then({ all: true }),
        still: then({ ids: [still.id], skus: [still.sku] }),
        today: entry({ ids: [moved.id] }),
      },
      none,
      {},
      { [store]: longAgo },
    );
    expect(['moved', 'movedBySku', 'movedInSubtree', 'search', 'still', 'today'].map(computeOf)).toEqual(['new', 'new', 'new', 'new', 'old', 'old']);
    // Taken again, it is recorded as read today: the next change compares its days from today.
    expect(recordedEntries().still!.day).toBe(today);
    // A price moved by the days since: not "no record changed" (the AMP and catch-all routes ask each path).
    expect(noRecordChanged()).toBe(false);
    offerPrevious({}, none, {}, { [store]: today });
    expect(noRecordChanged()).toBe(true);
    // Keys kept without their days cannot tell.
    offerPrevious({}, none);
    expect(noRecordChanged()).toBe(false);
  });

  it("a key that reads nothing of its entry's subtree (an AMP product page's) has not moved when only a record of the subtree changed", () => {
    offerPrevious(
      {
        inSubtree: entry({ ids: [1], subtree: parentId }),
        own: entry({ ids: [7], subtree: parentId }),
        linked: entry({ skus: ['LINKED'], subtree: parentId }),
      },
      { ids: new Set([7]), skus: new Set(['LINKED']), categories: new Set([childId]) },
    );
    expect(mayHaveMoved('inSubtree', store, 'b')).toBe(true);
    expect(mayHaveMoved('inSubtree', store, 'b', false)).toBe(false);
    // Its own record or a product it links changed: moved either way.
    expect(mayHaveMoved('own', store, 'b', false)).toBe(true);
    expect(mayHaveMoved('linked', store, 'b', false)).toBe(true);
    expect(mayHaveMoved('none kept', store, 'b', false)).toBe(true);
  });

  it("a subtree's change leaves a key standing when what the key reads of it (`read`) is as before", () => {
    const withRead = (name: string, now: string) =>
      reuseOrCompute(
        name,
        store,
        'b',
        () => ({ keys: ['new'], deps: { ids: [1], subtree: parentId } }),
        () => now,
      )[0];
    offerPrevious(
      {
        same: entry({ ids: [1], subtree: parentId, read: 'R1' }),
        other: entry({ ids: [1], subtree: parentId, read: 'R1' }),
        unread: entry({ ids: [1], subtree: parentId }),
        ownRecord: entry({ ids: [7], subtree: parentId, read: 'R1' }),
      },
      { ids: new Set([7]), skus: new Set(), categories: new Set([childId]) },
    );
    expect(withRead('same', 'R1')).toBe('old');
    // What it reads there changed, or was not recorded: computed, and the digest recorded with it.
    expect(withRead('other', 'R2')).toBe('new');
    expect(recordedEntries().other!.deps).toEqual({ ids: [1], subtree: parentId, read: 'R2' });
    expect(withRead('unread', 'R1')).toBe('new');
    // Its own record changed: computed, whatever it reads of its subtree.
    expect(withRead('ownRecord', 'R1')).toBe('new');
    // Without `read`, a key of a changed subtree is computed.
    expect(reuseOrCompute('same', store, 'b', () => ({ keys: ['new'], deps: {} }))[0]).toBe('new');
  });

  it("a route's entries nothing asked for (its paths taken from the generation before): those that stand are kept for the next change, and no other", () => {
    const named = (prefix: string, id: number, deps: KeyEntry['deps'] = {}, base = `${prefix}-base`) =>
      [`${prefix}|${id}|${store}`, entry(deps, base)] as const;
    offerPrevious(
      Object.fromEntries([
        named('amp-category', 1),
        named('amp-category', 2, { subtree: parentId }),
        named('amp-category', 3, {}, 'old-base'),
        named('product', 4, { ids: [7] }),
        named('product', 5),
        named('listing', 6),
      ]),
      { ids: new Set([7]), skus: new Set(), categories: new Set([childId]) },
    );
    // Asked for in this process already: what was recorded stays.
    keyStore().recorded.set(`product|5|${store}`, entry({}, 'computed'));
    keepStanding(['amp-category', 'product'], (prefix) => `${prefix}-base`);
    // Its subtree, its own record or its base changed: not kept (the next change computes it); another prefix: not this route's.
    expect(Object.keys(recordedEntries()).sort()).toEqual([`amp-category|1|${store}`, `product|5|${store}`]);
    expect(recordedEntries()[`product|5|${store}`]!.base).toBe('computed');
    expect(reusedCount()).toBe(1);
  });

  it('nothing offered: every key computed', () => {
    offerPrevious({}, none);
    expect(computeOf('untouched')).toBe('new');
    expect(recordedEntries().untouched).toEqual({ keys: ['new'], base: 'b', day, deps: {} });
  });

  it("a product's linked SKUs: links of every type, bundle items and inline linked products", () => {
    const p = {
      product_links: [
        { link_type: 'related', linked_product_sku: 'R1' },
        { link_type: 'associated', linked_product_sku: 'G1', product: { sku: 'G1-INLINE' } },
      ],
      bundle_options: [{ product_links: [{ sku: 'B1' }, { product: { sku: 'B2' } }] }],
    };
    expect(linkedSkus(p as never).sort()).toEqual(['B1', 'B2', 'G1', 'G1-INLINE', 'R1']);
  });
});

describe("pages' cache tags taken again (the CDN's tag map, src/lib/build/cache-tags.ts)", () => {
  const store = config.storeViews.default.storeCode;
  const none = { ids: new Set<number>(), skus: new Set<string>(), categories: new Set<number>() };
  const changedOf = (...ps: Product[]) => ({
    ids: new Set(ps.map((p) => p.id)),
    skus: new Set(ps.map((p) => p.sku)),
    categories: new Set(ps.flatMap((p) => p.category_ids)),
  });
  const PLANTED = ['site', 'planted-before'];
  const { byId } = catalog();
  const routes = catchAllRoutes().filter((r) => r.storeCode === store);
  // A product page listing related products from its primary category, and that category's page.
  const productRoute = routes.find((r) => {
    if (r.kind !== 'product') return false;
    const p = byId.get(Number(r.key))!;
    const cat = primaryCategory(p, store);
    return cat && routes.some((c) => c.kind === 'category' && Number(c.key) === cat.id) && categoryListing(cat.id).products.some((x) => x.id !== p.id);
  })!;
  const product = byId.get(Number(productRoute.key))!;
  const primary = primaryCategory(product, store)!;
  const categoryRoute = routes.find((r) => r.kind === 'category' && Number(r.key) === primary.id)!;
  const neighbour = categoryListing(primary.id).products.find((x) => x.id !== product.id)!;
  // A category page none of whose products is the neighbour's category.
  const elsewhere = routes.find((r) => r.kind === 'category' && !descendantIds(Number(r.key), store).some((c) => neighbour.category_ids.includes(c)))!;
  const ampCategory = ampRoutes().find((r) => r.kind === 'amp-category' && r.storeCode === store && r.key === primary.id)!;

  /** Every page's tags computed afresh, recorded; then offered back with each tag list replaced by PLANTED. */
  function plantBefore(changed: ReturnType<typeof changedOf>): void {
    offerPrevious({}, none);
    keyStore().recorded.clear();
    pageTagMap();
    const planted = Object.fromEntries(Object.entries(recordedEntries()).map(([name, e]) => [name, name.startsWith('tags|') ? { ...e, keys: PLANTED } : e]));
    keyStore().recorded.clear();
    offerPrevious(planted, changed);
  }

  it('found the pages the cases need in the sample', () => {
    expect([productRoute, categoryRoute, neighbour, elsewhere, ampCategory].every(Boolean)).toBe(true);
  });

  it('nothing changed: every tag list that reads a listing is the one before', () => {
    plantBefore(none);
    expect(pageTags(productRoute)).toEqual(PLANTED);
    expect(pageTags(categoryRoute)).toEqual(PLANTED);
    expect(pageTags(ampCategory)).toEqual(PLANTED);
  });

  it("a product of the category changed: the category's pages and the product pages listing it as related are computed", () => {
    offerPrevious({}, none);
    const fresh = { product: pageTags(productRoute), category: pageTags(categoryRoute), amp: pageTags(ampCategory) };
    plantBefore(changedOf(neighbour));
    expect(pageTags(productRoute)).toEqual(fresh.product);
    expect(pageTags(categoryRoute)).toEqual(fresh.category);
    expect(pageTags(ampCategory)).toEqual(fresh.amp);
    // A category that does not hold it keeps the tags before.
    expect(pageTags(elsewhere)).toEqual(PLANTED);
  });

  it("the product itself, or a product it links to by SKU, changed: its page's tags are computed", () => {
    offerPrevious({}, none);
    const fresh = pageTags(productRoute);
    plantBefore({ ids: new Set([product.id]), skus: new Set(), categories: new Set() });
    expect(pageTags(productRoute)).toEqual(fresh);
    const linked = routes.find((r) => r.kind === 'product' && linkedSkus(byId.get(Number(r.key))!).length > 0);
    if (linked) {
      offerPrevious({}, none);
      const linkedFresh = pageTags(linked);
      plantBefore({ ids: new Set(), skus: new Set([linkedSkus(byId.get(Number(linked.key))!)[0]!]), categories: new Set() });
      expect(pageTags(linked)).toEqual(linkedFresh);
    }
  });
});

describe('snapshot digests from the files read ahead', () => {
  it('an unchanged file takes the known digest; a changed one is hashed', () => {
    const dir = after('known', (ps) => (ps[0]!.price = 4321));
    const real = snapshotDigests(dir);
    const known = new Map([
      ['manifest.json', { bytes: readFileSync(join(dir, 'manifest.json')), identity: null, sha1: 'known-digest' }],
      [shard, { bytes: readFileSync(join(before, shard)), identity: fileIdentity(join(before, shard)), sha1: 'stale-digest' }],
    ]);
    const got = snapshotDigests(dir, known);
    expect(got['manifest.json']).toBe('known-digest');
    expect(got[shard]).toBe(real[shard]);
    expect(knownFiles(new Map([['x', { bytes: Buffer.from('abc'), identity: null }]])).get('x')!.sha1).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });

  it('the very file read ahead (linked by an incremental pull) takes the known digest unread', () => {
    const dir = after('linked', () => undefined);
    rmSync(join(dir, shard));
    linkSync(join(before, shard), join(dir, shard));
    // Known with other bytes: only the identity can have given the known digest.
    const known = new Map([[shard, { bytes: Buffer.from('other bytes'), identity: fileIdentity(join(before, shard)), sha1: 'known-by-identity' }]]);
    expect(snapshotDigests(dir, known)[shard]).toBe('known-by-identity');
  });
});

describe("brand pages' keys taken again", () => {
  const store = config.storeViews.default.storeCode;
  const none = { ids: new Set<number>(), skus: new Set<string>(), categories: new Set<number>() };
  const brands = brandPaths()
    .filter((p) => p.props.storeCode === store)
    .map((p) => p.props.brand);
  // A brand listing products, and one of its products.
  const brand = brands.find((b) => categoryListing(b.id, store).products.length > 0)!;
  const product = categoryListing(brand.id, store).products[0]!;
  const keysOf = () => [brandPageKey(brand, store), brandListingPageKey(brand, store)];

  /** Both keys computed afresh and recorded; then offered back as PLANTED with `changed`. */
  function plantBefore(changed: typeof none): void {
    offerPrevious({}, none);
    keyStore().recorded.clear();
    keysOf();
    const planted = Object.fromEntries(Object.entries(recordedEntries()).map(([name, e]) => [name, { ...e, keys: [`planted ${name}`] }]));
    keyStore().recorded.clear();
    offerPrevious(planted, changed);
  }

  it('found a brand with products in the sample', () => {
    expect(brand).toBeDefined();
    expect(product).toBeDefined();
  });

  it('no product of the brand changed: both keys are the ones before; one of its products changed: both computed', () => {
    offerPrevious({}, none);
    const fresh = keysOf();
    plantBefore(none);
    expect(keysOf()).toEqual([`planted brand|${brand.id}|${store}`, `planted brand-listing|${brand.id}|${store}`]);
    // Another brand's product (or none of the brand's categories) changed: still the ones before.
    const other = catalog().products.find((p) => !descendantIds(brand.id, store).some((c) => p.category_ids.includes(c)))!;
    plantBefore({ ids: new Set([other.id]), skus: new Set([other.sku]), categories: new Set(other.category_ids) });
    expect(keysOf()).toEqual([`planted brand|${brand.id}|${store}`, `planted brand-listing|${brand.id}|${store}`]);
    plantBefore({ ids: new Set([product.id]), skus: new Set([product.sku]), categories: new Set(product.category_ids) });
    expect(keysOf()).toEqual(fresh);
  });
});

describe('the search files taken again (every product read: any changed product computes them), and the CDN files', () => {
  const store = config.storeViews.default.storeCode;
  const none = { ids: new Set<number>(), skus: new Set<string>(), categories: new Set<number>() };
  const split = process.env.SEARCH_SPLIT_ABOVE;
  afterAll(() => {
    if (split === undefined) delete process.env.SEARCH_SPLIT_ABOVE;
    else process.env.SEARCH_SPLIT_ABOVE = split;
  });

  it('a key read by every product: taken again when no record changed, computed when any did', () => {
    const day = dayNumber(buildTime(), storeViewOf(store));
    const old: KeyEntry = { keys: ['old'], base: 'b', day, deps: { all: true } };
    const compute = () => reuseOrCompute('every', store, 'b', () => ({ keys: ['new'], deps: { all: true } }))[0];
    offerPrevious({ every: old }, none);
    expect(compute()).toBe('old');
    const any = catalog().products[0]!;
    offerPrevious({ every: old }, { ids: new Set([any.id]), skus: new Set([any.sku]), categories: new Set() });
    expect(compute()).toBe('new');
  });

  it("no product changed: the split files' names, the heads', the results page's and the CDN files' keys are the ones before, not worked out", () => {
    // The index split however small the sample (as above SPLIT_ABOVE products).
    process.env.SEARCH_SPLIT_ABOVE = '0';
    offerPrevious({}, none);
    keyStore().recorded.clear();
    const fresh = searchKeys(store);
    const freshEdge = edgeFileKeys();
    const freshMap = wholeCatalogueFileKeys('url-map', urlMapFiles);
    expect(freshMap.map(([name]) => name)).toEqual(['_url-map', ...urlMap().shards.map((_, n) => `_url-map-${n}`)]);
    // Computed: the names the split writes, under the folder its head names; the CDN files by their text's digest.
    const { index, files, bundles } = storeSearchFiles(store);
    const { listing, files: listed } = storeSearchListing(store);
    if (!('split' in index) || !('split' in listing)) throw new Error('the index is not split');
    expect(fresh.indexFiles!.map(([, name]) => name)).toEqual([...files.keys(), ...bundles.keys()]);
    expect(fresh.indexFiles!.length).toBeGreaterThan(2);
    expect(fresh.indexFiles!.every(([folder]) => index.split.hs.includes(folder))).toBe(true);
    expect(fresh.listingFiles!.map(([, name]) => name)).toEqual(expect.arrayContaining([...listed.keys()]));
    expect(fresh.listingFiles!.every(([folder]) => listing.split.hs!.includes(folder))).toBe(true);
    expect(fresh.index).toBe(digest(index));
    expect(freshEdge).toEqual([...edgeFiles()].map(([f, text]) => [f, digest(text)]));
    // Offered back with other values: taken as they are.
    const planted = {
      ...recordedEntries(),
      [`search|${store}`]: {
        ...recordedEntries()[`search|${store}`]!,
        keys: ['page', 'index', 'listing', '1', 'hi', 'p-0', '2', 'hl', 'd-0', 'hm', 'facets/d-0'],
      },
      'cdn-files': { ...recordedEntries()['cdn-files']!, keys: ['edge/index.json', 'planted'] },
      'url-map': { ...recordedEntries()['url-map']!, keys: ['_url-map', 'planted map'] },
    };
    offerPrevious(planted, none);
    expect(searchKeys(store)).toEqual({
      page: 'page',
      index: 'index',
      listing: 'listing',
      indexFiles: [['hi', 'p-0']],
      listingFiles: [
        ['hl', 'd-0'],
        ['hm', 'facets/d-0'],
      ],
    });
    expect(edgeFileKeys()).toEqual([['edge/index.json', 'planted']]);
    expect(wholeCatalogueFileKeys('url-map', urlMapFiles)).toEqual([['_url-map', 'planted map']]);
    // A product changed: the search files worked out again. The CDN files and the URL map read only
    // the products' routes and the pages' tags, which did not change here (the next describe changes them).
    const any = catalog().products[0]!;
    offerPrevious(planted, { ids: new Set([any.id]), skus: new Set([any.sku]), categories: new Set(any.category_ids) });
    expect(searchKeys(store)).toEqual(fresh);
    expect(edgeFileKeys()).toEqual([['edge/index.json', 'planted']]);
    expect(wholeCatalogueFileKeys('url-map', urlMapFiles)).toEqual([['_url-map', 'planted map']]);
  });
});
