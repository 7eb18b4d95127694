/**
 * Newsletter state (spec §3, §4 Newsletter): unknown (null) until a subscription succeeds, persisted
 * in the mailchimp collection. The §4 guard, as the spec states it: subscribe and unsubscribe are both
 * skipped when already subscribed, so the unsubscribe guard is not a clean toggle (an unsubscribe after a
 * subscription in this browser sends nothing). The account preference uses `setNewsletterPreference`,
 * which always asks the API and records its answer.
 */
import { map, onMount } from 'nanostores';
import { createApiClient, type ApiResult } from '../../api/client';
import type { NewsletterState } from '../../schemas';
import { collection, KEYS } from '../storage';
import { syncFetch } from '../sync/fetch';
import { $user } from './user';

/** The shopper's newsletter state. */
export const $newsletter = map<NewsletterState & { loaded: boolean }>({ isSubscribed: null, email: null, loaded: false });

type Send = (email: string) => Promise<ApiResult<unknown>>;
const api = () => createApiClient({ fetch: syncFetch });

let loading: Promise<void> | null = null;
/** The last write of the state to browser storage (awaited by the actions, so a page may navigate right after). */
let saving: Promise<unknown> = Promise.resolve();

/** Reads the stored state once (its first read starts the store: changes are persisted, even with no subscriber). */
export function loadNewsletter(): Promise<void> {
  $newsletter.get();
  loading ??= (async () => {
    const saved = await collection('mailchimp').getItem<NewsletterState>(KEYS.newsletter);
    const now = $newsletter.get();
    $newsletter.set(now.isSubscribed !== null || !saved ? { ...now, loaded: true } : { ...saved, loaded: true });
  })();
  return loading;
}

/** Subscribes an e-mail address (skipped when already subscribed); true when subscribed afterwards. */
export async function subscribeNewsletter(email: string, send: Send = (e) => api().newsletter.subscribe(e)): Promise<boolean> {
  await loadNewsletter();
  if ($newsletter.get().isSubscribed) return true;
  const r = await send(email);
  if (!r.ok) return false;
  $newsletter.set({ ...$newsletter.get(), isSubscribed: true, email });
  await saving;
  return true;
}

/** Unsubscribes; skipped when already subscribed (§4: not a clean toggle), then false; true when unsubscribed. */
export async function unsubscribeNewsletter(email: string, send: Send = (e) => api().newsletter.unsubscribe(e)): Promise<boolean> {
  await loadNewsletter();
  if ($newsletter.get().isSubscribed) return false;
  const r = await send(email);
  if (!r.ok) return false;
  $newsletter.set({ ...$newsletter.get(), isSubscribed: false, email });
  await saving;
  return true;
}

/** The account preference (/my-account/newsletter): subscribes or unsubscribes through the API whatever the stored state; true on success. */
export async function setNewsletterPreference(
  email: string,
  subscribed: boolean,
  send: { subscribe: Send; unsubscribe: Send } = {
    subscribe: (e) => api().newsletter.subscribe(e),
    // The API unsubscribes at once only with the customer's own token (else it mails a confirmation link).
    unsubscribe: (e) => api().newsletter.unsubscribe(e, $user.get().token),
  },
): Promise<boolean> {
  await loadNewsletter();
  const r = await (subscribed ? send.subscribe : send.unsubscribe)(email);
  if (!r.ok) return false;
  $newsletter.set({ ...$newsletter.get(), isSubscribed: subscribed, email });
  await saving;
  return true;
}

/** The page shown after a subscription from the footer form or the popup (§2 content page). */
export const NEWSLETTER_THANK_YOU_PATH = '/newsletter-subscription-thank-you';

// ------------------------------------------------------------------------------------------------
// Reactions

// Starts on first use (a read, an action or a subscriber): persists each change once the stored state
// was read, and reads it. Its own listener keeps the store mounted for the life of the page; the
// clean-up runs only when the store is cleaned (tests: nanostores' cleanStores): the next use reads again.
onMount($newsletter, () => {
  const stop = $newsletter.listen((n) => {
    if (n.loaded)
      saving = collection('mailchimp')
        .setItem(KEYS.newsletter, { isSubscribed: n.isSubscribed, email: n.email })
        .catch(() => {});
  });
  void loadNewsletter();
  return () => {
    stop();
    loading = null;
  };
});
