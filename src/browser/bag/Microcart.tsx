/**
 * The microcart (spec §3 cart, §4 Panels, §9 Cart): a drawer with the cart lines (quantity to
 * update, remove after a confirmation), the totals the API computed (cart/totals: subtotal,
 * discount, shipping, VAT, grand total in the cart's currency), a coupon form ('incorrect coupon code' when
 * refused) and the shipping methods, loaded when it opens for the shipping country or the default
 * tax country. Opened by the header's cart button; the overlay, Escape and the close button shut it
 * (the one dialog, ../kit/Dialog.tsx).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatPrice } from '../../lib/messages/format';
import { priceFormatter } from '../../lib/messages/currency-format';
import { storeMoney } from '../../lib/catalog/price';
import { $storeView } from '../../lib/state/stores/store-view';
import { messages, fill } from '../../lib/messages';
import { localizedPath } from '../../lib/catalog/urls';
import { tileImage } from '../../lib/catalog/images';
import { cartLineKey, lineOptionsText } from '../../lib/catalog/cart-line';
import { $cart, $cartCount, applyCoupon, loadCart, removeCoupon, removeFromCart, updateCartQuantity } from '../../lib/state/stores/cart';
import { $shippingMethods, loadShippingMethods } from '../../lib/state/stores/shipping';
import { $ui, setPanel } from '../../lib/state/stores/ui';
import type { CartItem, CartTotals } from '../../lib/schemas';
import { cartTotalsFigures, totalsRows } from '../../lib/checkout/totals';
import { Dialog } from '../kit/Dialog';
import { TotalsList } from './TotalsList';
import { ConfirmRemove } from '../kit/ConfirmRemove';

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

export function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="1.6" fill="none" />
    </svg>
  );
}

function Line({ item, onRemoved }: { item: CartItem; onRemoved: () => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const name = item.name ?? item.sku;
  const image = str(item.image);
  const url = str(item.url);
  const options = lineOptionsText(item);
  const unit = typeof item.price === 'number' ? item.price : null;
  // The bag holds catalogue prices: the line in the page's currency, as its product page showed it.
  const money = storeMoney(useStore($storeView).storeCode);

  const commit = () => {
    if (draft === null) return;
    const n = Number(draft);
    setDraft(null);
    if (!Number.isInteger(n) || n < 0 || draft.trim() === '') return;
    if (n === 0) setConfirming(true);
    else if (n !== item.qty) updateCartQuantity(item, n);
  };

  return (
    <li className="hp-line" data-cart-line={item.sku}>
      {image ? (
        <img className="hp-line__img" src={tileImage(image)} alt="" width={76} height={74} loading="lazy" decoding="async" />
      ) : (
        <span className="hp-line__img" aria-hidden="true" />
      )}
      <div className="hp-line__body">
        <div className="hp-line__top">
          {url ? (
            <a className="hp-line__name" href={url}>
              {name}
            </a>
          ) : (
            <span className="hp-line__name">{name}</span>
          )}
          {unit !== null && <span className="hp-line__price">{money.format(money.line(unit, item.qty))}</span>}
        </div>
        {options && <p className="hp-line__opts">{options}</p>}
        <p className="hp-line__sku">
          {messages.skuLabel}: {item.sku}
        </p>
        <div className="hp-line__row">
          <div className="hp-stepper" role="group" aria-label={fill(messages.qtyOf, { name })}>
            <button
              type="button"
              aria-label={fill(messages.qtyDecrease, { name })}
              disabled={item.qty <= 1}
              onClick={() => updateCartQuantity(item, item.qty - 1)}
            >
              −
            </button>
            <input
              id={`${id}-qty`}
              type="number"
              inputMode="numeric"
              min={0}
              aria-label={fill(messages.qtyOf, { name })}
              value={draft ?? String(item.qty)}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commit();
                }
              }}
            />
            <button type="button" aria-label={fill(messages.qtyIncrease, { name })} onClick={() => updateCartQuantity(item, item.qty + 1)}>
              +
            </button>
          </div>
          <button
            type="button"
            ref={removeButton}
            className="hp-line__remove"
            aria-label={fill(messages.removeItemLabel, { name })}
            onClick={() => setConfirming(true)}
          >
            {messages.removeItem}
          </button>
        </div>
      </div>
      {confirming && (
        <ConfirmRemove
          back={removeButton}
          onYes={() => {
            removeFromCart(item);
            onRemoved();
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

function Coupon({ totals }: { totals: CartTotals | null }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const applied = totals?.coupon_code;
  if (applied) {
    return (
      <p className="hp-coupon-applied" data-coupon={applied}>
        <span>{fill(messages.couponAppliedText, { code: applied })}</span>
        <button
          type="button"
          className="hp-text-btn"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await removeCoupon();
            setBusy(false);
          }}
        >
          {messages.couponRemove}
        </button>
      </p>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    const ok = await applyCoupon(code);
    setBusy(false);
    if (ok) setCode('');
  };
  return (
    <form className="hp-coupon" onSubmit={submit}>
      <label htmlFor={`${id}-coupon`}>
        {messages.couponLabel}
        <input id={`${id}-coupon`} name="coupon" autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <button type="submit" className="btn btn--ghost" disabled={busy || !code.trim()}>
        {messages.couponApply}
      </button>
    </form>
  );
}

function Shipping() {
  const methods = useStore($shippingMethods);
  // Amounts the API quoted (or the §9 ones converted) in the page's currency.
  const store = useStore($storeView);
  if (!methods.length) return null;
  return (
    <details className="hp-ship">
      <summary className="hp-ship__title">{messages.shippingMethodsTitle}</summary>
      <ul className="hp-ship__list" data-shipping-methods>
        {methods.map((m) => (
          <li key={`${m.carrier_code}-${m.method_code}`}>
            <span>{m.method_title || m.carrier_title}</span>
            <span>{m.price_incl_tax > 0 ? formatPrice(m.price_incl_tax, store) : messages.shippingFree}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The microcart drawer. */
export default function Microcart() {
  const ui = useStore($ui);
  const cart = useStore($cart);
  const count = useStore($cartCount);
  const store = useStore($storeView);
  const open = ui.microcart;
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = () => setPanel('microcart', false);
  useEffect(() => {
    // The shipping store loads the methods each time the microcart opens; the first opening came
    // before this module was loaded, so it is done here once the stored cart (and its id) is read.
    if ($ui.get().microcart) void loadCart().then(() => loadShippingMethods());
  }, []);
  if (!open) return null;

  // The microcart chooses no shipping method: its shipping is an amount, never 'Free' (src/lib/checkout/totals.ts).
  const rows = cart.totals ? totalsRows(cartTotalsFigures(cart.totals, false), priceFormatter(cart.totals.quote_currency_code, store)) : null;
  const stale = cart.totals !== null && cart.totals.items_qty !== count;
  return (
    <Dialog open panel labelledBy={titleId} onClose={close} data={{ 'data-microcart': '' }}>
      <div className="hp-drawer" ref={panel} tabIndex={-1}>
        <div className="hp-drawer__head">
          <h2 className="hp-drawer__title" id={titleId}>
            {messages.microcartTitle}
            {count > 0 && (
              <span className="hp-drawer__count">({count === 1 ? fill(messages.itemCount, { count }) : fill(messages.itemsCount, { count })})</span>
            )}
          </h2>
          <button type="button" className="icon-btn hp-drawer__close" aria-label={messages.closePanel} onClick={close}>
            <CloseIcon />
          </button>
        </div>
        {cart.items.length === 0 ? (
          <div className="hp-drawer__body">
            <div className="hp-drawer__empty">
              <p>{messages.microcartEmpty}</p>
              <p className="muted">{messages.microcartEmptyHelp}</p>
              <button type="button" className="btn btn--ghost" onClick={close}>
                {messages.continueShopping}
              </button>
            </div>
          </div>
        ) : (
          <>
            <div className="hp-drawer__body">
              <ul className="hp-lines">
                {cart.items.map((item) => (
                  <Line key={cartLineKey(item)} item={item} onRemoved={() => panel.current?.focus()} />
                ))}
              </ul>
              <div className="hp-summary">
                <Coupon totals={cart.totals} />
                {rows && <TotalsList className="hp-totals" rows={rows} busy={stale} />}
                {(!rows || stale) && (
                  <p className="hp-totals__note" role="status">
                    {messages.totalsPending}
                  </p>
                )}
                <Shipping />
              </div>
            </div>
            <div className="hp-drawer__foot">
              <a className="btn" href={localizedPath('/checkout', { storeCode: store.storeCode })}>
                {messages.goToCheckout}
              </a>
              <button type="button" className="hp-text-btn" onClick={close}>
                {messages.continueShopping}
              </button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
