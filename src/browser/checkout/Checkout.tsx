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
import { externalCheckoutEnabled } from '../../lib/checkout/handoff';
import { $checkout, $checkoutTotals, acceptTerms, continueStep, editCheckout, openStep, placeOrder, placing, reviewErrors } from '../../lib/checkout/store';
import { WaitingOrders } from '../offline/OfflineOrders';
import { STEPS, personalForm, reviewForm, shippingForm, stepErrors, type CheckoutValues, type Step } from '../../lib/checkout/state';
import { messages } from '../../lib/messages';
import { $cart } from '../../lib/state/stores/cart';
import { $shippingMethods } from '../../lib/state/stores/shipping';
import { $user } from '../../lib/state/stores/user';
import AuthModal from '../account/AuthModal';
import { FormStyles, Status } from '../kit/form-kit';
import { useForm } from '../kit/use-form';
import { useHydrated } from '../kit/use-hydrated';
import { Bag } from './CheckoutBag';
import { CheckoutStep } from './CheckoutStep';
import { PersonalStep } from './PersonalStep';
import { ShippingStep } from './ShippingStep';
import { PaymentStep } from './PaymentStep';
import { CancelledNote, ReviewStep } from './ReviewStep';
import './Checkout.css';

export interface CheckoutProps {
  /** The home path (with the store prefix). */
  home: string;
  /** The store prefix ('' for the default store view). */
  prefix: string;
  storeCode: string;
}

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

  if (external) {
    return (
      <p className="muted" role="status">
        {messages.checkoutHandoff}
      </p>
    );
  }

  const loading = (
    <p className="muted" role="status">
      {messages.checkoutLoading}
    </p>
  );
  // The first render matches the server's, also for a queued order the store took up again after a reload.
  if (!mounted) return loading;

  if (placed.state === 'queued') {
    return (
      <div className="co co--done">
        <FormStyles />
        <section className="co-done card" aria-labelledby="co-done-title">
          <h2 id="co-done-title">{placed.title ?? messages.checkoutQueuedTitle}</h2>
          <Status kind="info">{placed.message}</Status>
          <WaitingOrders warned={placed.title === messages.orderUnknownTitle} />
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

  if (!cart.loaded) return loading;

  // Empty only while nothing is being placed: the order queue takes the lines out of the bag as it stores the order.
  if (cart.items.length === 0 && (placed.state === 'idle' || placed.state === 'cancelled')) {
    return (
      <div className="co-empty">
        <CancelledNote placed={placed} />
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
  const register = (s: Step, el: HTMLElement | null) => void (stepRefs.current[s] = el);

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

  const shippingErrors = tried.shipping ? (stepErrors('shipping', values).shippingMethod ?? []) : [];
  const paymentErrors = tried.payment ? (stepErrors('payment', values).paymentMethod ?? []) : [];
  const stepProps = { current: index, canEdit: placed.state !== 'placing', onEdit: go, register };

  return (
    <div className="co">
      <FormStyles />
      <div className="co-steps">
        {step === 'review' ? null : <CancelledNote placed={placed} />}
        <CheckoutStep step="personal" {...stepProps}>
          <PersonalStep open={step === 'personal'} done={index > 0} form={personal} signedIn={!!user.token} onContinue={continueOn} />
        </CheckoutStep>

        <CheckoutStep step="shipping" {...stepProps}>
          <ShippingStep
            open={step === 'shipping'}
            done={index > 1}
            form={shipping}
            methods={shippingMethods}
            shippingMethod={shippingMethod}
            errors={shippingErrors}
            onContinue={continueOn}
          />
        </CheckoutStep>

        <CheckoutStep step="payment" {...stepProps}>
          <PaymentStep
            open={step === 'payment'}
            done={index > 2}
            payments={payments}
            paymentMethod={paymentMethod}
            errors={paymentErrors}
            onContinue={continueOn}
          />
        </CheckoutStep>

        <CheckoutStep step="review" {...stepProps}>
          {step === 'review' ? <ReviewStep form={review} totals={totals} prefix={prefix} placed={placed} onPlace={place} /> : null}
        </CheckoutStep>
      </div>
      <aside className="co-side">
        <Bag items={cart.items} totals={totals} editable={placed.state === 'idle' || placed.state === 'cancelled'} />
      </aside>
      <AuthModal />
    </div>
  );
}
