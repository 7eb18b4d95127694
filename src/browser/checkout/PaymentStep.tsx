/** Step 3: the payment method (cash on delivery with its info panel; server methods are handed to the backend); once done, its title. */
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $storeView } from '../../lib/state/stores/store-view';
import { handedToBackend, proceedsDirectly } from '../../lib/checkout/state';
import { choosePayment } from '../../lib/checkout/store';
import { formatPrice } from '../../lib/messages/format';
import { messages } from '../../lib/messages';
import type { PaymentMethod } from '../../lib/schemas';
import { Messages } from '../kit/form-kit';
import { ContinueForm } from './CheckoutStep';

export function PaymentStep({
  open,
  done,
  payments,
  paymentMethod,
  errors: paymentErrors,
  onContinue,
}: {
  open: boolean;
  done: boolean;
  payments: PaymentMethod[];
  paymentMethod: string | null;
  /** The method's messages, once Continue was tried. */
  errors: string[];
  onContinue: (e: FormEvent<HTMLFormElement>) => void;
}) {
  const payment = payments.find((p) => p.code === paymentMethod);
  // The API quotes a method's cost in the currency of the page's store view.
  const store = useStore($storeView);
  return open ? (
    <ContinueForm step="payment" onContinue={onContinue}>
      <fieldset className="co-methods" aria-describedby={paymentErrors.length ? 'co-payment-errors' : undefined}>
        <legend>{messages.orderPaymentMethod}</legend>
        {payments.map((p) => {
          const id = `co-pay-${p.code}`;
          return (
            <label key={p.code} className="co-method" htmlFor={id}>
              <input id={id} type="radio" name="paymentMethod" checked={paymentMethod === p.code} onChange={() => choosePayment(p.code)} />
              <span className="co-method__title">{p.title}</span>
              {p.costInclTax ? <span className="co-method__price">{formatPrice(p.costInclTax, store)}</span> : null}
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
    </ContinueForm>
  ) : done ? (
    <p className="co-summary">{payment?.title}</p>
  ) : null;
}
