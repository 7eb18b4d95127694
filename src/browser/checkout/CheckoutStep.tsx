/** One step of the checkout: its numbered heading with the Edit button once done, and the Continue form of the first three steps. */
import type { FormEvent, ReactNode } from 'react';
import { STEPS, type Step } from '../../lib/checkout/state';
import { messages, fill } from '../../lib/messages';
import { FormActions } from '../kit/form-kit';

const STEP_TITLES: Record<Step, string> = {
  personal: messages.checkoutPersonal,
  shipping: messages.checkoutShipping,
  payment: messages.checkoutPayment,
  review: messages.checkoutReview,
};

/** A step's section: open, done (with its summary and an Edit button) or still to come. */
export function CheckoutStep({
  step,
  current,
  canEdit,
  onEdit,
  register,
  children,
}: {
  step: Step;
  /** The index of the open step. */
  current: number;
  /** False while the order is being placed. */
  canEdit: boolean;
  onEdit: (s: Step) => void;
  /** Keeps the step's section (its first field takes the focus when it opens). */
  register: (s: Step, el: HTMLElement | null) => void;
  children: ReactNode;
}) {
  const i = STEPS.indexOf(step);
  return (
    <section
      className={`co-step card${i === current ? ' co-step--current' : i < current ? ' co-step--done' : ' co-step--next'}`}
      aria-labelledby={`co-step-${step}`}
      ref={(el) => register(step, el)}
    >
      <div className="co-step__head">
        <h2 id={`co-step-${step}`}>
          <span className="co-step__num" aria-hidden="true">
            {i + 1}
          </span>
          <span className="visually-hidden">{fill(messages.checkoutStep, { n: i + 1 })}: </span>
          {STEP_TITLES[step]}
        </h2>
        {i < current && canEdit ? (
          <button type="button" className="fk-link" onClick={() => onEdit(step)} aria-label={`${messages.checkoutEdit}: ${STEP_TITLES[step]}`}>
            {messages.checkoutEdit}
          </button>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** The form of an open step with its Continue button (the step's rules decide whether it moves on). */
export function ContinueForm({ step, onContinue, children }: { step: Step; onContinue: (e: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <form className="co-form" noValidate data-step={step} onSubmit={onContinue}>
      {children}
      <FormActions label={messages.checkoutContinue} />
    </form>
  );
}
