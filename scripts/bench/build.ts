/**
 * Build benchmarks: a full `astro build` (snapshot load, page generation, post-processing) of a
 * snapshot into a private folder, with wall time, pages written, pages per second, the peak memory
 * of the build's process tree and where the time went (phases read from the build's output).
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runMeasured, type MeasuredRun } from './lib/proc';
import { astroBin } from '../../server/rebuild';
import { buildEnv, buildNodeArgs } from '../../src/lib/build/heap';

export interface BuildPhases {
  /** Process start to the content layer starting (config, Vite and integrations set-up). */
  startupMs: number | null;
  /** Content layer sync (no collections any more: the pages read the snapshot themselves). */
  contentMs: number | null;
  /** Server bundle (Vite SSR build of pages and components). */
  serverBundleMs: number | null;
  /** Client bundle (Vite build of scripts and islands). */
  clientBundleMs: number | null;
  /** Rendering every page to HTML (getStaticPaths and page rendering). */
  renderMs: number | null;
  /** After rendering: the integrations' build:done hooks (post-processing, sitemap) and exit. */
  postMs: number | null;
}

export interface BuildResult {
  ok: boolean;
  /** Exit code or signal, and the output's tail, when the build failed. */
  error?: string;
  outOfMemory?: boolean;
  wallMs: number;
  /** CPU time of the build's process tree (user + system), ms. */
  cpuMs: number;
  peakRss: number;
  /** HTML pages written (files ending in .html). */
  pages: number;
  /** Every file written and their total size. */
  files: number;
  bytes: number;
  pagesPerSecond: number;
  phases: BuildPhases;
  /** Files the build rendered, and those it copied from the previous build (incremental build). */
  rendered: number;
  restored: number;
}

/** How a bench build is started: the project's Astro CLI with its own config (cacheDir aside). */
export function buildCommand(root: string, outDir: string, snapshotDir: string, extraArgs: string[] = []): { cmd: string; args: string[] } {
  return {
    cmd: process.execPath,
    // The heap limit every build gets (src/lib/build/heap.ts). Astro joins --config to the project root, so the path is relative.
    args: [
      ...buildNodeArgs(snapshotDir, extraArgs),
      astroBin(root),
      'build',
      '--outDir',
      outDir,
      '--config',
      'scripts/bench/astro.bench.config.mjs',
      ...extraArgs,
    ],
  };
}

/** Phase durations from the timed output lines of an `astro build`. */
export function buildPhases(lines: MeasuredRun['lines'], wallMs: number): BuildPhases {
  const at = (re: RegExp, after = 0): number | null => {
    const l = lines.find((x) => x.ms >= after && re.test(x.text));
    return l ? l.ms : null;
  };
  const diff = (a: number | null, b: number | null) => (a !== null && b !== null ? Math.max(0, b - a) : null);
  const syncStart = at(/\[content\] Syncing content/);
  const synced = at(/\[content\] Synced content/);
  const entry = at(/Building static entrypoints/);
  const entryDone = entry === null ? null : at(/\[build\] ✓ Completed in/, entry);
  const clientStart = entryDone === null ? null : at(/\[vite\] (transforming|building client)/, entryDone);
  const clientDone = clientStart === null ? null : at(/\[vite\] ✓ built in/, clientStart);
  const render = at(/generating static routes/);
  const renderDone = render === null ? null : at(/✓ Completed in/, render + 1);
  return {
    startupMs: syncStart,
    contentMs: diff(syncStart, synced),
    serverBundleMs: diff(entry, entryDone),
    clientBundleMs: diff(clientStart, clientDone),
    renderMs: diff(render, renderDone),
    postMs: renderDone === null ? null : Math.max(0, wallMs - renderDone),
  };
}

/**
 * Files rendered and files restored from the previous build, from the generation log lines. Astro
 * prints `├─ /file` before it renders a page and the time after, so with `build.concurrency` above 1
 * other pages' lines (each with its time stamp) fall in between; a restored page's line is printed whole. Rendered = every file
 * named minus the restored ones.
 */
export function renderCounts(lines: MeasuredRun['lines']): { rendered: number; restored: number } {
  const text = lines.map((l) => l.text).join('\n');
  const { rendered, restored } = generationLog(text);
  return { rendered: rendered.size, restored: restored.size };
}

/** The files a build's log names as rendered and as restored (or cached) from the previous build. */
export function generationLog(log: string): { rendered: Set<string>; restored: Set<string> } {
  const named = new Set<string>();
  const restored = new Set<string>();
  // An unfinished line runs straight into the next line's time stamp (`/a/index.html03:23:16   ├─ /b…`).
  const file = String.raw`(\/\S+?)(?=\s|$|\d\d:\d\d:\d\d)`;
  for (const m of log.matchAll(new RegExp(`[├└]─ ${file}`, 'g'))) named.add(m[1]!);
  for (const m of log.matchAll(new RegExp(`[├└]─ ${file} \\((?:restored|cached)\\)`, 'g'))) restored.add(m[1]!);
  const rendered = new Set([...named].filter((f) => !restored.has(f)));
  return { rendered, restored };
}

/** Counts HTML pages, files and bytes under a folder. */
export function countOutput(dir: string): { pages: number; files: number; bytes: number } {
  let pages = 0;
  let files = 0;
  let bytes = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else {
        files++;
        bytes += statSync(full).size;
        if (e.name.endsWith('.html')) pages++;
      }
    }
  };
  walk(dir);
  return { pages, files, bytes };
}

/** Runs one full build of `snapshotDir` into `outDir` (emptied first) and measures it. */
export async function measureBuild(
  root: string,
  snapshotDir: string,
  outDir: string,
  cacheDir: string,
  /** `args`: more arguments of `astro build` (e.g. `--shard 2/4`); `env`: more variables (e.g. BUILD_TIME). */
  opts: { timeoutMs?: number; onLine?: (l: string) => void; args?: string[]; env?: Record<string, string> } = {},
): Promise<BuildResult> {
  rmSync(outDir, { recursive: true, force: true });
  const { cmd, args } = buildCommand(root, outDir, snapshotDir, opts.args);
  const run = await runMeasured(cmd, args, {
    cwd: root,
    env: {
      ...process.env,
      ...buildEnv(),
      ...opts.env,
      SNAPSHOT_DIR: snapshotDir,
      BENCH_CACHE_DIR: cacheDir,
      ASTRO_TELEMETRY_DISABLED: '1',
      FORCE_COLOR: '0',
      NO_COLOR: '1',
    },
    timeoutMs: opts.timeoutMs,
    onLine: opts.onLine,
  });
  const ok = run.code === 0;
  const out = ok ? countOutput(outDir) : { pages: 0, files: 0, bytes: 0 };
  const tail = run.lines
    .slice(-12)
    .map((l) => l.text)
    .join('\n');
  const outOfMemory = /heap out of memory|Allocation failed|ERR_WORKER_OUT_OF_MEMORY/i.test(run.lines.map((l) => l.text).join('\n'));
  return {
    ok,
    ...(ok ? {} : { error: `exit ${run.code ?? run.signal}${outOfMemory ? ' (JavaScript heap out of memory)' : ''}:\n${tail}`, outOfMemory }),
    wallMs: run.wallMs,
    cpuMs: run.cpuMs,
    peakRss: run.peakRss,
    ...out,
    pagesPerSecond: ok && run.wallMs > 0 ? out.pages / (run.wallMs / 1000) : 0,
    phases: buildPhases(run.lines, run.wallMs),
    ...renderCounts(run.lines),
  };
}

/** Content hash of every file under a folder, by relative path. */
export function hashTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(relative(dir, full), createHash('sha1').update(readFileSync(full)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

/**
 * A fingerprint of the site's sources (src/, public/, astro.config.mjs): when it differs between two
 * builds, their output differs for reasons other than the snapshot (someone edited the code meanwhile).
 */
export function sourceFingerprint(root: string): string {
  const h = createHash('sha1');
  for (const part of ['src', 'public', 'astro.config.mjs']) {
    const full = join(root, part);
    let st;
    try {
      st = statSync(full);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      const tree = hashTree(full);
      for (const k of [...tree.keys()].sort()) h.update(`${part}/${k}:${tree.get(k)}\n`);
    } else h.update(`${part}:${createHash('sha1').update(readFileSync(full)).digest('hex')}\n`);
  }
  return h.digest('hex');
}

/** Files changed, added and removed between two builds (what a deploy would upload or purge). */
export function diffTrees(before: Map<string, string>, after: Map<string, string>): { changed: string[]; added: string[]; removed: string[] } {
  const changed: string[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  for (const [path, hash] of after) {
    const old = before.get(path);
    if (old === undefined) added.push(path);
    else if (old !== hash) changed.push(path);
  }
  for (const path of before.keys()) if (!after.has(path)) removed.push(path);
  return { changed: changed.sort(), added: added.sort(), removed: removed.sort() };
}
