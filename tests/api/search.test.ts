/** vue-storefront-api's catalogue route on the reference API: `/api/catalog/{index}/{entity}/_search`. */
import { describe, expect, it } from 'vitest';
import { useTestShop } from './fixture';

const shop = useTestShop();
const INDEX = '/api/catalog/vue_storefront_catalog';
const search = (entity: string, body: unknown, query?: Record<string, string>) => shop().call('POST', `${INDEX}/${entity}/_search`, { body, query });

describe('_search', () => {
  it('answers the raw Elasticsearch response with VSF-shaped records', async () => {
    const r = await search('product', { query: { bool: { filter: { terms: { sku: ['RING-101', 'WATCH-102'] } } } } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ timed_out: false, hits: { total: 2, max_score: 1 } });
    expect(typeof r.body.took).toBe('number');
    expect(r.body.code).toBeUndefined();
    const hit = r.body.hits.hits[0];
    expect(hit).toMatchObject({ _index: 'vue_storefront_catalog', _type: 'product', _id: '101', _score: 1 });
    // Magento's indexers write these as strings.
    expect(hit._source).toMatchObject({ id: 101, sku: 'RING-101', tax_class_id: '2', category_ids: ['3'], stock: { qty: 10, is_in_stock: true } });
  });

  it('the review list of §7: product_id equals, review_status equals 1, from 0, size 50', async () => {
    const body = { query: { bool: { filter: { bool: { must: [{ term: { product_id: 101 } }, { term: { review_status: 1 } }] } } } }, from: 0, size: 50 };
    const r = await search('review', body);
    expect(r.body.hits.total).toBe(1);
    expect(r.body.hits.hits[0]._source).toMatchObject({ id: 1, product_id: 101, title: 'Lovely', review_status: 1, review_entity: 'product' });
    // A review a shopper wrote is pending: not served until approved...
    const created = await shop().call('POST', '/api/review/create', {
      body: { review: { product_id: 101, title: 'New', detail: 'Written now.', nickname: 'Sam', rating: 4, review_entity: 'product' } },
    });
    expect(created.status).toBe(200);
    expect((await search('review', body)).body.hits.total).toBe(1);
    // ... and served once moderation approves it.
    await shop().db.prepare('UPDATE reviews SET review_status = 1 WHERE id = ?').run(created.body.result.id);
    const after = await search('review', body);
    expect(after.body.hits.hits.map((h: { _id: string }) => h._id).sort()).toEqual(['1', String(created.body.result.id)].sort());
  });

  it('GET with ?request=, from, size, sort and _source filters as query parameters', async () => {
    const request = JSON.stringify({ query: { range: { price: { gte: 50, lte: 120 } } } });
    const r = await shop().call('GET', `${INDEX}/product/_search`, {
      query: { request, from: '1', size: '2', sort: 'price:desc', _source_include: 'sku,price,stock.qty', _source_exclude: 'stock' },
    });
    expect(r.status).toBe(200);
    // 120, 100, 80, 50 (the watch, the bundle and the discontinued chain are outside the range): skip one, take two.
    expect(r.body.hits.total).toBe(4);
    expect(r.body.hits.hits.map((h: { _source: unknown }) => h._source)).toEqual([
      { sku: 'PENDANT-105', price: 100 },
      { sku: 'BANGLE-103', price: 80 },
    ]);
    expect(r.body.hits.max_score).toBeNull();
  });

  it('updated_at ranges and ids (the rebuild pull), match, must_not, should', async () => {
    const ids = await search('product', { query: { ids: { values: ['104', 106] } }, sort: [{ id: 'desc' }] });
    expect(ids.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['106', '104']);
    const match = await search('product', { query: { bool: { must: { match: { name: 'ring watch' } }, must_not: { term: { sku: 'WATCH-102' } } } } });
    expect(match.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['101']);
    const should = await search('category', { query: { bool: { should: [{ term: { url_key: 'rings' } }, { term: { id: 99 } }] } } });
    expect(should.body.hits.hits.map((h: { _source: { name: string } }) => h._source.name)).toEqual(['Rings']);
    const pages = await search('cms_page', { query: { range: { id: { gt: 1 } } } });
    expect(pages.body.hits.hits.map((h: { _source: { identifier: string } }) => h._source.identifier)).toEqual(['repairs']);
  });

  it('serves each entity in its VSF shape', async () => {
    const cat = (await search('category', { query: { term: { id: 3 } } })).body.hits.hits[0]._source;
    expect(cat).toMatchObject({ children_count: '0', include_in_menu: 1 });
    const attr = (await search('attribute', {})).body.hits.hits[0]._source;
    expect(attr).toMatchObject({ attribute_code: 'color', default_frontend_label: 'Colour', is_visible_on_front: '1', is_comparable: '1' });
    expect(attr.frontend_label).toBeUndefined();
    const page = (await search('cms_page', { query: { term: { identifier: 'about-us' } } })).body.hits.hits[0]._source;
    expect(page).toMatchObject({ store_id: [1], page_layout: '1column' });
    expect(page.layout).toBeUndefined();
    const rule = (await search('taxrule', {})).body.hits.hits[0]._source;
    expect(rule).toMatchObject({ product_tax_class_ids: [2], rates: [{ rate: 20, tax_country_id: 'GB', code: 'GB VAT 20%' }] });
    expect((await search('cms_block', {})).body.hits.total).toBe(1);
  });

  it('bad requests are 400s naming what is wrong, an unknown entity a 404', async () => {
    const cases: Array<[unknown, string]> = [
      [{ query: { wildcard: { sku: 'R*' } } }, 'query.wildcard'],
      [{ query: { term: { sku: 'A', name: 'B' } } }, 'query.term'],
      [{ query: { range: { price: { above: 3 } } } }, 'query.range.price'],
      [{ query: { bool: { filter: [{ term: { sku: 'A' } }, { nope: {} }] } } }, 'query.bool.filter.1.nope'],
      [{ size: -1 }, 'size'],
      [{ from: 9990, size: 20 }, 'size'],
      [{ sort: [{ price: 'up' }] }, 'sort.0.price'],
    ];
    for (const [body, field] of cases) {
      const r = await search('product', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.result).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}[.:]`));
    }
    const bad = await shop().call('GET', `${INDEX}/product/_search`, { query: { request: '{nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toMatch(/^query\.request: /);
    const raw = await shop().call('POST', `${INDEX}/product/_search`, { raw: '{"query":', headers: { 'Content-Type': 'application/json' } });
    expect(raw.status).toBe(400);
    expect((await search('order', {})).status).toBe(404);
    expect((await shop().call('POST', '/api/catalog/Bad%20Index/product/_search', { body: {} })).status).toBe(400);
  });
});
