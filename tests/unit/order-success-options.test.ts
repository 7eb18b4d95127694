/** The order confirmation shows each line with the options the shopper chose, as the bag did. */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { OrderLinesTable } from '../../src/browser/checkout/OrderLinesTable';
import { externalOrderLines, placedOrderResult } from '../../src/lib/checkout/order-success';
import { priceFormatter } from '../../src/lib/messages/currency-format';
import type { OrderPayload } from '../../src/lib/schemas';

const engraved = (text: string) => ({ extension_attributes: { custom_options: [{ option_id: 102401, option_value: text }] } });
const payload = {
  order_id: 'o-1',
  products: [
    { sku: 'EV1024-Q', qty: 1, name: 'Heritage Ring', price: 879, priceInclTax: 879, product_option: engraved('For Anna') },
    { sku: 'EV1024-Q', qty: 1, name: 'Heritage Ring', price: 882.95, priceInclTax: 882.95, product_option: engraved('For Bea') },
  ],
} as unknown as OrderPayload;
const bag = [
  { sku: 'EV1024-Q', qty: 1, options: 'Engraving text: For Anna' },
  { sku: 'EV1024-Q', qty: 1, options: 'Engraving text: For Bea, Gift wrap: Luxury gift wrap and card' },
];

describe('the confirmation of an order with two personalised lines of one product', () => {
  it('keeps each line with its own options and price', () => {
    const lines = externalOrderLines(placedOrderResult(payload, { increment_id: '100' }, null, bag));
    expect(lines.map((l) => [l.options, l.price])).toEqual([
      ['Engraving text: For Anna', 879],
      ['Engraving text: For Bea, Gift wrap: Luxury gift wrap and card', 882.95],
    ]);
  });

  it('the table writes each line under its name', () => {
    const html = renderToStaticMarkup(
      createElement(OrderLinesTable, {
        lines: externalOrderLines(placedOrderResult(payload, null, null, bag)),
        className: 'os__lines',
        layout: 'compact',
        skuClassName: 'os__sku',
        optionsClassName: 'os__opts',
        format: priceFormatter('GBP'),
      }),
    );
    const opts = [...html.matchAll(/<span class="os__opts">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(opts).toEqual(['Engraving text: For Anna', 'Engraving text: For Bea, Gift wrap: Luxury gift wrap and card']);
  });
});
