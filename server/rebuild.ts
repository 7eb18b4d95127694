/**
 * Rebuilds for content editors: pull a snapshot, build into a new folder, switch the served folder
 * when the build succeeds. A failed run leaves the live site untouched and is reported; triggers
 * arriving during a run coalesce into one more run. Steps are injected so tests can stub them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Logger } from './logger';
import { buildEnv, buildNodeArgs } from '../src/lib/build/heap';
import { takeStaleMarker } from '../src/lib/build/stale-restore';
import { FILES_MANIFEST } from '../src/lib/build/cdn/deploy-plan';
import { openTree } from '../src/lib/build/render/overlay';
import { keepDirOf } from '../src/lib/build/render/kept';
import { Generations, type Trigger } from './generations';
import type { DayStartTimer } from './day-start';

/** What the triggers of a run said changed (the hook's body); several triggers' hints are merged. */
export interface PullHint {
  /** Product ids the backend says changed (pulled by id besides the `updated_at` range). */
  productIds: Array<number | string>;
  /** Pull everything (no incremental pull). */
  full: boolean;
}

export const noHint = (): PullHint => ({ productIds: [], full: false });

/**
 * When a run pulls everything instead of what changed (REBUILD_FULL_EVERY): every `runs`th run, or when
 * the last full pull is `hours` old (the first run after a start is full). A full pull catches what
 * does not move `updated_at` (stock, catalogue price rules) and anything an incremental pull missed.
 */
export interface FullEvery {
  runs?: number;
  hours?: number;
}

/** Reads REBUILD_FULL_EVERY: empty (never on its own), `N` (every Nth run) or `Nh` (every N hours). */
export function parseFullEvery(v: string | undefined): FullEvery {
  if (!v) return {};
  const m = /^\s*(\d+(?:\.\d+)?)\s*(h?)\s*$/.exec(v);
  const n = m ? Number(m[1]) : NaN;
  if (!m || !(n > 0) || (!m[2] && !Number.isInteger(n)))
    throw new Error(`REBUILD_FULL_EVERY: expected a whole number of runs (e.g. 24) or of hours (e.g. 6h), got '${v}'`);
  return m[2] ? { hours: n } : { runs: n };
}

/** What a step tells the run's watchers (the publishing page): log lines and the build's page count. */
export interface RunReport {
  log(line: string): void;
  /** Pages written so far, of about `total` (null when not known). */
  pages(done: number, total: number | null): void;
}

export interface RebuildSteps {
  /** Writes a complete snapshot into `snapshotDir` (which must not exist before). */
  pull(snapshotDir: string, hint: PullHint, report?: RunReport): Promise<void>;
  /** Builds the site from `snapshotDir` into `outDir`; a generation that can be served before it is complete says so (BuiltGeneration). */
  build(snapshotDir: string, outDir: string, report?: RunReport): Promise<void | BuiltGeneration>;
  /** Makes the new folders live (atomically from the server's point of view). */
  activate(outDir: string, snapshotDir: string): void;
}

/**
 * A generation the build step made as an overlay (server/render.ts): servable already, `changed` its
 * site files that differ from `parent`'s, `done` settling once its CDN files and what the next change
 * reads are written.
 */
export interface BuiltGeneration {
  parent: string;
  changed: string[];
  done: Promise<void>;
}

/** Where a run is: pulling the snapshot, building pages, switching the served folder; `done` when it ended. */
export type RunPhase = 'pull' | 'build' | 'switch' | 'done';

export interface RebuildRun {
  id: number;
  ok: boolean;
  startedAt: string;
  finishedAt: string;
  /** The run pulled everything (asked for, or due by REBUILD_FULL_EVERY). */
  full: boolean;
  dist?: string;
  snapshot?: string;
  error?: string;
  /** Who or what asked for it (the first of its coalesced triggers; `triggers` counts them). */
  trigger: Trigger;
  triggers: number;
  /** Stops before the switch: its generation waits for "Go live" or "Discard". */
  preview: boolean;
  phase: RunPhase;
  /** Pages built so far (the build step's report). */
  pages: { done: number; total: number | null };
  /** The run's last log lines (its steps' reports and its own). */
  log: string[];
  /** The generation it made (REBUILD_STAMP), once built. */
  generation?: string;
  /** Pages that differ from the live site before it (URL paths), once built. */
  changed?: string[];
}

/** A run's log keeps its last lines only. */
const LOG_LINES = 200;
/** Triggers without a `trigger` (tests, older callers): the hook's. */
const HOOK: Trigger = { kind: 'hook', by: 'rebuild hook' };

export interface RebuildStatus {
  state: 'idle' | 'running';
  pending: boolean;
  runs: number;
  current: RebuildRun | null;
  last: RebuildRun | null;
  lastSuccess: RebuildRun | null;
  /** The run the server asks for itself at the next day start (server/day-start.ts); null when off. */
  nextDayStart: { at: string; timeZone: string } | null;
}

/** How a rebuild names its folders: `20261123220108026-1` (UTC time to the millisecond, then the run number). */
export const REBUILD_STAMP = /^\d{17}-\d+$/;

export class RebuildManager {
  private running: Promise<void> | null = null;
  private pending = false;
  /** Successful incremental runs since the last full one, and when that one finished (null: none since start). */
  private sinceFull = 0;
  private lastFullAt: number | null = null;
  /** Hints of the triggers not yet pulled. */
  private hint: PullHint = noHint();
  private runs = 0;
  private current: RebuildRun | null = null;
  private last: RebuildRun | null = null;
  private lastSuccess: RebuildRun | null = null;
  /** Who asked for the pending run, and whether each asked for a preview. */
  private asked: { trigger: Trigger; preview: boolean }[] = [];
  /** Called with each finished run (the server's metrics, the publishing history). */
  onRunEnd?: (run: RebuildRun) => void;
  /** The builds kept (set by the server): a run adds its generation there and switches through it; without, the steps' `activate` and a keep-two cleanup. */
  generations: Generations | null = null;
  /** The day-start runs' timer (set by the server when they are on). */
  dayStart: DayStartTimer | null = null;

  constructor(
    private readonly steps: RebuildSteps,
    /** Folder under which `dist-<stamp>` and `snapshots/<stamp>` are created. */
    private readonly workDir: string,
    private readonly snapshotsDir: string,
    private readonly logger: Logger,
    /**
     * The lock shared by every API instance on the database (DB.withLock): one rebuild at a time across
     * instances; a run waits while another instance's run holds it. Without it, this process only.
     */
    private readonly lock?: <R>(fn: () => Promise<R>) => Promise<{ value: R } | undefined>,
    private readonly lockRetryMs = 1000,
    private readonly fullEvery: FullEvery = {},
    private readonly now: () => number = Date.now,
  ) {}

  private fullDue(): boolean {
    const { runs, hours } = this.fullEvery;
    if (runs !== undefined && this.sinceFull + 1 >= runs) return true;
    return hours !== undefined && (this.lastFullAt === null || this.now() - this.lastFullAt >= hours * 3_600_000);
  }

  /**
   * Starts a run, or marks one more run after the current one (several triggers make one run, their
   * hints merged). `preview`: stop before the switch; a run goes live when any of its triggers did not ask for a preview.
   */
  trigger(hint: Partial<PullHint> = {}, opts: { trigger?: Trigger; preview?: boolean } = {}): 'started' | 'queued' | 'coalesced' {
    this.asked.push({ trigger: opts.trigger ?? HOOK, preview: !!opts.preview });
    this.hint = {
      productIds: [...new Set([...this.hint.productIds, ...(hint.productIds ?? [])])],
      full: this.hint.full || !!hint.full,
    };
    if (this.running) {
      const was = this.pending;
      this.pending = true;
      return was ? 'coalesced' : 'queued';
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return 'started';
  }

  /** Resolves when no run is in progress or pending. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  status(): RebuildStatus {
    return {
      state: this.running ? 'running' : 'idle',
      pending: this.pending,
      runs: this.runs,
      current: this.current,
      last: this.last,
      lastSuccess: this.lastSuccess,
      nextDayStart: this.dayStart ? (({ at, timeZone }) => ({ at: at.toISOString(), timeZone }))(this.dayStart.next()) : null,
    };
  }

  private async loop(): Promise<void> {
    do {
      this.pending = false;
      await this.exclusive(() => this.runOnce());
    } while (this.pending);
  }

  private async exclusive(run: () => Promise<void>): Promise<void> {
    if (!this.lock) return run();
    while (!(await this.lock(run))) await new Promise((r) => setTimeout(r, this.lockRetryMs));
  }

  private async runOnce(): Promise<void> {
    const id = ++this.runs;
    const stamp = `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${id}`;
    const outDir = join(this.workDir, `dist-${stamp}`);
    const snapDir = join(this.snapshotsDir, stamp);
    const hint = { ...this.hint, full: this.hint.full || this.fullDue() };
    this.hint = noHint();
    const asked = this.asked.length ? this.asked : [{ trigger: HOOK, preview: false }];
    this.asked = [];
    const run: RebuildRun = {
      id,
      ok: false,
      full: hint.full,
      startedAt: new Date().toISOString(),
      finishedAt: '',
      trigger: asked[0]!.trigger,
      triggers: asked.length,
      preview: asked.every((a) => a.preview),
      phase: 'pull',
      pages: { done: 0, total: null },
      log: [],
    };
    this.current = run;
    const report: RunReport = {
      log: (line) => {
        run.log.push(line.slice(0, 500));
        if (run.log.length > LOG_LINES) run.log.splice(0, run.log.length - LOG_LINES);
      },
      pages: (done, total) => {
        run.pages = { done, total };
      },
    };
    const say = (line: string) => {
      report.log(line);
      this.logger.info(`rebuild ${id}: ${line}`);
    };
    say(`started by ${run.trigger.by}${hint.full ? ' (full pull)' : ''}${run.preview ? ' (preview)' : ''}`);
    try {
      await this.steps.pull(snapDir, hint, report);
      run.phase = 'build';
      say('snapshot pulled; building pages');
      const built = await this.steps.build(snapDir, outDir, report);
      run.phase = 'switch';
      const gens = this.generations;
      const served = gens ? (gens.servedDir() ?? gens.live()?.dist ?? null) : null;
      const onServed = !!built && served !== null && resolve(built.parent) === resolve(served);
      if (gens && onServed && built.changed.length === 0 && !run.preview) {
        // No file of the site differs from the live one (a day on which no price moved, a hook whose change
        // no page shows): the live build stays, and no copy of it takes a kept build's place (PUBLISH_KEEP).
        await built.done.catch(() => undefined);
        run.changed = [];
        for (const dir of [outDir, keepDirOf(outDir), snapDir]) rmSync(dir, { recursive: true, force: true });
        run.ok = true;
        this.countPull(hint);
        this.lastSuccess = run;
        say('nothing on the site differs from the live one: it stays live as it is');
        return;
      }
      if (gens) {
        run.generation = basename(snapDir);
        // An overlay knows what it changed against the generation it was made on (its files manifest is not written yet).
        run.changed = onServed ? Generations.pagesOf(built!.changed) : Generations.changedPages(served, outDir);
        gens.add({ id: run.generation, dist: outDir, snapshot: snapDir, trigger: run.trigger, state: run.preview ? 'preview' : 'kept', changed: run.changed });
        say(`built; ${run.changed.length} page(s) differ from the live site`);
        if (!run.preview) gens.activate(run.generation);
      } else this.steps.activate(outDir, snapDir);
      run.ok = true;
      this.countPull(hint);
      run.dist = outDir;
      run.snapshot = snapDir;
      this.lastSuccess = run;
      if (run.preview) say(`ready to preview as ${basename(snapDir)}; the live site is unchanged`);
      else say(`live from ${basename(outDir)}`);
      // An overlay's CDN files and the next change's renderer, written once it is served: a failure
      // there leaves it served (the next change then builds in full, and a restart rebuilds it).
      if (built)
        await built.done.catch((e: unknown) => {
          say(`its CDN files were not written; the next change builds the whole site: ${(e as Error).message.split('\n')[0]}`);
        });
      this.cleanup(outDir, snapDir);
    } catch (e) {
      run.error = (e as Error).message.slice(0, 4000);
      report.log(`failed: ${run.error.split('\n')[0]}`);
      this.logger.error(`rebuild ${id}: failed, the live site is unchanged: ${run.error}`);
      rmSync(outDir, { recursive: true, force: true });
      rmSync(snapDir, { recursive: true, force: true });
    } finally {
      run.finishedAt = new Date().toISOString();
      run.phase = 'done';
      this.last = run;
      this.current = null;
      this.onRunEnd?.(run);
    }
  }

  /** Counts a successful run's pull towards REBUILD_FULL_EVERY. */
  private countPull(hint: PullHint): void {
    if (hint.full) {
      this.sinceFull = 0;
      this.lastFullAt = this.now();
    } else this.sinceFull++;
  }

  /**
   * Keeps the live folders and the ones before them (a request may still be reading); removes older
   * ones. Only folders named the way a rebuild names them (`dist-{stamp}`, `{stamp}`): the work folder
   * is usually the project, where other `dist-*` folders (private builds, test builds) are not ours.
   */
  private cleanup(liveDist: string, liveSnap: string): void {
    if (this.generations) {
      try {
        const gone = this.generations.keep();
        if (gone.length) this.logger.info(`rebuild: removed the builds no longer kept: ${gone.join(', ')}`);
      } catch (e) {
        this.logger.warn(`rebuild cleanup: ${(e as Error).message}`);
      }
      return;
    }
    const prune = (parent: string, prefix: string, live: string) => {
      if (!existsSync(parent)) return;
      const ours = new RegExp(`^${prefix}${REBUILD_STAMP.source.slice(1)}`);
      const olds = readdirSync(parent)
        .filter((n) => ours.test(n) && join(parent, n) !== live)
        .sort();
      for (const n of olds.slice(0, -1)) rmSync(join(parent, n), { recursive: true, force: true });
    };
    try {
      prune(this.workDir, 'dist-', liveDist);
      prune(this.snapshotsDir, '', liveSnap);
    } catch (e) {
      this.logger.warn(`rebuild cleanup: ${(e as Error).message}`);
    }
  }
}

/** Astro's command-line entry in a checkout (run with this process's Node, the project's Node 24). */
export const astroBin = (projectRoot: string): string => join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
/** Astro's cacheDir (the default of astro.config.mjs): the incremental build's cache. */
export const astroCacheDir = (projectRoot: string): string => join(projectRoot, 'node_modules', '.astro');

/** What `astroBuild` builds, and how. */
export interface AstroBuildOptions {
  /** The checkout whose site is built (its `node_modules/astro`, its cacheDir). */
  projectRoot: string;
  snapshotDir: string;
  outDir: string;
  /** More variables of the build's environment (e.g. `DEPLOY_BEFORE`). */
  extraEnv?: Record<string, string>;
  /** Also echo the build's output (npm start). */
  echo?: boolean;
  /** Told of each page written (Astro's `├─ /path` lines, of about `pagesTotal`) and of the other output lines. */
  report?: RunReport;
  pagesTotal?: number | null;
}

/** A line of `astro build`'s output naming a page it wrote. */
const PAGE_LINE = /^\s*[├└]─ \/\S*/;

/**
 * Runs `astro build --outDir outDir` with SNAPSHOT_DIR set and the snapshot's heap limit and
 * allocator settings (src/lib/build/heap.ts); rejects with the output's tail on failure. A build that failed because its
 * incremental cache was stale (src/lib/build/stale-restore.ts) runs once more, every page rendered.
 */
export async function astroBuild(opts: AstroBuildOptions): Promise<void> {
  try {
    await astroBuildOnce(opts);
  } catch (e) {
    if (!takeStaleMarker(astroCacheDir(opts.projectRoot))) throw e;
    await astroBuildOnce(opts);
  }
}

function astroBuildOnce({ projectRoot, snapshotDir, outDir, extraEnv = {}, echo = false, report, pagesTotal = null }: AstroBuildOptions): Promise<void> {
  let pages = 0;
  let partial = '';
  const lines = (b: Buffer) => {
    if (!report) return;
    const all = (partial + b.toString()).split('\n');
    partial = all.pop() ?? '';
    for (const l of all) {
      if (PAGE_LINE.test(l)) report.pages(++pages, pagesTotal);
      else if (l.trim()) report.log(l.trim());
    }
  };
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...buildNodeArgs(resolve(snapshotDir)), astroBin(projectRoot), 'build', '--outDir', resolve(outDir)], {
      cwd: projectRoot,
      env: { ...process.env, ...buildEnv(), ...extraEnv, SNAPSHOT_DIR: resolve(snapshotDir) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const keep = (b: Buffer) => {
      if (echo) process.stdout.write(b);
      lines(b);
      tail = (tail + b.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`astro build exited with code ${code}: ${tail.trim()}`))));
  });
}

/** The pointer to the live site and snapshot, kept beside the database so a restart serves the same. */
export interface LivePointer {
  dist: string;
  snapshot: string;
}

export function readLivePointer(file: string): LivePointer | null {
  try {
    const p = JSON.parse(readFileSync(file, 'utf8')) as LivePointer;
    return existsSync(p.dist) && existsSync(p.snapshot) ? p : null;
  } catch {
    return null;
  }
}

export function writeLivePointer(file: string, p: LivePointer): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(p, null, 2) + '\n');
  renameSync(tmp, file);
}

/**
 * True when the site folder has no index.html, or its files manifest (`_cdn/files.json`, written last
 * by every build) is missing or older than the snapshot's manifest. Not the pages' own times: a page
 * restored from the incremental cache is a link to the file of the build that rendered it
 * (src/lib/build/link-restore.ts) and keeps that build's time.
 */
export function needsBuild(distDir: string, snapDir: string): boolean {
  if (!existsSync(distDir)) return true;
  // An overlay generation (src/lib/build/render/overlay.ts) holds its changed files only.
  const tree = openTree(distDir);
  const built = tree.file(FILES_MANIFEST);
  if (!tree.file('index.html') || !built) return true;
  const manifest = join(snapDir, 'manifest.json');
  if (!existsSync(manifest)) return false;
  return statSync(built).mtimeMs < statSync(manifest).mtimeMs;
}
