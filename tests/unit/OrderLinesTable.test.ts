/** The one order-lines table (src/browser/checkout/OrderLinesTable.tsx): an account order's columns and the order confirmation's compact rows. */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { OrderLinesTable, type OrderLinesTableProps } from '../../src/browser/checkout/OrderLinesTable';
import { priceFormatter } from '../../src/lib/messages/currency-format';
import { config } from '../../src/lib/config';

const lines = [{ name: 'Silver Ring', sku: 'RING-1', qty: 2, price: 120, rowTotal: 240 }];
/** Each cell of a part of the table as [text, data-label, class] (no DOM in the unit tests: read from the markup). */
const cells = (html: string) =>
  [...html.matchAll(/<(th|td)([^>]*)>(.*?)<\/\1>/g)].map(([, , attrs, inner]) => [
    inner!.replace(/<[^>]+>/g, ''),
    /data-label="([^"]*)"/.exec(attrs!)?.[1] ?? null,
    /class="([^"]*)"/.exec(attrs!)?.[1] ?? '',
  ]);
const table = (props: OrderLinesTableProps) => {
  const html = renderToStaticMarkup(createElement(OrderLinesTable, props));
  const [, head = '', body = ''] = /<thead>(.*)<\/thead><tbody>(.*)<\/tbody>/.exec(html) ?? [];
  return { className: /^<table class="([^"]*)"/.exec(html)?.[1], head: cells(head), row: cells(body) };
};

describe('order lines table', () => {
  it('an account order: sku and row total in columns of their own, each cell labelled for the phone layout', () => {
    const t = table({ lines, className: 'acc-table', layout: 'columns', format: priceFormatter('GBP') });
    expect(t.className).toBe('acc-table');
    expect(t.head).toEqual([
      ['Product name', null, ''],
      ['SKU', null, ''],
      ['Quantity', null, 'num'],
      ['Price', null, 'num'],
      ['Subtotal', null, 'num'],
    ]);
    expect(t.row).toEqual([
      ['Silver Ring', 'Product name', ''],
      ['RING-1', 'SKU', ''],
      ['2', 'Quantity', 'num'],
      ['£120.00', 'Price', 'num'],
      ['£240.00', 'Subtotal', 'num'],
    ]);
  });

  it('the order confirmation: the sku under the name, then quantity and unit price, no labels', () => {
    const t = table({ lines, className: 'os__lines', layout: 'compact', skuClassName: 'os__sku', format: priceFormatter('GBP') });
    expect(t.head.map((c) => c[0])).toEqual(['Product name', 'Quantity', 'Price']);
    expect(t.row).toEqual([
      ['Silver RingSKU: RING-1', null, ''],
      ['2', null, 'num'],
      ['£120.00', null, 'num'],
    ]);
  });

  it("a euro order's amounts in euros, whichever store view's page shows it", () => {
    const t = table({ lines, className: 'acc-table', layout: 'columns', format: priceFormatter('EUR', config.storeViews.default) });
    expect(t.row.slice(3).map((c) => c[0])).toEqual(['120,00 €', '240,00 €']);
  });
});
