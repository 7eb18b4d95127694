/**
 * The newsletter popup (§1, §9: a 10% off coupon, config.constants.newsletterCouponPercent): a modal
 * dialog shown while the ui flag `newsletterPopup` is on, with an e-mail field; subscribing goes through
 * the newsletter store (§4 guard: skipped when already subscribed), then the thank-you page opens.
 * Mounted on demand by src/scripts/newsletter-popup.ts; Escape, the close button or the backdrop close it.
 */
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { config } from '../lib/config';
import { forms } from '../lib/forms';
import { messages, t } from '../lib/messages';
import { $ui, setNewsletterPopup } from '../lib/stores/ui';
import { $newsletter, NEWSLETTER_THANK_YOU_PATH, subscribeNewsletter } from '../lib/stores/newsletter';
import { Field, FormStatus, FormStyles } from './form-kit';
import { useForm, useFormAction } from './use-form';
import popupCss from './NewsletterPopup.css?inline';

const percent = config.constants.newsletterCouponPercent;
const initial = () => ({ email: '' });

export default function NewsletterPopup() {
  const open = useStore($ui, { keys: ['newsletterPopup'] }).newsletterPopup;
  const newsletter = useStore($newsletter);
  const uid = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const form = useForm(forms.newsletter, initial);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  const onClose = () => {
    setNewsletterPopup(false);
    send.clear();
    returnTo.current?.focus();
  };
  // A click on the backdrop (the dialog element itself, outside its box) closes it.
  const onDialogClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === dialog.current) setNewsletterPopup(false);
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
      <style href="pj-newsletter-popup" precedence="island">{popupCss}</style>
      <dialog ref={dialog} className="nl-popup" aria-labelledby={`${uid}-title`} onClose={onClose} onClick={onDialogClick}>
        <div className="nl-popup__box">
          <button type="button" className="nl-popup__close" aria-label={messages.newsletterPopupClose} onClick={() => setNewsletterPopup(false)}>
            ×
          </button>
          <p className="eyebrow">{messages.footerNewsletterTitle}</p>
          <h2 id={`${uid}-title`}>{t('newsletterPopupTitle', { percent })}</h2>
          <p>{t('newsletterPopupText', { percent })}</p>
          {newsletter.isSubscribed ? (
            <p role="status">{messages.newsletterAlreadySubscribed}</p>
          ) : (
            <form className="fk-form" noValidate action={send.action} onSubmit={send.onSubmit}>
              <Field
                id={`${uid}-email`}
                name="email"
                label={messages.newsletterEmailLabel}
                type="email"
                autoComplete="email"
                required
                value={form.values.email}
                errors={form.shown('email')}
                onChange={(v) => form.set('email', v)}
                onBlur={() => form.touch('email')}
              />
              <div className="fk-actions">
                <button type="submit" className="btn" disabled={send.pending}>
                  {messages.newsletterSubscribe}
                </button>
              </div>
              <FormStatus status={send.status} />
            </form>
          )}
        </div>
      </dialog>
    </>
  );
}
