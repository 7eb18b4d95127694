/**
 * The `render` section of `npm run bench`: an editor's change live in seconds. The catalogue
 * (--render-products N, default 10,000; 100,000 with `--render-products 100000`) is built once in
 * full; then, round after round, a CMS paragraph and a price change, each from the moment the hook's
 * snapshot is there to the moment the server answers the changed page with the change: the
 * persistent renderer's overlay (server/render.ts, src/lib/build/render/), the switch of the served
 * generation and the first request. The pull from the backend is not in it (the `pull` section).
 * The machine's load average is printed beside each figure.
 */
import { loadavg } from 'node:os';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { measureBuild } from './build';
import { copyWithCmsEdit, copyWithPriceEdit, ensureSnapshot, type EditorChange } from './lib/catalog';
import { BIG, type BenchContext } from './lib/context';
import { seconds } from './lib/stats';
import { table } from './lib/table';
import type { Results } from './results';
import { Site } from '../../server/static';
import { parseMaxPages, renderOrBuild, stopWarmRenderer, warmLive } from '../../server/render';
import { openTree } from '../../src/lib/build/render/overlay';
import { rendererReady } from '../../src/lib/build/render/overlay-build';
import { keepDirOf } from '../../src/lib/build/render/kept';

export interface RenderRound {
  change: EditorChange;
  /** How the generation was made (`full`: the renderer fell back, the figure is a full build's). */
  way: 'overlay' | 'full';
  /** From the change's snapshot to the changed page served, and the part spent making the generation. */
  servedS: number;
  makeS: number;
  filesChanged: number;
  /** The 1-minute load average when the round ended. */
  load: number;
}

export async function sectionRender(ctx: BenchContext, res: Results): Promise<void> {
  const { root: ROOT, work: WORK, seed: SEED, log } = ctx;
  const products = ctx.options.number('render-products', BIG, { integer: true, min: 100 });
  const rounds = ctx.options.number('render-runs', 5, { integer: true, min: 1 });
  const snap = await ensureSnapshot(ROOT, WORK, products, SEED, log);
  const baseDir = join(WORK, `dist-${products}-render-base`);
  log(`render: building the ${products}-product base in full first ...`);
  const base = await measureBuild(ROOT, snap.dir, baseDir, join(WORK, 'cache-render'));
  if (!base.ok) throw new Error(`base build failed: ${base.error}`);
  // As the server does once a build is live: the next change's renderer started, its bundle loaded.
  warmLive(baseDir);
  const site = new Site(baseDir);
  const app = new Hono();
  for (const handler of site.routes()) app.get('*', handler);
  const made: string[] = [];
  const out: RenderRound[] = [];
  for (let i = 0; i < rounds * 2; i++) {
    const edit = i % 2 === 0 ? copyWithCmsEdit : copyWithPriceEdit;
    // Each change on the last one's snapshot: the overlays chain as an editor's day does.
    const from = i === 0 ? snap.dir : join(WORK, `snap-render-${i - 1}`);
    const to = join(WORK, `snap-render-${i}`);
    // The backend writes its snapshot before it calls the hook: written while the renderer reads
    // ahead, not inside the time measured (its copy's write-back would be).
    const readyFrom = performance.now();
    const change = edit(from, to);
    // The hook of an editor's next change comes after the renderer has read ahead (seconds after a
    // run); how long that took is printed, a change arriving sooner waits for the rest.
    await rendererReady();
    log(`render: the renderer was ready ${seconds(performance.now() - readyFrom)} s after the last run`);
    const outDir = join(WORK, `dist-${products}-render-${i}`);
    const started = performance.now();
    const step = await renderOrBuild({
      projectRoot: ROOT,
      live: site.dir,
      snapshotDir: to,
      outDir,
      // The server's limits with RENDER_MAX_PAGES unset.
      ...parseMaxPages(undefined),
      fullBuild: () => measureBuild(ROOT, to, outDir, join(WORK, 'cache-render')).then(() => undefined),
      // The step's line says where the time went (the renderer's phases, the site files, the deploy plan).
      report: { log: (line) => log(`render: ${line}`), pages: () => undefined },
    });
    const madeMs = performance.now() - started;
    const way = step.way;
    site.switchTo(outDir);
    const tree = openTree(outDir);
    const page = Object.keys(tree.overlay?.files ?? {}).find((f) => f.endsWith('/index.html') && f !== 'index.html') ?? 'index.html';
    const answer = await (await app.request(`/${page.replace(/\/?index\.html$/, '')}`)).text();
    const servedMs = performance.now() - started;
    if (answer !== readFileSync(tree.file(page)!, 'utf8')) throw new Error(`${page}: the server did not answer the new generation's page`);
    const files = way === 'overlay' ? Object.values(tree.overlay!.files).filter((n) => n === tree.dir.split('/').pop()).length : 0;
    out.push({ change, way, servedS: seconds(servedMs), makeS: seconds(madeMs), filesChanged: files, load: Math.round(loadavg()[0]! * 10) / 10 });
    log(`render: ${change.description}: served in ${seconds(servedMs)} s (${way}), load ${loadavg()[0]!.toFixed(1)}`);
    // Its CDN files and the next change's renderer, written once it is served (the server's run ends with them).
    if (step.way === 'overlay') await step.done;
    made.push(outDir, to);
  }
  stopWarmRenderer();
  for (const d of [...made, baseDir]) for (const f of [d, keepDirOf(d)]) rmSync(f, { recursive: true, force: true });
  res.sections.render = { measuredAt: new Date().toISOString(), base: `${products} products`, rounds: out };
  console.log(`\nAn editor's change live (${products.toLocaleString('en-GB')} products; from the change's snapshot to the changed page served)\n`);
  console.log(
    table(
      ['change', 'way', 'served s', 'made s', 'files changed', 'load (1 min)'],
      out.map((r) => [r.change.description, r.way, r.servedS, r.makeS, r.filesChanged, r.load]),
    ),
  );
}
