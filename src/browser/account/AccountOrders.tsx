/** The account's order history (user/order-history) and order detail pages. */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $storeView } from '../../lib/state/stores/store-view';
import { customerOrder, orderHistory } from '../../lib/account/session';
import { orderIdFromPath, orderLines, orderPath, orderTotals, statusLabel } from '../../lib/account/orders';
import { LOADING, startLoad, type Load } from '../../lib/api/load';
import type { CustomerOrder, OrderHistory as OrderHistoryPage } from '../../lib/api/contract';
import { isCashOnDelivery } from '../../lib/checkout/state';
import { formatDate } from '../../lib/messages/format';
import { formatPriceIn, priceFormatter } from '../../lib/messages/currency-format';
import { messages, fill } from '../../lib/messages';
import { Status } from '../kit/form-kit';
import { totalsRows } from '../../lib/checkout/totals';
import { TotalsList } from '../bag/TotalsList';
import { OrderLinesTable } from '../checkout/OrderLinesTable';
import { OrderNumber } from '../kit/OrderNumber';
import { LazyWaitingOrders } from '../offline/LazyWaitingOrders';
import { AddressBlock } from '../checkout/AddressBlock';

/** The order history, after the orders still waiting to be sent from this device. */
export function OrderList({ accountPath }: { accountPath: string }) {
  return (
    <>
      {/* Orders placed on this device that still wait to be sent (loaded after the list, never before). */}
      <LazyWaitingOrders mine />
      <OrderHistory accountPath={accountPath} />
    </>
  );
}

/** The order history: number, date, status, total, link to the order. */
function OrderHistory({ accountPath }: { accountPath: string }) {
  const [load, setLoad] = useState<Load<OrderHistoryPage>>(LOADING);
  const store = useStore($storeView);
  useEffect(() => startLoad(() => orderHistory({ pageSize: 50 }), messages.somethingWrong, setLoad), []);
  if (load.state === 'loading')
    return (
      <p className="muted" role="status">
        {messages.accountLoading}
      </p>
    );
  if (load.state === 'error') return <Status kind="error">{load.message}</Status>;
  const orders = load.data.items;
  if (orders.length === 0) return <p className="acc-empty">{messages.accountOrdersEmpty}</p>;
  return (
    <table className="acc-table acc-orders">
      <caption className="visually-hidden">{messages.accountOrders}</caption>
      <thead>
        <tr>
          <th scope="col">{messages.orderColumn}</th>
          <th scope="col">{messages.orderDate}</th>
          <th scope="col">{messages.orderStatus}</th>
          <th scope="col" className="num">
            {messages.orderTotal}
          </th>
          <th scope="col">
            <span className="visually-hidden">{messages.accountOrderDetails}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.increment_id}>
            <th scope="row" data-label={messages.orderColumn}>
              #{o.increment_id}
            </th>
            <td data-label={messages.orderDate}>{formatDate(o.created_at)}</td>
            <td data-label={messages.orderStatus}>{statusLabel(o.status)}</td>
            <td data-label={messages.orderTotal} className="num">
              {formatPriceIn(o.grand_total, o.order_currency_code, store)}
            </td>
            <td className="acc-orders__link">
              <a href={orderPath(o, accountPath)} aria-label={fill(messages.orderView, { id: o.increment_id })}>
                {messages.accountOrderDetails}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One order: id, date and time, status, items (name, sku, quantity, price), totals and addresses. */
export function OrderDetail({ accountPath }: { accountPath: string }) {
  const id = typeof location === 'undefined' ? null : orderIdFromPath(location.pathname);
  const [load, setLoad] = useState<Load<CustomerOrder>>(LOADING);
  const store = useStore($storeView);
  useEffect(
    () =>
      startLoad(
        () => (id ? customerOrder(id) : Promise.resolve({ ok: false as const, code: 404, result: messages.orderNotFound })),
        messages.orderNotFound,
        setLoad,
      ),
    [id],
  );
  const back = (
    <p>
      <a href={`${accountPath}/orders`}>{messages.orderBack}</a>
    </p>
  );
  if (load.state === 'loading')
    return (
      <p className="muted" role="status">
        {messages.accountLoading}
      </p>
    );
  if (load.state === 'error') {
    return (
      <>
        <Status kind="error">{load.message}</Status>
        {back}
      </>
    );
  }
  const o = load.data;
  // Every amount in the order's own currency.
  const format = priceFormatter(o.order_currency_code, store);
  const shipping = o.shipping_address;
  const billing = o.billing_address;
  return (
    <article className="acc-order" aria-labelledby="acc-order-title">
      <h2 id="acc-order-title">
        <OrderNumber text={messages.orderNumber} id={o.increment_id} />
      </h2>
      <dl className="acc-facts acc-facts--inline">
        <div>
          <dt>{messages.orderDate}</dt>
          <dd>{formatDate(o.created_at)}</dd>
        </div>
        <div>
          <dt>{messages.orderStatus}</dt>
          <dd>{statusLabel(o.status)}</dd>
        </div>
      </dl>
      <h3>{messages.orderItems}</h3>
      <OrderLinesTable className="acc-table acc-lines" layout="columns" lines={orderLines(o)} format={format} />
      <TotalsList className="acc-totals" rows={totalsRows(orderTotals(o), format)} />
      <div className="acc-order__addresses">
        {shipping ? (
          <OrderAddress
            title={messages.orderShippingAddress}
            address={shipping}
            note={o.shipping_description ? `${messages.orderShippingMethod}: ${o.shipping_description}` : null}
          />
        ) : null}
        {billing ? (
          <OrderAddress
            title={messages.orderBillingAddress}
            address={billing}
            note={
              o.payment?.method
                ? `${messages.orderPaymentMethod}: ${isCashOnDelivery(o.payment.method) ? messages.cashOnDeliveryTitle : statusLabel(o.payment.method)}`
                : null
            }
          />
        ) : null}
      </div>
      {back}
    </article>
  );
}

/** One address of an order (shipping or billing) with its note (the shipping or payment method). */
function OrderAddress({ title, address, note }: { title: string; address: Parameters<typeof AddressBlock>[0]['address']; note: string | null }) {
  return (
    <section>
      <h3>{title}</h3>
      <AddressBlock address={address} />
      {note ? <p className="muted">{note}</p> : null}
    </section>
  );
}
