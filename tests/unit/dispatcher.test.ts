import { describe, expect, it, vi } from 'vitest';
import {
  dispatch,
  fetchJsonFile,
  readProductShard,
  readUrlMap,
  normalizePath,
  resolvePath,
  shardFile,
  shardOf,
  URL_MAP_FILE,
  type ProductShard,
  type UrlMap,
} from '../../src/lib/routing/dispatcher';
import { ProductShardSchema, UrlMapSchema, urlMap } from '../../src/lib/routing/url-map';
import { catalog, hasProductPage } from '../../src/lib/routing/routes';
import { productUrl } from '../../src/lib/catalog/urls';
import { messages } from '../../src/lib/messages';

const ring: ProductShard['s'][string] = {
  u: '/rings/engagement-rings/halo-ring-1001',
  c: { 'r1-o': '/rings/engagement-rings/halo-ring-1001?childSku=R1-O' },
};
const map: UrlMap = {
  v: 1,
  paths: { '/engagement-rings.html': '/rings/engagement-rings', '/about': '/about-us' },
  categories: { 'engagement-rings': '/rings/engagement-rings', charms: '/charms' },
  shards: 2,
  stores: { '/de': 'de' },
};
const shards: ProductShard[] = [
  { s: {}, k: {} },
  { s: {}, k: {} },
];
shards[shardOf('R1', 2)]!.s['r1'] = ring;
shards[shardOf('halo-ring-1001', 2)]!.k['halo-ring-1001'] = { u: ring.u };
const load = vi.fn(async (n: number) => shards[n] ?? null);
const lookup = (path: string) => resolvePath(path, map, load);

describe('url dispatcher lookup', () => {
  it('normalises paths: decoded, lower case, no query, no trailing slash', () => {
    expect(normalizePath('/Rings/Engagement%20Rings/?x=1#top')).toBe('/rings/engagement rings');
    expect(normalizePath('//about//index.html')).toBe('/about');
    expect(normalizePath('/')).toBe('/');
  });

  it('a legacy path of the url map moves to its target, with or without .html', async () => {
    expect(await lookup('/engagement-rings.html')).toEqual({ to: '/rings/engagement-rings', by: 'legacy' });
    expect(await lookup('/About/')).toEqual({ to: '/about-us', by: 'legacy' });
    expect(await lookup('/about.html')).toEqual({ to: '/about-us', by: 'legacy' });
  });

  it('a category slug under /c or alone moves to the category page', async () => {
    expect(await lookup('/c/charms')).toEqual({ to: '/charms', by: 'category' });
    expect(await lookup('/jewellery/old/engagement-rings.html')).toEqual({ to: '/rings/engagement-rings', by: 'category' });
  });

  it('a renamed product found by its sku in a named route keeps the chosen child', async () => {
    expect(await lookup('/R1/old-name')).toEqual({ to: ring.u, by: 'sku' });
    expect(await lookup('/p/r1/old-name/R1-O')).toEqual({ to: ring.c!['r1-o'], by: 'sku' });
    expect(await lookup('/amp/p/R1/old-name')).toEqual({ to: ring.u, by: 'sku' });
  });

  it('a product under a moved category path is found by its url_key', async () => {
    expect(await lookup('/jewellery/rings/halo-ring-1001.html')).toEqual({ to: ring.u, by: 'url_key' });
  });

  it('keeps the store prefix of the unknown path on multistore', async () => {
    expect(await lookup('/de/engagement-rings.html')).toEqual({ to: '/de/rings/engagement-rings', by: 'legacy' });
    expect(await lookup('/de/R1/old')).toEqual({ to: `/de${ring.u}`, by: 'sku' });
  });

  it('answers null when nothing matches', async () => {
    expect(await lookup('/no/such/thing')).toBeNull();
    expect(await lookup('/')).toBeNull();
  });
});

describe('url dispatcher on the page', () => {
  const env = (path: string, fetchJson: (url: string) => Promise<unknown>) => {
    const replace = vi.fn();
    const log = vi.fn();
    return {
      replace,
      log,
      run: () => dispatch({ path, fetchJson, replace, log, texts: { routeNotFound: messages.routeNotFound, noMappingFound: messages.noMappingFound } }),
    };
  };
  const serve = async (url: string) => {
    if (url === URL_MAP_FILE) return map;
    const n = shards.findIndex((_, i) => url === shardFile(i));
    if (n < 0) throw new Error('404');
    return shards[n];
  };

  it('moves the shopper with replace when the path maps', async () => {
    const e = env('/engagement-rings.html', serve);
    expect(await e.run()).toEqual({ moved: { to: '/rings/engagement-rings', by: 'legacy' } });
    expect(e.replace).toHaveBeenCalledWith('/rings/engagement-rings');
    expect(e.log).not.toHaveBeenCalled();
  });

  it("logs 'No mapping found' and stays when nothing maps", async () => {
    const e = env('/nothing-here', serve);
    expect(await e.run()).toEqual({ logged: 'No mapping found: /nothing-here' });
    expect(e.replace).not.toHaveBeenCalled();
    expect(e.log).toHaveBeenCalledWith('No mapping found: /nothing-here');
  });

  it("logs 'Route not found' when the map cannot be read", async () => {
    const e = env('/engagement-rings.html', async () => {
      throw new Error('offline');
    });
    expect(await e.run()).toEqual({ logged: 'Route not found: /engagement-rings.html' });
    expect(e.replace).not.toHaveBeenCalled();
  });

  it.each([
    ['no paths', { ...map, paths: undefined }],
    ['a path to a number', { ...map, paths: { '/a': 5 } }],
    ['a fractional shard count', { ...map, shards: 1.5 }],
    ['another version', { ...map, v: 2 }],
    ['an HTML page (a proxy answered)', '<!doctype html>'],
  ])("a map file with %s is not read: 'Route not found', no crash", async (_what, file) => {
    const e = env('/engagement-rings.html', async (url) => (url === URL_MAP_FILE ? file : { s: {}, k: {} }));
    expect(await e.run()).toEqual({ logged: 'Route not found: /engagement-rings.html' });
    expect(e.replace).not.toHaveBeenCalled();
  });

  it("a malformed product shard counts as no match: 'No mapping found', no crash", async () => {
    const e = env('/r1/old-slug', async (url) => (url === URL_MAP_FILE ? map : { s: { r1: { url: '/x' } }, k: [] }));
    expect(await e.run()).toEqual({ logged: 'No mapping found: /r1/old-slug' });
  });

  it("a path named like an object's own property maps to nothing ('/constructor', '/c/__proto__')", async () => {
    for (const path of ['/constructor', '/c/__proto__', '/old/tostring']) {
      const e = env(path, serve);
      expect(await e.run()).toEqual({ logged: `No mapping found: ${path}` });
    }
    // A child sku that is no child: the parent's page.
    expect(await env('/r1/slug/hasownproperty', serve).run()).toEqual({ moved: { to: ring.u, by: 'sku' } });
  });

  it('never moves the shopper to the page they are on', async () => {
    const loop: UrlMap = { ...map, paths: { '/loop': '/loop/' } };
    const e = env('/loop', async (url) => (url === URL_MAP_FILE ? loop : { s: {}, k: {} }));
    expect(await e.run()).toEqual({ logged: 'No mapping found: /loop' });
    expect(e.replace).not.toHaveBeenCalled();
  });
});

describe('url map of the sample snapshot', () => {
  const { map: built, shards: builtShards } = urlMap();
  const loadBuilt = async (n: number) => builtShards[n] ?? null;

  it("the files the build writes are what the browser's readers accept, and the readers refuse what the schemas refuse", () => {
    expect(readUrlMap(JSON.parse(JSON.stringify(built)))).toEqual(built);
    for (const sh of builtShards) expect(readProductShard(JSON.parse(JSON.stringify(sh)))).toEqual(sh);
    const maps: unknown[] = [built, { ...built, stores: [] }, { ...built, shards: -1 }, { ...built, categories: { a: null } }, null, []];
    for (const m of maps) expect(readUrlMap(m) !== null, JSON.stringify(m).slice(0, 80)).toBe(UrlMapSchema.safeParse(m).success);
    const shardsToRead: unknown[] = [
      { s: {}, k: {} },
      { s: { a: { u: '/a', c: { b: '/b' } } }, k: {} },
      { s: { a: { u: 1 } }, k: {} },
      { s: { a: { u: '/a', c: 'x' } }, k: {} },
      { s: {} },
    ];
    for (const sh of shardsToRead) expect(readProductShard(sh) !== null, JSON.stringify(sh)).toBe(ProductShardSchema.safeParse(sh).success);
  });

  it('maps every legacy path of url-map.json: categories, products and cms pages', async () => {
    expect(await resolvePath('/engagement-rings.html', built, loadBuilt)).toEqual({ to: '/rings/engagement-rings', by: 'legacy' });
    expect(await resolvePath('/watches/mens.html', built, loadBuilt)).toEqual({ to: '/watches/mens-watches', by: 'legacy' });
    expect(await resolvePath('/about', built, loadBuilt)).toEqual({ to: '/about-us', by: 'legacy' });
    expect(await resolvePath('/delivery', built, loadBuilt)).toEqual({ to: '/delivery-and-shipping', by: 'legacy' });
    const p = catalog().byId.get(1001)!;
    expect(await resolvePath('/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring.html', built, loadBuilt)).toEqual({
      to: productUrl(p),
      by: 'legacy',
    });
  });

  it('finds every product with a page by its sku, and no product without one', async () => {
    const { products } = catalog();
    for (const p of products.filter(hasProductPage)) {
      const hit = await resolvePath(`/${p.sku}/an-old-name`, built, loadBuilt);
      expect(hit?.to, p.sku).toBe(productUrl(p));
    }
    const gone = products.find((p) => p.discontinued === 1)!;
    expect(await resolvePath(`/${gone.sku}/${gone.slug}`, built, loadBuilt)).toBeNull();
  });

  it('a configurable child url with a stale slug keeps the child', async () => {
    const p = catalog().byId.get(1001)!;
    const child = p.configurable_children![0]!;
    expect((await resolvePath(`/${p.sku}/stale/${child.sku}`, built, loadBuilt))?.to).toBe(productUrl(p, { childSku: child.sku }));
  });
});

describe('the page reads the map files with fetchJsonFile by default', () => {
  it('answers the JSON of a file, and throws on an error status', async () => {
    const fetcher = (async (url: string) => (url === '/ok.json' ? Response.json({ v: 1 }) : new Response('gone', { status: 404 }))) as typeof fetch;
    expect(await fetchJsonFile('/ok.json', fetcher)).toEqual({ v: 1 });
    await expect(fetchJsonFile('/missing.json', fetcher)).rejects.toThrow('/missing.json: 404');
  });

  it('dispatch without fetchJson asks the network for the map, and logs "Route not found" when it is not there', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => (asked.push(url), new Response('', { status: 404 })));
    try {
      const log = vi.fn();
      const out = await dispatch({
        path: '/x',
        replace: vi.fn(),
        log,
        texts: { routeNotFound: messages.routeNotFound, noMappingFound: messages.noMappingFound },
      });
      expect(asked).toEqual([URL_MAP_FILE]);
      expect(out).toEqual({ logged: `${messages.routeNotFound}: /x` });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
