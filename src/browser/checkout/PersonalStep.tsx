/** Step 1: the shopper's name and e-mail (with a sign-in offer to a guest); once done, their summary. */
import type { FormEvent } from 'react';
import type { CheckoutValues } from '../../lib/checkout/state';
import { messages } from '../../lib/messages';
import { openAuthModal } from '../../lib/state/stores/ui';
import { TextField } from '../kit/form-kit';
import type { FormState } from '../kit/use-form';
import { ContinueForm } from './CheckoutStep';

export function PersonalStep({
  open,
  done,
  form: personal,
  signedIn,
  onContinue,
}: {
  open: boolean;
  done: boolean;
  form: FormState<CheckoutValues['personal']>;
  signedIn: boolean;
  onContinue: (e: FormEvent<HTMLFormElement>) => void;
}) {
  return open ? (
    <ContinueForm step="personal" onContinue={onContinue}>
      {!signedIn ? (
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
    </ContinueForm>
  ) : done ? (
    <p className="co-summary">
      {personal.values.firstname} {personal.values.lastname}
      <br />
      {personal.values.email}
    </p>
  ) : null;
}
