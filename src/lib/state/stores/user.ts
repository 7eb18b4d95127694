/**
 * The user (spec §3 client state "user", §6): token, refresh token and current customer, persisted in
 * the user collection (key current-token, as §3 names it). Loaded once, on first use. The tabs share
 * one session: a sign-in, sign-out or token refresh in one tab is taken by the others at once (a tab
 * left on a spent refresh token would close the session with it; a guest tab would ask the customer's
 * cart without their token).
 */
import { computed, map, onMount } from 'nanostores';
import { z } from 'zod';
import { CustomerSchema, type Customer } from '../../schemas';
import { collection, KEYS } from '../storage';
import { onTabMessage, publishToTabs } from './cross-tab';

export interface UserState {
  token: string | null;
  refreshToken: string | null;
  current: Customer | null;
  /** True once the stored session has been read. */
  loaded: boolean;
  /**
   * True when the browser storage did not answer the read of the session in time: "no token" then
   * means unknown, not signed out (`awaitStoredSession` waits longer for it).
   */
  unread: boolean;
}

const initial = (): UserState => ({ token: null, refreshToken: null, current: null, loaded: false, unread: false });

/** The session. */
export const $user = map<UserState>(initial());
/** True while a user token is held. */
export const $isLoggedIn = computed($user, (u) => u.token !== null);

let loading: Promise<void> | null = null;
let last: UserState = initial();
/** Set when an action changed the session before the stored one was read: the newer one wins. */
let dirty = false;

/** Reads the stored session once; later calls return the same promise. */
export function loadUser(): Promise<void> {
  loading ??= (async () => {
    const c = collection('user');
    const [token, refreshToken, current] = await Promise.all([
      c.getItem<string>(KEYS.userToken),
      c.getItem<string>(KEYS.refreshToken),
      c.getItem<Customer>(KEYS.currentUser),
    ]);
    const now = $user.get();
    const unread = !dirty && !c.answered(KEYS.userToken);
    $user.set(dirty ? { ...now, loaded: true, unread: false } : { token, refreshToken, current, loaded: true, unread });
    // The late answer, when it comes, is the session: the header and the pages follow it.
    if (unread) void awaitStoredSession();
  })();
  return loading;
}

/**
 * After `loadUser`: when the storage did not answer the session's read in time, waits for its late
 * answer (the §9 read time-out is for the shop going on, not for deciding a shopper is signed out).
 * True once the session is known: read, or changed by an action here since.
 */
export async function awaitStoredSession(): Promise<boolean> {
  await loadUser();
  if (!$user.get().unread) return true;
  const c = collection('user');
  const [token, refreshToken, current] = await Promise.all([
    c.lateAnswer<string>(KEYS.userToken),
    c.lateAnswer<string>(KEYS.refreshToken),
    c.lateAnswer<Customer>(KEYS.currentUser),
  ]);
  const now = $user.get();
  if (!now.unread) return true;
  if (!token.answered) return false;
  const next = { token: token.value, refreshToken: refreshToken.value, current: current.value, loaded: true, unread: false };
  // What was read is what the storage holds: the persisting reaction must not write it back.
  last = next;
  $user.set(next);
  return true;
}

/** Stores the tokens after login (or a refresh); the refresh token is kept when not given. */
export function setUserToken(token: string, refreshToken?: string | null): void {
  dirty = true;
  const now = $user.get();
  $user.set({ ...now, token, refreshToken: refreshToken === undefined ? now.refreshToken : refreshToken, unread: false });
  shareSession();
}

/** Stores the refresh token alone (user/refresh rotates it: each one works once). */
export function setRefreshToken(refreshToken: string): void {
  dirty = true;
  $user.setKey('refreshToken', refreshToken);
  shareSession();
}

/** Stores the current customer (user/me answer). */
export function setCurrentUser(current: Customer | null): void {
  dirty = true;
  $user.setKey('current', current);
  shareSession();
}

/** Forgets the session (tokens and customer). */
export function logout(): void {
  dirty = true;
  $user.set({ ...$user.get(), token: null, refreshToken: null, current: null, unread: false });
  shareSession();
}

/** Writes the session's tokens and customer as they are now and waits for the writes (before another tab may read them). */
export async function persistSession(): Promise<void> {
  const u = $user.get();
  if (!u.loaded) return;
  const c = collection('user');
  const put = (key: string, v: unknown) => (v === null ? c.removeItem(key) : c.setItem(key, v));
  await Promise.all([put(KEYS.userToken, u.token), put(KEYS.refreshToken, u.refreshToken), put(KEYS.currentUser, u.current)]);
}

/** The tokens as stored (another tab's refresh lands there before it lets go of the refresh lock). */
export async function storedTokens(): Promise<{ token: string | null; refreshToken: string | null }> {
  const c = collection('user');
  const [token, refreshToken] = await Promise.all([c.getItem<string>(KEYS.userToken), c.getItem<string>(KEYS.refreshToken)]);
  return { token: token ?? null, refreshToken: refreshToken ?? null };
}

// ------------------------------------------------------------------------------------------------
// The session across tabs

const SESSION_TOPIC = 'session';
const SharedSessionSchema = z.object({ token: z.string().nullable(), refreshToken: z.string().nullable(), current: CustomerSchema.nullable() });
/** Set while this tab takes a session another tab changed. */
let fromAnotherTab = false;

/** True while the session being set is another tab's (its sign-in, sign-out or refresh): that tab does the cart's part. */
export function sessionFromAnotherTab(): boolean {
  return fromAnotherTab;
}

/** Tells the other tabs about a session this tab changed (never about one it read or took from them). */
function shareSession(): void {
  if (fromAnotherTab) return;
  const { token, refreshToken, current } = $user.get();
  publishToTabs(SESSION_TOPIC, { token, refreshToken, current });
}

/** Takes another tab's session: it is stored already (not written again) and wins over a read in flight here. */
function takeSession(value: unknown): void {
  const parsed = SharedSessionSchema.safeParse(value);
  if (!parsed.success) {
    console.error('[user] a session from another tab of the wrong shape', parsed.error.issues[0]);
    return;
  }
  const { token, refreshToken, current } = parsed.data;
  const now = $user.get();
  if (now.loaded && now.token === token && now.refreshToken === refreshToken && JSON.stringify(now.current) === JSON.stringify(current)) return;
  const next: UserState = { token, refreshToken, current, loaded: true, unread: false };
  dirty = true;
  last = next;
  fromAnotherTab = true;
  try {
    $user.set(next);
  } finally {
    fromAnotherTab = false;
  }
}

/**
 * Forgets the session in memory, to read the stored one again: the offline e2e harness places each
 * order with the session stored now (another tab may have changed it), and the unit tests start
 * fresh. The other stores keep following `$user` (nanostores' cleanStores would drop their listeners).
 */
export function resetUserStore(): void {
  loading = null;
  dirty = false;
  last = initial();
  $user.set(initial());
}

// ------------------------------------------------------------------------------------------------
// Reactions

// Starts on first use (a read, an action or a subscriber): reads the stored session, then persists
// each change. Its own listener keeps the store mounted for the life of the page.
onMount($user, () => {
  const stop = $user.listen((u) => {
    if (!u.loaded) return;
    const c = collection('user');
    const put = (key: string, v: unknown) => void (v === null ? c.removeItem(key) : c.setItem(key, v));
    if (u.token !== last.token) put(KEYS.userToken, u.token);
    if (u.refreshToken !== last.refreshToken) put(KEYS.refreshToken, u.refreshToken);
    if (u.current !== last.current) put(KEYS.currentUser, u.current);
    last = u;
  });
  const stopTabs = onTabMessage(SESSION_TOPIC, takeSession);
  void loadUser();
  return () => {
    stop();
    stopTabs();
  };
});
