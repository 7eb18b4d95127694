/**
 * The paths of a new snapshot for the persistent renderer (./renderer.ts), as Astro's build lists them
 * (its StaticPaths, in the bundle's module graph), but for the routes it takes from the generation
 * before. Listing every path at 100,000 products took seconds, most of them the AMP routes' (the
 * catalogue index, 125,000 keys taken again, then Astro's own checks and strings for each path),
 * though a CMS paragraph changes none of them.
 *
 * A route's getStaticPaths may declare what its list reads besides the snapshot's files
 * (../key-store.ts ListedFrom: a digest of its inputs). Its paths, in the order listed, and their
 * cache keys are taken from the generation before (PATHS_FILE) instead of listed when:
 * - the generation before's keys were offered to this listing (../key-reuse.ts: no snapshot file
 *   differs from the one they were computed from but the default catalogue's product files and the
 *   files whose part the keys read is in their bases, ./changes.ts KEYED_FILES, the CMS pages; no
 *   category, block, menu or other file changed, none was added or removed; the keys file read as it
 *   should);
 * - the route's inputs digest now is the one the generation before recorded for it (ROUTES_FILE):
 *   what the list reads of the changed files is in it (the products' route fields, the content routes).
 * Then every file the list reads is as it was or read only through the digest, and what else it reads
 * is in the digest: listed again, it would be the same. A route also names the keys it works out
 * afresh when taken (ListedFrom `fresh`: the catch-all's content pages, whose text the digest leaves
 * out, and the pages whose entries a changed product may have moved): those paths are listed through
 * Astro and take their new keys, and must all be paths the route had. Anything else lists the route, as a route without a declaration always is. The route's key
 * entries, which nothing asks for then, are recorded again for the change after (`taken`). A path of a route taken may be one another route
 * answered before (the first route of a path wins): when that route's paths change so that it no
 * longer answers it, the path is gone from the list and the change is a full build (pages removed,
 * ./overlay-build.ts), never a page left out. Build time only.
 */
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import type { KeptPath } from './kept';
import { routeKey } from './kept';
import { PATHS_INPUTS, type ListedFrom } from '../key-store';

export interface RouteLike {
  route: string;
  component: string;
  type: string;
}
interface ManifestRoute extends RouteLike {
  prerender: boolean;
  pathname?: string;
  fallbackRoutes: unknown[];
}
/** The parts of the bundle's app (Astro's BuildApp) the listing uses. */
export interface ListingApp {
  manifest: { routes: { routeData: ManifestRoute }[] };
  getComponentByRoute(route: RouteLike): Promise<unknown>;
  readonly routeCache?: unknown;
}
export interface ListedPath {
  pathname: string;
  route: RouteLike;
  cacheKey?: string;
}

type StaticPathsModule = {
  StaticPaths: new (app: ListingApp) => { getAll(): Promise<ListedPath[]> };
};
let staticPathsImport: Promise<StaticPathsModule> | undefined;
/** Astro's own module (not exported by its package): the one its build lists paths with. Imported once (a warm renderer imports it while it waits). */
export function staticPathsModule(): Promise<StaticPathsModule> {
  const astroDir = dirname(createRequire(import.meta.url).resolve('astro/package.json'));
  return (staticPathsImport ??= import(pathToFileURL(join(astroDir, 'dist/runtime/prerender/static-paths.js')).href) as Promise<StaticPathsModule>);
}

/** A route's declaration of its inputs, if its getStaticPaths has one. */
const declarationOf = (mod: unknown): ListedFrom | undefined =>
  (mod as { getStaticPaths?: { [PATHS_INPUTS]?: ListedFrom } } | null)?.getStaticPaths?.[PATHS_INPUTS];

/**
 * The export by which a page of a fixed path (no getStaticPaths, so no cache key in Astro's listing)
 * names its cache key: a function answering it. The persistent renderer renders such a page only when
 * its key changed, as any other; without the export it renders it on every change. A full build keeps
 * the keys with its paths (./keep.ts).
 */
export const FIXED_PAGE_KEY = 'pageCacheKey';

/** A fixed path's cache key, from its page module's FIXED_PAGE_KEY export (undefined: none). */
export function fixedPathKey(mod: unknown): string | undefined {
  const f = (mod as Record<string, unknown> | null)?.[FIXED_PAGE_KEY];
  return typeof f === 'function' ? String((f as () => unknown)()) : undefined;
}

/** Whether a route may be taken at all: a page or endpoint of its own paths (not a redirect, a fallback, or a path of its own). */
const mayTake = (r: ManifestRoute): boolean => r.prerender && !r.pathname && r.fallbackRoutes.length === 0 && (r.type === 'page' || r.type === 'endpoint');

/** The inputs digest of every route that declares one, by routeKey (a full build keeps them, ./keep.ts). */
export async function routeInputsOf(app: ListingApp): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { routeData: r } of app.manifest.routes) {
    if (!mayTake(r)) continue;
    const inputs = declarationOf(await app.getComponentByRoute(r))?.inputs() ?? null;
    if (inputs !== null) out[routeKey(r.route, r.component)] = inputs;
  }
  return out;
}

/** Whether every path listed afresh is one of the paths taken, once (else the route is listed). */
function freshAmong(kept: readonly KeptPath[], fresh: ReadonlyMap<string, string | undefined>): boolean {
  let found = 0;
  for (const p of kept) if (fresh.has(p.pathname)) found++;
  return found === fresh.size;
}

/** The part of Astro's route cache (core/render/route-cache.js) read here: an entry holds the module its paths were listed from. */
interface RouteCacheLike {
  get(route: RouteLike): { mod?: unknown } | undefined;
}

/** The app listing one route (and its fallbacks) through Astro, with the app's route cache; `mod`: the module it lists from, if not the route's own. */
function oneRouteApp(app: ListingApp, r: ManifestRoute, routeCache: unknown, mod?: object): ListingApp {
  const one = Object.create(app) as ListingApp;
  Object.defineProperties(one, {
    manifest: { value: { ...app.manifest, routes: [{ routeData: r }] } },
    routeCache: { value: routeCache },
    ...(mod && { getComponentByRoute: { value: () => Promise.resolve(mod) } }),
  });
  return one;
}

/**
 * Lists the paths a taken route works out afresh (ListedFrom `fresh`), through Astro's own listing,
 * with the app's route cache. `adopt()`, once the route is taken, files those paths' props in the
 * cache under the page's own module, so rendering one of them (the CMS page that changed) does not
 * call the route's whole getStaticPaths again; only those paths can be rendered, every other path
 * keeping its key. Not adopted (the route is listed instead), the entry stays under another module,
 * and the whole list replaces it.
 */
async function listFresh(app: ListingApp, r: ManifestRoute, items: readonly unknown[], routeCache: unknown) {
  const { StaticPaths } = await staticPathsModule();
  const mod = await app.getComponentByRoute(r);
  // The page's module with a getStaticPaths of those items alone (defined: the module's own is a getter).
  const partial = Object.defineProperty(Object.create(mod as object) as object, 'getStaticPaths', { value: () => items });
  const listed = await new StaticPaths(oneRouteApp(app, r, routeCache, partial)).getAll();
  return {
    keys: new Map(listed.map((p) => [p.pathname, p.cacheKey])),
    adopt() {
      const entry = (routeCache as RouteCacheLike | undefined)?.get(r);
      if (entry) entry.mod = mod;
    },
  };
}

/** What the generation before lets a listing take: its paths, and its routes' inputs. Null: every route is listed. */
export interface TakeFrom {
  paths: readonly KeptPath[];
  inputs: Readonly<Record<string, string>>;
}

export interface Listing {
  /** Every path, each route's in turn, as Astro lists them (a path two routes answer is there twice). */
  listed: ListedPath[];
  /** The routes' inputs now (for the change after). */
  inputs: Record<string, string>;
  /** The components of the routes listed, and of those taken from the generation before. */
  routes: { listed: string[]; taken: string[] };
}

/**
 * Every path of the new snapshot, route by route in the manifest's order (Astro's). `timings` gets
 * the time of each page component's routes (`paths <component>`, ms): listed, or their inputs worked
 * out and their paths taken.
 */
export async function listPaths(app: ListingApp, timings: Record<string, number>, from: TakeFrom | null): Promise<Listing> {
  const { StaticPaths } = await staticPathsModule();
  let current: string | null = null;
  let since = performance.now();
  const lap = (next: string | null) => {
    const now = performance.now();
    if (current !== null) timings[`paths ${current}`] = Math.round((timings[`paths ${current}`] ?? 0) + now - since);
    current = next;
    since = now;
  };
  const byRoute = new Map<string, KeptPath[]>();
  for (const p of from?.paths ?? []) {
    const k = routeKey(p.route, p.component);
    let list = byRoute.get(k);
    if (!list) byRoute.set(k, (list = []));
    list.push(p);
  }
  // The route cache of the bundle's app (its copy of Astro's modules), which its render reads too: a
  // route listed here is not listed again when one of its pages is rendered.
  const routeCache = app.routeCache;
  const out: Listing = { listed: [], inputs: {}, routes: { listed: [], taken: [] } };
  const taken: ListedFrom[] = [];
  for (const { routeData: r } of app.manifest.routes) {
    if (!r.prerender) continue;
    lap(r.component);
    const declared = mayTake(r) ? declarationOf(await app.getComponentByRoute(r)) : undefined;
    const inputs = declared?.inputs() ?? null;
    const key = routeKey(r.route, r.component);
    if (inputs !== null) out.inputs[key] = inputs;
    const kept = declared && inputs !== null && from && from.inputs[key] === inputs ? (byRoute.get(key) ?? []) : null;
    const items = kept && declared!.fresh?.();
    const fresh = items ? await listFresh(app, r, items, routeCache) : null;
    if (kept && (!fresh || freshAmong(kept, fresh.keys))) {
      fresh?.adopt();
      for (const p of kept) {
        const cacheKey = fresh?.keys.has(p.pathname) ? fresh.keys.get(p.pathname) : p.cacheKey;
        out.listed.push({ pathname: p.pathname, route: r, ...(cacheKey !== undefined && { cacheKey }) });
      }
      taken.push(declared!);
      out.routes.taken.push(r.component);
      continue;
    }
    // Astro's listing of this one route (and its fallbacks), with the app's route cache.
    const fixed = r.pathname ? fixedPathKey(await app.getComponentByRoute(r)) : undefined;
    for (const p of await new StaticPaths(oneRouteApp(app, r, routeCache)).getAll())
      out.listed.push(fixed !== undefined && p.cacheKey === undefined ? { ...p, cacheKey: fixed } : p);
    if (!r.pathname) out.routes.listed.push(r.component);
  }
  lap(null);
  // Once every route is listed: the entries the routes listed asked for are recorded already.
  for (const d of new Set(taken)) d.taken();
  return out;
}

/** The paths of a listing a build writes: the first route of a path wins, as in the build (generate.js, prerenderConflictBehavior). */
export function firstOfEach<T extends { pathname: string }>(listed: readonly T[]): T[] {
  const seen = new Set<string>();
  return listed.filter((p) => {
    // Most paths have no trailing slash: no regular expression for those (300,000 paths a change at 100,000 products).
    const k = p.pathname.endsWith('/') ? p.pathname.replace(/\/+$/, '') : p.pathname;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
