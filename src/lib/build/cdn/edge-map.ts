/**
 * The redirect map read at the edge: every rule of the URL dispatcher (src/lib/routing/redirects.ts:
 * 200 rewrites, 301 moves, 410 for discontinued products) and every page's cache tags, split into
 * small JSON buckets under `/_cdn/edge/`. A request loads the one or two buckets its path can be in,
 * so a CDN's function stays small and fast at any catalogue size, far beyond what `_redirects` files
 * may hold (Cloudflare Pages: 2,000 static and 100 dynamic rules). Read by the Cloudflare Pages worker
 * (./worker.ts, built to dist/_worker.js) and by the shop's server (server/static.ts) with the same
 * code. Pure: no Node APIs.
 *
 * A rule is filed under its key: a literal path under itself, a pattern under its first path segment,
 * with the second when that one is literal too (`/p/{sku}/*` under `/p/{sku}`, `/{sku}/*` under
 * `/{sku}`); a page's tags under its path. A request path can only match rules filed under itself, its
 * first two segments or its first one, hence at most three buckets. Rules keep their order in the
 * whole list, so the first matching rule wins as in a `_redirects` file.
 */
import { RedirectTable, type RedirectRule } from '../../routing/redirect-rules';

/** Where the buckets are, relative to the site's root. */
export const EDGE_DIR = '_cdn/edge';
/** The index file: how many buckets there are. */
export const EDGE_INDEX = `${EDGE_DIR}/index.json`;
/** Entries (rules and tagged pages) per bucket, about: ~100 KB of JSON each. */
export const BUCKET_ENTRIES = 1000;
/** Permanent redirects: an hour in browsers and CDNs (a wrong rule is corrected within the hour). */
export const REDIRECT_CACHE = 'public, max-age=3600';
/** The header a discontinued product's 410 carries (§8: the page-not-found page's tag). */
export const GONE_TAGS = 'page-not-found';

/** The tag every page carries: purging it empties the CDN's cache of the whole site. */
export const SITE_TAG = 'site';

export interface EdgeIndex {
  version: 1;
  buckets: number;
}

/** One bucket: rules as `[from, to, status, order]` in order, and tags by page path key. */
export interface EdgeBucket {
  rules: [string, string, number, number][];
  tags: Record<string, string[]>;
}

export const bucketFile = (i: number): string => `${EDGE_DIR}/${i}.json`;

/** A path as the map compares it: lower case, no trailing slash (as RedirectTable does). */
export function pathKey(path: string): string {
  const p = path.toLowerCase();
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

const literal = (seg: string | undefined): seg is string => !!seg && !seg.startsWith(':') && seg !== '*';

/** The key a rule's `from` (or a page's path) is filed under: a literal path itself, a pattern its literal first one or two segments. */
export function ruleKey(from: string): string {
  const k = pathKey(from);
  if (!k.includes('/:') && !k.includes('*')) return k;
  const [a, b] = k.split('/').filter(Boolean);
  if (!literal(a)) return '';
  return literal(b) ? `/${a}/${b}` : `/${a}`;
}

/** The keys a request path may find its rules under: the path itself, its first two segments, its first one. */
export function requestKeys(path: string): string[] {
  const k = pathKey(path);
  const [a, b] = k.split('/').filter(Boolean);
  return [...new Set([k, ...(a && b ? [`/${a}/${b}`] : []), ...(a ? [`/${a}`] : [])])];
}

/** FNV-1a of a key, to a bucket number. */
export function bucketOf(key: string, buckets: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % buckets;
}

/** The buckets a request path needs (its own first: its tags are there), without repeats. */
export function bucketsFor(path: string, buckets: number): number[] {
  return [...new Set(requestKeys(path).map((k) => bucketOf(k, buckets)))];
}

/**
 * Splits the rules and the pages' tags into buckets. Deterministic: the same rules and tags give the
 * same files byte for byte (tags are sorted by path, each page's tags are written as given).
 */
export function buildEdgeMap(
  rules: readonly RedirectRule[],
  tags: ReadonlyMap<string, readonly string[]>,
  perBucket: number = BUCKET_ENTRIES,
): { index: EdgeIndex; buckets: EdgeBucket[] } {
  const n = Math.max(1, Math.ceil((rules.length + tags.size) / perBucket));
  const buckets: EdgeBucket[] = Array.from({ length: n }, () => ({ rules: [], tags: {} }));
  rules.forEach((r, order) => buckets[bucketOf(ruleKey(r.from), n)]!.rules.push([r.from, r.to, r.status, order]));
  for (const path of [...tags.keys()].sort()) {
    const k = pathKey(path);
    buckets[bucketOf(k, n)]!.tags[k] = [...tags.get(path)!];
  }
  return { index: { version: 1, buckets: n }, buckets };
}

/** The map's rule when it moves the path (a 3xx: an old URL), else null (none, a rewrite's 200, a gone product's 410). */
export const moveOf = <R extends { status: number }>(rule: R | null | undefined): R | null => (rule && rule.status >= 300 && rule.status < 400 ? rule : null);

/** Rules of loaded buckets, ready for lookups (a bucket's table is made once). */
export class EdgeLookup {
  private tables = new Map<number, RedirectTable>();

  constructor(
    readonly index: EdgeIndex,
    private readonly bucket: (i: number) => EdgeBucket | undefined,
  ) {}

  private table(i: number): RedirectTable {
    let t = this.tables.get(i);
    if (!t) {
      const b = this.bucket(i);
      t = new RedirectTable((b?.rules ?? []).map(([from, to, status, order]) => ({ from, to, status, order })));
      this.tables.set(i, t);
    }
    return t;
  }

  /** The first rule matching a path in the whole list, its placeholders filled; null when none. */
  match(path: string): { to: string; status: number } | null {
    let best: { to: string; status: number; order: number } | null = null;
    for (const i of bucketsFor(path, this.index.buckets)) {
      const m = this.table(i).find(path);
      if (m && (!best || m.order < best.order)) best = m;
    }
    return best ? { to: best.to, status: best.status } : null;
  }

  /** The cache tags of a page: the site's tag and the page's own (none known: the site's only). */
  tags(path: string): string[] {
    const k = pathKey(path);
    const own = this.bucket(bucketOf(k, this.index.buckets))?.tags[k] ?? [];
    return [SITE_TAG, ...own.filter((t) => t !== SITE_TAG)];
  }
}
