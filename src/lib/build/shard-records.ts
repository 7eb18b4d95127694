/**
 * The full snapshot record of a product whose own page this build renders. A whole build's catalogue
 * index holds full records already; a shard build's holds slim ones (slimProduct in
 * src/lib/routing/routes.ts), and reads the full records of its own product pages (about 1/N of the
 * catalogue) in one streaming pass over the snapshot, the first time a product page asks. A page
 * shard of a prepared build (./shard-inputs.ts) has them in its catalogue index already.
 */
import * as snap from '../snapshot/read';
import { catalog, once, ownCatalogueDir } from '../routing/routes';
import { ampRoutes, catchAllRoutes } from '../routing/page-routes';
import { buildRole, ofThisShard } from './shard';
import type { Product } from '../schemas';
import { productIdsOfRoutes } from './shard-inputs';

/** The ids of the products this shard renders a page of (a catch-all page or an AMP page, in any store view). */
export function ownProductIds(): Set<number> {
  return productIdsOfRoutes(
    ofThisShard(catchAllRoutes(), (x) => x.path),
    ofThisShard(ampRoutes(), (x) => x.path),
  );
}

/** The full records of this shard's own products, read once from the snapshot. */
const ownRecords = once((): Map<number, Product> => snap.readProductRecords(ownProductIds()));

/** Full records read for a page outside this shard's share (none is expected): one pass each. */
const strays = new Map<number, Product>();

/**
 * The full record of a product (undefined when the snapshot has none with this id); in a store view
 * with a catalogue of its own, its record there (whole records, read with its index).
 */
export function productRecord(id: number, storeCode?: string): Product | undefined {
  if (ownCatalogueDir(storeCode)) return catalog(storeCode).byId.get(id);
  const role = buildRole();
  if (role === 'whole') return catalog().byId.get(id);
  const own = (role === 'pages' ? catalog().fullRecords?.get(id) : ownRecords().get(id)) ?? strays.get(id);
  if (own) return own;
  if (!catalog().byId.has(id)) return undefined;
  // Not a page of this shard: read the one record rather than render from its slim record.
  const p = snap.readProductRecords(new Set([id])).get(id);
  if (p) strays.set(id, p);
  return p;
}
