/**
 * Sign-in and the customer's account (spec §2 account routes, §4 Session token, §6, §7 user calls):
 * login, create account, reset password, logout, and the authorised account calls, each through the
 * token-refresh lock (src/lib/state/sync/token-lock). Islands call these; they never fetch themselves.
 */
import { createApiClient, ApiFormatError, type ApiClient, type ApiResult } from '../api/client';
import type { CustomerOrder, OrderHistory } from '../api/contract';
import { config, type Config } from '../config';
import { messages } from '../messages';
import type { Customer, CustomerAddress } from '../schemas';
import { profileUpdate } from './address';
import { collection, flushWrites, KEYS } from '../state/storage';
import { $cart, cartSettled, loadCart } from '../state/stores/cart';
import { $online } from '../state/stores/network';
import { notify } from '../state/stores/notifications';
import { closeAuthModal } from '../state/stores/ui';
import { $user, loadUser, logout, persistSession, setCurrentUser, setUserToken } from '../state/stores/user';
import { emitSyncEvent, PRICE_TIERS_REFRESH_EVENT } from '../state/sync/events';
import { syncFetch } from '../state/sync/fetch';
import { withTokenRefresh } from '../state/sync/token-lock';

/** What an account action tells the form: done, or the message to show. */
export type Outcome = { ok: true; message?: string } | { ok: false; message: string };

export { PRICE_TIERS_REFRESH_EVENT };

let client: ApiClient | null = null;
const apiClient = (): ApiClient => (client ??= createApiClient({ fetch: (input, init) => syncFetch(input, init) }));
let cfg: Pick<Config, 'switches'> = config;

/** Replaces the config read by the session rules (tests); no argument restores the shop's config. */
export function configureSession(next: Pick<Config, 'switches'> = config): void {
  cfg = next;
}

/**
 * The text of a refused answer for the shopper: the server's message without its field path
 * ('customer.email: a customer ... exists' becomes 'A customer ... exists'), else `fallback`.
 */
export function answerText(result: unknown, fallback: string = messages.somethingWrong): string {
  if (typeof result !== 'string' || !result.trim()) return fallback;
  const text = result.replace(/^[\w.[\]]+:\s+/, '').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : fallback;
}

/** Runs an API call, turning a network failure or a malformed answer into a refused answer (code 0). */
async function safely<T>(run: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  try {
    return await run();
  } catch (err) {
    console.error('[account] call failed', err);
    const text = err instanceof ApiFormatError ? err.message : $online.get() ? messages.somethingWrong : messages.offlineUnavailable;
    return { ok: false, code: 0, result: text };
  }
}

/**
 * Runs an authorised call with the customer's token through the token-refresh lock: a not-authorised
 * answer refreshes the token once (for every concurrent call) and the call is sent again.
 */
export async function authorised<T>(call: (token: string, api: ApiClient) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  await loadUser();
  if (!$user.get().token) return { ok: false, code: 401, result: messages.loginRequired };
  return safely(async () => {
    const reply = await withTokenRefresh(async (token) => {
      if (!token) return { status: 401, body: { ok: false, code: 401, result: messages.loginRequired } };
      const r = await call(token, apiClient());
      return { status: r.code, body: r };
    });
    const body = reply.body as ApiResult<T> | { code?: unknown; result?: unknown };
    if (reply.authHandled || !('ok' in body)) return { ok: false, code: 401, result: (body as { result?: unknown }).result ?? messages.notAuthorized };
    return body;
  });
}

let holding = false;
/** Keeps the user and cart stores running (persisting the session, following login and logout). */
function holdStores(): void {
  if (holding) return;
  holding = true;
  $user.listen(() => {});
  $cart.listen(() => {});
}

function afterSessionChange(): void {
  if (cfg.switches.usePriceTiers) emitSyncEvent(PRICE_TIERS_REFRESH_EVENT, { loggedIn: $user.get().token !== null });
}

/** Reads the customer (user/me) into the user store; false when refused. */
export async function refreshCustomer(): Promise<boolean> {
  const r = await authorised((token, api) => api.user.me(token));
  if (r.ok) setCurrentUser(r.result);
  return r.ok;
}

/**
 * Logs in: stores the tokens, reads the customer and waits until the guest cart has been merged into
 * the customer's cart (the cart store connects to the customer's server cart on login).
 */
export async function login(email: string, password: string): Promise<Outcome> {
  holdStores();
  await Promise.all([loadUser(), loadCart()]);
  const r = await safely(() => apiClient().user.login(email.trim(), password));
  if (!r.ok) return { ok: false, message: r.code === 401 ? messages.loginFailed : answerText(r.result) };
  const refreshToken = typeof r.meta?.refreshToken === 'string' ? r.meta.refreshToken : null;
  setUserToken(r.result, refreshToken);
  await Promise.all([refreshCustomer(), cartSettled()]);
  afterSessionChange();
  // Stored before the shopper is told: a page change right after the dialog closes keeps the login.
  await saveSessionNow();
  closeAuthModal();
  notify({ type: 'success', message: messages.loggedIn });
  return { ok: true };
}

/** What the create-account form sends. */
export interface NewAccount {
  email: string;
  firstname: string;
  lastname: string;
  password: string;
}

/** Creates the account, then logs in with it. */
export async function register(a: NewAccount): Promise<Outcome> {
  const r = await safely(() => apiClient().user.create({ email: a.email.trim(), firstname: a.firstname.trim(), lastname: a.lastname.trim() }, a.password));
  if (!r.ok) return { ok: false, message: answerText(r.result, messages.registerFailed) };
  const signedIn = await login(a.email, a.password);
  if (signedIn.ok) notify({ type: 'success', message: messages.accountCreated });
  return signedIn;
}

/** Asks for a password-reset e-mail; refused at once while offline ('Reset password feature does not work while offline!'). */
export async function resetPassword(email: string): Promise<Outcome> {
  if (!$online.get()) return { ok: false, message: messages.resetPasswordOffline };
  const r = await safely(() => apiClient().user.resetPassword(email.trim()));
  return r.ok ? { ok: true, message: messages.resetPasswordSent } : { ok: false, message: messages.resetPasswordError };
}

/** Logs out (the cart store leaves an empty guest cart) with a notice; resolves once that is in storage. */
export async function logoutCustomer(): Promise<void> {
  holdStores();
  // The cart must be read first: a cart still loading would put the customer's lines back after the logout emptied it.
  await Promise.all([loadUser(), loadCart()]);
  logout();
  afterSessionChange();
  notify({ type: 'success', message: messages.loggedOut });
  await saveSessionNow();
}

/**
 * Writes the session and the cart as they are now and waits for the writes to land: call before changing
 * page right after a login, a logout or an order, so the next page reads the new state. (The stores
 * persist on their own, but without waiting; a write queued after theirs finishes after theirs.)
 */
export async function saveSessionNow(): Promise<void> {
  const c = $cart.get();
  const carts = collection('carts');
  const put = (key: string, v: unknown) => (v === null || v === undefined ? carts.removeItem(key) : carts.setItem(key, v));
  await Promise.all([persistSession(), ...(c.loaded ? [put(KEYS.cartToken, c.token), carts.setItem(KEYS.cart, c.items), put(KEYS.cartTotals, c.totals)] : [])]);
  // A write past the §9 time-out still runs in the storage, and a page change now would abort it
  // (WebKit does): wait for it, up to the late-answer limit.
  await flushWrites();
}

/** Saves name and e-mail (user/me). */
export async function saveProfile(p: { firstname: string; lastname: string; email: string }): Promise<Outcome> {
  const r = await authorised((token, api) => api.user.updateMe(token, profileUpdate(p, p)));
  if (!r.ok) return { ok: false, message: answerText(r.result) };
  setCurrentUser(r.result);
  return { ok: true, message: messages.accountDataChanged };
}

/** Changes the password (user/change-password). */
export async function changePassword(currentPassword: string, newPassword: string): Promise<Outcome> {
  const r = await authorised((token, api) => api.user.changePassword(token, currentPassword, newPassword));
  // A password change closes every session, this one too; the answer's meta carries this browser's new one.
  const fresh = r.ok ? r.meta : undefined;
  if (typeof fresh?.token === 'string' && typeof fresh.refreshToken === 'string') setUserToken(fresh.token, fresh.refreshToken);
  return r.ok ? { ok: true, message: messages.passwordChanged } : { ok: false, message: answerText(r.result) };
}

/** The customer's default shipping address, or the first one. */
export function shippingAddressOf(c: Customer | null | undefined): CustomerAddress | null {
  const list = c?.addresses ?? [];
  return list.find((a) => a.default_shipping) ?? list[0] ?? null;
}

/**
 * Saves the shipping details as the default shipping (and billing) address, keeping another address
 * (vue-storefront-api takes two at most), with the customer's e-mail and names (it requires them).
 */
export async function saveShippingDetails(address: CustomerAddress): Promise<Outcome> {
  const current = $user.get().current;
  if (!current) return { ok: false, message: messages.somethingWrong };
  const others = current.addresses.filter((a) => !a.default_shipping).map((a) => ({ ...a, default_billing: false }));
  const addresses = [{ ...address, default_shipping: true, default_billing: true }, ...others];
  const r = await authorised((token, api) => api.user.updateMe(token, profileUpdate(current, { addresses })));
  if (!r.ok) return { ok: false, message: answerText(r.result) };
  setCurrentUser(r.result);
  return { ok: true, message: messages.shippingDetailsSaved };
}

/** The customer's orders (user/order-history), newest first. */
export async function orderHistory(page: { pageSize?: number; currentPage?: number } = {}): Promise<ApiResult<OrderHistory>> {
  return authorised((token, api) => api.user.orderHistory(token, page));
}

/** Orders per page while looking one up in the history. */
const ORDER_LOOKUP_PAGE = 50;

/**
 * One of the customer's orders by its increment id (or the client's order id): looked up in
 * user/order-history, page by page (vue-storefront-api has no call for a single order). Not there: 404.
 */
export async function customerOrder(orderId: string): Promise<ApiResult<CustomerOrder>> {
  for (let page = 1; ; page++) {
    const r = await orderHistory({ pageSize: ORDER_LOOKUP_PAGE, currentPage: page });
    if (!r.ok) return r;
    const hit = r.result.items.find((o) => o.increment_id === orderId || o.order_id === orderId);
    if (hit) return { ok: true, code: 200, result: hit };
    if (r.result.items.length < ORDER_LOOKUP_PAGE || page * ORDER_LOOKUP_PAGE >= r.result.total_count)
      return { ok: false, code: 404, result: messages.orderNotFound };
  }
}

/** Back to the default API client and config (tests). */
export function resetSession(): void {
  client = null;
  cfg = config;
}
