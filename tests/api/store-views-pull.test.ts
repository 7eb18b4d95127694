/**
 * A live pull with store views (`--from-vsf-api --store-index vue_storefront_catalog_{code}`): the
 * default store view from its index, each other enabled store view from the index the template
 * names, each into its own folder of one snapshot written at once. The two indices are two backends
 * here (the catalogue route answers whatever index it is asked), told apart by the index in the URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/snapshot/read';
import { config } from '../../src/lib/config';
import { importApiWithStoreViews } from '../../src/lib/import/store-views';
import { ImportError } from '../../src/lib/import/import-error';
import { startTestShop, writeFixtureSnapshot, type TestShop } from './fixture';
import { fixtureFiles } from './fixture-data';

type P = { id: number; sku: string; name: string; price: number };
const multistore = { ...config, storeViews: { ...config.storeViews, multistore: true } };

let work = '';
let gb: TestShop;
let de: TestShop;
const asked: string[] = [];

/** Sends a search for the de index to the de backend, any other to the GB one (as one Elasticsearch with an index per store view). */
const fetchImpl: typeof fetch = (input, init) => {
  const url = String(input);
  const m = /\/api\/catalog\/([^/]+)\//.exec(url);
  if (m) asked.push(m[1]!);
  const target = m?.[1] === 'vue_storefront_catalog_de' ? url.replace(gb.url, de.url) : url;
  return fetch(target, init);
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'api-store-views-pull-'));
  gb = await startTestShop({ snapshotDir: writeFixtureSnapshot(join(work, 'gb'), fixtureFiles()) });
  const files = fixtureFiles();
  const ring = (files['products/0000.json'] as P[]).find((p) => p.sku === 'RING-101')!;
  ring.name = 'Ring auf Deutsch';
  ring.price = 123;
  de = await startTestShop({ snapshotDir: writeFixtureSnapshot(join(work, 'de'), files) });
});
afterAll(async () => {
  await gb?.stop();
  await de?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('a live pull with store views', () => {
  it('pulls each enabled store view from its own index into stores/{code}/', async () => {
    const out = join(work, 'snapshot');
    const r = await importApiWithStoreViews({ url: gb.url, out, fetchImpl, storeIndex: 'vue_storefront_catalog_{code}' }, multistore);
    expect(Object.keys(r.stores).sort()).toEqual(['de', 'it']);
    expect(new Set(asked)).toEqual(new Set(['vue_storefront_catalog', 'vue_storefront_catalog_de', 'vue_storefront_catalog_it']));
    const ringIn = (dir: string) => snap.readProducts(dir).find((p) => p.sku === 'RING-101')!;
    expect(ringIn(join(out, 'stores', 'de'))).toMatchObject({ name: 'Ring auf Deutsch', price: 123 });
    expect(ringIn(out).name).not.toBe('Ring auf Deutsch');
    expect(ringIn(join(out, 'stores', 'it')).name).toBe(ringIn(out).name);
    expect(snap.readManifest(join(out, 'stores', 'de'))).toMatchObject({ store_code: 'de', import: { index: 'vue_storefront_catalog_de' } });
  });

  it('writes nothing when a store view fails, and refuses a template without {code}', async () => {
    const out = join(work, 'failed');
    const failing: typeof fetch = (input, init) =>
      String(input).includes('vue_storefront_catalog_it') ? Promise.resolve(new Response('no such index', { status: 404 })) : fetchImpl(input, init);
    await expect(importApiWithStoreViews({ url: gb.url, out, fetchImpl: failing, storeIndex: 'vue_storefront_catalog_{code}' }, multistore)).rejects.toThrow(
      /vue_storefront_catalog_it/,
    );
    expect(existsSync(out)).toBe(false);
    await expect(importApiWithStoreViews({ url: gb.url, out, fetchImpl, storeIndex: 'catalog' }, multistore)).rejects.toThrow(ImportError);
  });
});
