/** Step 4: the totals, the terms, the §8 message of a refused order, and the place order button. */
import type { FormEvent } from 'react';
import type { ReviewTotals } from '../../lib/checkout/state';
import { placing, type Placed } from '../../lib/checkout/store';
import { messages } from '../../lib/messages';
import { CheckField, FormStyles, Status } from '../kit/form-kit';
import type { FormState } from '../kit/use-form';
import { Totals } from './CheckoutBag';

/** The §8 message of an order that was refused or cancelled (nothing otherwise). */
export function CancelledNote({ placed }: { placed: Placed }) {
  return placed.state === 'cancelled' ? (
    <>
      <FormStyles />
      <Status kind="error">
        <strong>{messages.checkoutCancelledTitle}.</strong> {placed.message}
      </Status>
    </>
  ) : null;
}

export function ReviewStep({
  form: review,
  totals,
  prefix,
  placed,
  onPlace,
}: {
  form: FormState<{ terms: boolean }>;
  totals: ReviewTotals;
  /** The store prefix (the terms page's link). */
  prefix: string;
  placed: Placed;
  onPlace: (e: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form className="co-form" noValidate onSubmit={onPlace}>
      <Totals totals={totals} />
      <CheckField form={review} name="terms" label={messages.authTerms}>
        <a className="co-terms" href={`${prefix}/terms-and-conditions`} target="_blank" rel="noopener">
          {messages.authTermsLink}
        </a>
      </CheckField>
      <CancelledNote placed={placed} />
      {placing(placed) ? <Status kind="progress">{messages.checkoutPlacing}</Status> : null}
      <div className="fk-actions">
        <button type="submit" className="btn co-place" disabled={placing(placed)}>
          {messages.checkoutPlaceOrder}
        </button>
      </div>
    </form>
  );
}
