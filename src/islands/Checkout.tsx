/**
 * The checkout (spec §2 /checkout, §4 Cash on delivery and Offline order, §5, §9): personal details,
 * shipping address (UK postcodes checked), shipping method (the §9 list with prices, or collection
 * from a shop), payment method (cash on delivery with its info panel; server methods such as the card
 * are handed to the backend), order review with totals, place order. The payload goes to the order
 * queue; online the shopper lands on the order confirmation. With the external checkout switched on,
 * the island hands the cart over to the external shop instead.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { externalCheckoutEnabled, handOffToExternalCheckout } from '../lib/checkout/handoff';
import { continueFrom, placeCheckout, refreshServerTotals, withNameOnAddress } from '../lib/checkout/flow';
import { WaitingOrders } from './OfflineOrders';
import { fetchPaymentMethods } from '../lib/checkout/server';
import {
  STEPS,
  cashOnDeliveryMethod,
  chosenShipping,
  collectionShopName,
  defaultPaymentMethod,
  emptyCheckout,
  handedToBackend,
  isStoreCollection,
  personalForm,
  pickTotals,
  prefillFromCustomer,
  proceedsDirectly,
  shippingChoices,
  shippingForm,
  shippingPrice,
  stepErrors,
  type CheckoutValues,
  type ReviewTotals,
  type Step,
} from '../lib/checkout/state';
import { countryName } from '../lib/account/orders';
import { config } from '../lib/config';
import { forms } from '../lib/forms';
import { formatPrice } from '../lib/format';
import { messages, t } from '../lib/messages';
import type { CartItem, CartTotals, PaymentMethod } from '../lib/schemas';
import { $cart, cartSettled, loadCart, removeFromCart, updateCartQuantity } from '../lib/stores/cart';
import { $online } from '../lib/stores/network';
import { $shippingMethods, loadShippingMethods, setShippingCountry } from '../lib/stores/shipping';
import { openAuthModal } from '../lib/stores/ui';
import { $user, loadUser } from '../lib/stores/user';
import AuthModal from './AuthModal';
import { CheckField, FieldStyles, Messages, Status, TextField } from './AccountFields';
import { useForm } from './use-form';
import { TotalsList, type TotalsRow } from './TotalsList';
import './Checkout.css';

export interface CheckoutProps {
  /** The home path (with the store prefix). */
  home: string;
  /** The store prefix ('' for the default store view). */
  prefix: string;
  storeCode: string;
}

type Placed =
  | { state: 'idle' }
  | { state: 'placing' }
  | { state: 'queued'; message: string; items: CartItem[]; totals: ReviewTotals }
  | { state: 'cancelled'; message: string }
  | { state: 'redirecting' };

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

/** The checkout island. */
export default function Checkout({ home, prefix, storeCode }: CheckoutProps) {
  const external = externalCheckoutEnabled();
  const cart = useStore($cart);
  const user = useStore($user);
  const online = useStore($online);
  const shippingMethods = useStore($shippingMethods);
  const personal = useForm(personalForm, () => emptyCheckout().personal);
  const shipping = useForm(shippingForm, () => emptyCheckout().shipping);
  const review = useForm(forms.checkoutTerms, { terms: false });
  const [shippingMethod, setShippingMethod] = useState<CheckoutValues['shippingMethod']>(null);
  const [paymentMethod, setPaymentMethod] = useState<string | null>(null);
  const [payments, setPayments] = useState<PaymentMethod[]>([cashOnDeliveryMethod()]);
  const [serverTotals, setServerTotals] = useState<CartTotals | null>(null);
  const [step, setStep] = useState<Step>('personal');
  const [tried, setTried] = useState<Partial<Record<Step, boolean>>>({});
  const [placed, setPlaced] = useState<Placed>({ state: 'idle' });
  const prefilledFor = useRef<number | null>(null);
  // The first render matches the server's (the stores may already hold browser state).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const stepRefs = useRef<Partial<Record<Step, HTMLElement | null>>>({});

  const values: CheckoutValues = useMemo(
    () => ({ personal: personal.values, shipping: shipping.values, shippingMethod, paymentMethod, terms: review.values.terms }),
    [personal.values, shipping.values, shippingMethod, paymentMethod, review.values.terms],
  );

  // External checkout: hand the cart over (§2), nothing else.
  useEffect(() => {
    if (!external) return;
    void handOffToExternalCheckout({
      settle: async () => {
        await Promise.all([loadUser(), loadCart()]);
        await cartSettled();
      },
      tokens: () => ({ userToken: $user.get().token, cartToken: $cart.get().token }),
      replace: (url) => location.replace(url),
    });
  }, [external]);

  // The server's methods for the cart, once it has a server cart.
  useEffect(() => {
    if (external || !cart.token) return;
    setShippingCountry(shipping.values.country_id);
    void loadShippingMethods(shipping.values.country_id);
    void fetchPaymentMethods().then((list) => {
      if (list?.length) setPayments(list);
    });
  }, [external, cart.token, shipping.values.country_id]);

  useEffect(() => {
    if (!paymentMethod && payments.length) setPaymentMethod(defaultPaymentMethod(payments));
    else if (paymentMethod && !payments.some((p) => p.code === paymentMethod)) setPaymentMethod(defaultPaymentMethod(payments));
  }, [payments, paymentMethod]);

  // Logged in: fill in the details from the account (once per customer).
  useEffect(() => {
    const c = user.current;
    if (!c || prefilledFor.current === c.id) return;
    prefilledFor.current = c.id;
    const next = prefillFromCustomer(values, c);
    personal.replace(next.personal);
    shipping.replace(next.shipping);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.current]);

  // Totals with the chosen methods (the server computes VAT); refreshed when the bag changes.
  useEffect(() => {
    if (external || !cart.token || !shippingMethod || !online) return;
    let live = true;
    void refreshServerTotals(values, step).then((r) => {
      if (!live) return;
      if (r.payments) setPayments(r.payments);
      if (r.totals) setServerTotals(r.totals);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [external, cart.token, cart.items, shippingMethod, paymentMethod, step, online]);

  const chosen = chosenShipping(shippingMethods, shippingMethod);
  const totals = pickTotals([serverTotals, cart.totals], cart.items, chosen ? shippingPrice(chosen) : null);
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
        <FieldStyles />
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

  const go = (s: Step) => {
    setStep(s);
    requestAnimationFrame(() => stepRefs.current[s]?.querySelector<HTMLElement>('input, select, button')?.focus());
  };
  const index = STEPS.indexOf(step);

  // Continue: the step's rules (src/lib/checkout/flow.ts) say where to go or which messages hold the shopper.
  const continueStep = (s: Step) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTried((x) => ({ ...x, [s]: true }));
    const move = continueFrom(s, values);
    if (!move.ok) {
      const form = s === 'personal' ? personal : s === 'shipping' ? shipping : null;
      form?.check(e.currentTarget, move.errors);
      return;
    }
    // The address starts with the name just given.
    if (s === 'personal') shipping.replace(withNameOnAddress(values).shipping);
    go(move.next);
  };

  const place = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (placed.state === 'placing' || placed.state === 'redirecting') return;
    if (!review.check(e.currentTarget, stepErrors('review', values))) return;
    setPlaced({ state: 'placing' });
    try {
      const r = await placeCheckout({ values, storeCode, prefix });
      if (r.kind === 'redirecting') setPlaced({ state: 'redirecting' });
      else if (r.kind === 'queued') setPlaced({ state: 'queued', message: r.message, items: r.items, totals });
      else if (r.kind === 'cancelled') setPlaced({ state: 'cancelled', message: r.message });
      else {
        setPlaced({ state: 'idle' });
        setTried((x) => ({ ...x, [r.step]: true }));
        go(r.step);
      }
    } catch (err) {
      console.error('[checkout] placing the order failed', err);
      setPlaced({ state: 'cancelled', message: messages.somethingWrong });
    }
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
          <button type="button" className="af-link" onClick={() => go(s)} aria-label={`${messages.checkoutEdit}: ${STEP_TITLES[s]}`}>
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
      <FieldStyles />
      <div className="co-steps">
        <section className={stepClass('personal')} aria-labelledby="co-step-personal" ref={(el) => void (stepRefs.current.personal = el)}>
          {stepHead('personal')}
          {step === 'personal' ? (
            <form className="co-form" noValidate onSubmit={continueStep('personal')}>
              {!user.token ? (
                <p className="co-login">
                  {messages.checkoutLoginPrompt}{' '}
                  <button type="button" className="af-link" onClick={() => openAuthModal('login')}>
                    {messages.authLoginSubmit}
                  </button>
                </p>
              ) : null}
              <div className="af-row">
                <TextField form={personal} name="firstname" label={messages.authFirstName} autoComplete="given-name" required />
                <TextField form={personal} name="lastname" label={messages.authLastName} autoComplete="family-name" required />
              </div>
              <TextField form={personal} name="email" label={messages.authEmail} type="email" autoComplete="email" required />
              <div className="af-actions">
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
            <form className="co-form" noValidate onSubmit={continueStep('shipping')}>
              <div className="af-row">
                <TextField form={shipping} name="firstname" label={messages.authFirstName} autoComplete="shipping given-name" required />
                <TextField form={shipping} name="lastname" label={messages.authLastName} autoComplete="shipping family-name" required />
              </div>
              <TextField form={shipping} name="street" label={messages.addressStreet} autoComplete="shipping address-line1" required />
              <div className="af-row">
                <TextField form={shipping} name="city" label={messages.addressCity} autoComplete="shipping address-level2" required />
                <TextField form={shipping} name="postcode" label={messages.addressPostcode} autoComplete="shipping postal-code" required />
              </div>
              <div className="af-row">
                <TextField
                  form={shipping}
                  name="country_id"
                  label={messages.addressCountry}
                  autoComplete="shipping country"
                  required
                  options={[{ value: config.storeViews.default.i18n.defaultCountry, label: countryName(config.storeViews.default.i18n.defaultCountry) }]}
                />
                <TextField form={shipping} name="telephone" label={messages.addressPhone} type="tel" autoComplete="shipping tel" required />
              </div>
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
                        onChange={() => setShippingMethod({ carrier_code: m.carrier_code, method_code: m.method_code })}
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
                        onChange={() => setShippingMethod({ carrier_code: collection[0]!.carrier_code, method_code: collection[0]!.method_code })}
                      />
                      <span className="co-method__title">{messages.checkoutCollectInStore}</span>
                      <span className="co-method__price">{messages.checkoutFree}</span>
                    </label>
                    {collectionChosen ? (
                      <div className="af-field co-method__shop">
                        <label htmlFor="co-ship-shop">{messages.checkoutCollectShop}</label>
                        <select
                          id="co-ship-shop"
                          value={shippingMethod?.method_code}
                          onChange={(e) => setShippingMethod({ carrier_code: collection[0]!.carrier_code, method_code: e.target.value })}
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
              <div className="af-actions">
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
            <form className="co-form" noValidate onSubmit={continueStep('payment')}>
              <fieldset className="co-methods" aria-describedby={paymentErrors.length ? 'co-payment-errors' : undefined}>
                <legend>{messages.orderPaymentMethod}</legend>
                {payments.map((p) => {
                  const id = `co-pay-${p.code}`;
                  return (
                    <label key={p.code} className="co-method" htmlFor={id}>
                      <input id={id} type="radio" name="paymentMethod" checked={paymentMethod === p.code} onChange={() => setPaymentMethod(p.code)} />
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
              <div className="af-actions">
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
              {placed.state === 'placing' || placed.state === 'redirecting' ? <Status kind="progress">{messages.checkoutPlacing}</Status> : null}
              <div className="af-actions">
                <button type="submit" className="btn co-place" disabled={placed.state === 'placing' || placed.state === 'redirecting'}>
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
