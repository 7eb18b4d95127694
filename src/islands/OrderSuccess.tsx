/**
 * The order-success page's island (spec §2 'Order confirmation', §4, §5 order tracking): fetches the
 * external order by the token in `o` (rejected when the cart is empty or the token missing), shows the
 * order number and lines (the page's I/O: src/lib/checkout/order-success-page.ts).
 */
import { useEffect, useState } from 'react';
import { externalOrderTotals, type OrderSuccessState } from '../lib/checkout/order-success';
import { startOrderSuccess } from '../lib/checkout/order-success-page';
import { formatPrice } from '../lib/messages/format';
import { messages, fill } from '../lib/messages';
import { totalsRows } from '../lib/checkout/totals';
import { TotalsList } from './TotalsList';
import { LazyWaitingOrders } from './LazyWaitingOrders';
import './OrderSuccess.css';

export default function OrderSuccess() {
  const [state, setState] = useState<OrderSuccessState>({ status: 'loading' });

  // The page's I/O (cart, the order's fetch, the data layer, the thank-you state) is src/lib's.
  useEffect(() => startOrderSuccess(setState), []);

  if (state.status === 'loading')
    return (
      <p className="muted os-status" role="status">
        {messages.accountLoading}
      </p>
    );
  // Orders still waiting to be sent stay in sight here too (loaded only with the page's island, after it).
  if (state.status === 'rejected') return <LazyWaitingOrders />;
  if (state.status === 'error')
    return (
      <p className="os-status muted" role="status">
        {state.message}
      </p>
    );
  const o = state.order;
  return (
    <section className="os" aria-labelledby="os-title">
      <p className="os__number" id="os-title">
        {fill(messages.orderSuccessNumber, { id: o.order_id })}
      </p>
      <h2 className="os__title">{messages.orderSummaryTitle}</h2>
      <table className="os__lines">
        <thead>
          <tr>
            <th scope="col">{messages.orderProductName}</th>
            <th scope="col" className="num">
              {messages.orderQty}
            </th>
            <th scope="col" className="num">
              {messages.orderPrice}
            </th>
          </tr>
        </thead>
        <tbody>
          {o.order_lines.map((l) => (
            <tr key={l.line_sku}>
              <th scope="row">
                {l.line_name ?? l.line_sku}
                <span className="os__sku">
                  {messages.skuLabel}: {l.line_sku}
                </span>
              </th>
              <td className="num">{l.line_qty}</td>
              <td className="num">{formatPrice(l.line_original_price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TotalsList className="os__totals" prefix="os" rows={totalsRows(externalOrderTotals(o))} />
    </section>
  );
}
