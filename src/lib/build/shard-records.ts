/**
 * The full snapshot record of a product whose own page this build renders. A whole build's catalogue
 * index holds full records already; a shard build's holds slim ones (slimProduct in
 * src/lib/routing/routes.ts), and reads the full records of its own product pages (about 1/N of the
 * catalogue) in one streaming pass over the snapshot, the first time a product page asks.
 */
import * as snap from './snapshot';
import { catalog, once } from '../routing/routes';
import { ampRoutes, catchAllRoutes } from '../routing/page-routes';
import { currentShard, ofThisShard } from './shard';
import * as S from '../schemas';
import type { Product } from '../schemas';

/** The ids of the products this shard renders a page of (a catch-all page or an AMP page, in any store view). */
export function ownProductIds(): Set<number> {
  const ids = new Set<number>();
  for (const r of ofThisShard(catchAllRoutes(), (x) => x.path)) if (r.kind === 'product') ids.add(Number(r.key));
  for (const r of ofThisShard(ampRoutes(), (x) => x.path)) if (r.kind === 'amp-product') ids.add(r.key);
  return ids;
}

/**
 * The full records of the products with these ids, in one pass over the snapshot's product files.
 * The catalogue index validated every record already; here only the records kept are validated
 * again (the schema's output, not the raw JSON), so the pass costs the files' parsing, not 1/N more.
 */
export function readProductRecords(ids: ReadonlySet<number>, dir = snap.snapshotDir()): Map<number, Product> {
  const out = new Map<number, Product>();
  for (const file of snap.readManifest(dir).product_shards) {
    const raw = snap.readJsonFile(dir, file);
    if (!Array.isArray(raw)) throw new snap.SnapshotError(file, undefined, '', 'must be an array of records');
    const kept = raw.filter((r: unknown) => ids.has((r as { id?: unknown } | null)?.id as number));
    for (const p of snap.validateArray(S.ProductSchema, kept, file)) out.set(p.id, p);
  }
  return out;
}

/** The full records of this shard's own products, read once from the snapshot. */
const ownRecords = once((): Map<number, Product> => readProductRecords(ownProductIds()));

/** Full records read for a page outside this shard's share (none is expected): one pass each. */
const strays = new Map<number, Product>();

/** The full record of a product (undefined when the snapshot has none with this id). */
export function productRecord(id: number): Product | undefined {
  const shard = currentShard();
  if (!shard || shard.count === 1) return catalog().byId.get(id);
  const own = ownRecords().get(id) ?? strays.get(id);
  if (own) return own;
  if (!catalog().byId.has(id)) return undefined;
  // Not a page of this shard: read the one record rather than render from its slim record.
  const p = readProductRecords(new Set([id])).get(id);
  if (p) strays.set(id, p);
  return p;
}
