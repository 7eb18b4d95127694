/**
 * A generation made in seconds: the persistent renderer (./renderer.ts) renders the pages of the new
 * snapshot whose cache key changed; this keeps those whose bytes differ from the generation before,
 * brings the whole-site files up to date the way the full build makes them (the service worker's
 * precache revisions, `_headers`' script hashes, the CDN's files manifest), and writes them as an
 * overlay on that generation (./overlay.ts). What it cannot make exactly as the full build would
 * (pages added or removed: the sitemap changes; an inline script gone from a page: the CSP's
 * hashes of the other pages are unknown here; too many pages) is a `FullBuildNeeded`: the caller
 * builds the whole site instead. Build time only.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { digestOf, headersFile, isAmp, scanPage, ampPrefixes } from '../cdn/build-files';
import { runOverlayCdnFiles } from './cdn-files';
import { DEPLOY_PLAN, FILES_MANIFEST } from '../cdn/deploy-plan';
import { siteHeaderRules } from '../cdn/headers';
import {
  CDN_HASHES_FILE,
  codeStamp,
  CONTEXT_FILE,
  keepDirOf,
  KEYS_FILE,
  PATHS_FILE,
  readCdnHashes,
  readRenderContext,
  ROUTES_FILE,
  STAGED_KEYS_FILE,
  STAGED_PATHS_FILE,
  STAGED_ROUTES_FILE,
  type RenderContext,
} from './kept';
import { OVERLAY_MANIFEST, openTree, type OverlayManifest } from './overlay';
import { writeHeld } from '../held-json';
import type { RenderJob } from './renderer';
import { readRenderResult, type RenderResult } from './result';
import { precacheMaxBytes } from '../../pwa/sw-config';
import { phaseTimer } from '../phases';

/** The change cannot be made as an overlay: build the whole site (the reason says why). */
export class FullBuildNeeded extends Error {}

export interface OverlayOptions {
  /** The generation the change is made on (a full build's folder with its kept renderer, or an overlay). */
  parent: string;
  snapshotDir: string;
  /** The new generation's folder (must not exist). */
  outDir: string;
  /** The most pages one change may render, or `maxShare` of the site's pages when that is more (more: a full build). */
  maxPages: number;
  /** The share of the site's pages it may render (0 to 1; default 0). */
  maxShare?: number;
  /** More environment of the renderer (BUILD_TIME in tests). */
  env?: Record<string, string>;
  /** The project whose code the renderer must still be (default: the working folder). */
  projectRoot?: string;
  /** Also write the CDN's deploy plan against this generation (the live one), as a full build with DEPLOY_BEFORE does. */
  deployBefore?: string | null;
}

export interface OverlayResult {
  /** Site files the overlay holds (changed or new), sorted. */
  changed: string[];
  rendered: number;
  kept: number;
  /** Where the time went, in ms (the renderer's phases, then this step's). */
  timings: Record<string, number>;
  /** What the renderer took rather than worked out (RenderResult `counts`). */
  counts: Record<string, number>;
  /** The page components whose routes the renderer listed, and those it took from the generation before (./paths.ts). */
  routes: RenderResult['routes'];
}

const RENDERER = fileURLToPath(new URL('./renderer.ts', import.meta.url));
/** The worker service's file of the service worker, whose precache list names files by their md5 (Workbox). */
const SERVICE_WORKER = 'sw.js';
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** A renderer process started ahead of the change, its bundle loaded (one job each). */
interface Warm {
  bundle: string;
  /** The kept folder it reads ahead (./renderer.ts readAhead): a job on another folder takes none of it. */
  keepDir: string;
  env: string;
  child: ChildProcessWithoutNullStreams;
  exited: boolean;
  /** Settles when it has read everything it reads ahead (or exited). */
  ready: Promise<void>;
}
/** The renderer's line on stdout once it waits with everything read ahead (./renderer.ts). */
export const READY_LINE = 'ready';
let warm: Warm | null = null;

/**
 * Node options for the renderer process from RENDERER_NODE_ARGS, space-separated: for looking into it,
 * e.g. `--cpu-prof --cpu-prof-dir=DIR` (NODE_OPTIONS does not take those; the renderer ends with
 * process.exit, which writes the profile).
 */
const rendererNodeArgs = (): string[] => (process.env.RENDERER_NODE_ARGS ?? '').split(' ').filter(Boolean);

function startRenderer(keepDir: string | null, env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...rendererNodeArgs(), '--import', 'tsx', RENDERER, ...(keepDir ? [keepDir] : [])], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/**
 * Starts a renderer for the generation `keepDir` was kept for, to wait for the next change with the
 * bundle loaded and that generation's keys and snapshot read (the process start, the bundle's import
 * and the reading off the editor's wait); replaces the one waiting unless it was started for the same
 * folder. One started for another generation (a run whose build was dropped, a rollback) would load the
 * same bundle but read the wrong folder, and the next change would read everything itself.
 */
export function warmRenderer(keepDir: string, env: Record<string, string> = {}): void {
  const bundle = readRenderContext(keepDir).bundle;
  const key = JSON.stringify(env);
  const dir = resolve(keepDir);
  if (warm && !warm.exited && warm.bundle === bundle && warm.keepDir === dir && warm.env === key) return;
  if (warm && !warm.exited) warm.child.kill();
  const child = startRenderer(keepDir, env);
  let settle = () => {};
  const w: Warm = { bundle, keepDir: dir, env: key, child, exited: false, ready: new Promise<void>((r) => (settle = r)) };
  let said = '';
  const hear = (b: Buffer) => {
    said += b.toString();
    if (said.startsWith(`${READY_LINE}\n`) || said.length > READY_LINE.length) {
      child.stdout.off('data', hear);
      settle();
    }
  };
  child.stdout.on('data', hear);
  child.on('exit', () => {
    w.exited = true;
    // Its pipes too: a renderer that failed leaves what it wrote unread, which would hold this process.
    for (const s of [child.stdin, child.stdout, child.stderr]) s.destroy();
    settle();
  });
  child.on('error', () => {
    w.exited = true;
    settle();
  });
  // A warm renderer never keeps the process alive on its own.
  child.unref();
  warm = w;
}

/**
 * Settles when the waiting renderer is ready for a change (at once when none waits). Whoever waits
 * keeps this process alive until then: the renderer is unreferenced, so a caller with nothing else
 * to do (a script, the bench) would otherwise end with the wait unsettled.
 */
export function rendererReady(): Promise<void> {
  if (!warm || warm.exited) return Promise.resolve();
  const alive = setInterval(() => undefined, 60_000);
  return warm.ready.finally(() => clearInterval(alive));
}

/** The kept folder the waiting renderer reads ahead; null when none waits. */
export function warmRendererFor(): string | null {
  return warm && !warm.exited ? warm.keepDir : null;
}

/** Stops the waiting renderer (the server's shutdown, tests). */
export function stopWarmRenderer(): void {
  if (warm && !warm.exited) warm.child.kill();
  warm = null;
}

/**
 * Runs a job on the warm renderer when it holds the job's bundle, else on a new one. Settles with its
 * answer as soon as it has answered; `ended` settles when the process has ended, having written what
 * the next change reads into the staging folder (./renderer.ts keeps it after answering), and
 * rejects if it ended otherwise. It is handled: a caller that stops before awaiting it loses nothing.
 */
export function runRenderer(job: RenderJob, env: Record<string, string> = {}): Promise<{ result: RenderResult; ended: Promise<void> }> {
  const bundle = readRenderContext(job.keepDir).bundle;
  const w = warm && !warm.exited && warm.bundle === bundle && warm.env === JSON.stringify(env) ? warm : null;
  warm = null;
  const child = w?.child ?? startRenderer(null, env);
  child.ref();
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-4000)));
  // `close`, not `exit`: the answer may still be in the pipe when the process has exited.
  const ended = new Promise<void>((resolveEnd, rejectEnd) => {
    child.on('error', rejectEnd);
    child.on('close', (code) => (code === 0 ? resolveEnd() : rejectEnd(new Error(`the renderer exited with code ${code}: ${err.trim()}`))));
  });
  ended.catch(() => {});
  const answered = new Promise<RenderResult>((resolveAnswer, reject) => {
    // What the renderer has said so far; null once it has answered.
    let out: string | null = '';
    child.stdout.on('data', (b: Buffer) => {
      if (out === null) return;
      out += b.toString();
      // The answer is one JSON line (a warm renderer said it was ready first).
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line === undefined || !out.includes('\n', out.indexOf(line))) return;
      out = null;
      try {
        resolveAnswer(readRenderResult(line));
      } catch (e) {
        reject(e as Error);
      }
    });
    ended.then(() => reject(new Error(`the renderer ended without an answer: ${err.trim()}`)), reject);
  });
  child.stdin.end(JSON.stringify(job));
  return answered.then((result) => ({ result, ended }));
}

/** The service worker with the precache revisions of the changed files brought up to date (null: unchanged). */
function serviceWorker(sw: Buffer, changed: Map<string, { before: Buffer | null; after: Buffer }>): Buffer | null {
  const byFile = (url: string) => changed.get(url) ?? changed.get(url ? `${url}/index.html` : 'index.html');
  let touched = false;
  const text = sw.toString('utf8').replace(/"revision":"([0-9a-f]{32})","url":"([^"]+)"/g, (all, rev: string, url: string) => {
    const c = byFile(url);
    if (!c || !c.before || md5(c.before) !== rev) return all;
    touched = true;
    return `"revision":"${md5(c.after)}","url":"${url}"`;
  });
  return touched ? Buffer.from(text, 'utf8') : null;
}

/** Files an overlay may add or remove: a split search file or bundle, in its part's folder (any store view's). */
const MOVABLE = /^(?:[^/]+\/)?search-(?:index|listing)\/[0-9a-f]+\/[^/]+(?:\/[^/]+)?\.json$/;

/**
 * An overlay generation that can be served: its pages, service worker, `_headers` and overlay manifest
 * are written. `done` settles when the rest is (the CDN's files manifest, the deploy plan, what the next
 * change reads); until then the generation serves as it will, but is no parent yet (a change made on it
 * waits for `done`, ./overlay-build.ts `startOverlay`) and no deploy reads it.
 */
export interface ServableOverlay {
  /** The site files that differ from the parent's, sorted (the files manifest and deploy plan not among them yet). */
  changed: string[];
  /** Pages rendered. */
  rendered: number;
  /** The whole result, once the generation is complete; rejects when its rest could not be written (the generation then has no files manifest and is no parent: the next change is a full build). */
  done: Promise<OverlayResult>;
}

/** The overlays served but not complete yet, by folder: a change made on one waits for it. */
const completing = new Map<string, Promise<unknown>>();

/** Makes the overlay generation of `snapshotDir` on `parent` and completes it; FullBuildNeeded when it cannot. */
export async function buildOverlay(opts: OverlayOptions): Promise<OverlayResult> {
  return (await startOverlay(opts)).done;
}

/**
 * Makes the overlay generation of `snapshotDir` on `parent`; settles once it can be served, and
 * completes it after (`done`): a shopper gets the change while its bookkeeping is still written (up to a
 * second at 100,000 products). FullBuildNeeded when it cannot be an overlay.
 */
export async function startOverlay(opts: OverlayOptions): Promise<ServableOverlay> {
  // A parent still being completed is complete first (its files manifest, its kept renderer).
  await completing.get(resolve(opts.parent))?.catch(() => undefined);
  const parentKeep = keepDirOf(opts.parent);
  if (!existsSync(join(parentKeep, CONTEXT_FILE))) throw new FullBuildNeeded(`${opts.parent}: no kept renderer`);
  // Its files manifest is patched once the new generation is served: it must be there.
  if (!existsSync(join(opts.parent, FILES_MANIFEST))) throw new FullBuildNeeded(`${opts.parent}: no ${FILES_MANIFEST}`);
  const timings: Record<string, number> = {};
  const lap = phaseTimer(timings);
  const context = readRenderContext(parentKeep);
  if (context.code !== codeStamp(opts.projectRoot ?? process.cwd())) throw new FullBuildNeeded('the code changed since the full build under the live site');
  const hashes = readCdnHashes(parentKeep);
  const staging = `${opts.outDir}.staging`;
  rmSync(staging, { recursive: true, force: true });
  /** The renderer's end: it writes into the staging folder after it has answered. */
  let ended: Promise<void> | undefined;
  /** Whether the staging folder is the completion's to clear (the generation was served). */
  let handedOver = false;
  try {
    lap('prepare');
    let r: RenderResult;
    ({ result: r, ended } = await runRenderer(
      { keepDir: parentKeep, snapshotDir: opts.snapshotDir, staging, maxPages: opts.maxPages, maxShare: opts.maxShare },
      opts.env,
    ));
    lap('renderer');
    if (r.tooMany) throw new FullBuildNeeded(`more than ${r.limit} pages to render`);
    // Pages added or removed change the sitemap and the links to them: a full build. Split search files
    // come and go with the parts a change renames (src/lib/search/bundles.ts): nothing links to them but
    // their heads, rendered here too, and the service worker caches them as they are asked for.
    const moved = [...r.removed, ...r.added].filter((f) => !MOVABLE.test(f));
    if (moved.length) throw new FullBuildNeeded(`pages added or removed (the sitemap changes): ${moved.slice(0, 3).join(', ')}`);
    const tree = openTree(opts.parent);
    const changed = new Map<string, { before: Buffer | null; after: Buffer }>();
    const consider = (file: string, after: Buffer) => {
      const at = tree.file(file);
      const before = at ? readFileSync(at) : null;
      if (!before || !before.equals(after)) changed.set(file, { before, after });
    };
    for (const f of r.written) consider(f, readFileSync(join(staging, f)));
    // The merged stylesheets of the rendered pages (src/lib/build/page-css.ts), named by their content.
    const css = join(staging, '_astro');
    if (existsSync(css)) for (const n of readdirSync(css)) if (!tree.file(`_astro/${n}`)) consider(`_astro/${n}`, readFileSync(join(css, n)));
    // `_headers`: the pages' script hashes can only grow here; one gone from a page may still be another page's.
    const pageHashes = new Set(hashes.pageHashes);
    const ampHashes = new Set(hashes.ampHashes);
    for (const [f, c] of changed) {
      if (!f.endsWith('.html')) continue;
      const now = scanPage(c.after).inlineHashes;
      const was = c.before ? scanPage(c.before).inlineHashes : [];
      if (was.some((h) => !now.includes(h))) throw new FullBuildNeeded(`${f}: an inline script changed (the CSP's hashes are the whole site's)`);
      for (const h of now) (isAmp(c.after) ? ampHashes : pageHashes).add(h);
    }
    // A file crossing the precache's size limit joins or leaves the service worker's list (src/lib/pwa/sw-config.ts).
    const max = precacheMaxBytes();
    for (const [f, c] of changed)
      if (c.before && c.before.length <= max !== c.after.length <= max) throw new FullBuildNeeded(`${f}: crosses the precache's size limit`);
    lap('compare');
    const sw = tree.file(SERVICE_WORKER);
    const newSw = sw && changed.size ? serviceWorker(readFileSync(sw), changed) : null;
    if (newSw) changed.set(SERVICE_WORKER, { before: null, after: newSw });
    if (pageHashes.size !== hashes.pageHashes.length || ampHashes.size !== hashes.ampHashes.length) {
      const rules = siteHeaderRules({ pageHashes: [...pageHashes], ampHashes: [...ampHashes], ampPrefixes: ampPrefixes() });
      changed.set('_headers', { before: null, after: Buffer.from(headersFile(rules)) });
    }
    // What a shopper is served: the changed files, then the overlay's manifest naming them.
    const name = basename(opts.outDir);
    const held = { ...(tree.overlay?.files ?? {}), ...Object.fromEntries([...changed.keys()].map((f) => [f, name])) };
    const gone = new Set(tree.overlay?.removed ?? []);
    for (const f of r.removed) {
      delete held[f];
      gone.add(f);
    }
    for (const f of changed.keys()) gone.delete(f);
    const overlay: OverlayManifest = { version: 1, parent: basename(tree.dir), base: basename(tree.base), files: held, removed: [...gone].sort() };
    for (const [f, c] of changed) {
      mkdirSync(dirname(join(opts.outDir, f)), { recursive: true });
      writeFileSync(join(opts.outDir, f), c.after);
    }
    const writeOverlay = () => writeFileSync(join(opts.outDir, OVERLAY_MANIFEST), `${JSON.stringify(overlay)}\n`);
    // Its folder, though no file changed (the same content pulled again): the overlay's manifest alone.
    mkdirSync(opts.outDir, { recursive: true });
    writeOverlay();
    lap('write');
    const served = [...changed.keys()].sort();
    const renderer = ended;
    // The rest, once the generation is served: the CDN's files, then what the next change reads.
    const complete = async (): Promise<OverlayResult> => {
      try {
        // The CDN's files manifest and the deploy plan, in a process of their own (./cdn-files.ts), while
        // the renderer writes what the next change reads: the server's event loop stays free for shoppers.
        await runOverlayCdnFiles({
          parent: opts.parent,
          outDir: opts.outDir,
          set: Object.fromEntries([...changed].map(([f, c]) => [f, digestOf(c.after)])),
          removed: r.removed,
          deployBefore: opts.deployBefore ?? null,
        });
        const cdnFiles = opts.deployBefore ? [FILES_MANIFEST, DEPLOY_PLAN] : [FILES_MANIFEST];
        for (const f of cdnFiles) overlay.files[f] = name;
        writeOverlay();
        lap('cdn files');
        // The renderer wrote what the next change reads after it answered, while this generation was made.
        await renderer;
        lap('renderer kept');
        const keep = keepDirOf(opts.outDir);
        mkdirSync(keep, { recursive: true });
        // Held as written: the next change's first step reads them. The paths,
        // which only the next renderer reads, as the renderer wrote them.
        const nextContext: RenderContext = { ...context, snapshot: opts.snapshotDir };
        writeHeld(join(keep, CONTEXT_FILE), JSON.stringify(nextContext), nextContext);
        renameSync(join(staging, STAGED_PATHS_FILE), join(keep, PATHS_FILE));
        const nextHashes = { pageHashes: [...pageHashes], ampHashes: [...ampHashes] };
        writeHeld(join(keep, CDN_HASHES_FILE), JSON.stringify(nextHashes), nextHashes);
        // The keys the renderer listed, with what each read: the next change takes those it did not touch.
        if (existsSync(join(staging, STAGED_KEYS_FILE))) renameSync(join(staging, STAGED_KEYS_FILE), join(keep, KEYS_FILE));
        // The routes' inputs, for the next change to take the routes whose inputs it leaves as they were.
        if (existsSync(join(staging, STAGED_ROUTES_FILE))) renameSync(join(staging, STAGED_ROUTES_FILE), join(keep, ROUTES_FILE));
        // The next change's renderer, loading now.
        warmRenderer(keep, opts.env);
        lap('keep');
        return {
          changed: [...served, ...cdnFiles].sort(),
          rendered: r.rendered,
          kept: r.kept,
          timings: { ...r.timings, ...timings },
          counts: r.counts,
          routes: r.routes,
        };
      } catch (e) {
        // Served already: it stays, but is no parent (no files manifest, no kept renderer): the next change builds in full.
        rmSync(join(opts.outDir, FILES_MANIFEST), { force: true });
        rmSync(keepDirOf(opts.outDir), { recursive: true, force: true });
        delete overlay.files[FILES_MANIFEST];
        delete overlay.files[DEPLOY_PLAN];
        rmSync(join(opts.outDir, DEPLOY_PLAN), { force: true });
        writeOverlay();
        throw e;
      } finally {
        await renderer?.catch(() => {});
        rmSync(staging, { recursive: true, force: true });
      }
    };
    const done = complete();
    const key = resolve(opts.outDir);
    completing.set(key, done);
    done.then(
      () => completing.delete(key),
      () => completing.delete(key),
    );
    // Handled here: a caller that never awaits it loses nothing (the next change on it awaits it).
    done.catch(() => {});
    handedOver = true;
    return { changed: served, rendered: r.rendered, done };
  } catch (e) {
    rmSync(opts.outDir, { recursive: true, force: true });
    rmSync(keepDirOf(opts.outDir), { recursive: true, force: true });
    throw e;
  } finally {
    // Not while the renderer still writes there; once handed over, the completion clears it.
    if (!handedOver) {
      await ended?.catch(() => {});
      rmSync(staging, { recursive: true, force: true });
    }
  }
}
