/**
 * The newsletter popup (§1, §9: a 10% off coupon, config.constants.newsletterCouponPercent): a modal
 * dialog shown while the ui flag `newsletterPopup` is on, with an e-mail field; subscribing goes through
 * the newsletter store (§4 guard: skipped when already subscribed), then the thank-you page opens.
 * Mounted on demand by src/browser/content/newsletter.ts (src/browser/kit/lazy.ts); the shop's one dialog
 * (../kit/Dialog.tsx): Escape, the close button or the backdrop close it.
 */
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { config } from '../../lib/config';
import { forms } from '../../lib/forms/rules';
import { messages, fill } from '../../lib/messages';
import { $ui, setNewsletterPopup } from '../../lib/state/stores/ui';
import { $newsletter, NEWSLETTER_THANK_YOU_PATH, subscribeNewsletter } from '../../lib/state/stores/newsletter';
import { FormActions, FormStatus, FormStyles, TextField } from '../kit/form-kit';
import { useForm, useFormAction } from '../kit/use-form';
import { Dialog } from '../kit/Dialog';
import popupCss from './NewsletterPopup.css?inline';

const percent = config.constants.newsletterCouponPercent;
const initial = () => ({ email: '' });

export default function NewsletterPopup() {
  const open = useStore($ui, { keys: ['newsletterPopup'] }).newsletterPopup;
  const newsletter = useStore($newsletter);
  const uid = useId();
  const form = useForm(forms.newsletter, initial);

  const onClose = () => {
    setNewsletterPopup(false);
    send.clear();
  };

  // Subscribed: the thank-you page says so (the popup closes first); a refusal stays in the popup.
  const send = useFormAction(
    async () => {
      const ok = await subscribeNewsletter(form.values.email.trim());
      if (!ok) return { kind: 'error', message: messages.somethingWrong };
      setNewsletterPopup(false);
      window.location.assign(NEWSLETTER_THANK_YOU_PATH);
      return null;
    },
    messages.newsletterSubscribing,
    form.check,
  );

  return (
    <>
      <FormStyles />
      <style href="pj-newsletter-popup" precedence="island">
        {popupCss}
      </style>
      <Dialog open={open} className="nl-popup" labelledBy={`${uid}-title`} onClose={onClose}>
        <div className="nl-popup__box">
          <button type="button" className="nl-popup__close" aria-label={messages.newsletterPopupClose} onClick={onClose}>
            ×
          </button>
          <p className="eyebrow">{messages.footerNewsletterTitle}</p>
          <h2 id={`${uid}-title`}>{fill(messages.newsletterPopupTitle, { percent })}</h2>
          <p>{fill(messages.newsletterPopupText, { percent })}</p>
          {newsletter.isSubscribed ? (
            <p role="status">{messages.newsletterAlreadySubscribed}</p>
          ) : (
            <form className="fk-form" noValidate action={send.action} onSubmit={send.onSubmit}>
              <TextField form={form} name="email" label={messages.newsletterEmailLabel} type="email" autoComplete="email" required />
              <FormActions label={messages.newsletterSubscribe} disabled={send.pending} />
              <FormStatus status={send.status} />
            </form>
          )}
        </div>
      </Dialog>
    </>
  );
}
