/**
 * The shopper's customer group, for group price tiers (spec §4, §6; config.switches.usePriceTiers):
 * null until the stored session is read, and always with tiers off; then the guest group without a
 * token, else the customer's. After each login and logout (the session's PRICE_TIERS_REFRESH_EVENT)
 * it is set again and `onCustomerGroupRefresh` listeners run (the product form checks its stock
 * again, past the cache). The user store and the sync events load on demand, only with tiers on.
 */
import { atom, onMount } from 'nanostores';
import { CUSTOMER_GROUPS } from '../../catalog/price';
import { config } from '../../config';
import type { UserState } from './user';

/** The customer group prices are for; null while unknown or with price tiers off. */
export const $customerGroup = atom<number | null>(null);

/** The group of a session: the guest group without a token, else the customer's (the customer group until known). */
export function customerGroupOf(u: Pick<UserState, 'token' | 'current'>): number {
  return u.token ? (u.current?.group_id ?? CUSTOMER_GROUPS.customer) : CUSTOMER_GROUPS.guest;
}

const refreshListeners = new Set<() => void>();

/** Runs `cb` after each login and logout while `$customerGroup` is in use (price tiers on); returns the unsubscribe. */
export function onCustomerGroupRefresh(cb: () => void): () => void {
  refreshListeners.add(cb);
  return () => void refreshListeners.delete(cb);
}

onMount($customerGroup, () => {
  // Only in the browser (the build renders the guest's page) and with tiers on.
  if (!config.switches.usePriceTiers || typeof window === 'undefined') return;
  let live = true;
  let stop = () => {};
  void Promise.all([import('./user'), import('../sync/events')]).then(([users, events]) => {
    if (!live) return;
    const apply = () => $customerGroup.set(customerGroupOf(users.$user.get()));
    void users.loadUser().then(apply);
    stop = events.onSyncEvent(events.PRICE_TIERS_REFRESH_EVENT, () => {
      apply();
      for (const cb of [...refreshListeners]) cb();
    });
  });
  return () => {
    live = false;
    stop();
  };
});
