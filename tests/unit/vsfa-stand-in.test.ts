/**
 * The VSFA / Elasticsearch stand-in (tests/vsfa) behaves as Elasticsearch's documentation and
 * vue-storefront-api's catalogue route say, so that the importer's tests against it mean something.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsIndex } from '../vsfa/es-index';
import { MAPPINGS, simpleProduct } from '../vsfa/fixtures';
import { startVsfa, type RunningVsfa } from '../vsfa/server';

const index = (version: 5 | 6 | 7, n: number, shards = 3) => {
  const ix = new EsIndex({ index: 'vue_storefront_catalog', entity: 'product', version, mapping: MAPPINGS.product, shards });
  ix.bulk(
    Array.from({ length: n }, (_, i) => simpleProduct(1 + i)),
    42,
  );
  return ix;
};
type Hits = { hits: { total: unknown; hits: Array<{ _id: string; _source?: Record<string, unknown>; sort?: unknown[] }> } };
const hits = (ix: EsIndex, body: unknown, params?: URLSearchParams) => ix.search(body, params).body as unknown as Hits;
const ids = (h: Hits) => h.hits.hits.map((x) => x._source?.id);

describe('the Elasticsearch stand-in', () => {
  it('index order (_doc) is not id order, and an updated document moves to the end of its shard', () => {
    const ix = index(7, 50);
    const order = ids(hits(ix, { sort: ['_doc'], size: 50 }));
    expect(order).not.toEqual([...order].sort((a, b) => Number(a) - Number(b)));
    ix.put('7', { ...simpleProduct(7), price: 1 });
    const after = ids(hits(ix, { sort: ['_doc'], size: 50 }));
    expect(after.indexOf(7)).toBeGreaterThan(order.indexOf(7));
  });

  it('refuses from + size beyond index.max_result_window with ES\u2019s text (ES 6/7: 400; ES 5: 500)', () => {
    const reason =
      'Result window is too large, from + size must be less than or equal to: [10000] but was [10010]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.';
    const a = index(7, 5).search({ from: 10_000, size: 10 });
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({
      error: { root_cause: [{ type: 'illegal_argument_exception', reason }], type: 'search_phase_execution_exception' },
      status: 400,
    });
    expect(index(5, 5).search({ from: 10_000, size: 10 }).status).toBe(500);
  });

  it('counts hits as each version answers: ES 7 up to 10,000 unless track_total_hits; ES 5/6 a number; ES 5 knows no track_total_hits', () => {
    const big = index(7, 10_001, 1);
    expect(hits(big, { size: 0 }).hits.total).toEqual({ value: 10_000, relation: 'gte' });
    expect(hits(big, { size: 0, track_total_hits: true }).hits.total).toEqual({ value: 10_001, relation: 'eq' });
    expect(hits(index(6, 3), { size: 0 }).hits.total).toBe(3);
    const es5 = index(5, 3).search({ track_total_hits: true });
    expect(es5.status).toBe(400);
    expect(es5.body).toMatchObject({ error: { type: 'parsing_exception', reason: 'Unknown key for a VALUE_BOOLEAN in [track_total_hits].' } });
  });

  it('search_after returns hits strictly after the sort values: ties with them are skipped', () => {
    const ix = index(7, 4);
    ix.put('dup', simpleProduct(2, { sku: 'DUP' }));
    const first = hits(ix, { sort: [{ id: 'asc' }], size: 2 });
    expect(first.hits.hits.map((h) => h.sort)).toEqual([[1], [2]]);
    // The second document with id 2 is never returned after [2].
    expect(ids(hits(ix, { sort: [{ id: 'asc' }], size: 10, search_after: [2] }))).toEqual([3, 4]);
    expect(ix.search({ sort: [{ id: 'asc' }], from: 1, search_after: [2] }).status).toBe(400);
  });

  it('_source: false leaves _source out; includes keep only the named fields; _id is the document\u2019s', () => {
    const ix = new EsIndex({ index: 'i', entity: 'product', version: 7, mapping: MAPPINGS.product });
    ix.put('doc-a', simpleProduct(9));
    expect(hits(ix, { _source: false }).hits.hits[0]).not.toHaveProperty('_source');
    expect(hits(ix, { _source: ['id'] }).hits.hits[0]).toMatchObject({ _id: 'doc-a', _source: { id: 9 } });
    expect(Object.keys(hits(ix, { _source: ['id'] }).hits.hits[0]!._source!)).toEqual(['id']);
  });

  it('fails what it does not model, and a term no long field can hold, instead of answering wrongly', () => {
    const ix = index(7, 3);
    expect(ix.search({ aggs: {} }).body).toMatchObject({ error: { type: 'stand_in_unsupported' } });
    expect(ix.search({ query: { ids: { values: ['1'] } } }).body).toMatchObject({ error: { type: 'stand_in_unsupported' } });
    expect(ix.search({ query: { terms: { id: ['1000_GY_28'] } } }).body).toMatchObject({
      error: { root_cause: [{ type: 'query_shard_exception', reason: 'failed to create query: For input string: "1000_GY_28"' }] },
    });
  });
});

describe("vue-storefront-api's catalogue route", () => {
  let vsfa: RunningVsfa;
  const groups: unknown[] = [];
  beforeAll(async () => {
    vsfa = await startVsfa({
      version: 7,
      records: { product: [simpleProduct(1), simpleProduct(2)] },
      processProducts: (h, group) => (groups.push(group), h),
    });
  });
  afterAll(() => vsfa.stop());
  const url = (rest: string) => `${vsfa.url}/api/catalog/vue_storefront_catalog/product/_search${rest}`;

  it('passes an Elasticsearch error on as apiError does: 500, { code: 500, result: <ES error object> }', async () => {
    const res = await fetch(url(''), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ from: 9_999, size: 2 }) });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({
      code: 500,
      result: { type: 'search_phase_execution_exception', root_cause: [{ type: 'illegal_argument_exception' }] },
    });
  });

  it('reads GET ?request=, hands groupId to the product processor (not to Elasticsearch), and answers compact', async () => {
    const request = encodeURIComponent(JSON.stringify({ query: { term: { id: 2 } }, groupId: 1 }));
    const res = await fetch(url(`?request=${request}&response_format=compact`));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: unknown; hits: Array<Record<string, unknown>> };
    expect(body.total).toEqual({ value: 1, relation: 'eq' });
    expect(body.hits[0]).toMatchObject({ id: 2, _score: 1 });
    expect(groups.at(-1)).toBe(1);
  });

  it('answers nothing for an index not in its configuration (VSFA throws inside its async handler)', async () => {
    await expect(fetch(`${vsfa.url}/api/catalog/other_index/product/_search`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
