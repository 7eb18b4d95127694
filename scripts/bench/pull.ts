/**
 * The editors' case on the real backend (docs/vsf-migration.md, section 5): the rebuild hook's pull
 * through vue-storefront-api's `_search` (the reference API serving it) plus the build step the server
 * runs after it (server/render.ts `renderOrBuild`: the persistent renderer's overlay on the live
 * generation, a full build when the change cannot be one), after one CMS page and one price change, at
 * 10,000 products. Printed and recorded by `npm run bench -- --only pull`.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { importFromVsfApi } from '../../src/lib/import/vsf-import';
import { measureBuild } from './build';
import { copyWithCmsEdit, copyWithPriceEdit, type EditorChange } from './lib/catalog';
import { startShop } from './lib/server';
import { dropPageCache } from './lib/page-cache';
import { parseMaxPages, renderOrBuild, stopWarmRenderer, warmLive } from '../../server/render';
import { rendererReady } from '../../src/lib/build/render/overlay-build';

export interface PullRun {
  change: EditorChange;
  mode: 'full' | 'incremental';
  /** How the server's build step made the generation: the renderer's overlay, or a full build. */
  way: 'overlay' | 'full';
  pullS: number;
  buildS: number;
  totalS: number;
  ok: boolean;
  error?: string;
}

export interface PullSummary {
  measuredAt: string;
  base: string;
  firstPullS: number;
  baseBuildS: number;
  runs: PullRun[];
  loadAverage: number[];
}

const s = (ms: number) => Math.round(ms / 100) / 10;

/** The id of a product by sku in a snapshot (the hook's body names it, as Magento's save observer would). */
function productId(dir: string, sku: string): number {
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { product_shards: string[] };
  for (const shard of m.product_shards) {
    const p = (JSON.parse(readFileSync(join(dir, shard), 'utf8')) as { id: number; sku: string }[]).find((x) => x.sku === sku);
    if (p) return p.id;
  }
  throw new Error(`no product ${sku} in ${dir}`);
}

export async function benchPull(
  root: string,
  work: string,
  big: { dir: string; products: number },
  log: (s: string) => void,
  /** Drop the kernel's page cache before the base build and before each change (./lib/page-cache.ts). */
  opts: { dropCaches?: boolean } = {},
): Promise<PullSummary> {
  const dist = join(work, 'pull-empty-dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<h1>bench</h1>');
  const cache = join(work, 'cache-pull');
  rmSync(cache, { recursive: true, force: true });
  const base = join(work, `pull-${big.products}-base`);
  log('pull: the reference API on the 10,000-product snapshot, first (full) pull ...');
  let shop = await startShop(root, dist, { SNAPSHOT_DIR: big.dir });
  let t = performance.now();
  try {
    await importFromVsfApi({ url: shop.url, out: base, previous: big.dir, incremental: false });
  } finally {
    await shop.stop();
  }
  const firstPullS = s(performance.now() - t);
  log(`pull: first pull ${firstPullS} s; base build ...`);
  if (opts.dropCaches) dropPageCache();
  const baseBuild = await measureBuild(root, base, join(work, 'pull-dist-base'), cache);
  if (!baseBuild.ok) throw new Error(`base build failed: ${baseBuild.error}`);
  const runs: PullRun[] = [];
  const edits: [string, (from: string, to: string) => EditorChange][] = [
    ['cms', copyWithCmsEdit],
    ['price', copyWithPriceEdit],
  ];
  const live = join(work, 'pull-dist-base');
  try {
    for (const [name, edit] of edits) {
      const served = join(work, `pull-served-${name}`);
      const change = edit(big.dir, served);
      const ids = change.kind === 'product-price' ? [productId(served, change.target)] : [];
      const pulled = join(work, `pull-${name}`);
      const out = join(work, `pull-dist-${name}`);
      const previous = join(work, `pull-previous-${name}`);
      rmSync(previous, { recursive: true, force: true });
      cpSync(base, previous, { recursive: true });
      shop = await startShop(root, dist, { SNAPSHOT_DIR: served });
      // As the server does once a build is live: the next change's renderer started and read ahead.
      warmLive(live);
      await rendererReady();
      if (opts.dropCaches) dropPageCache();
      log(`pull: after ${change.description} ...`);
      try {
        t = performance.now();
        const r = await importFromVsfApi({ url: shop.url, out: pulled, previous, changedIds: ids });
        const pullMs = performance.now() - t;
        t = performance.now();
        let error: string | undefined;
        const made = await renderOrBuild({
          projectRoot: root,
          live,
          snapshotDir: pulled,
          outDir: out,
          // The server's limits with RENDER_MAX_PAGES unset.
          ...parseMaxPages(undefined),
          fullBuild: async () => {
            const b = await measureBuild(root, pulled, out, cache);
            if (!b.ok) error = b.error;
          },
          report: { log: (line) => log(`pull: ${line}`), pages: () => undefined },
        }).catch((e: Error) => ((error = e.message), { way: 'full' as const }));
        // Servable (the server switches to it now); its CDN files are completed after, not timed.
        const buildMs = performance.now() - t;
        const way = made.way;
        if (made.way === 'overlay') await made.done.catch((e: Error) => (error = e.message));
        runs.push({ change, mode: r.mode, way, pullS: s(pullMs), buildS: s(buildMs), totalS: s(pullMs + buildMs), ok: !error, ...(error ? { error } : {}) });
      } finally {
        await shop.stop();
        for (const d of [served, pulled, out, `${out}.render`, previous]) rmSync(d, { recursive: true, force: true });
      }
    }
  } finally {
    stopWarmRenderer();
  }
  rmSync(live, { recursive: true, force: true });
  rmSync(`${live}.render`, { recursive: true, force: true });
  rmSync(base, { recursive: true, force: true });
  return {
    measuredAt: new Date().toISOString(),
    base: `${big.products} products`,
    firstPullS,
    baseBuildS: s(baseBuild.wallMs),
    runs,
    loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
  };
}
