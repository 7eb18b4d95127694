/**
 * The VSFA / Elasticsearch / Magento stand-in (tests/vsfa) behaves as Elasticsearch's documentation,
 * vue-storefront-api's catalogue route and Magento's quote say, so that the tests against it mean something.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsIndex } from '../vsfa/es-index';
import { MAPPINGS, simpleProduct } from '../vsfa/fixtures';
import { startVsfa, type RunningVsfa } from '../vsfa/server';
import { Magento, type MagentoProduct } from '../vsfa/magento';
import { defaultOrderSettings, vsfaOrderRoutes } from '../vsfa/orders';

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

/** A watch with an engraving (text, 30 characters, +£10) and a font (one of a list), and a ring in two metals and sizes. */
const watch: MagentoProduct = {
  sku: 'W-1',
  name: 'Halden Watch',
  price: 600,
  qty: 10,
  custom_options: [
    { option_id: 11, title: 'Engraving', type: 'field', max_characters: 30, price: 10 },
    {
      option_id: 12,
      title: 'Font',
      type: 'radio',
      values: [
        { option_type_id: 121, title: 'Script' },
        { option_type_id: 122, title: 'Roman', price: 25 },
      ],
    },
  ],
};
const ring: MagentoProduct = {
  sku: 'R-1',
  name: 'Solitaire',
  price: 1000,
  qty: 10,
  type_id: 'configurable',
  configurable: {
    attributes: [
      { attribute_id: 93, label: 'Colour', values: [{ value_index: 5, label: 'Platinum' }] },
      { attribute_id: 142, label: 'Size', values: [{ value_index: 7, label: 'O' }] },
    ],
    children: [{ sku: 'R-1-P-O', values: { 93: 5, 142: 7 } }],
  },
};
const ringChild: MagentoProduct = { sku: 'R-1-P-O', name: 'Solitaire Platinum O', price: 1100, qty: 3 };
const hamper: MagentoProduct = {
  sku: 'H-1',
  name: 'Hamper',
  price: 0,
  qty: 10,
  type_id: 'bundle',
  bundle_options: [{ option_id: 31, title: 'Cufflinks', required: true, selections: [{ selection_id: 301, name: 'Knot & Bar', price: 1250 }] }],
};
const custom = (...o: Array<[number, unknown]>) => ({
  extension_attributes: { custom_options: o.map(([option_id, option_value]) => ({ option_id, option_value })) },
});
const configurable = (...o: Array<[number | string, number | string]>) => ({
  extension_attributes: { configurable_item_options: o.map(([option_id, option_value]) => ({ option_id, option_value })) },
});

describe("the Magento stand-in's quote items and their options (Magento's Quote::addProduct, ItemConverter)", () => {
  const fresh = () => {
    const m = new Magento([watch, ring, ringChild, hamper]);
    return { m, cart: m.createCart() };
  };

  it('keeps the same sku with other options apart, and adds the same options (in any order, trimmed) to their item', () => {
    const { m, cart } = fresh();
    const anna = m.update(cart, { sku: 'W-1', qty: 1, product_option: custom([11, 'For Anna'], [12, '121']) });
    const bea = m.update(cart, { sku: 'W-1', qty: 1, product_option: custom([11, 'For Bea']) });
    const again = m.update(cart, { sku: 'W-1', qty: 2, product_option: custom([12, '121'], [11, '  For Anna ']) });
    const plain = m.update(cart, { sku: 'W-1', qty: 1 });
    const empty = m.update(cart, { sku: 'W-1', qty: 1, product_option: custom([11, ''], [99, 'no such option']) });
    expect(bea.item_id).not.toBe(anna.item_id);
    expect(again.item_id).toBe(anna.item_id);
    expect(empty.item_id).toBe(plain.item_id);
    expect(m.items(cart).map((i) => [i.sku, i.qty, i.price])).toEqual([
      ['W-1', 3, 610],
      ['W-1', 1, 610],
      ['W-1', 2, 600],
    ]);
  });

  it("answers an item's product_option as its first request sent it: in its order, untrimmed, ids as text", () => {
    const { m, cart } = fresh();
    m.update(cart, { sku: 'W-1', qty: 1, product_option: custom([12, 121], [11, ' For Anna']) });
    m.update(cart, { sku: 'W-1', qty: 1, product_option: custom([11, 'For Anna'], [12, '121']) });
    m.update(cart, { sku: 'W-1', qty: 1 });
    const [engraved, plain] = m.items(cart);
    expect(engraved!.qty).toBe(2);
    expect(engraved!.product_option).toEqual({
      extension_attributes: {
        custom_options: [
          { option_id: '12', option_value: '121' },
          { option_id: '11', option_value: ' For Anna' },
        ],
      },
    });
    expect(plain).not.toHaveProperty('product_option');
  });

  it("sets the qty of the item an update names, and that item's alone", () => {
    const { m, cart } = fresh();
    const anna = m.update(cart, { sku: 'W-1', qty: 1, product_option: custom([11, 'For Anna']) });
    m.update(cart, { sku: 'W-1', qty: 1, product_option: custom([11, 'For Bea']) });
    m.update(cart, { sku: 'W-1', qty: 4, item_id: anna.item_id, product_option: custom([11, 'For Anna']) });
    expect(m.items(cart).map((i) => i.qty)).toEqual([4, 1]);
    // The stock (10) counts every item of the sku: 10 here and Bea's 1 are too many.
    expect(() => m.update(cart, { sku: 'W-1', qty: 10, item_id: anna.item_id })).toThrow('The requested qty is not available');
    expect(() => m.update(cart, { sku: 'W-1', qty: 1, item_id: 999 })).toThrow("doesn't contain item");
  });

  it("refuses what Magento's option types refuse, with their texts", () => {
    const { m, cart } = fresh();
    const refused = (o: unknown) => {
      try {
        m.update(cart, { sku: 'W-1', qty: 1, product_option: o });
        return null;
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(refused(custom([11, 'x'.repeat(31)]))).toBe('The text is too long. Shorten the text and try again.');
    expect(refused(custom([12, '999']))).toBe('Some of the selected item options are not currently available.');
    expect(() => m.update(cart, { sku: 'H-1', qty: 1 })).toThrow('Please specify product option(s).');
    expect(() => m.update(cart, { sku: 'R-1', qty: 1, product_option: configurable([93, 5]) })).toThrow('You need to choose options for your item.');
  });

  it("keeps a configurable's attributes as the request orders them: another order is another item", () => {
    const { m, cart } = fresh();
    const a = m.update(cart, { sku: 'R-1', qty: 1, product_option: configurable([93, 5], [142, 7]) });
    const b = m.update(cart, { sku: 'R-1', qty: 1, product_option: configurable(['93', '5'], ['142', '7']) });
    const c = m.update(cart, { sku: 'R-1', qty: 1, product_option: configurable([142, 7], [93, 5]) });
    expect([a.sku, a.price, a.product_type, a.name]).toEqual(['R-1-P-O', 1100, 'configurable', 'Solitaire']);
    expect(b.item_id).toBe(a.item_id);
    expect(c.item_id).not.toBe(a.item_id);
    expect(() => m.update(cart, { sku: 'R-1', qty: 2, product_option: configurable([93, 5], [142, 7]) })).toThrow('The requested qty is not available');
  });

  it("gives each totals item Magento's options text: JSON of { value, label }, values HTML-escaped, long ones cut", () => {
    const { m, cart } = fresh();
    m.update(cart, { sku: 'W-1', qty: 1, product_option: custom([11, 'Ann & Bob'], [12, '122']) });
    m.update(cart, { sku: 'W-1', qty: 1 });
    m.update(cart, { sku: 'R-1', qty: 1, product_option: configurable([93, 5], [142, 7]) });
    m.update(cart, {
      sku: 'H-1',
      qty: 1,
      product_option: { extension_attributes: { bundle_options: [{ option_id: 31, option_qty: 2, option_selections: [301] }] } },
    });
    const options = m.totals(cart).items.map((i) => i.options);
    expect(options).toEqual([
      '[{"value":"Ann &amp; Bob","label":"Engraving"},{"value":"Roman","label":"Font"}]',
      '[]',
      '[{"value":"Platinum","label":"Colour"},{"value":"O","label":"Size"}]',
      '[{"value":"2 x Knot &amp; Bar <span class=\\"price\\">\\u00a31,250.00<\\/span>","label":"Cufflinks"}]',
    ]);
    // 55 characters are kept (the 50 a's, the line break, 'bcde'), then Magento's HTML "..." link.
    const long = new Magento([{ ...watch, custom_options: [{ option_id: 11, title: 'Note', type: 'area' }] }]);
    const id = long.createCart();
    long.update(id, { sku: 'W-1', qty: 1, product_option: custom([11, `${'a'.repeat(50)}\nbcdefgh`]) });
    expect(JSON.parse(long.totals(id).items[0]!.options)).toEqual([
      {
        value: `${'a'.repeat(50)}<br />\nbcde <a href="#" class="dots tooltip toggle" onclick="return false">...</a>`,
        full_view: `${'a'.repeat(50)}<br />\nbcdefgh`,
        label: 'Note',
      },
    ]);
  });

  it("places an order of two engravings of one sku as two lines (VSFA's o2m pairs them by their options)", async () => {
    const m = new Magento([watch]);
    const app = new Hono();
    vsfaOrderRoutes(m, defaultOrderSettings())(app);
    const cart = m.createCart();
    m.update(cart, { sku: 'W-1', qty: 1, product_option: custom([11, 'For Anna']) });
    const address = { street: ['1 High St'], city: 'Leeds', postcode: 'LS1 1AA', firstname: 'Ann', lastname: 'Lee', country_id: 'GB', email: 'a@b.c' };
    const products = [
      { sku: 'W-1', qty: 2, price: 610, product_option: custom([11, 'For Anna']) },
      { sku: 'W-1', qty: 1, price: 610, product_option: custom([11, 'For Bea']) },
    ];
    const body = { cart_id: cart, products, addressInformation: { shippingAddress: address, billingAddress: address, payment_method_code: 'cashondelivery' } };
    const res = await app.request('/api/order', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    expect(m.orders[0]!.items.map((i) => [i.sku, i.qty_ordered])).toEqual([
      ['W-1', 2],
      ['W-1', 1],
    ]);
  });
});
