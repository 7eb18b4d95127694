/**
 * The account pages (spec §2 /my-account and its sub-routes, login required): profile (name, e-mail,
 * change password), shipping details, newsletter preference, order history and order detail, recently
 * viewed. A visitor who is not logged in is sent home with 'You need to be logged in to see this page'.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { accountAddressForm, profileForm } from '../../lib/account/forms';
import { accountAddress, streetFields } from '../../lib/account/address';
import { accountPageGate, requirePageLogin, type PageGate } from '../../lib/account/guard';
import {
  changePassword,
  logoutCustomer,
  refreshCustomer,
  saveProfile,
  saveSessionNow,
  saveShippingDetails,
  shippingAddressOf,
} from '../../lib/account/session';
import { COUNTRIES } from '../../lib/account/orders';
import { config } from '../../lib/config';
import { forms } from '../../lib/forms/rules';
import { messages, fill } from '../../lib/messages';
import { regionName, type CustomerAddress } from '../../lib/schemas';
import { $newsletter, setNewsletterPreference } from '../../lib/state/stores/newsletter';
import { $recentlyViewed } from '../../lib/state/stores/recently-viewed';
import { $user } from '../../lib/state/stores/user';
import { FormActions, FormStyles, StatusLine, TextField, useAccountAction } from '../kit/form-kit';
import { AddressFields } from '../checkout/address-fields';
import { AddressBlock } from '../checkout/AddressBlock';
import { useForm } from '../kit/use-form';
import { OrderDetail, OrderList } from './AccountOrders';
import RecentlyViewedList from '../product/RecentlyViewed';
import './Account.css';

export interface AccountProps {
  /** dashboard | shipping-details | newsletter | orders | order | recently-viewed */
  section: string;
  /** The home path (with the store prefix). */
  home: string;
  /** The account path (with the store prefix), e.g. '/my-account'. */
  accountPath: string;
}

function Profile() {
  const user = useStore($user);
  const c = user.current;
  const [editing, setEditing] = useState(false);
  const form = useForm(profileForm, { firstname: c?.firstname ?? '', lastname: c?.lastname ?? '', email: c?.email ?? '' });
  const send = useAccountAction(async () => {
    const r = await saveProfile(form.values);
    if (r.ok) setEditing(false);
    return r;
  }, form.check);
  const startEdit = () => {
    form.reset({ firstname: c?.firstname ?? '', lastname: c?.lastname ?? '', email: c?.email ?? '' });
    send.clear();
    setEditing(true);
  };
  return (
    <section className="acc-card card" aria-labelledby="acc-profile">
      <div className="acc-card__head">
        <h2 id="acc-profile">{messages.accountProfile}</h2>
        {!editing ? (
          <button type="button" className="fk-link" onClick={startEdit}>
            {messages.accountEdit}
          </button>
        ) : null}
      </div>
      {editing ? (
        <form className="acc-form" noValidate action={send.action} onSubmit={send.onSubmit}>
          <div className="fk-row">
            <TextField form={form} name="firstname" label={messages.authFirstName} autoComplete="given-name" required />
            <TextField form={form} name="lastname" label={messages.authLastName} autoComplete="family-name" required />
          </div>
          <TextField form={form} name="email" label={messages.authEmail} type="email" autoComplete="email" required />
          <StatusLine status={send.status} />
          <FormActions label={messages.accountSave} disabled={send.pending} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        <>
          <dl className="acc-facts">
            <div>
              <dt>{messages.accountName}</dt>
              <dd>{c ? `${c.firstname} ${c.lastname}` : '…'}</dd>
            </div>
            <div>
              <dt>{messages.authEmail}</dt>
              <dd>{c?.email ?? '…'}</dd>
            </div>
          </dl>
          <StatusLine status={send.status} />
        </>
      )}
    </section>
  );
}

function PasswordChange() {
  const [open, setOpen] = useState(false);
  const form = useForm(forms.changePassword, { oldPassword: '', password: '', rPassword: '' });
  const send = useAccountAction(async () => {
    const r = await changePassword(form.values.oldPassword, form.values.password);
    if (r.ok) {
      form.reset({ oldPassword: '', password: '', rPassword: '' });
      setOpen(false);
    }
    return r;
  }, form.check);
  return (
    <section className="acc-card card" aria-labelledby="acc-password">
      <div className="acc-card__head">
        <h2 id="acc-password">{messages.accountChangePassword}</h2>
        {!open ? (
          <button type="button" className="fk-link" onClick={() => (setOpen(true), send.clear())}>
            {messages.accountEdit}
          </button>
        ) : null}
      </div>
      {open ? (
        <form className="acc-form" noValidate action={send.action} onSubmit={send.onSubmit}>
          <TextField form={form} name="oldPassword" label={messages.accountCurrentPassword} type="password" autoComplete="current-password" required />
          <div className="fk-row">
            <TextField form={form} name="password" label={messages.accountNewPassword} type="password" autoComplete="new-password" required />
            <TextField form={form} name="rPassword" label={messages.accountRepeatNewPassword} type="password" autoComplete="new-password" required />
          </div>
          <StatusLine status={send.status} />
          <FormActions label={messages.accountChangePassword} disabled={send.pending} onCancel={() => setOpen(false)} />
        </form>
      ) : (
        <StatusLine status={send.status} />
      )}
    </section>
  );
}

const addressValues = (a: CustomerAddress | null, fallbackName: { firstname?: string; lastname?: string } = {}) => ({
  firstname: a?.firstname ?? fallbackName.firstname ?? '',
  lastname: a?.lastname ?? fallbackName.lastname ?? '',
  ...streetFields(a?.street),
  region: regionName(a?.region),
  city: a?.city ?? '',
  postcode: a?.postcode ?? '',
  country_id: a?.country_id ?? config.storeViews.default.i18n.defaultCountry,
  telephone: a?.telephone ?? '',
  vat_id: a?.vat_id ?? '',
});

function ShippingDetails() {
  const user = useStore($user);
  const saved = shippingAddressOf(user.current);
  const [editing, setEditing] = useState(false);
  const form = useForm(accountAddressForm, () => addressValues(saved, user.current ?? {}));
  const send = useAccountAction(async () => {
    const address = accountAddress(form.values, saved);
    const r = await saveShippingDetails(address);
    if (r.ok) setEditing(false);
    return r;
  }, form.check);
  const start = () => {
    form.reset(addressValues(saved, user.current ?? {}));
    send.clear();
    setEditing(true);
  };
  const showForm = editing || (!saved && user.current !== null);
  return (
    <section className="acc-card card" aria-label={messages.accountShippingDetails}>
      {showForm ? (
        <form className="acc-form" noValidate action={send.action} onSubmit={send.onSubmit}>
          <AddressFields form={form} countries={COUNTRIES} vatId account />
          <StatusLine status={send.status} />
          <FormActions label={messages.accountSave} disabled={send.pending} onCancel={saved ? () => setEditing(false) : undefined} />
        </form>
      ) : saved ? (
        <>
          <div className="acc-card__head">
            <AddressBlock address={saved} vatId={saved.vat_id} />
            <button type="button" className="fk-link" onClick={start}>
              {messages.accountEdit}
            </button>
          </div>
          <StatusLine status={send.status} />
        </>
      ) : (
        <p className="muted" role="status">
          {messages.accountLoading}
        </p>
      )}
    </section>
  );
}

function NewsletterPreference() {
  const user = useStore($user);
  const newsletter = useStore($newsletter);
  const known = user.current ? user.current.is_subscribed : null;
  const [value, setValue] = useState<boolean | null>(null);
  const checked = value ?? known ?? newsletter.isSubscribed ?? false;
  const email = user.current?.email;
  const send = useAccountAction(
    async () => {
      const ok = await setNewsletterPreference(email!, checked);
      if (ok) void refreshCustomer();
      return { ok, message: ok ? messages.accountNewsletterSaved : messages.somethingWrong };
    },
    () => !!email,
  );
  const id = 'acc-newsletter-check';
  return (
    <form className="acc-card card acc-form" noValidate action={send.action} onSubmit={send.onSubmit}>
      <p>{messages.accountNewsletterIntro}</p>
      <p className="muted">{messages.newsletterPromise}</p>
      <div className="fk-check">
        <input id={id} type="checkbox" checked={checked} disabled={!user.current} onChange={(e) => setValue(e.target.checked)} />
        <label htmlFor={id}>{messages.accountNewsletterCheckbox}</label>
      </div>
      <StatusLine status={send.status} />
      <FormActions label={messages.accountSave} disabled={!user.current || send.pending} />
    </form>
  );
}

function RecentlyViewed() {
  const recent = useStore($recentlyViewed);
  if (!recent.loaded)
    return (
      <p className="muted" role="status">
        {messages.accountLoading}
      </p>
    );
  return (
    <section className="acc-recent" aria-labelledby="acc-recent-title">
      <h2 id="acc-recent-title">{messages.recentlyViewedTitle}</h2>
      <RecentlyViewedList variant="account" />
    </section>
  );
}

/** The account island: checks the login, then shows its section. */
export default function Account({ section, home, accountPath }: AccountProps) {
  const user = useStore($user);
  const [gate, setGate] = useState<PageGate | 'pending'>('pending');
  const allowed = gate === 'allowed';

  useEffect(() => {
    let live = true;
    void accountPageGate(home).then((g) => {
      if (!live) return;
      setGate(g);
      if (g === 'allowed') void refreshCustomer();
    });
    return () => {
      live = false;
    };
  }, [home]);

  // Logged out meanwhile (in another tab, or by a failed token refresh; this page's own logout leaves the gate first):
  // home with the login-required message and the login form, back here once signed in again.
  useEffect(() => {
    if (allowed && user.loaded && !user.unread && !user.token) void saveSessionNow().then(() => requirePageLogin(null, home));
  }, [allowed, user.loaded, user.unread, user.token, home]);

  if (gate === 'unknown') {
    return (
      <div className="acc__unread" role="alert">
        <p>{messages.accountSessionUnread}</p>
        <button type="button" className="btn" onClick={() => location.reload()}>
          {messages.tryAgain}
        </button>
      </div>
    );
  }

  if (!allowed) {
    return (
      <p className="muted" role="status">
        {messages.accountLoading}
      </p>
    );
  }

  const logout = async () => {
    setGate('pending');
    await logoutCustomer();
    location.assign(home);
  };

  return (
    <div className="acc">
      <FormStyles />
      {section === 'dashboard' ? (
        <>
          <p className="acc__greeting">{fill(messages.accountGreeting, { name: user.current?.firstname ?? '' }).replace(/,\s*$/, '')}</p>
          <Profile />
          <PasswordChange />
        </>
      ) : null}
      {section === 'shipping-details' ? <ShippingDetails /> : null}
      {section === 'newsletter' ? <NewsletterPreference /> : null}
      {section === 'orders' ? <OrderList accountPath={accountPath} /> : null}
      {section === 'order' ? <OrderDetail accountPath={accountPath} /> : null}
      {section === 'recently-viewed' ? <RecentlyViewed /> : null}
      <p className="acc__logout">
        <button type="button" className="btn btn--ghost" onClick={logout}>
          {messages.accountLogout}
        </button>
      </p>
    </div>
  );
}
