/**
 * The persistent renderer: Astro's prerender bundle of a full build (kept by ./keep.ts), loaded once
 * in a process of its own, renders the pages of a new snapshot whose cache key differs from the
 * generation before (src/lib/build/cache-keys.ts: the same keys by which Astro's incremental build
 * decides what to render again), and the pages without a key. The pages come out of the same
 * compiled components and middleware as in the full build (the head's single stylesheet too), so
 * their bytes are the build's. Writes them into a staging folder and answers what it wrote; it does
 * not decide what differs from the generation before (./overlay-build.ts does).
 *
 * Run by ./overlay-build.ts in a process of its own (`main` below). Build time only.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { BuildAppLike } from './keep';
import type { RenderResult } from './result';
import { heldFiles, holdWithLoaded, takenCount } from '../../snapshot/hold';
import { pageScriptLoader } from '../page-scripts';
import {
  CONTEXT_FILE,
  KEYS_FILE,
  PATHS_FILE,
  ROUTES_FILE,
  STAGED_KEYS_FILE,
  STAGED_PATHS_FILE,
  STAGED_ROUTES_FILE,
  readKeptPaths,
  readKeys,
  readRenderContext,
  readRouteInputs,
  type KeptPath,
  type KeysFile,
  type RenderContext,
  type RouteInputs,
} from './kept';
import { changedRecords, knownFiles, snapshotDigests, type KnownFiles } from './changes';
import { firstOfEach, listPaths, staticPathsModule, type ListingApp, type RouteLike } from './paths';
import { KEYS_REUSED, idDigests, notedCounts, offerPrevious, recordedDays, recordedEntries } from '../key-store';

/**
 * What the renderer is asked: the kept folder of the generation before, the staging folder, and the
 * most pages it may render: `maxPages`, or `maxShare` of the new snapshot's pages when that is more.
 */
export const renderJobSchema = z.object({
  keepDir: z.string(),
  snapshotDir: z.string(),
  staging: z.string(),
  maxPages: z.number().int().positive(),
  maxShare: z.number().min(0).max(1).default(0),
});
export type RenderJob = z.input<typeof renderJobSchema>;

interface AppLike extends BuildAppLike, ListingApp {
  render(request: Request, opts: { routeData: RouteLike }): Promise<Response>;
}

/**
 * Imports every page's module (and the chunks it imports) ahead of the job, as the job's listing of
 * the paths would: a warm renderer spends its wait on it instead of the editor. Importing reads no
 * snapshot (the pages read it when asked for their paths); if one did, the job would fail on the
 * folder named here, and the change would be a full build.
 */
export async function preloadPages(app: AppLike): Promise<void> {
  const given = process.env.SNAPSHOT_DIR;
  process.env.SNAPSHOT_DIR = '/nonexistent/snapshot-not-given-yet';
  try {
    for (const { routeData } of app.manifest.routes) if (routeData.prerender) await app.getComponentByRoute(routeData);
  } finally {
    if (given === undefined) delete process.env.SNAPSHOT_DIR;
    else process.env.SNAPSHOT_DIR = given;
  }
}

/**
 * The output file of a path as Astro's build names it (astro/dist/core/build/common.js, `format:
 * 'directory'`), then as the post-build step moves it (`x.html/index.html` -> `x.html`, src/lib/build/postbuild.mjs).
 */
export function outputFile(pathname: string, type: string): string {
  const bare = pathname.replace(/^\/+|\/+$/g, '');
  if (type === 'endpoint') return bare;
  if (pathname === '/404' || pathname === '/500') return `${bare}.html`;
  const file = bare ? `${bare}/index.html` : 'index.html';
  return /^([^/]+\/)?[^/]+\.html\/index\.html$/.test(file) ? file.slice(0, -'/index.html'.length) : file;
}

/** The URL a page was requested with during the build (directory format, trailing slash ignored). */
function requestUrl(origin: string, pathname: string, type: string): string {
  if (pathname === '/' || pathname === '') return `${origin}/`;
  return type === 'endpoint' ? `${origin}${pathname}` : `${origin}${pathname.replace(/\/+$/, '')}/`;
}

/** Loads the bundle and gives it what the build's environment gave it (./keep.ts's context). */
export async function loadApp(context: RenderContext): Promise<AppLike> {
  const mod = (await import(pathToFileURL(join(context.bundle, context.entry)).href)) as { app: AppLike };
  const styles = new Map(Object.entries(context.styles).map(([k, v]) => [k, { styles: v }]));
  mod.app.setInternals({ pagesByKeys: styles, entrySpecifierToBundleMap: new Map(Object.entries(context.bundleMap)) });
  const destination = {
    write(event: { level: string; message: string }) {
      if (event.level === 'error' || event.level === 'warn') process.stderr.write(`${event.message}\n`);
      return true;
    },
  };
  mod.app.setOptions({ settings: { scripts: context.scripts }, logger: { options: { destination, level: 'warn' } } });
  return mod.app;
}

/**
 * What a warm renderer read of the kept folder it was started for while it waited (its context and
 * kept keys), with each file's size and time then: a job on that folder takes them when the files
 * are still the same.
 */
export interface ReadAhead {
  keepDir: string;
  context: RenderContext;
  /** The generation's paths (PATHS_FILE); undefined: not read (the job reads them). */
  paths?: KeptPath[];
  /** Undefined: not read (the job reads them, and says what is wrong with them). */
  keys?: KeysFile | null;
  routes?: RouteInputs | null;
  /** The live snapshot's files read ahead, with their digests (the new snapshot's unchanged files are not hashed again). */
  files?: KnownFiles;
  stamps: string;
}
const stampsOf = (keepDir: string): string =>
  [CONTEXT_FILE, PATHS_FILE, KEYS_FILE, ROUTES_FILE]
    .map((f) => {
      const st = statSync(join(keepDir, f), { throwIfNoEntry: false });
      return st ? `${st.size}:${st.mtimeMs}:${st.ino}` : '-';
    })
    .join(' ');

/** Reads the kept folder's context and keys ahead (a warm renderer, while it waits). */
export function readAhead(keepDir: string): ReadAhead {
  const stamps = stampsOf(keepDir);
  const ahead: ReadAhead = { keepDir: resolve(keepDir), context: readRenderContext(keepDir), stamps };
  try {
    ahead.paths = readKeptPaths(keepDir);
  } catch {
    // Read again by the job, which fails with what is wrong.
  }
  try {
    ahead.keys = readKeys(keepDir);
    ahead.routes = readRouteInputs(keepDir);
  } catch {
    // Read again by the job, which says why it computes every key (or lists every route).
  }
  return ahead;
}
/** The read-ahead of the job's kept folder, if the files are as they were read. */
const aheadFor = (job: RenderJob, ahead: ReadAhead | undefined): ReadAhead | undefined =>
  ahead && ahead.keepDir === resolve(job.keepDir) && ahead.stamps === stampsOf(job.keepDir) ? ahead : undefined;

/**
 * Offers the generation before's keys and the records changed since to the key functions
 * (src/lib/build/key-reuse.ts), when it can tell which records changed; answers the new snapshot's
 * file digests, kept with the keys, and whether routes may be taken from the generation before
 * (./paths.ts): the keys were offered, so no file differs but the default catalogue's product files
 * and those whose part the keys read is in their bases.
 */
function offerKeysBefore(
  job: RenderJob,
  before: string | undefined,
  ahead: ReadAhead | undefined,
  known: KnownFiles | undefined,
): { files: Record<string, string>; mayTake: boolean } {
  const files = snapshotDigests(job.snapshotDir, known);
  try {
    const kept = ahead?.keys !== undefined ? ahead.keys : readKeys(job.keepDir);
    const changed = kept ? changedRecords(kept, before, job.snapshotDir, files) : 'no keys kept';
    if (typeof changed === 'string') process.stderr.write(`renderer: every key computed (${changed})\n`);
    else {
      offerPrevious(kept!.entries, changed, { records: kept!.records, routes: kept!.routes }, kept!.days);
      // changedRecords answered: the same files as then, only product files and KEYED_FILES differ;
      // what a route's list reads of those is in its inputs (the products' route fields, the content routes).
      return { files, mayTake: true };
    }
  } catch (e) {
    process.stderr.write(`renderer: every key computed (${(e as Error).message})\n`);
  }
  return { files, mayTake: false };
}

/** The generation before's routes' inputs; null (every route listed) when it kept none, or they do not read as they should. */
function routeInputsBefore(keepDir: string): RouteInputs | null {
  try {
    return readRouteInputs(keepDir);
  } catch (e) {
    process.stderr.write(`renderer: every route listed (${(e as Error).message})\n`);
    return null;
  }
}

/**
 * Renders the job's pages; answers what it wrote, and `keep`, which writes what the next change reads
 * (the keys, the paths and the routes' inputs: 80 MB of JSON at 100,000 products) into the staging
 * folder. The process answers first and keeps after: the server makes the generation meanwhile and
 * waits for the process to end only before it moves those files (./overlay-build.ts).
 */
export async function render(job: RenderJob, app?: AppLike, readBefore?: ReadAhead): Promise<{ result: RenderResult; keep: () => void }> {
  const ahead = aheadFor(job, readBefore);
  const context = ahead?.context ?? readRenderContext(job.keepDir);
  app ??= await loadApp(context);
  const beforePaths = ahead?.paths ?? readKeptPaths(job.keepDir);
  // A path two routes answer: the first one's (the page the build wrote).
  const before = new Map(firstOfEach(beforePaths).map((p) => [p.pathname, p]));
  const timings: Record<string, number> = {};
  let t = performance.now();
  // The live snapshot's digests hold for any job; their bytes are the hold's (src/lib/snapshot/hold.ts), let go as the bundle takes them.
  const known = readBefore?.files;
  if (readBefore) delete readBefore.files;
  const { files, mayTake } = offerKeysBefore(job, context.snapshot, ahead, known);
  timings.changes = Math.round(performance.now() - t);
  t = performance.now();
  const routesBefore = mayTake ? (ahead?.routes !== undefined ? ahead.routes : routeInputsBefore(job.keepDir)) : null;
  const listing = await listPaths(app, timings, routesBefore ? { paths: beforePaths, inputs: routesBefore.inputs } : null);
  const all = firstOfEach(listing.listed);
  timings.paths = Math.round(performance.now() - t);
  // The keys are kept with the staging folder for the next change.
  const counts: Record<string, number> = { [KEYS_REUSED]: 0, ...notedCounts() };
  mkdirSync(job.staging, { recursive: true });
  const keys: KeysFile = { version: 1, files, entries: recordedEntries(), ...idDigests(), days: recordedDays() };
  const todo = all.filter((p) => {
    if (p.route.type === 'redirect' || p.route.type === 'fallback')
      throw new Error(`${p.pathname}: a ${p.route.type} route (the renderer renders pages and endpoints only)`);
    const old = before.get(p.pathname);
    return p.cacheKey === undefined || old?.cacheKey !== p.cacheKey || old.component !== p.route.component;
  });
  const now = new Set(all.map((p) => p.pathname));
  const removed = beforePaths.filter((p) => !now.has(p.pathname)).map((p) => outputFile(p.pathname, p.component.endsWith('.astro') ? 'page' : 'endpoint'));
  const added = all.filter((p) => !before.has(p.pathname)).map((p) => p.pathname.replace(/^\/+/, ''));
  // Every path listed, a path two routes answer twice (as a full build keeps them): a route taken next time takes all of its own.
  const paths: KeptPath[] = listing.listed.map((p) => ({
    pathname: p.pathname,
    route: p.route.route,
    component: p.route.component,
    ...(p.cacheKey !== undefined && { cacheKey: p.cacheKey }),
  }));
  const routeInputs: RouteInputs = { version: 1, inputs: listing.inputs };
  // The next generation's keys, paths and routes' inputs, for the change after this one (./overlay-build.ts keeps them): never sent to the server, which does not read them.
  const keep = () => {
    writeFileSync(join(job.staging, STAGED_KEYS_FILE), JSON.stringify(keys));
    writeFileSync(join(job.staging, STAGED_PATHS_FILE), JSON.stringify(paths));
    writeFileSync(join(job.staging, STAGED_ROUTES_FILE), JSON.stringify(routeInputs));
  };
  const limit = Math.max(job.maxPages, Math.floor(all.length * (job.maxShare ?? 0)));
  const result: RenderResult = {
    tooMany: false,
    limit,
    written: [],
    removed,
    added,
    rendered: 0,
    kept: all.length - todo.length,
    timings,
    counts,
    routes: listing.routes,
  };
  if (todo.length > limit) return { result: { ...result, tooMany: true }, keep: () => {} };
  for (const p of todo) {
    t = performance.now();
    const res = await app.render(new Request(requestUrl(context.origin, p.pathname, p.route.type)), { routeData: p.route });
    // As the build: any answer's body is the file (the 404 page answers 404); a redirect is not a page.
    if (res.status >= 300 && res.status < 400) throw new Error(`${p.pathname}: answered ${res.status} (a redirect)`);
    const file = outputFile(p.pathname, p.route.type);
    const out = join(job.staging, file);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, Buffer.from(await res.arrayBuffer()));
    result.written.push(file);
    result.rendered++;
    timings[p.route.component] = Math.round((timings[p.route.component] ?? 0) + performance.now() - t);
  }
  return { result, keep };
}

/**
 * The process: `renderer.ts <kept folder>` loads that build's bundle at once and waits (a warm
 * renderer, started before the change arrives), then takes one job on stdin and answers on stdout as
 * one JSON line. One job per process: the bundle's modules memoise the snapshot they read.
 */
async function main(): Promise<void> {
  const warmDir = process.argv[2];
  const ahead = warmDir ? readAhead(warmDir) : undefined;
  const warm = ahead?.context ?? null;
  // The head's merged stylesheet (src/lib/build/page-css.ts) reads the build's component CSS; where it writes is the job's.
  const app = warm ? await loadApp(warm) : null;
  if (app) {
    await preloadPages(app);
    await staticPathsModule();
    // The pages' script loader, minified once (the first page rendered would run esbuild for it).
    pageScriptLoader();
  }
  // The live snapshot's files read ahead: the next one's unchanged files are not parsed again (src/lib/snapshot/hold.ts).
  try {
    if (warm?.snapshot && existsSync(warm.snapshot) && holdWithLoaded(warm.snapshot) && ahead) ahead.files = knownFiles(heldFiles());
  } catch (e) {
    process.stderr.write(`renderer: the live snapshot was not read ahead: ${(e as Error).message}\n`);
  }
  // Ready (./overlay-build.ts READY_LINE; not imported: that module starts processes).
  if (app) process.stdout.write('ready\n');
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = renderJobSchema.parse(JSON.parse(input));
  const t = performance.now();
  const context = aheadFor(job, ahead)?.context ?? readRenderContext(job.keepDir);
  if (warm && warm.bundle !== context.bundle) throw new Error(`the warm renderer holds ${warm.bundle}, the job needs ${context.bundle}`);
  process.env.SNAPSHOT_DIR = job.snapshotDir;
  process.env.PJ_PAGE_CSS = JSON.stringify({ outDir: job.staging, keepDir: join(job.staging, '.page-css'), readDir: context.outDir });
  const loaded = Math.round(performance.now() - t);
  const { result, keep } = await render(job, app ?? (await loadApp(context)), ahead);
  result.timings = { context: loaded, ...result.timings };
  result.counts['read ahead'] = takenCount();
  // Answers, then keeps what the next change reads, then exits: what the bundle leaves behind
  // (timers of its modules) would keep the process, and the change's caller, waiting.
  process.stdout.write(`${JSON.stringify(result)}\n`, () => {
    try {
      keep();
    } catch (e) {
      process.stderr.write(`renderer: what the next change reads was not kept: ${(e as Error).message}\n`);
      process.exit(1);
    }
    process.exit(0);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    process.stderr.write(`renderer: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  });
}
