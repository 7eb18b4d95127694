/**
 * Token refresh on a not-authorised reply (spec §4 Session token, §8). The lock is 0 idle,
 * 1 refreshing, -1 failed. Requests that meet a refresh in progress wait for it (retrying every
 * config.constants.tokenLockRetryMs) instead of refreshing again; after
 * config.constants.tokenRefreshLimit refreshes without an authorised answer in between, the session ends.
 */
import { atom } from 'nanostores';
import { config, type Config } from '../../config';
import { messages } from '../../messages';
import { notify } from '../stores/notifications';
import { $user, persistSession, setRefreshToken, setUserToken, storedTokens } from '../stores/user';
import { withTabLock } from './tab-lock';
import { createApiClient } from '../../api/client';
import { syncFetch } from './fetch';
import { forceLogout } from './logout';

/** A reply as the token logic sees it; `authHandled` marks replies the token flow dealt with (no error notice). */
export interface Reply {
  status: number;
  body: unknown;
  authHandled?: boolean;
}

/** The lock's states, with the spec's values (§4 Session token: 0 idle, 1 refreshing, -1 failed until the next login). */
export const LOCK = { idle: 0, refreshing: 1, failed: -1 } as const;
export type LockState = (typeof LOCK)[keyof typeof LOCK];

/** The token lock (see LOCK). */
export const $tokenLock = atom<LockState>(LOCK.idle);

type Options = {
  refresh: () => Promise<string | null>;
  sleep: (ms: number) => Promise<void>;
  config: Pick<Config, 'switches' | 'constants'>;
};

/** Asks the API for a new token with the stored refresh token (user/refresh); null when refused. */
export async function refreshUserToken(): Promise<string | null> {
  const refreshToken = $user.get().refreshToken;
  if (!refreshToken) return null;
  const r = await createApiClient({ fetch: syncFetch }).user.refresh(refreshToken);
  if (!r.ok) return null;
  // The API rotates refresh tokens: the one just sent is spent, and sending it again would close the session.
  const rotated = r.meta?.refreshToken;
  if (typeof rotated === 'string' && rotated) setRefreshToken(rotated);
  return r.result;
}

const defaults = (): Options => ({
  refresh: refreshUserToken,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  config,
});

let opts: Options = defaults();
let attempts = 0;
let ownTokenChange = false;

/** Overrides the refresh call, the sleep or the config (tests); no argument restores the defaults. */
export function configureTokenLock(next: Partial<Options> = {}): void {
  opts = { ...defaults(), ...next };
}

/** Back to idle with no attempts counted (tests). */
export function resetTokenLock(): void {
  attempts = 0;
  $tokenLock.set(LOCK.idle);
}

/** Refreshes counted since the last authorised answer. */
export function refreshAttempts(): number {
  return attempts;
}

/** True for HTTP 401 or a body whose code is 401. */
export function isUnauthorized(reply: Reply): boolean {
  if (reply.status === 401) return true;
  const body = reply.body as { code?: unknown } | null;
  return typeof body === 'object' && body !== null && Number(body.code) === 401;
}

/** The result an aborted request gets while the lock is -1. */
export const abortedReply = (): Reply => ({
  status: 401,
  body: { code: 401, result: messages.tokenRefreshAborted },
  authHandled: true,
});

/**
 * Sends a request with the current user token; on a not-authorised reply refreshes the token once for
 * every concurrent request and sends again. `send` gets the token to use (null for a guest).
 */
export async function withTokenRefresh(send: (token: string | null) => Promise<Reply>): Promise<Reply> {
  const startToken = $user.get().token;
  for (;;) {
    const token = $user.get().token;
    const lock = $tokenLock.get();
    if (startToken && lock === LOCK.failed) return abortedReply();
    if (token && lock === LOCK.refreshing) {
      await opts.sleep(opts.config.constants.tokenLockRetryMs);
      continue;
    }
    const reply = await send(token);
    if (!isUnauthorized(reply)) {
      if (token && token === $user.get().token) attempts = 0;
      return reply;
    }
    if (!token) return reply;
    if (!opts.config.switches.autoRefreshTokens) {
      console.info('[sync] token refused and auto refresh is off: logging out');
      await forceLogout();
      return { ...reply, authHandled: true };
    }
    const now = $tokenLock.get();
    if (now === LOCK.failed) return abortedReply();
    if (now === LOCK.refreshing) {
      await opts.sleep(opts.config.constants.tokenLockRetryMs);
      continue;
    }
    // Another request refreshed while this one was in flight: just send again with the new token.
    if ($user.get().token !== token) continue;
    if (attempts >= opts.config.constants.tokenRefreshLimit) {
      $tokenLock.set(LOCK.failed);
      attempts = 0;
      console.error(`[sync] ${messages.tokenRefreshLimit}`);
      notify({ type: 'error', message: messages.tokenRefreshLimit, action1: { label: messages.ok } });
      await forceLogout();
      return abortedReply();
    }
    attempts++;
    $tokenLock.set(LOCK.refreshing);
    let fresh: string | null = null;
    try {
      fresh = await withTabLock(REFRESH_LOCK, () => refreshOnce(token));
    } catch (err) {
      console.error('[sync] token refresh failed', err);
    }
    if (fresh) {
      $tokenLock.set(LOCK.idle);
      continue;
    }
    $tokenLock.set(LOCK.failed);
    console.error('[sync] Error refreshing user token');
    await forceLogout();
    return abortedReply();
  }
}

/** The cross-tab lock one refresh of the shared session runs under. */
const REFRESH_LOCK = 'shop-token-refresh';

/** Sets a token this tab got by refreshing (or took from the tab that did): the same session, the lock stays as it is. */
function setOwnToken(token: string, refreshToken?: string | null): void {
  ownTokenChange = true;
  try {
    setUserToken(token, refreshToken);
  } finally {
    ownTokenChange = false;
  }
}

/**
 * One refresh of the session whose access token `stale` was refused, holding the cross-tab refresh
 * lock: refresh tokens are spent on use, and the tabs share one, so a second tab refreshing with it
 * would close the session (reuse). When another tab refreshed while this one waited, its tokens are
 * in storage (it stores them before it lets go of the lock) and are taken instead. The new token, or null.
 */
async function refreshOnce(stale: string): Promise<string | null> {
  // The other tab's session came by message while this one waited.
  const now = $user.get().token;
  if (now && now !== stale) return now;
  const stored = await storedTokens();
  // A token this tab held before is older than the one refused (its own write still on its way), never another tab's refresh.
  if (stored.token && stored.token !== stale && !heldTokens.has(stored.token)) {
    setOwnToken(stored.token, stored.refreshToken);
    return stored.token;
  }
  const fresh = await opts.refresh();
  if (!fresh) return null;
  setOwnToken(fresh);
  await persistSession();
  return fresh;
}

// A token set by a login (not by our own refresh) starts a new session: the lock is idle again.
let seenToken = $user.get().token;
/** Every token this tab has held (a stored token among them is not a newer one from another tab). */
const heldTokens = new Set<string>();
$user.listen((u) => {
  const changed = u.token !== seenToken;
  seenToken = u.token;
  if (u.token) heldTokens.add(u.token);
  if (changed && u.token && !ownTokenChange) resetTokenLock();
});

/**
 * A token for the signed-in customer after the API refused `stale` (the order queue's resend): the
 * current one when somebody refreshed already, else one refresh through the lock above (a session
 * that cannot be refreshed ends as any other would). Null when there is no session any more.
 */
export async function freshTokenAfter(stale: string): Promise<string | null> {
  let fresh: string | null = null;
  let first = true;
  await withTokenRefresh(async (token) => {
    if (first && token === stale) {
      first = false;
      return { status: 401, body: null };
    }
    fresh = token;
    return { status: 200, body: null };
  });
  return fresh;
}
