import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import { formErrors, forms } from '../../src/lib/forms/rules';
import { setSyncFetch } from '../../src/lib/state/sync';
import { setStorageEngine, type StorageEngine } from '../../src/lib/state/storage';
import {
  $newsletter,
  NEWSLETTER_THANK_YOU_PATH,
  loadNewsletter,
  setNewsletterPreference,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from '../../src/lib/state/stores/newsletter';
import { $ui, setNewsletterPopup } from '../../src/lib/state/stores/ui';
import { CONTENT_PATHS } from '../../src/lib/routing/content-routes';
import NewsletterPopup from '../../src/browser/content/NewsletterPopup';
import { freshState, newPage } from './stores-fixtures';
import { startTestShop, type TestShop } from '../api/fixture';

const ok = async () => ({ ok: true as const, code: 200 as const, result: true });
const fail = async () => ({ ok: false as const, code: 500, result: 'down' });

beforeEach(() => {
  freshState();
});

describe('newsletter guard (spec §4)', () => {
  it('is unknown, then subscribed after success', async () => {
    expect($newsletter.get().isSubscribed).toBeNull();
    expect(await subscribeNewsletter('ann@example.com', fail)).toBe(false);
    expect($newsletter.get().isSubscribed).toBeNull();
    expect(await subscribeNewsletter('ann@example.com', ok)).toBe(true);
    expect($newsletter.get()).toMatchObject({ isSubscribed: true, email: 'ann@example.com' });
  });

  it('skips subscribing when already subscribed', async () => {
    await subscribeNewsletter('ann@example.com', ok);
    const send = vi.fn(ok);
    expect(await subscribeNewsletter('ann@example.com', send)).toBe(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('skips unsubscribing when already subscribed (the guard is not a clean toggle)', async () => {
    await subscribeNewsletter('ann@example.com', ok);
    const send = vi.fn(ok);
    expect(await unsubscribeNewsletter('ann@example.com', send)).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect($newsletter.get().isSubscribed).toBe(true);
  });

  it('unsubscribes when the state is unknown, and may subscribe again afterwards', async () => {
    const send = vi.fn(ok);
    expect(await unsubscribeNewsletter('ann@example.com', send)).toBe(true);
    expect(send).toHaveBeenCalledOnce();
    expect($newsletter.get()).toMatchObject({ isSubscribed: false, email: 'ann@example.com' });
    const again = vi.fn(ok);
    expect(await subscribeNewsletter('ann@example.com', again)).toBe(true);
    expect(again).toHaveBeenCalledOnce();
  });

  it('the account preference always asks the api and records its answer', async () => {
    await subscribeNewsletter('ann@example.com', ok);
    const unsubscribe = vi.fn(ok);
    expect(await setNewsletterPreference('ann@example.com', false, { subscribe: ok, unsubscribe })).toBe(true);
    expect(unsubscribe).toHaveBeenCalledWith('ann@example.com');
    expect($newsletter.get().isSubscribed).toBe(false);
    expect(await setNewsletterPreference('ann@example.com', true, { subscribe: fail, unsubscribe: ok })).toBe(false);
    expect($newsletter.get().isSubscribed).toBe(false);
  });

  it('has the subscription stored when subscribing returns, so the page may navigate at once', async () => {
    const mem = freshState();
    // Writes take 50 ms, as an IndexedDB write may: subscribing must wait for it.
    const slow: StorageEngine = {
      name: 'slow',
      open: (db, o) => {
        const d = mem.open(db, o);
        return { ...d, getItem: d.getItem.bind(d), setItem: (k, v) => new Promise((r) => setTimeout(r, 50)).then(() => d.setItem(k, v)) };
      },
    };
    setStorageEngine(slow);
    await subscribeNewsletter('bob@example.com', ok);
    const stored = await mem.open('shop-gb-mailchimp').getItem('newsletter');
    expect(stored).toEqual({ isSubscribed: true, email: 'bob@example.com' });
    newPage();
    await loadNewsletter();
    expect($newsletter.get()).toMatchObject({ isSubscribed: true, email: 'bob@example.com', loaded: true });
  });
});

describe('newsletter form and popup', () => {
  it('asks for a valid e-mail address', () => {
    expect(formErrors(forms.newsletter, { email: '' }).email).toEqual(['Field is required']);
    expect(formErrors(forms.newsletter, { email: 'ann@' }).email).toEqual(['Please provide valid e-mail address.']);
    expect(formErrors(forms.newsletter, { email: 'ann@example.com' }).email).toEqual([]);
  });

  it('the popup promises the 10% coupon and opens with the ui flag', () => {
    expect(config.constants.newsletterCouponPercent).toBe(10);
    const html = renderToString(createElement(NewsletterPopup));
    expect(html).toContain('Get 10% off your next order');
    expect(html).toContain('a 10% off coupon');
    expect(html).toContain('E-mail address');
    expect(messages.newsletterPromise).toContain('10% off');
    expect($ui.get().newsletterPopup).toBe(false);
    setNewsletterPopup(true);
    expect($ui.get().newsletterPopup).toBe(true);
  });

  it('the thank-you page is a content page', () => {
    expect(NEWSLETTER_THANK_YOU_PATH).toBe('/newsletter-subscription-thank-you');
    expect(CONTENT_PATHS).toContain(NEWSLETTER_THANK_YOU_PATH);
  });
});

describe('newsletter through the reference api', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    setSyncFetch(null);
    await shop.stop();
  });

  it('subscribing mails the 10% coupon once; a second subscribe is not sent', async () => {
    const calls: string[] = [];
    setSyncFetch((input, init) => {
      const url = input.startsWith('/') ? shop.url + input : input;
      calls.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
      return fetch(url, init);
    });
    expect(await subscribeNewsletter('cara@example.com')).toBe(true);
    expect(await subscribeNewsletter('cara@example.com')).toBe(true);
    expect(calls).toEqual(['POST /api/ext/mailchimp-subscribe/subscribe']);
    const outbox = (await shop.call('GET', '/api/__outbox')).body.result as { kind: string; to_addr: string; text: string }[];
    const mails = outbox.filter((m) => m.kind === 'newsletter' && m.to_addr === 'cara@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${config.constants.newsletterCouponPercent}% off`);
    expect(mails[0]!.text).toContain(config.constants.newsletterCouponCode);
  });
});
