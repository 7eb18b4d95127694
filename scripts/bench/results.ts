/**
 * The results of `npm run bench`: their shape (bench/results/latest.json), the machine they were
 * measured on, the earlier run's file (sections not run keep their figures) and the outputs written.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { ApiBench } from './api';
import type { BuildSummary } from './build-section';
import { scalingChart, type ScalingPoint } from './chart';
import { BUILD_TARGETS } from './targets';
import type { ImageBench } from './images';
import type { LighthouseScores } from './lighthouse';
import type { PageSummary } from './pages';
import type { PaintBench } from './paint';
import type { PullSummary } from './pull';
import type { RebuildSummary } from './rebuild-section';
import type { RenderRound } from './render-section';
import type { EngineBench } from './listing-engine';
import type { ListingBench, SearchBench } from './search';
import type { ShardBench } from './shards';
import { round } from './lib/stats';

export const SECTIONS = ['build', 'rebuild', 'render', 'pull', 'pages', 'lighthouse', 'lighthouse-cli', 'paint', 'search', 'api', 'images', 'shards'] as const;
export type Section = (typeof SECTIONS)[number];

export interface Results {
  generatedAt: string;
  machine: Record<string, unknown>;
  sections: Partial<{
    build: { measuredAt: string; builds: BuildSummary[] };
    rebuild: { measuredAt: string; base: string; rebuilds: RebuildSummary[] };
    render: { measuredAt: string; base: string; rounds: RenderRound[] };
    pull: PullSummary;
    pages: { measuredAt: string; idleMs: number; pages: PageSummary[] };
    lighthouse: { measuredAt: string; runs: number; chromeFlags?: string[]; pages: LighthouseScores[] };
    /** The same pages audited as people run Lighthouse: the CLI, a fresh Chromium per run, default settings. */
    'lighthouse-cli': { measuredAt: string; runs: number; chromeFlags?: string[]; pages: LighthouseScores[] };
    /** First paint with and without the page's scripts, side by side (paint.ts). */
    paint: PaintBench;
    search: { measuredAt: string; snapshot: SearchBench; synthetic: SearchBench; listing: ListingBench; engine?: EngineBench };
    api: { measuredAt: string } & ApiBench;
    images: { measuredAt: string; loadAverage: number[] } & ImageBench;
    shards: { measuredAt: string } & ShardBench;
  }>;
  errors: Partial<Record<Section, string>>;
  targets: { target: string; value: string; met: boolean | null }[];
}

export function previousResults(resultsDir: string): Results | null {
  try {
    return JSON.parse(readFileSync(join(resultsDir, 'latest.json'), 'utf8')) as Results;
  } catch {
    return null;
  }
}

export function machine(root: string): Record<string, unknown> {
  let commit = 'unknown';
  let dirty = false;
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
    dirty = execSync('git status --porcelain', { cwd: root }).toString().trim().length > 0;
  } catch {
    // not a git checkout
  }
  return {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: round(totalmem() / 1024 ** 3, 1),
    loadAverageAtStart: loadavg().map((n) => round(n, 2)),
    commit,
    uncommittedChanges: dirty,
  };
}

export function writeOutputs(resultsDir: string, res: Results): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(res, null, 2)}\n`);
  const builds = res.sections.build?.builds ?? [];
  const points: ScalingPoint[] = builds.map((b) => ({
    products: b.products,
    wallS: b.ok ? b.wallS : (b.runs[b.runs.length - 1]?.wallMs ?? 0) / 1000,
    peakMb: b.peakMb,
    ok: b.ok,
  }));
  if (points.length) {
    const m = res.machine;
    const svg = scalingChart(points, {
      title: 'Pendle & James storefront: full build against catalogue size',
      subtitle: `${String(m.cpus)} CPU cores, Node ${String(m.node)}, load average at start ${(m.loadAverageAtStart as number[] | undefined)?.[0] ?? '?'}, commit ${String(m.commit)}, ${res.sections.build!.measuredAt.slice(0, 10)}`,
      targets: BUILD_TARGETS,
    });
    writeFileSync(join(resultsDir, 'build-scaling.svg'), svg);
  }
}
