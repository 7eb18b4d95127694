/**
 * The sign-in modal (spec §3 UI flag authElem, §4 Session token, §5 forms): login (the default form),
 * create account (the signup form, opened by a failed token refresh) and reset password. Open and form
 * follow `$ui.authModal` / `$ui.authElem`; the shop's one dialog (../kit/Dialog.tsx) keeps the focus inside,
 * closes on Escape and on the backdrop, and gives the focus back to what opened it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog } from '../kit/Dialog';
import { login, register, resetPassword } from '../../lib/account/session';
import { $authNotice, noticeOnForm } from '../../lib/account/flash';
import { forms } from '../../lib/forms/rules';
import { messages } from '../../lib/messages';
import { $online } from '../../lib/state/stores/network';
import { $ui, closeAuthModal, setAuthElem } from '../../lib/state/stores/ui';
import { CheckField, FormStyles, Status, StatusLine, TextField, useAccountAction } from '../kit/form-kit';
import { useForm } from '../kit/use-form';
import authCss from './AuthModal.css?inline';

async function afterLogin(): Promise<void> {
  const notice = $authNotice.get();
  $authNotice.set(null);
  // login() has stored the session already.
  if (!notice?.returnTo || typeof location === 'undefined') return;
  location.assign(notice.returnTo);
}

function LoginForm() {
  const form = useForm(forms.login, { email: '', password: '' });
  const send = useAccountAction(async () => {
    const r = await login(form.values.email, form.values.password);
    if (r.ok) await afterLogin();
    return r;
  }, form.check);
  return (
    <AuthForm send={send} title={messages.authLoginTitle}>
      <TextField form={form} name="email" label={messages.authEmail} type="email" autoComplete="email" required />
      <TextField form={form} name="password" label={messages.authPassword} type="password" autoComplete="current-password" required />
      <p className="auth__aside">
        <button type="button" className="auth__link" onClick={() => setAuthElem('forgot-pass')}>
          {messages.authForgot}
        </button>
      </p>
      <FormEnd send={send} submit={messages.authLoginSubmit} prompt={messages.authNoAccount} link={messages.authRegisterLink} to="register" />
    </AuthForm>
  );
}

function RegisterForm() {
  const form = useForm(forms.register, { email: '', firstname: '', lastname: '', password: '', rPassword: '', terms: false });
  const send = useAccountAction(async () => {
    const v = form.values;
    const r = await register({ email: v.email, firstname: v.firstname, lastname: v.lastname, password: v.password });
    if (r.ok) await afterLogin();
    return r;
  }, form.check);
  return (
    <AuthForm send={send} title={messages.authRegisterTitle}>
      <TextField form={form} name="email" label={messages.authEmail} type="email" autoComplete="email" required />
      <div className="auth__row">
        <TextField form={form} name="firstname" label={messages.authFirstName} autoComplete="given-name" required />
        <TextField form={form} name="lastname" label={messages.authLastName} autoComplete="family-name" required />
      </div>
      <TextField form={form} name="password" label={messages.authPassword} type="password" autoComplete="new-password" required />
      <TextField form={form} name="rPassword" label={messages.authRepeatPassword} type="password" autoComplete="new-password" required />
      <CheckField form={form} name="terms" label={messages.authTerms}>
        <a className="auth__terms" href="/terms-and-conditions" target="_blank" rel="noopener">
          {messages.authTermsLink}
        </a>
      </CheckField>
      <FormEnd send={send} submit={messages.authRegisterSubmit} prompt={messages.authHaveAccount} link={messages.authLoginLink} to="login" />
    </AuthForm>
  );
}

function ResetForm() {
  const form = useForm(forms.resetPassword, { email: '' });
  const online = useStore($online);
  const [sent, setSent] = useState(false);
  const send = useAccountAction(async () => {
    const r = await resetPassword(form.values.email);
    setSent(r.ok);
    return r;
  }, form.check);
  return (
    <AuthForm send={send} title={messages.authResetTitle}>
      <p className="muted">{messages.authResetIntro}</p>
      {!online && send.status?.kind !== 'error' ? <Status kind="error">{messages.resetPasswordOffline}</Status> : null}
      {!sent ? <TextField form={form} name="email" label={messages.authEmail} type="email" autoComplete="email" required /> : null}
      <FormEnd send={send} submit={sent ? null : messages.authResetSubmit} link={messages.authBackToLogin} to="login" />
    </AuthForm>
  );
}

/** The modal; rendered on every page by the header's launcher (AuthModalLauncher) and by the checkout. */
export default function AuthModal() {
  const ui = useStore($ui);
  const notice = noticeOnForm(useStore($authNotice), ui.authElem);
  const box = useRef<HTMLDivElement>(null);

  // The form's first field takes the focus (on opening and when the form changes).
  useEffect(() => {
    if (ui.authModal) box.current?.querySelector<HTMLElement>('form input')?.focus();
  }, [ui.authModal, ui.authElem]);

  const onClose = () => {
    if ($ui.get().authModal) closeAuthModal();
    $authNotice.set(null);
  };

  return (
    <Dialog open={ui.authModal} onClose={onClose} className="auth" labelledBy="auth-title">
      <FormStyles />
      <style href="pj-auth" precedence="island">
        {authCss}
      </style>
      <div className="auth__box" ref={box}>
        <button type="button" className="auth__close" aria-label={messages.authClose} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        {notice ? <Status kind={notice.type === 'error' ? 'error' : notice.type === 'success' ? 'success' : 'info'}>{notice.message}</Status> : null}
        {ui.authModal ? ui.authElem === 'register' ? <RegisterForm /> : ui.authElem === 'forgot-pass' ? <ResetForm /> : <LoginForm /> : null}
      </div>
    </Dialog>
  );
}

/**
 * The end of each of the dialog's forms: the answer line, the submit button (none once the form has
 * done its work: a reset link sent) and the line that switches to another form, `prompt` before its link.
 */
function FormEnd({
  send,
  submit,
  prompt,
  link,
  to,
}: {
  send: Pick<ReturnType<typeof useAccountAction>, 'status' | 'pending'>;
  submit: string | null;
  prompt?: string;
  link: string;
  to: Parameters<typeof setAuthElem>[0];
}) {
  return (
    <>
      <StatusLine status={send.status} />
      {submit !== null ? (
        <button type="submit" className="btn auth__submit" disabled={send.pending}>
          {submit}
        </button>
      ) : null}
      <p className="auth__switch">
        {prompt !== undefined ? <>{prompt} </> : null}
        <button type="button" className="auth__link" onClick={() => setAuthElem(to)}>
          {link}
        </button>
      </p>
    </>
  );
}

/** One of the dialog's forms: sent as an account action (`useAccountAction`), titled by its heading (the dialog's label). */
function AuthForm({ send, title, children }: { send: Pick<ReturnType<typeof useAccountAction>, 'action' | 'onSubmit'>; title: string; children: ReactNode }) {
  return (
    <form className="auth__form" noValidate action={send.action} onSubmit={send.onSubmit} aria-labelledby="auth-title">
      <h2 id="auth-title">{title}</h2>
      {children}
    </form>
  );
}
