/** The checkout's bag (its lines, editable until the order is placed) and the totals under it and in the review. */
import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { priceFormatter } from '../../lib/messages/currency-format';
import { storeMoney } from '../../lib/catalog/price';
import { $storeView } from '../../lib/state/stores/store-view';
import { messages, fill } from '../../lib/messages';
import type { ReviewTotals } from '../../lib/checkout/state';
import type { CartItem } from '../../lib/schemas';
import { removeFromCart, updateCartQuantity } from '../../lib/state/stores/cart';
import { cartLineKey, lineOptionsText } from '../../lib/catalog/cart-line';
import { totalsRows } from '../../lib/checkout/totals';
import { TotalsList } from '../bag/TotalsList';
import { ConfirmRemove } from '../kit/ConfirmRemove';

export function Totals({ totals }: { totals: ReviewTotals }) {
  // The server's amounts in the currency it quoted; the estimate in the page's.
  const store = useStore($storeView);
  return (
    <>
      <TotalsList className="co-totals" rows={totalsRows(totals, priceFormatter(totals.currency, store))} />
      {!totals.fromServer ? <p className="co-totals__note">{messages.checkoutEstimate}</p> : null}
    </>
  );
}

/** One line of the checkout's bag: its quantity and its removal (after the shop's own question) while editable. */
function Line({ item: i, editable }: { item: CartItem; editable: boolean }) {
  // The bag holds catalogue prices: each line in the page's currency, as its product page showed it.
  const money = storeMoney(useStore($storeView).storeCode);
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const name = i.name ?? i.sku;
  const options = lineOptionsText(i);
  return (
    <li className="co-line">
      <div className="co-line__text">
        <span className="co-line__name">{name}</span>
        {options && <span className="co-line__opts">{options}</span>}
        <span className="co-line__sku">
          {messages.skuLabel}: {i.sku}
        </span>
      </div>
      <div className="co-line__qty">
        {editable ? (
          <>
            <button
              type="button"
              aria-label={fill(messages.checkoutDecrease, { name })}
              onClick={() => (i.qty > 1 ? updateCartQuantity(i, i.qty - 1) : setConfirming(true))}
            >
              −
            </button>
            <span aria-label={messages.quantityLabel}>{i.qty}</span>
            <button type="button" aria-label={fill(messages.checkoutIncrease, { name })} onClick={() => updateCartQuantity(i, i.qty + 1)}>
              +
            </button>
          </>
        ) : (
          <span>× {i.qty}</span>
        )}
      </div>
      <span className="co-line__price">{typeof i.price === 'number' ? money.format(money.line(i.price, i.qty)) : ''}</span>
      {editable ? (
        <button
          type="button"
          ref={removeButton}
          className="co-line__remove"
          aria-label={fill(messages.checkoutRemove, { name })}
          onClick={() => setConfirming(true)}
        >
          ×
        </button>
      ) : null}
      {editable && confirming ? <ConfirmRemove back={removeButton} onYes={() => removeFromCart(i)} onCancel={() => setConfirming(false)} /> : null}
    </li>
  );
}

export function Bag({ items, totals, editable }: { items: CartItem[]; totals: ReviewTotals; editable: boolean }) {
  return (
    <section className="co-bag card" aria-labelledby="co-bag-title">
      <h2 id="co-bag-title">{messages.checkoutBag}</h2>
      <ul className="co-bag__items">
        {items.map((i) => (
          <Line key={cartLineKey(i)} item={i} editable={editable} />
        ))}
      </ul>
      <Totals totals={totals} />
    </section>
  );
}
