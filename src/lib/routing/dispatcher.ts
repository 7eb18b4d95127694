/**
 * The URL dispatcher of a static site (spec §2 "URL dispatcher"): the page-not-found page looks the
 * unknown path up in the build's URL map (`/_url-map.json`, written by src/lib/routing/url-map.ts) and moves
 * the shopper to the product, category or CMS page it names. Browser-safe: no config, no zod (the
 * files are checked by readUrlMap and readProductShard against what the build's schemas write); the
 * texts and the map address are passed in, so the 404 page's script stays a few hundred bytes.
 *
 * Lookup order: a legacy path of the snapshot's url-map.json (with or without `.html`); a category
 * by its slug (`/{slug}`, `/c/{slug}`, or the last segment of an old category path); a product by
 * its sku in a named route with a stale slug (`/{parentSku}/{old-slug}[/{childSku}]`, also under
 * `/p` and `/amp`); a product by its url_key under a moved category path (`/old/path/{url_key}.html`).
 */

/** The map the build writes (small: legacy paths and categories; products live in shards). */
export interface UrlMap {
  v: 1;
  /** Legacy paths (lower case, no trailing slash, no store prefix) to the target path. */
  paths: Record<string, string>;
  /** Category slugs (url_key, lower case) to the category URL. */
  categories: Record<string, string>;
  /** How many product shards there are: `/_url-map-{n}.json`, n from `shardOf(key, shards)`. */
  shards: number;
  /** Store prefixes that may lead a path on multistore ('/de' -> 'de'); empty otherwise. */
  stores: Record<string, string>;
}

/** A product shard: skus (`s`) and url_keys (`k`), lower case, to the product URL; children of configurables in `c`. */
export interface ProductShard {
  s: Record<string, ProductTarget>;
  k: Record<string, ProductTarget>;
}

/** Where a product lives: its URL and, for a configurable, each child's URL by lower-case child sku. */
export interface ProductTarget {
  u: string;
  c?: Record<string, string>;
}

// The map files are outside input to the dispatcher (a cached 404 page may meet a newer build's
// files, a proxy may answer with something else): read through these checks, the shapes the build's
// schemas (src/lib/routing/url-map.ts) write. No zod here: this script is the 404 page's only one.
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTextRecord = (v: unknown): v is Record<string, string> => isRecord(v) && Object.values(v).every((x) => typeof x === 'string');
const isTarget = (v: unknown): v is ProductTarget => isRecord(v) && typeof v.u === 'string' && (v.c === undefined || isTextRecord(v.c));

/** The URL map from its file's JSON, or null when it is not the map the build writes (version 1). */
export function readUrlMap(json: unknown): UrlMap | null {
  if (!isRecord(json) || json.v !== 1) return null;
  const { paths, categories, shards, stores } = json;
  const ok = isTextRecord(paths) && isTextRecord(categories) && Number.isInteger(shards) && (shards as number) >= 0 && isTextRecord(stores);
  return ok ? (json as unknown as UrlMap) : null;
}

/** A product shard from its file's JSON, or null when it is not one. */
export function readProductShard(json: unknown): ProductShard | null {
  const ok = isRecord(json) && isRecord(json.s) && isRecord(json.k) && Object.values(json.s).every(isTarget) && Object.values(json.k).every(isTarget);
  return ok ? (json as unknown as ProductShard) : null;
}

// A record's own entry (never one of Object.prototype's: '/constructor' is a path like any other).
const own = <T>(r: Record<string, T> | undefined, key: string): T | undefined => (r && Object.hasOwn(r, key) ? r[key] : undefined);

/** A found target, and which rule found it. */
export interface Mapping {
  to: string;
  by: 'legacy' | 'category' | 'sku' | 'url_key';
}

/** The public address of the map and of a shard. */
export const URL_MAP_FILE = '/_url-map.json';
export const shardFile = (n: number) => `/_url-map-${n}.json`;

/** FNV-1a over the lower-case key: the shard a sku or url_key is written to and looked up in. */
export function shardOf(key: string, shards: number): number {
  let h = 0x811c9dc5;
  const k = key.toLowerCase();
  for (let i = 0; i < k.length; i++) {
    h ^= k.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return shards > 0 ? h % shards : 0;
}

/** A path as the map keys it: decoded, lower case, no query, no trailing slash or index.html, single slashes. */
export function normalizePath(path: string): string {
  let p = path.split(/[?#]/)[0] ?? '';
  try {
    p = decodeURIComponent(p);
  } catch {
    // keep the raw path when it is not valid percent-encoding
  }
  p = `/${p}`
    .replace(/\/{2,}/g, '/')
    .replace(/\/index\.html?$/i, '/')
    .toLowerCase();
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

const LEGACY_SUFFIX = /\.(html?|php)$/i;

/** Splits a leading store prefix off ('/de/x' -> ['de', '/x']); the store code is '' for the default store. */
export function splitStore(path: string, map: Pick<UrlMap, 'stores'>): [prefix: string, rest: string] {
  for (const prefix of Object.keys(map.stores)) {
    if (path === prefix) return [prefix, '/'];
    if (path.startsWith(`${prefix}/`)) return [prefix, path.slice(prefix.length)];
  }
  return ['', path];
}

/**
 * Looks a path up. `loadShard(n)` answers product shard n (fetched once by the caller); it is asked
 * only when the path has a segment that could be a sku or url_key. Null when nothing matches.
 */
export async function resolvePath(rawPath: string, map: UrlMap, loadShard: (n: number) => Promise<ProductShard | null>): Promise<Mapping | null> {
  const [prefix, path] = splitStore(normalizePath(rawPath), map);
  const withPrefix = (to: string) => (prefix && to.startsWith('/') ? (to === '/' ? `${prefix}/` : `${prefix}${to}`) : to);
  const found = (to: string, by: Mapping['by']): Mapping => ({ to: withPrefix(to), by });

  const bare = path.replace(LEGACY_SUFFIX, '');
  for (const candidate of new Set([path, bare])) {
    const legacy = own(map.paths, candidate);
    if (legacy) return found(legacy, 'legacy');
  }

  const segs = bare.split('/').filter(Boolean);
  if (segs.length === 0) return null;
  const route = segs[0] === 'amp' ? segs.slice(1) : segs;
  const named = route[0] === 'p' || route[0] === 'c' ? route.slice(1) : route;

  // a category by slug: /{slug}, /c/{slug}
  const category = named.length === 1 ? own(map.categories, named[0]!) : undefined;
  if (category) return found(category, 'category');

  // a product by sku: /{parentSku}/{slug}[/{childSku}] with a slug that is no longer current
  if (named.length >= 2 && map.shards > 0) {
    const sku = named[0]!;
    const shard = await loadShard(shardOf(sku, map.shards));
    const target = own(shard?.s, sku);
    if (target) {
      const child = named[2] ? own(target.c, named[2]) : undefined;
      return found(child ?? target.u, 'sku');
    }
  }

  // a product by url_key under a path that changed: /old/category/{url_key}(.html)
  const last = segs[segs.length - 1]!;
  if (map.shards > 0) {
    const shard = await loadShard(shardOf(last, map.shards));
    const target = own(shard?.k, last);
    if (target) return found(target.u, 'url_key');
  }

  // a category that moved: /old/parent/{slug}
  const moved = segs.length > 1 ? own(map.categories, last) : undefined;
  if (moved) return found(moved, 'category');
  return null;
}

/** What the page needs to run the dispatcher (injectable for tests). */
export interface DispatchEnv {
  /** The unknown path (location.pathname + search). */
  path: string;
  /** Reads a map file (default fetchJsonFile). */
  fetchJson?: (url: string) => Promise<unknown>;
  /** Moves the shopper (location.replace). */
  replace: (to: string) => void;
  log: (message: string) => void;
  /** The §8 texts: 'Route not found' (the map could not be read), 'No mapping found' (nothing matched). */
  texts: { routeNotFound: string; noMappingFound: string };
}

/** The outcome of one dispatch (for tests and the page's data attribute). */
export type DispatchOutcome = { moved: Mapping } | { logged: string };

/** Fetches a JSON file of the site; an error status throws (the dispatcher then logs and stays). */
export async function fetchJsonFile(url: string, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<unknown> {
  const r = await fetcher(url, { headers: { accept: 'application/json' } });
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.json();
}

/**
 * Runs the dispatcher for an unknown path: moves the shopper to the mapped page, or logs why not
 * and leaves the page-not-found body in place.
 */
export async function dispatch(env: DispatchEnv): Promise<DispatchOutcome> {
  const fetchJson = env.fetchJson ?? ((url: string) => fetchJsonFile(url));
  let map: UrlMap | null = null;
  try {
    map = readUrlMap(await fetchJson(URL_MAP_FILE));
  } catch {
    // reported below
  }
  if (!map) {
    const line = `${env.texts.routeNotFound}: ${env.path}`;
    env.log(line);
    return { logged: line };
  }
  const shards = new Map<number, Promise<ProductShard | null>>();
  const loadShard = (n: number) => {
    let s = shards.get(n);
    if (!s)
      shards.set(
        n,
        (s = fetchJson(shardFile(n))
          .then(readProductShard)
          .catch(() => null)),
      );
    return s;
  };
  const hit = await resolvePath(env.path, map, loadShard);
  // never move the shopper to the page they are on (a loop) or off the site
  if (hit && hit.to.startsWith('/') && !hit.to.startsWith('//') && normalizePath(hit.to) !== normalizePath(env.path)) {
    env.replace(hit.to);
    return { moved: hit };
  }
  const line = `${env.texts.noMappingFound}: ${env.path}`;
  env.log(line);
  return { logged: line };
}
