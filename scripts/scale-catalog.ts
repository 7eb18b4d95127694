/**
 * A catalogue K times the size of a generated one, written file by file without holding it:
 *   npm exec -- tsx scripts/scale-catalog.ts --from bench/tmp/snap-200000-s1 --copies 5 --out bench/tmp/snap-1000000-x5
 * The sample generator (scripts/sample-catalog.ts) holds its whole catalogue in memory (about 2 GB
 * at 200,000 products, 10 GB at 1,000,000), too much for a shared runner; this streams one product
 * file at a time. Copy 0 is the source's products as they are; copy c renames every product of the
 * source (id + c x ID_STRIDE, sku and every sku reference + '-C{c}', url_key and url_path + '-c{c}'),
 * so copies link among themselves as the source does and no two pages share a path. Categories,
 * attributes, content, reviews and the URL map are the source's (the reviews and redirects of copy 0
 * only). The manifest's product counts are multiplied; the written folder is validated by the build.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJsonFile, readManifest } from '../src/lib/snapshot/read';
import { OptionError, scriptOptions } from './lib/cli-options';

/** The id offset of each copy: above any id of a source catalogue of up to 10 million products. */
export const ID_STRIDE = 10_000_000;

const SKU_KEYS = new Set(['sku', 'linked_product_sku']);

/** A product record of copy `c` (c >= 1): ids offset, skus and URL keys suffixed, everything else as is. */
export function copyProduct(record: unknown, c: number): unknown {
  const walk = (v: unknown, key: string | null, top: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, null, false));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x, k, false);
      if (top) {
        for (const k of ['url_key', 'url_path'] as const) if (typeof out[k] === 'string') out[k] = `${out[k]}-c${c}`;
      }
      return out;
    }
    if (key === 'id' && typeof v === 'number') return v + c * ID_STRIDE;
    if (key !== null && SKU_KEYS.has(key) && typeof v === 'string') return `${v}-C${c}`;
    return v;
  };
  return walk(record, null, true);
}

export function scaleCatalog(opts: { from: string; copies: number; out: string; log?: (s: string) => void }): { products: number; files: number } {
  const from = resolve(opts.from);
  const out = resolve(opts.out);
  const log = opts.log ?? (() => {});
  if (!Number.isInteger(opts.copies) || opts.copies < 1) throw new Error(`--copies must be a whole number of at least 1, got ${opts.copies}`);
  const manifest = readManifest(from);
  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, 'manifest.json')))
    throw new Error(`scale: refusing to write into ${out}: it is not empty and holds no manifest.json`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'products'), { recursive: true });
  // Everything but the products and the pictures is copied; the pictures are linked (hundreds of MB).
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.name === 'products' || e.name === 'manifest.json') continue;
    if (e.name === 'media') symlinkSync(join(from, e.name), join(out, e.name), 'dir');
    else cpSync(join(from, e.name), join(out, e.name), { recursive: true });
  }
  const shards: string[] = [];
  let products = 0;
  for (let c = 0; c < opts.copies; c++) {
    for (const file of manifest.product_shards) {
      const records = readJsonFile(from, file);
      if (!Array.isArray(records)) throw new Error(`scale: ${file} must be an array of records`);
      const name = c === 0 ? file : file.replace(/^products\//, `products/c${c}-`);
      writeFileSync(join(out, name), JSON.stringify(c === 0 ? records : records.map((r) => copyProduct(r, c))));
      shards.push(name);
      products += records.length;
    }
    log(`scale: copy ${c + 1}/${opts.copies} written (${products.toLocaleString('en-GB')} products)`);
  }
  const counts = { ...manifest.counts };
  for (const k of ['products', 'visible_products', 'discontinued']) if (typeof counts[k] === 'number') counts[k] = counts[k] * opts.copies;
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify({ ...manifest, counts, product_shards: shards }, null, 2)}\n`);
  return { products, files: shards.length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = scriptOptions(
    process.argv.slice(2),
    {
      name: 'scale-catalog',
      usage: 'usage: npm exec -- tsx scripts/scale-catalog.ts --from SNAPSHOT_DIR --copies K --out DIR',
      values: ['from', 'copies', 'out'],
    },
    (o) => {
      const from = o.value('from');
      const out = o.value('out');
      if (!from || !out) throw new OptionError('--from and --out are required');
      return { from, out, copies: o.number('copies', 2, { integer: true, min: 1 }) };
    },
  );
  const t0 = performance.now();
  const r = scaleCatalog({ ...args, log: console.log });
  console.log(`scale: ${r.products.toLocaleString('en-GB')} products in ${r.files} files, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
