/**
 * The send of a mail form (contact, booking) as a React 19 action. Its own module so that the other
 * form islands (sign-in, account, checkout, reviews, newsletter) do not load the mailer.
 */
import type { Letter } from '../../lib/forms/mail';
import { sendMail } from '../../lib/content/mail-actions';
import { messages } from '../../lib/messages';
import { notify } from '../../lib/state/stores/notifications';
import { useFormAction } from '../kit/use-form';

/**
 * The send of a mail form (contact, booking) as a React 19 action (`useFormAction`): the sending text
 * while the letter is on its way, then the mailer's answer (also notified). `onSent` runs after a
 * successful send (the form clears).
 */
export function useMailAction(letter: () => Letter, onSent: () => void, check: (form: HTMLFormElement) => boolean) {
  return useFormAction(
    async () => {
      const sent = await sendMail(letter());
      notify({ type: sent.ok ? 'success' : 'error', message: sent.message });
      if (sent.ok) onSent();
      return { kind: sent.ok ? 'success' : 'error', message: sent.message };
    },
    messages.mailSending,
    check,
  );
}
