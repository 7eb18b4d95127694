/**
 * The order-success page's island (spec §2 'Order confirmation', §4, §5 order tracking): fetches the
 * external order by the token in `o` (rejected when the cart is empty or the token missing), shows the
 * order number and lines (the page's I/O: src/lib/checkout/order-success-page.ts).
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { priceFormatter } from '../../lib/messages/currency-format';
import { $storeView } from '../../lib/state/stores/store-view';
import { externalOrderLines, externalOrderTotals, type OrderSuccessState } from '../../lib/checkout/order-success';
import { startOrderSuccess } from '../../lib/checkout/order-success-page';
import { messages } from '../../lib/messages';
import { totalsRows } from '../../lib/checkout/totals';
import { TotalsList } from '../bag/TotalsList';
import { OrderLinesTable } from './OrderLinesTable';
import { OrderNumber } from '../kit/OrderNumber';
import { LazyWaitingOrders } from '../offline/LazyWaitingOrders';
import './OrderSuccess.css';

export default function OrderSuccess() {
  const [state, setState] = useState<OrderSuccessState>({ status: 'loading' });
  const store = useStore($storeView);

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
  // The external order result names no currency: the order's is the page's store view's, where it was placed.
  const format = priceFormatter(undefined, store);
  return (
    <section className="os card" aria-labelledby="os-title">
      <p className="os__number" id="os-title">
        <OrderNumber text={messages.orderSuccessNumber} id={o.order_id} />
      </p>
      <h2 className="os__title">{messages.orderSummaryTitle}</h2>
      <OrderLinesTable
        className="os__lines"
        layout="compact"
        skuClassName="os__sku"
        optionsClassName="os__opts"
        lines={externalOrderLines(o)}
        format={format}
      />
      <TotalsList className="os__totals" prefix="os" rows={totalsRows(externalOrderTotals(o), format)} />
    </section>
  );
}
