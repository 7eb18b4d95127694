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

export interface RebuildSteps {
  /** Writes a complete snapshot into `snapshotDir` (which must not exist before). */
  pull(snapshotDir: string, hint: PullHint): Promise<void>;
  /** Builds the site from `snapshotDir` into `outDir`. */
  build(snapshotDir: string, outDir: string): Promise<void>;
  /** Makes the new folders live (atomically from the server's point of view). */
  activate(outDir: string, snapshotDir: string): void;
}

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
}

export interface RebuildStatus {
  state: 'idle' | 'running';
  pending: boolean;
  runs: number;
  current: RebuildRun | null;
  last: RebuildRun | null;
  lastSuccess: RebuildRun | null;
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
  /** Called with each finished run (the server's metrics). */
  onRunEnd?: (run: RebuildRun) => void;

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

  /** Starts a run, or marks one more run after the current one (several triggers make one run, their hints merged). */
  trigger(hint: Partial<PullHint> = {}): 'started' | 'queued' | 'coalesced' {
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
    const run: RebuildRun = { id, ok: false, full: hint.full, startedAt: new Date().toISOString(), finishedAt: '' };
    this.current = run;
    this.logger.info(`rebuild ${id}: started${hint.full ? ' (full pull)' : ''}`);
    try {
      await this.steps.pull(snapDir, hint);
      await this.steps.build(snapDir, outDir);
      this.steps.activate(outDir, snapDir);
      run.ok = true;
      if (hint.full) {
        this.sinceFull = 0;
        this.lastFullAt = this.now();
      } else this.sinceFull++;
      run.dist = outDir;
      run.snapshot = snapDir;
      this.lastSuccess = run;
      this.logger.info(`rebuild ${id}: live from ${basename(outDir)}`);
      this.cleanup(outDir, snapDir);
    } catch (e) {
      run.error = (e as Error).message.slice(0, 4000);
      this.logger.error(`rebuild ${id}: failed, the live site is unchanged: ${run.error}`);
      rmSync(outDir, { recursive: true, force: true });
      rmSync(snapDir, { recursive: true, force: true });
    } finally {
      run.finishedAt = new Date().toISOString();
      this.last = run;
      this.current = null;
      this.onRunEnd?.(run);
    }
  }

  /**
   * Keeps the live folders and the ones before them (a request may still be reading); removes older
   * ones. Only folders named the way a rebuild names them (`dist-{stamp}`, `{stamp}`): the work folder
   * is usually the project, where other `dist-*` folders (private builds, test builds) are not ours.
   */
  private cleanup(liveDist: string, liveSnap: string): void {
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
}

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

function astroBuildOnce({ projectRoot, snapshotDir, outDir, extraEnv = {}, echo = false }: AstroBuildOptions): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...buildNodeArgs(resolve(snapshotDir)), astroBin(projectRoot), 'build', '--outDir', resolve(outDir)], {
      cwd: projectRoot,
      env: { ...process.env, ...buildEnv(), ...extraEnv, SNAPSHOT_DIR: resolve(snapshotDir) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const keep = (b: Buffer) => {
      if (echo) process.stdout.write(b);
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
  const built = join(distDir, FILES_MANIFEST);
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(built)) return true;
  const manifest = join(snapDir, 'manifest.json');
  if (!existsSync(manifest)) return false;
  return statSync(built).mtimeMs < statSync(manifest).mtimeMs;
}
