/**
 * The rebuild's build step: the change made in seconds as an overlay on the live generation by the
 * persistent renderer (src/lib/build/render/), or, when it cannot be (a code change, more pages than
 * RENDER_MAX_PAGES, pages added or removed, no renderer kept, any error of the renderer), a full
 * `astro build`. Either way the new folder is a generation the server serves and the deploy plan reads.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FullBuildNeeded, startOverlay, warmRenderer } from '../src/lib/build/render/overlay-build';

export { stopWarmRenderer } from '../src/lib/build/render/overlay-build';
import { CONTEXT_FILE, keepDirOf } from '../src/lib/build/render/kept';
import type { RunReport } from './rebuild';

/** The most pages a change may render in place of a full build, unless the site's share allows more. */
export const DEFAULT_MAX_PAGES = 2000;
/**
 * The share of the site's pages a change may render when RENDER_MAX_PAGES is not set: the renderer
 * renders a page several times faster than a full build does (14,642 pages in 23 s at 100,000
 * products, where the full build takes minutes: docs/benchmarks.md), so a change of a tenth of a large
 * site (a day on which hundreds of special prices end, a sale on a brand) is still an overlay.
 */
export const DEFAULT_MAX_SHARE = 0.1;

/**
 * RENDER_MAX_PAGES: the most pages one change may render in place of a full build (0: always a full
 * build). Unset: DEFAULT_MAX_PAGES, or DEFAULT_MAX_SHARE of the site's pages when that is more.
 */
export function parseMaxPages(v: string | undefined): { maxPages: number; maxShare: number } {
  if (v === undefined || v === '') return { maxPages: DEFAULT_MAX_PAGES, maxShare: DEFAULT_MAX_SHARE };
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`RENDER_MAX_PAGES: expected a whole number of pages (0 turns the renderer off), got '${v}'`);
  return { maxPages: n, maxShare: 0 };
}

export interface RenderStepOptions {
  projectRoot: string;
  /** The live generation (null: none yet, a full build). */
  live: string | null;
  snapshotDir: string;
  outDir: string;
  maxPages: number;
  /** The share of the site's pages it may render when more than maxPages (parseMaxPages). */
  maxShare?: number;
  /** The full build, when the change cannot be an overlay. */
  fullBuild: () => Promise<void>;
  report?: RunReport;
}

/**
 * How the new generation was made. An overlay can be served when this settles: `changed` are its site
 * files that differ from `parent`'s (the live generation it was made on), and `done` settles once its
 * CDN files and what the next change reads are written (a change made on it waits for that).
 */
export type RenderStepResult = { way: 'full' } | { way: 'overlay'; parent: string; changed: string[]; done: Promise<void> };

/** Makes the new generation; says which way it was made. */
export async function renderOrBuild(opts: RenderStepOptions): Promise<RenderStepResult> {
  const say = (l: string) => opts.report?.log(l);
  if (opts.live && opts.maxPages > 0) {
    const started = performance.now();
    try {
      const r = await startOverlay({
        parent: opts.live,
        snapshotDir: opts.snapshotDir,
        outDir: opts.outDir,
        maxPages: opts.maxPages,
        maxShare: opts.maxShare,
        projectRoot: opts.projectRoot,
        deployBefore: opts.live,
      });
      const servable = Math.round(performance.now() - started);
      opts.report?.pages(r.rendered, r.rendered);
      // A failure is its awaiter's to report (server/rebuild.ts: served, but the next change builds in full).
      const done = r.done.then((o) => {
        const where = Object.entries(o.timings)
          .filter(([, ms]) => ms >= 50)
          .map(([what, ms]) => `${what} ${ms}`)
          .join(', ');
        const taken = Object.entries(o.counts)
          .map(([what, n]) => `${what} ${n}`)
          .join(', ');
        say(
          `rendered ${o.rendered} page(s) (${o.kept} unchanged), ${o.changed.length} file(s) changed, servable in ${servable} ms, complete in ${Math.round(performance.now() - started)} ms (ms: ${where}; counts: ${taken})`,
        );
      });
      // Nobody awaiting it is no unhandled rejection.
      done.catch(() => {});
      return { way: 'overlay', parent: opts.live, changed: r.changed, done };
    } catch (e) {
      const why = e instanceof FullBuildNeeded ? e.message : `the renderer failed: ${(e as Error).message.split('\n')[0]}`;
      say(`a full build: ${why}`);
      rmSync(opts.outDir, { recursive: true, force: true });
      rmSync(keepDirOf(opts.outDir), { recursive: true, force: true });
    }
  }
  await opts.fullBuild();
  if (opts.maxPages > 0) warmLive(opts.outDir);
  return { way: 'full' };
}

/**
 * Starts the renderer of a generation ahead of the next change, when that generation kept one (a full
 * build's, or an overlay's): it loads the bundle and reads the live snapshot while it waits.
 */
export function warmLive(dir: string, log?: (line: string) => void): void {
  const keep = keepDirOf(dir);
  if (!existsSync(join(keep, CONTEXT_FILE))) return;
  try {
    warmRenderer(keep);
  } catch (e) {
    log?.(`the renderer could not be started ahead: ${(e as Error).message}`);
  }
}
