import { afterEach, describe, expect, it } from 'vitest';
import { createStockPrefetcher, fetchStockList, type StockListItem } from '../../src/lib/catalog/listing/stock-prefetch';
import { $stock, getStock, setStock } from '../../src/lib/state/stores/stock';

/** A stock answer as Magento gives it: named by product_id only (the sku is the test's label). */
const item = (_sku: string, id: number, inStock = true): StockListItem => ({ product_id: id, qty: inStock ? 3 : 0, is_in_stock: inStock });

describe('tile stock prefetch', () => {
  afterEach(() => $stock.set({}));

  it('asks for each sku once, in batches', async () => {
    const calls: string[][] = [];
    const p = createStockPrefetcher({
      load: async (skus) => {
        calls.push(skus);
        return skus.map((s, i) => item(s, i));
      },
      keep: () => {},
      batchSize: 2,
      delay: 5,
    });
    p.want(['A-1', 'A-2', 'A-3']);
    p.want(['A-2', 'B-1']);
    await p.settled();
    p.want(['A-1', 'B-1']);
    await p.settled();
    expect(calls).toEqual([
      ['A-1', 'A-2'],
      ['A-3', 'B-1'],
    ]);
  });

  it('puts each answer in the stock cache by child id', async () => {
    const p = createStockPrefetcher({
      load: async () => [item('EV1-P-4', 5001), item('EV1-P-5', 5002, false)],
      keep: (i) => setStock(i.product_id, { is_in_stock: i.is_in_stock, qty: i.qty }),
      delay: 1,
    });
    p.want(['EV1-P-4', 'EV1-P-5']);
    await p.settled();
    expect(getStock(5001)).toMatchObject({ is_in_stock: true, qty: 3 });
    expect(getStock(5002)).toMatchObject({ is_in_stock: false, qty: 0 });
  });

  it('may ask again for the skus of a failed batch', async () => {
    let fail = true;
    const calls: string[][] = [];
    const p = createStockPrefetcher({
      load: async (skus) => {
        calls.push(skus);
        if (fail) throw new Error('offline');
        return [];
      },
      keep: () => {},
      delay: 1,
    });
    p.want(['X-1']);
    await p.settled();
    fail = false;
    p.want(['X-1']);
    await p.settled();
    expect(calls).toEqual([['X-1'], ['X-1']]);
  });
});

describe('stock list call', () => {
  const reply = (body: unknown, status = 200) => {
    const urls: string[] = [];
    const f = async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    };
    return { f: f as unknown as typeof fetch, urls };
  };

  it('asks the stock list endpoint for the skus and reads the answer', async () => {
    const { f, urls } = reply({ code: 200, result: [{ ...item('A 1', 7), stock_id: 1, manage_stock: true }] });
    expect(await fetchStockList(['A 1', 'B'], f)).toEqual([item('A 1', 7)]);
    expect(urls).toEqual(['/api/stock/list?skus=A%201,B']);
  });

  it('rejects an answer of the wrong shape or a failed call', async () => {
    await expect(fetchStockList(['A'], reply({ code: 200, result: [{ sku: 'A' }] }).f)).rejects.toThrow(/shape/);
    await expect(fetchStockList(['A'], reply({ code: 500, result: 'boom' }, 500).f)).rejects.toThrow(/500/);
  });
});
