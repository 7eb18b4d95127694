/**
 * The digests the renderer keeps per product between changes (src/lib/build/key-store.ts): of its
 * record (a page's key names the records it shows by them) and of its route fields (which pages the
 * catalogue has, at which URLs): a change of a few records works out those records' digests only.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { idDigests, keyStore, offerPrevious } from '../../src/lib/build/key-store';
import { catalog } from '../../src/lib/routing/routes';

afterAll(() => {
  keyStore().previous = null;
});

describe("the records' digests", () => {
  it("an unchanged record of the default catalogue takes the generation before's digest; a changed one, a copy or one never digested is worked out, and all are kept", async () => {
    // Fresh modules: this file's other tests digested the sample's records already (the digests are memoised per record).
    vi.resetModules();
    const keys = await import('../../src/lib/build/cache-keys');
    const [a, b, c] = (await import('../../src/lib/routing/routes')).catalog().products;
    offerPrevious(
      {},
      { ids: new Set([b!.id]), skus: new Set([b!.sku]), categories: new Set() },
      { records: { [a!.id]: 'before-a', [b!.id]: 'before-b', 999_999: 'unasked' } },
    );
    keyStore().digests.records.clear();
    expect(keys.recordKey(a!)).toBe('before-a');
    expect(keys.recordKey(b!)).toBe(keys.digest(b!));
    expect(keys.recordKey(c!)).toBe(keys.digest(c!));
    // Not the catalogue's record (another store view's, a child inside its parent): worked out.
    expect(keys.recordKey({ ...a! })).toBe(keys.digest(a!));
    // For the next change: the digests of this change, and those before of the records it did not change.
    expect(idDigests().records).toEqual({ [a!.id]: 'before-a', [b!.id]: keys.digest(b!), [c!.id]: keys.digest(c!), 999999: 'unasked' });
    // Nothing offered (a full build): every record is digested.
    keyStore().previous = null;
    const d = (await import('../../src/lib/routing/routes')).catalog().products[3]!;
    offerPrevious({}, { ids: new Set(), skus: new Set(), categories: new Set() });
    expect(keys.recordKey(d)).toBe(keys.digest(d));
  });
});

describe("the products' route digests", () => {
  /** Fresh modules (the catalogue's routes key is worked out once per process), with the generation before's entries and route digests offered. */
  async function offered(routes: (now: Record<string, string>) => Record<string, string>, changedId: number | null) {
    vi.resetModules();
    const keys = await import('../../src/lib/build/cache-keys');
    const store = await import('../../src/lib/build/key-store');
    // What a full build keeps: the key, and a digest per product.
    store.keyStore().previous = null;
    store.keyStore().recorded.clear();
    store.keyStore().digests.routes.clear();
    const key = keys.catalogueRoutesKey();
    const entry = store.recordedEntries()['catalogue-routes']!;
    const now = store.idDigests().routes;
    vi.resetModules();
    const again = await import('../../src/lib/build/cache-keys');
    const againStore = await import('../../src/lib/build/key-store');
    const p = changedId === null ? null : (await import('../../src/lib/routing/routes')).catalog().byId.get(changedId)!;
    againStore.keyStore().recorded.clear();
    againStore.keyStore().digests.routes.clear();
    againStore.offerPrevious(
      { 'catalogue-routes': { ...entry, keys: ['planted'] } },
      { ids: new Set(p ? [p.id] : []), skus: new Set(p ? [p.sku] : []), categories: new Set(p?.category_ids ?? []) },
      { routes: routes(now) },
    );
    return { key, now, taken: again.catalogueRoutesKey(), kept: againStore.idDigests().routes };
  }

  it('a full build keeps one per product of the catalogue', async () => {
    const { now } = await offered((r) => r, null);
    expect(Object.keys(now).sort()).toEqual(
      catalog()
        .products.map((p) => String(p.id))
        .sort(),
    );
  });

  it("a product changed with the route fields it had (a price): the catalogue's routes key is the one before, not worked out", async () => {
    const id = catalog().products[5]!.id;
    const { taken, now, kept } = await offered((r) => r, id);
    expect(taken).toBe('planted');
    expect(kept).toEqual(now);
  });

  it('a product whose route fields were others then (a URL key), or one not there then: the key is worked out', async () => {
    const id = catalog().products[5]!.id;
    const moved = await offered((r) => ({ ...r, [id]: 'another url' }), id);
    expect(moved.taken).toBe(moved.key);
    expect(moved.kept[id]).toBe(moved.now[id]);
    const added = await offered((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== String(id))), id);
    expect(added.taken).toBe(added.key);
  });
});
