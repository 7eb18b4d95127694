/**
 * The checkout (spec §2 /checkout, §4 Cash on delivery and Offline order, §5, §9): personal details,
 * shipping address (UK postcodes checked), shipping method (the §9 list with prices, or collection
 * from a shop), payment method (cash on delivery with its info panel; server methods such as the card
 * are handed to the backend), order review with totals, place order. The payload goes to the order
 * queue; online the shopper lands on the order confirmation. With the external checkout switched on,
 * the island hands the cart over to the external shop instead.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useRef, type FormEvent } from 'react';
import { externalCheckoutEnabled } from '../lib/checkout/handoff';
import {
  $checkout,
  $checkoutTotals,
  acceptTerms,
  chooseShipping,
  choosePayment,
  continueStep,
  editCheckout,
  openStep,
  placeOrder,
  placing,
  reviewErrors,
} from '../lib/checkout/store';
import { WaitingOrders } from './OfflineOrders';
import {
  STEPS,
  chosenShipping,
  collectionShopName,
  handedToBackend,
  isStoreCollection,
  personalForm,
  proceedsDirectly,
  reviewForm,
  shippingChoices,
  shippingForm,
  shippingPrice,
  stepErrors,
  type CheckoutValues,
  type ReviewTotals,
  type Step,
} from '../lib/checkout/state';
import { config } from '../lib/config';
import { formatPrice } from '../lib/format';
import { messages, t } from '../lib/messages';
import type { CartItem } from '../lib/schemas';
import { $cart, removeFromCart, updateCartQuantity } from '../lib/stores/cart';
import { $shippingMethods } from '../lib/stores/shipping';
import { openAuthModal } from '../lib/stores/ui';
import { $user } from '../lib/stores/user';
import AuthModal from './AuthModal';
import { CheckField, FormStyles, Messages, Status, TextField } from './form-kit';
import { AddressFields } from './address-fields';
import { useForm } from './use-form';
import { useHydrated } from './use-hydrated';
import { TotalsList, type TotalsRow } from './TotalsList';
import './Checkout.css';

export interface CheckoutProps {
  /** The home path (with the store prefix). */
  home: string;
  /** The store prefix ('' for the default store view). */
  prefix: string;
  storeCode: string;
}

const STEP_TITLES: Record<Step, string> = {
  personal: messages.checkoutPersonal,
  shipping: messages.checkoutShipping,
  payment: messages.checkoutPayment,
  review: messages.checkoutReview,
};

function Totals({ totals }: { totals: ReviewTotals }) {
  const rows: TotalsRow[] = [
    { key: 'subtotal', label: messages.orderSubtotal, value: formatPrice(totals.subtotal) },
    { key: 'shipping', label: messages.orderShipping, value: totals.shipping === 0 ? messages.checkoutFree : formatPrice(totals.shipping) },
    ...(totals.discount ? [{ key: 'discount', label: messages.orderDiscount, value: formatPrice(totals.discount) }] : []),
    { key: 'grand', label: messages.orderGrandTotal, value: formatPrice(totals.grandTotal) },
    { key: 'tax', label: messages.orderTaxIncluded, value: formatPrice(totals.tax) },
  ];
  return (
    <>
      <TotalsList className="co-totals" rows={rows} />
      {!totals.fromServer ? <p className="co-totals__note">{messages.checkoutEstimate}</p> : null}
    </>
  );
}

function Bag({ items, totals, editable }: { items: CartItem[]; totals: ReviewTotals; editable: boolean }) {
  return (
    <section className="co-bag" aria-labelledby="co-bag-title">
      <h2 id="co-bag-title">{messages.checkoutBag}</h2>
      <ul className="co-bag__items">
        {items.map((i) => {
          const name = i.name ?? i.sku;
          return (
            <li key={i.sku} className="co-line">
              <div className="co-line__text">
                <span className="co-line__name">{name}</span>
                <span className="co-line__sku">
                  {messages.skuLabel}: {i.sku}
                </span>
              </div>
              <div className="co-line__qty">
                {editable ? (
                  <>
                    <button type="button" aria-label={t('checkoutDecrease', { name })} onClick={() => updateCartQuantity(i.sku, i.qty - 1)}>
                      −
                    </button>
                    <span aria-label={messages.quantityLabel}>{i.qty}</span>
                    <button type="button" aria-label={t('checkoutIncrease', { name })} onClick={() => updateCartQuantity(i.sku, i.qty + 1)}>
                      +
                    </button>
                  </>
                ) : (
                  <span>× {i.qty}</span>
                )}
              </div>
              <span className="co-line__price">{typeof i.price === 'number' ? formatPrice(i.price * i.qty) : ''}</span>
              {editable ? (
                <button
                  type="button"
                  className="co-line__remove"
                  aria-label={t('checkoutRemove', { name })}
                  onClick={() => {
                    if (window.confirm(messages.confirmRemoveFromCart)) removeFromCart(i.sku);
                  }}
                >
                  ×
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Totals totals={totals} />
    </section>
  );
}

/** The checkout ships to the store's own country. */
const SHIPPING_COUNTRIES = [config.storeViews.default.i18n.defaultCountry];

const editPersonal = (change: (v: CheckoutValues['personal']) => CheckoutValues['personal']) => editCheckout('personal', change);
const editShipping = (change: (v: CheckoutValues['shipping']) => CheckoutValues['shipping']) => editCheckout('shipping', change);
const editReview = (change: (v: { terms: boolean }) => { terms: boolean }) => acceptTerms(change({ terms: $checkout.get().values.terms }).terms);

/** The checkout island: renders the checkout store (src/lib/checkout/store.ts) and calls its actions. */
export default function Checkout({ home, prefix, storeCode }: CheckoutProps) {
  const external = externalCheckoutEnabled();
  const checkout = useStore($checkout);
  const totals = useStore($checkoutTotals);
  const cart = useStore($cart);
  const user = useStore($user);
  const shippingMethods = useStore($shippingMethods);
  const { values, step, tried, payments, placed } = checkout;
  const { shippingMethod, paymentMethod } = values;
  const personal = useForm(personalForm, values.personal, { values: values.personal, update: editPersonal });
  const shipping = useForm(shippingForm, values.shipping, { values: values.shipping, update: editShipping });
  const terms = useMemo(() => ({ terms: values.terms }), [values.terms]);
  const review = useForm(reviewForm, terms, { values: terms, update: editReview });
  // The first render matches the server's (the stores may already hold browser state).
  const mounted = useHydrated();
  const stepRefs = useRef<Partial<Record<Step, HTMLElement | null>>>({});

  const chosen = chosenShipping(shippingMethods, shippingMethod);
  const { delivery, collection } = shippingChoices(shippingMethods);

  if (external) {
    return (
      <p className="muted" role="status">
        {messages.checkoutHandoff}
      </p>
    );
  }

  if (placed.state === 'queued') {
    return (
      <div className="co co--done">
        <FormStyles />
        <section className="co-done" aria-labelledby="co-done-title">
          <h2 id="co-done-title">{messages.checkoutQueuedTitle}</h2>
          <Status kind="info">{placed.message}</Status>
          <WaitingOrders />
          <p>
            <a className="btn" href={home}>
              {messages.checkoutContinueShopping}
            </a>
          </p>
        </section>
        <Bag items={placed.items} totals={placed.totals} editable={false} />
      </div>
    );
  }

  if (!mounted || !cart.loaded) {
    return (
      <p className="muted" role="status">
        {messages.checkoutLoading}
      </p>
    );
  }

  // Empty only while nothing is being placed: the order queue takes the lines out of the bag as it stores the order.
  if (cart.items.length === 0 && (placed.state === 'idle' || placed.state === 'cancelled')) {
    return (
      <div className="co-empty">
        <WaitingOrders />
        <p>{messages.checkoutEmpty}</p>
        <p>
          <a className="btn" href={home}>
            {messages.checkoutContinueShopping}
          </a>
        </p>
      </div>
    );
  }

  /** The first field (or button) of a step that has just opened takes the focus. */
  const focusStep = (s: Step) => requestAnimationFrame(() => stepRefs.current[s]?.querySelector<HTMLElement>('input, select, button')?.focus());
  const go = (s: Step) => {
    openStep(s);
    focusStep(s);
  };
  const index = STEPS.indexOf(step);

  // Continue: the step's rules (src/lib/checkout) open the next step or hold the shopper with their messages.
  const continueOn = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const s = e.currentTarget.dataset.step as Step;
    const move = continueStep(s);
    if (move.ok) focusStep(move.next);
    else (s === 'personal' ? personal : s === 'shipping' ? shipping : null)?.check(e.currentTarget, move.errors);
  };

  const place = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (placing(placed) || !review.check(e.currentTarget, reviewErrors())) return;
    const r = await placeOrder({ storeCode, prefix });
    if (r?.kind === 'invalid') focusStep(r.step);
  };

  const stepHead = (s: Step) => {
    const i = STEPS.indexOf(s);
    const done = i < index;
    return (
      <div className="co-step__head">
        <h2 id={`co-step-${s}`}>
          <span className="co-step__num" aria-hidden="true">
            {i + 1}
          </span>
          <span className="visually-hidden">{t('checkoutStep', { n: i + 1 })}: </span>
          {STEP_TITLES[s]}
        </h2>
        {done && placed.state !== 'placing' ? (
          <button type="button" className="fk-link" onClick={() => go(s)} aria-label={`${messages.checkoutEdit}: ${STEP_TITLES[s]}`}>
            {messages.checkoutEdit}
          </button>
        ) : null}
      </div>
    );
  };
  const stepClass = (s: Step) => {
    const i = STEPS.indexOf(s);
    return `co-step${i === index ? ' co-step--current' : i < index ? ' co-step--done' : ' co-step--next'}`;
  };
  const payment = payments.find((p) => p.code === paymentMethod);
  const shippingErrors = tried.shipping ? (stepErrors('shipping', values).shippingMethod ?? []) : [];
  const paymentErrors = tried.payment ? (stepErrors('payment', values).paymentMethod ?? []) : [];
  const collectionChosen = isStoreCollection(shippingMethod);

  return (
    <div className="co">
      <FormStyles />
      <div className="co-steps">
        <section className={stepClass('personal')} aria-labelledby="co-step-personal" ref={(el) => void (stepRefs.current.personal = el)}>
          {stepHead('personal')}
          {step === 'personal' ? (
            <form className="co-form" noValidate data-step="personal" onSubmit={continueOn}>
              {!user.token ? (
                <p className="co-login">
                  {messages.checkoutLoginPrompt}{' '}
                  <button type="button" className="fk-link" onClick={() => openAuthModal('login')}>
                    {messages.authLoginSubmit}
                  </button>
                </p>
              ) : null}
              <div className="fk-row">
                <TextField form={personal} name="firstname" label={messages.authFirstName} autoComplete="given-name" required />
                <TextField form={personal} name="lastname" label={messages.authLastName} autoComplete="family-name" required />
              </div>
              <TextField form={personal} name="email" label={messages.authEmail} type="email" autoComplete="email" required />
              <div className="fk-actions">
                <button type="submit" className="btn">
                  {messages.checkoutContinue}
                </button>
              </div>
            </form>
          ) : index > 0 ? (
            <p className="co-summary">
              {personal.values.firstname} {personal.values.lastname}
              <br />
              {personal.values.email}
            </p>
          ) : null}
        </section>

        <section className={stepClass('shipping')} aria-labelledby="co-step-shipping" ref={(el) => void (stepRefs.current.shipping = el)}>
          {stepHead('shipping')}
          {step === 'shipping' ? (
            <form className="co-form" noValidate data-step="shipping" onSubmit={continueOn}>
              <AddressFields form={shipping} countries={SHIPPING_COUNTRIES} section="shipping" />
              <fieldset className="co-methods" aria-describedby={shippingErrors.length ? 'co-shipping-errors' : undefined}>
                <legend>{messages.orderShippingMethod}</legend>
                {delivery.map((m) => {
                  const id = `co-ship-${m.carrier_code}-${m.method_code}`;
                  const price = shippingPrice(m);
                  return (
                    <label key={id} className="co-method" htmlFor={id}>
                      <input
                        id={id}
                        type="radio"
                        name="shippingMethod"
                        checked={shippingMethod?.carrier_code === m.carrier_code && shippingMethod.method_code === m.method_code}
                        onChange={() => chooseShipping({ carrier_code: m.carrier_code, method_code: m.method_code })}
                      />
                      <span className="co-method__title">
                        {m.method_title}
                        {/* The carrier that delivers (Royal Mail, DPD Courier: §9) when it is not the method's own name. */}
                        {m.carrier_title && m.carrier_title !== m.method_title ? <span className="co-method__carrier">{m.carrier_title}</span> : null}
                      </span>
                      <span className="co-method__price">{price === 0 ? messages.checkoutFree : formatPrice(price)}</span>
                    </label>
                  );
                })}
                {collection.length ? (
                  <div className={`co-method co-method--collect${collectionChosen ? ' co-method--open' : ''}`}>
                    <label htmlFor="co-ship-collect" className="co-method__row">
                      <input
                        id="co-ship-collect"
                        type="radio"
                        name="shippingMethod"
                        checked={collectionChosen}
                        onChange={() => chooseShipping({ carrier_code: collection[0]!.carrier_code, method_code: collection[0]!.method_code })}
                      />
                      <span className="co-method__title">{messages.checkoutCollectInStore}</span>
                      <span className="co-method__price">{messages.checkoutFree}</span>
                    </label>
                    {collectionChosen ? (
                      <div className="fk-field co-method__shop">
                        <label htmlFor="co-ship-shop">{messages.checkoutCollectShop}</label>
                        <select
                          id="co-ship-shop"
                          value={shippingMethod?.method_code}
                          onChange={(e) => chooseShipping({ carrier_code: collection[0]!.carrier_code, method_code: e.target.value })}
                        >
                          {collection.map((m) => (
                            <option key={m.method_code} value={m.method_code}>
                              {collectionShopName(m)}
                            </option>
                          ))}
                        </select>
                      </div>
                    ) : null}
                  </div>
                ) : null}
                <Messages id="co-shipping-errors" messages={shippingErrors} />
              </fieldset>
              <div className="fk-actions">
                <button type="submit" className="btn">
                  {messages.checkoutContinue}
                </button>
              </div>
            </form>
          ) : index > 1 ? (
            <p className="co-summary">
              {shipping.values.street}, {shipping.values.city} {shipping.values.postcode.toUpperCase()}
              <br />
              {chosen ? (isStoreCollection(shippingMethod) ? `${messages.checkoutCollectInStore}: ${collectionShopName(chosen)}` : chosen.method_title) : null}
            </p>
          ) : null}
        </section>

        <section className={stepClass('payment')} aria-labelledby="co-step-payment" ref={(el) => void (stepRefs.current.payment = el)}>
          {stepHead('payment')}
          {step === 'payment' ? (
            <form className="co-form" noValidate data-step="payment" onSubmit={continueOn}>
              <fieldset className="co-methods" aria-describedby={paymentErrors.length ? 'co-payment-errors' : undefined}>
                <legend>{messages.orderPaymentMethod}</legend>
                {payments.map((p) => {
                  const id = `co-pay-${p.code}`;
                  return (
                    <label key={p.code} className="co-method" htmlFor={id}>
                      <input id={id} type="radio" name="paymentMethod" checked={paymentMethod === p.code} onChange={() => choosePayment(p.code)} />
                      <span className="co-method__title">{p.title}</span>
                      {p.costInclTax ? <span className="co-method__price">{formatPrice(p.costInclTax)}</span> : null}
                    </label>
                  );
                })}
                <Messages id="co-payment-errors" messages={paymentErrors} />
              </fieldset>
              {proceedsDirectly(paymentMethod, payments) ? (
                <div className="co-info" role="note">
                  <strong>{payment?.title ?? messages.cashOnDeliveryTitle}</strong>
                  <p>{messages.checkoutCodInfo}</p>
                </div>
              ) : handedToBackend(paymentMethod, payments) ? (
                <div className="co-info" role="note">
                  <strong>{payment?.title}</strong>
                  <p>{messages.checkoutServerPaymentInfo}</p>
                </div>
              ) : null}
              <div className="fk-actions">
                <button type="submit" className="btn">
                  {messages.checkoutContinue}
                </button>
              </div>
            </form>
          ) : index > 2 ? (
            <p className="co-summary">{payment?.title}</p>
          ) : null}
        </section>

        <section className={stepClass('review')} aria-labelledby="co-step-review" ref={(el) => void (stepRefs.current.review = el)}>
          {stepHead('review')}
          {step === 'review' ? (
            <form className="co-form" noValidate onSubmit={place}>
              <Totals totals={totals} />
              <CheckField form={review} name="terms" label={messages.authTerms}>
                <a className="co-terms" href={`${prefix}/terms-and-conditions`} target="_blank" rel="noopener">
                  {messages.authTermsLink}
                </a>
              </CheckField>
              {placed.state === 'cancelled' ? (
                <Status kind="error">
                  <strong>{messages.checkoutCancelledTitle}.</strong> {placed.message}
                </Status>
              ) : null}
              {placing(placed) ? <Status kind="progress">{messages.checkoutPlacing}</Status> : null}
              <div className="fk-actions">
                <button type="submit" className="btn co-place" disabled={placing(placed)}>
                  {messages.checkoutPlaceOrder}
                </button>
              </div>
            </form>
          ) : null}
        </section>
      </div>
      <aside className="co-side">
        <Bag items={cart.items} totals={totals} editable={placed.state === 'idle' || placed.state === 'cancelled'} />
      </aside>
      <AuthModal />
    </div>
  );
}
