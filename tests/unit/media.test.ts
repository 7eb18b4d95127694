/**
 * Dumps and pictures as a retailer has them: a whole index in one file (elasticdump of an Elasticsearch 5
 * index, every `_type` in it; or Elasticsearch 7's index per entity) imports as the per-entity files do;
 * pictures fetched through vue-storefront-api's image route are asked for by their path below
 * `magento2.imgUrl`, which already ends with /catalog/product (src/lib/import/media.ts).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import * as snap from '../../src/lib/snapshot/read';
import { DUMP_FILES, parseDump } from '../../src/lib/import/dump';
import { compileQuery, parseSort, searchAfter, sortRecords, sortValues } from '../../src/lib/import/es-query';
import { VSF_ENTITIES } from '../../src/lib/import/to-vsf';
import { imageRoutePath } from '../../src/lib/import/media';
import { ImportError } from '../../src/lib/import/import-error';
import { importFromDump, importFromVsfApi } from '../../src/lib/import/vsf-import';
import { vsfaImage } from '../vsfa/img';

const DUMP = join(__dirname, '..', 'fixtures', 'vsf-dump');
const MEDIA = join(__dirname, '..', 'fixtures', 'vsf-media');
const work = mkdtempSync(join(tmpdir(), 'media-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture's records by entity, as hits of one index. */
const records = Object.fromEntries(
  VSF_ENTITIES.map((e) => [e, parseDump(readFileSync(join(DUMP, DUMP_FILES[e]), 'utf8'), DUMP_FILES[e], []).map((r) => r.source)]),
) as Record<(typeof VSF_ENTITIES)[number], Record<string, unknown>[]>;

/** What an import wrote, file by file (the manifest's time and source aside). */
function written(dir: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (d: string) => {
    for (const f of readdirSync(d, { withFileTypes: true }))
      if (f.isDirectory()) walk(join(d, f.name));
      else if (f.name.endsWith('.json') && f.name !== 'manifest.json') out[relative(dir, join(d, f.name))] = JSON.parse(readFileSync(join(d, f.name), 'utf8'));
  };
  walk(dir);
  return out;
}

describe('a whole index in one file', () => {
  const es5 = VSF_ENTITIES.flatMap((e) =>
    records[e].map((s, i) => ({ _index: 'vue_storefront_catalog', _type: e, _id: String(s.id ?? i), _score: 1, _source: s })),
  );
  const text = [...es5, { _index: 'vue_storefront_catalog', _type: 'cms_hierarchy', _id: '1', _source: { id: 1 } }].map((h) => JSON.stringify(h)).join('\n');

  it('given as the file, or as a folder holding only it, imports as the per-entity files do; a type the shop does not import is named', async () => {
    const byEntity = join(work, 'by-entity');
    await importFromDump(DUMP, { out: byEntity });
    const file = join(work, 'vue_storefront_catalog.json');
    writeFileSync(file, text);
    const single = await importFromDump(file, { out: join(work, 'single') });
    expect(written(join(work, 'single'))).toEqual(written(byEntity));
    expect(single.problems).toContainEqual(
      expect.objectContaining({
        file: 'vue_storefront_catalog.json',
        field: '_type',
        reason: expect.stringMatching(/1 record of type 'cms_hierarchy' left out/),
      }),
    );
    expect(single.problems).toContainEqual(expect.objectContaining({ file: 'vue_storefront_catalog.json (product)', id: '71', field: 'name' }));
    const folder = join(work, 'elasticdump');
    mkdirSync(folder);
    writeFileSync(join(folder, 'catalog.json.gz'), gzipSync(text));
    await importFromDump(folder, { out: join(work, 'folder') });
    expect(written(join(work, 'folder'))).toEqual(written(byEntity));
  });

  it("Elasticsearch 7's index per entity (_type _doc) reads by the index's name, an alias's timestamped index too", async () => {
    const es7 = es5.map((h) => ({ ...h, _index: `vue_storefront_catalog_${h._type}${h._type === 'product' ? '_1600000000' : ''}`, _type: '_doc' }));
    const file = join(work, 'es7.ndjson');
    writeFileSync(file, [...es7, { _index: 'other', _type: '_doc', _id: 'x', _source: { id: 'x' } }].map((h) => JSON.stringify(h)).join('\n'));
    const r = await importFromDump(file, { out: join(work, 'es7') });
    expect(written(join(work, 'es7'))).toEqual(written(join(work, 'by-entity')));
    expect(r.problems).toContainEqual(expect.objectContaining({ id: 'x', field: '_type', skipped: true }));
  });

  it('a folder of several other files is refused with their names', async () => {
    const folder = join(work, 'two');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.json'), '{}');
    writeFileSync(join(folder, 'b.json'), '{}');
    await expect(importFromDump(folder, { out: join(work, 'two-out') })).rejects.toThrow(ImportError);
    await expect(importFromDump(folder, { out: join(work, 'two-out') })).rejects.toThrow(/a\.json, b\.json/);
  });
});

describe("pictures through vue-storefront-api's image route", () => {
  const IMG_URL = 'http://magento.test/media/catalog/product';
  /** Magento's media server: pub/media/catalog/product of the fixture. */
  const download = (url: string) => {
    if (!url.startsWith(`${IMG_URL}/`)) return null;
    try {
      return readFileSync(join(MEDIA, 'catalog', 'product', ...decodeURIComponent(url.slice(IMG_URL.length)).split('/').filter(Boolean)));
    } catch {
      return null;
    }
  };
  const asked: string[] = [];
  /** VSFA over the fixture: `_search` answers every record of the entity (one page), `/img/` as its image route. */
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const search = /^\/api\/catalog\/[^/]+\/([a-z_]+)\/_search$/.exec(url.pathname);
    if (search) {
      // Elasticsearch's reading of the body, in short: query, sort, search_after, from and size.
      const body = JSON.parse(String(init?.body ?? '{}')) as { query?: unknown; sort?: unknown; search_after?: unknown; from?: number; size?: number };
      const keys = parseSort(body.sort ?? []);
      const matching = (records[search[1] as keyof typeof records] ?? []).filter(compileQuery(body.query));
      const after = body.search_after ? searchAfter(body.search_after, keys) : () => true;
      const page = sortRecords(matching, keys)
        .filter(after)
        .slice(body.from ?? 0, (body.from ?? 0) + (body.size ?? 10));
      const hits = page.map((s) => ({ _id: String(s.id ?? ''), _source: s, sort: sortValues(s, keys) }));
      return new Response(JSON.stringify({ hits: { total: matching.length, hits } }), { status: 200 });
    }
    if (url.pathname.startsWith('/img/')) {
      asked.push(url.pathname);
      return vsfaImage(url.pathname.slice('/img'.length), IMG_URL, download);
    }
    return new Response('not found', { status: 404 });
  };

  it('asks for the path below imgUrl, once, and writes every picture', async () => {
    const out = join(work, 'pulled');
    const r = await importFromVsfApi({ url: 'http://vsfa.test', out, fetchImpl });
    expect(r.media).toEqual({ written: 4, missing: 0 });
    expect(asked).toContain('/img/0/0/resize/s/o/solitaire.jpg');
    expect(asked.some((p) => p.includes('catalog/product'))).toBe(false);
    expect(readFileSync(join(out, 'media', 'catalog', 'product', 't', 'w', 'twist.jpg'))).toEqual(
      readFileSync(join(MEDIA, 'catalog', 'product', 't', 'w', 'twist.jpg')),
    );
    expect(snap.readProducts(out).length).toBeGreaterThan(0);
  });

  it('a picture outside the product folder has no path below imgUrl; the configured folder is respected', () => {
    expect(imageRoutePath('/catalog/product/s/o/a b.jpg', '/catalog/product')).toBe('/s/o/a%20b.jpg');
    expect(imageRoutePath('/catalog/category/banner.jpg', '/catalog/product')).toBeNull();
    expect(imageRoutePath('/shop/pictures/a.jpg', '/shop/pictures/')).toBe('/a.jpg');
  });
});
