/**
 * The `rebuild` section of `npm run bench`: the 10,000-product catalogue built once, then rebuilt
 * after each editor's change (a CMS paragraph, a price) with the incremental build's cache; times,
 * pages rendered and restored, and the output files that changed (what a deploy uploads).
 */
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { diffTrees, hashTree, measureBuild, sourceFingerprint } from './build';
import { copyWithCmsEdit, copyWithPriceEdit, ensureSnapshot, type EditorChange } from './lib/catalog';
import { BIG, mb, type BenchContext, type BuildFigures } from './lib/context';
import { dropPageCache } from './lib/page-cache';
import { seconds } from './lib/stats';
import { table } from './lib/table';
import type { Results } from './results';

export interface RebuildSummary extends BuildFigures {
  change: EditorChange;
  /** Pages rendered, and pages copied from the previous build (incremental build). */
  rendered: number;
  restored: number;
  /** Output files that differ from the build before the change (what a deploy uploads). */
  filesChanged: number;
  filesAdded: number;
  filesRemoved: number;
  examples: string[];
  /** The sources changed between the base build and this one: the file counts are not the change's alone. */
  sourcesChangedMeanwhile: boolean;
}

export async function sectionRebuild(ctx: BenchContext, res: Results): Promise<void> {
  const { root: ROOT, work: WORK, seed: SEED, log } = ctx;
  /** Rounds of the two editors' changes after the base build (each round: the CMS paragraph, then the price; a change after another also undoes it). */
  const rebuildRuns = ctx.options.number('rebuild-runs', 1, { integer: true, min: 1 });
  const dropCaches = ctx.options.flag('drop-caches');
  const keepBuilds = ctx.options.flag('keep-builds');
  const kept: string[] = [];
  if (dropCaches) dropPageCache();
  const big = await ensureSnapshot(ROOT, WORK, BIG, SEED, log);
  // A cache folder of its own: the incremental build reuses the pages of the last build made with it,
  // which must be the base (the build section's cache has seen other catalogues since).
  const cache = join(WORK, 'cache-rebuild');
  rmSync(cache, { recursive: true, force: true });
  const baseDir = join(WORK, `dist-${BIG}-base`);
  log('rebuild: building the 10,000-product base first ...');
  /** Fingerprint of the sources when the base build started. */
  const bigSources = sourceFingerprint(ROOT);
  const base = await measureBuild(ROOT, big.dir, baseDir, cache);
  if (!base.ok) throw new Error(`base build failed: ${base.error}`);
  log(
    `rebuild: base (full build of ${BIG} products): ${seconds(base.wallMs)} s wall, ${seconds(base.cpuMs)} CPU s, peak ${mb(base.peakRss)} MB, ${base.pages} pages`,
  );
  const before = hashTree(baseDir);
  const rebuilds: RebuildSummary[] = [];
  const edits: [string, (from: string, to: string) => EditorChange][] = Array.from({ length: rebuildRuns }, () => [
    ['cms', copyWithCmsEdit] as [string, (from: string, to: string) => EditorChange],
    ['price', copyWithPriceEdit] as [string, (from: string, to: string) => EditorChange],
  ]).flat();
  for (const [name, edit] of edits) {
    const snap = join(WORK, `snap-${BIG}-edit-${name}`);
    const out = join(WORK, `dist-${BIG}-edit-${name}`);
    const change = edit(big.dir, snap);
    log(`rebuild after ${change.description} ...`);
    if (dropCaches) dropPageCache();
    const r = await measureBuild(ROOT, snap, out, cache);
    const diff = r.ok ? diffTrees(before, hashTree(out)) : { changed: [], added: [], removed: [] };
    const sourcesChangedMeanwhile = sourceFingerprint(ROOT) !== bigSources;
    if (sourcesChangedMeanwhile) log('rebuild: the sources changed since the base build; changed-file counts include those edits');
    rebuilds.push({
      change,
      ok: r.ok,
      ...(r.ok ? {} : { error: r.error }),
      wallS: seconds(r.wallMs),
      cpuS: seconds(r.cpuMs),
      peakMb: mb(r.peakRss),
      pages: r.pages,
      rendered: r.rendered,
      restored: r.restored,
      filesChanged: diff.changed.length,
      filesAdded: diff.added.length,
      filesRemoved: diff.removed.length,
      examples: [...diff.changed, ...diff.added, ...diff.removed].slice(0, 12),
      sourcesChangedMeanwhile,
    });
    // Kept: renamed aside until the section ends (its ~23,000 folders removed now would slow the next
    // round's folders on a machine like the project's, docs/benchmarks.md "Rebuild growth").
    if (keepBuilds) {
      const aside = `${out}-round-${kept.length + 1}`;
      renameSync(out, aside);
      kept.push(aside);
    } else rmSync(out, { recursive: true, force: true });
    rmSync(snap, { recursive: true, force: true });
  }
  rmSync(baseDir, { recursive: true, force: true });
  for (const k of kept) rmSync(k, { recursive: true, force: true });
  res.sections.rebuild = { measuredAt: new Date().toISOString(), base: `${BIG} products`, rebuilds };
  console.log(
    `\nRebuilds after one editor's change (${BIG.toLocaleString('en-GB')}-product catalogue, warm cache${dropCaches ? "; the kernel's page cache dropped before each" : ''}${keepBuilds ? '; earlier rounds kept until the end' : ''})\n`,
  );
  console.log(
    table(
      ['change', 'wall s', 'cpu s', 'peak MB', 'pages', 'rendered', 'restored', 'files changed', 'added', 'removed'],
      rebuilds.map((r) => [
        r.change.description,
        r.ok ? r.wallS : 'failed',
        r.cpuS,
        r.peakMb,
        r.pages,
        r.rendered,
        r.restored,
        `${r.filesChanged}${r.sourcesChangedMeanwhile ? ' (sources edited meanwhile)' : ''}`,
        r.filesAdded,
        r.filesRemoved,
      ]),
    ),
  );
  for (const r of rebuilds)
    if (r.examples.length)
      console.log(`  ${r.change.kind}: ${r.examples.slice(0, 6).join(', ')}${r.filesChanged + r.filesAdded + r.filesRemoved > 6 ? ', ...' : ''}`);
}
