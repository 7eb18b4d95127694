/**
 * Generated catalogues for the benchmark: one snapshot folder per size (made once by the sample
 * generator, reused while its manifest matches), and copies with one editor's change applied.
 */
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { runMeasured } from './proc';

export interface SnapshotInfo {
  dir: string;
  products: number;
  visibleProducts: number;
  /** Generation time when the folder was made by this run (ms), else null (reused). */
  generatedMs: number | null;
}

interface Manifest {
  seed?: number;
  counts: Record<string, number>;
  product_shards: string[];
}

function readManifest(dir: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** A snapshot of `products` records (seeded) under `workDir`, generated when missing or different. */
export async function ensureSnapshot(root: string, workDir: string, products: number, seed: number, log: (s: string) => void): Promise<SnapshotInfo> {
  const dir = join(workDir, `snap-${products}-s${seed}`);
  let m = readManifest(dir);
  let generatedMs: number | null = null;
  if (!m || m.counts.products !== products || m.seed !== seed) {
    rmSync(dir, { recursive: true, force: true });
    log(`generating a ${products.toLocaleString('en-GB')}-product catalogue (seed ${seed}) in ${dir}`);
    const run = await runMeasured(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        join(root, 'scripts/sample-catalog.ts'),
        '--products',
        String(products),
        '--seed',
        String(seed),
        '--out',
        dir,
      ],
      { cwd: root },
    );
    if (run.code !== 0)
      throw new Error(
        `sample generator failed (exit ${run.code}):\n${run.lines
          .slice(-15)
          .map((l) => l.text)
          .join('\n')}`,
      );
    generatedMs = run.wallMs;
    m = readManifest(dir);
    if (!m) throw new Error(`sample generator wrote no manifest in ${dir}`);
  }
  return { dir, products: m.counts.products ?? products, visibleProducts: m.counts.visible_products ?? 0, generatedMs };
}

/** What an editor changed in a copy of a snapshot. */
export interface EditorChange {
  kind: 'cms-page' | 'product-price';
  /** CMS identifier or product sku. */
  target: string;
  description: string;
}

/**
 * Copies the snapshot `from` to `to` (replacing it) as an incremental pull writes the next snapshot
 * (src/lib/snapshot/write.ts `writeShards`): the product files hard-linked from it (the change then
 * replaces the one it edits; copied across file systems), every other file written anew.
 */
function copyAsPulled(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  const shards = new Set((readManifest(from)?.product_shards ?? []).map((s) => resolve(from, s)));
  cpSync(from, to, { recursive: true, filter: (src) => !shards.has(resolve(src)) });
  for (const s of shards) {
    const target = join(to, relative(from, s));
    mkdirSync(dirname(target), { recursive: true });
    try {
      linkSync(s, target);
    } catch {
      // Another file system: copied, as writeShards writes it then.
      copyFileSync(s, target);
    }
  }
}

/** Copies `from` to `to` (replacing it) and changes one CMS page's text. */
export function copyWithCmsEdit(from: string, to: string, identifier = 'about-us'): EditorChange {
  copyAsPulled(from, to);
  const file = join(to, 'cms-pages.json');
  const pages = JSON.parse(readFileSync(file, 'utf8')) as { identifier: string; content: string }[];
  const page = pages.find((p) => p.identifier === identifier) ?? pages[0];
  if (!page) throw new Error(`no CMS page in ${file}`);
  page.content += '<p>Edited for the rebuild benchmark.</p>';
  writeFileSync(file, `${JSON.stringify(pages, null, 2)}\n`);
  return { kind: 'cms-page', target: page.identifier, description: `one paragraph added to CMS page '${page.identifier}'` };
}

/** Copies `from` to `to` (replacing it) and raises the price of the first visible simple product by £10. */
export function copyWithPriceEdit(from: string, to: string): EditorChange {
  copyAsPulled(from, to);
  const m = readManifest(to);
  for (const shard of m?.product_shards ?? []) {
    const file = join(to, shard);
    const products = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
    const p = products.find((x) => x.type_id === 'simple' && x.status === 1 && x.visibility === 4 && !x.discontinued && typeof x.price === 'number');
    if (!p) continue;
    for (const k of ['price', 'final_price', 'priceInclTax', 'originalPrice', 'originalPriceInclTax']) {
      if (typeof p[k] === 'number') p[k] = (p[k] as number) + 10;
    }
    // A new file, not the link's target (the snapshot it was copied from) written through.
    rmSync(file);
    writeFileSync(file, `[\n${products.map((x) => JSON.stringify(x)).join(',\n')}\n]\n`);
    return { kind: 'product-price', target: String(p.sku), description: `price of ${String(p.sku)} raised by £10` };
  }
  throw new Error(`no visible simple product in ${to}`);
}

/** True when `dir` holds a snapshot (a manifest). */
export function isSnapshot(dir: string): boolean {
  return existsSync(join(dir, 'manifest.json'));
}
