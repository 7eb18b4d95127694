/**
 * The offline-orders panel (spec §4 offline-order confirmation): lists the orders placed while the
 * shop could not be reached and lets the shopper send or cancel them; also tells when waiting orders
 * were sent later (the §8 cancel messages are the shop's notifications, with OK). A dialog that leaves
 * the page usable (the shop's one dialog, ../kit/Dialog.tsx, not modal), mounted on demand when the order
 * queue (src/lib/pwa/orders.ts) asks for it (./OfflineOrdersLauncher.ts); logic lives in
 * src/lib/state/sync/order-queue.ts.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../../lib/messages/format';
import { storeMoney } from '../../lib/catalog/price';
import { messages, fill } from '../../lib/messages';
import type { OfflineOrder } from '../../lib/schemas';
import { $user } from '../../lib/state/stores/user';
import { lazyModule } from '../../lib/state/lazy-module';
import { $storageFacts, readStorageFacts } from '../../lib/state/stores/storage-persistence';
import { storageNotes } from '../../lib/pwa/storage-notes';
import {
  $offlineOrderConfirmation,
  $orderNotices,
  $queuedOrders,
  answerMissing,
  cancelQueuedOrder,
  clearOrderNotices,
  dismissOfflineOrderConfirmation,
  goodsTotal,
  heldReason,
  orderOwner,
  savedOnDevice,
  sendQueuedOrder,
} from '../../lib/state/sync/order-queue';
import { Dialog } from '../kit/Dialog';
import ordersCss from './OfflineOrders.css?inline';

/**
 * Why a waiting order cannot go from here now (signed in as somebody else, or nobody), that a send of
 * it had no answer (not known whether the shop has it), or the plain waiting status.
 */
function useOrderStatus(order: OfflineOrder): string {
  const u = useStore($user);
  const held = heldReason(order, { customerId: u.current?.id ?? null, token: u.token });
  return held ?? (answerMissing(order) ? messages.orderUnknownStatus : messages.orderWaitingStatus);
}

function OrderRow({
  order,
  busy,
  warned,
  onSend,
  onCancel,
}: {
  order: OfflineOrder;
  busy: boolean;
  /** The page already shows the unknown order's warning above the list: the row does not repeat it. */
  warned: boolean;
  onSend: (again: boolean) => void;
  onCancel: () => void;
}) {
  const total = goodsTotal(order);
  const unknown = answerMissing(order);
  const count = order.products.reduce((s, p) => s + p.qty, 0);
  const status = useOrderStatus(order);
  return (
    <li className="oo-order">
      <div className="oo-order__head">
        <span className="oo-order__date">{fill(messages.offlineOrderPlacedAt, { date: formatDate(order.created_at) })}</span>
        {total !== null && <span className="oo-order__total">{storeMoney(order.store_code ?? undefined).format(total)}</span>}
      </div>
      <p className="oo-order__status">{status}</p>
      {unknown && !warned && <p className="oo-order__warning">{fill(messages.orderUnknown)}</p>}
      <ul className="oo-order__lines" aria-label={fill(messages.offlineOrderItems, { count })}>
        {order.products.map((p) => (
          <li key={p.sku}>
            {p.name ?? p.sku} <span className="oo-qty">× {p.qty}</span>
          </li>
        ))}
      </ul>
      <div className="oo-order__actions">
        <button type="button" className={unknown ? 'oo-btn' : 'oo-btn oo-btn--primary'} disabled={busy} onClick={() => onSend(unknown)}>
          {unknown ? messages.orderUnknownSendAgain : messages.offlineOrderSendOne}
        </button>
        <button type="button" className="oo-btn" disabled={busy} onClick={onCancel}>
          {messages.offlineOrderCancelOne}
        </button>
      </div>
    </li>
  );
}

/** Sends or cancels waiting orders for the shopper, with a busy flag and the outcome's status line. */
function useOrderActions() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const run = async (ids: string[], action: 'send' | 'cancel', again = false) => {
    setBusy(true);
    setStatus(action === 'send' ? messages.offlineOrderSending : null);
    let waiting: string | null = null;
    let cancelled = false;
    for (const id of ids) {
      if (action === 'send') {
        const r = await sendQueuedOrder(id, again);
        // Held for its owner's session, or the shop could not be reached.
        if (r?.status === 'queued') waiting = r.message && r.message !== messages.offlineOrderQueued ? r.message : messages.offlineOrderStillWaiting;
        if (r?.status === 'unknown') waiting = r.message ?? fill(messages.orderUnknown);
      } else if (await cancelQueuedOrder(id)) {
        cancelled = true;
      }
    }
    setBusy(false);
    setStatus(waiting ?? (cancelled ? messages.offlineOrderCancelledByShopper : null));
  };
  return { busy, status, setStatus, run };
}

/** The waiting orders, each with its Send and Cancel (inline and in the panel alike). */
function OrderList({
  orders,
  busy,
  run,
  warned = false,
}: {
  orders: OfflineOrder[];
  busy: boolean;
  run: ReturnType<typeof useOrderActions>['run'];
  warned?: boolean;
}) {
  return (
    <ul className="oo-orders">
      {orders.map((o) => (
        <OrderRow
          key={o.order_id}
          order={o}
          busy={busy}
          warned={warned}
          onSend={(again) => void run([o.order_id], 'send', again)}
          onCancel={() => void run([o.order_id], 'cancel')}
        />
      ))}
    </ul>
  );
}

/** Where the waiting orders are kept and whether this browser may delete them (src/lib/state/stores/storage-persistence.ts). */
function StorageNotes({ orders }: { orders: readonly OfflineOrder[] }) {
  const facts = useStore($storageFacts);
  useEffect(() => {
    void readStorageFacts();
  }, []);
  if (!facts) return null;
  return (
    <div className="oo-storage" data-persistence={facts.persistence}>
      {storageNotes(facts, savedOnDevice(orders)).map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}

/** The order queue's page side (src/lib/pwa/orders.ts), downloaded when a waiting-orders list first shows. */
const loadOrderQueue = lazyModule(() => import('../../lib/pwa/orders'));

/**
 * The orders still waiting to be sent, inline (checkout, order confirmation, My orders): each with
 * its date, lines, total and why it waits, and Send and Cancel. Renders nothing when none wait.
 * `warned`: the page shows the unknown-order warning just above (the checkout's outcome), so the rows
 * give their status line without repeating it. The queue itself is started by the page (src/lib/pwa/orders.ts), which keeps the list current.
 */
export function WaitingOrders({ mine = false, warned = false }: { mine?: boolean; warned?: boolean }) {
  const all = useStore($queuedOrders);
  const u = useStore($user);
  // In My orders: only the signed-in customer's own orders.
  const waiting = mine ? all.filter((o) => u.current && orderOwner(o) === String(u.current.id)) : all;
  const { busy, status, run } = useOrderActions();
  useEffect(() => {
    void loadOrderQueue()
      .then((m) => m.startOrders())
      .catch((err: unknown) => console.error('[orders] the order queue could not be loaded', err));
  }, []);
  if (!waiting.length) return null;
  return (
    <section className="waiting-orders" aria-labelledby="waiting-orders-title">
      <style href="pj-offline-orders" precedence="island">
        {ordersCss}
      </style>
      <h2 id="waiting-orders-title">{messages.offlineOrderConfirmTitle}</h2>
      <p className="oo-intro">{messages.orderWaitingEmailLater}</p>
      <StorageNotes orders={waiting} />
      <OrderList orders={waiting} busy={busy} run={run} warned={warned} />
      <p className="oo-status" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}

/** The panel; renders nothing while there is nothing to ask or tell. */
export default function OfflineOrders() {
  const waiting = useStore($offlineOrderConfirmation);
  const notices = useStore($orderNotices);
  const { busy, status, setStatus, run } = useOrderActions();
  const heading = useRef<HTMLHeadingElement>(null);
  const open = waiting.length > 0 || notices.length > 0;

  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);

  if (!open) return null;

  const close = () => {
    dismissOfflineOrderConfirmation();
    clearOrderNotices();
    setStatus(null);
  };

  const ids = waiting.map((o) => o.order_id);
  return (
    <Dialog open modal={false} className="offline-orders" labelledBy="offline-orders-title" onClose={close}>
      <style href="pj-offline-orders" precedence="island">
        {ordersCss}
      </style>
      <h2 id="offline-orders-title" ref={heading} tabIndex={-1}>
        {waiting.length > 0 ? messages.offlineOrderConfirmTitle : messages.offlineOrdersResultTitle}
      </h2>
      {notices.length > 0 && (
        <ul className="oo-notices">
          {notices.map((n) => (
            <li key={n.order_id} className={`oo-notice oo-notice--${n.kind}`}>
              {n.message}
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <>
          <p className="oo-intro">{messages.offlineOrderConfirmIntro}</p>
          <StorageNotes orders={waiting} />
          <OrderList orders={waiting} busy={busy} run={run} />
        </>
      )}
      <p className="oo-status" role="status" aria-live="polite">
        {status}
      </p>
      <div className="oo-actions">
        {waiting.length > 1 && (
          <>
            <button type="button" className="oo-btn oo-btn--primary" disabled={busy} onClick={() => void run(ids, 'send')}>
              {messages.offlineOrderSend}
            </button>
            <button type="button" className="oo-btn" disabled={busy} onClick={() => void run(ids, 'cancel')}>
              {messages.offlineOrderCancel}
            </button>
          </>
        )}
        <button type="button" className={waiting.length > 0 ? 'oo-btn oo-btn--link' : 'oo-btn oo-btn--primary'} disabled={busy} onClick={close}>
          {waiting.length > 0 ? messages.offlineOrderLater : messages.ok}
        </button>
      </div>
    </Dialog>
  );
}
