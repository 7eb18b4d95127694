import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../src/lib/config';
import { $notifications } from '../../src/lib/state/stores/notifications';
import { $ui } from '../../src/lib/state/stores/ui';
import { $user, setUserToken } from '../../src/lib/state/stores/user';
import {
  $tokenLock,
  configureTokenLock,
  executeTask,
  isUnauthorized,
  queueTask,
  refreshUserToken,
  setSyncFetch,
  unsentTasks,
  withTokenRefresh,
} from '../../src/lib/state/sync';
import { deferred, flush, freshState, json } from './stores-fixtures';

const ABORTED = 'Error refreshing user token. User is not authorized to access the resource';
const LIMIT = 'Internal Application error while refreshing the tokens. Please clear the storage and refresh page.';

/** A server that accepts only the listed tokens. */
function serverAccepting(valid: () => string[]) {
  const seen: string[] = [];
  setSyncFetch(async (url) => {
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
    seen.push(token);
    return valid().includes(token) ? json({ code: 200, result: `ok ${token}` }) : json({ code: 401, result: 'Unauthorized' });
  });
  return seen;
}

beforeEach(() => {
  freshState();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('token refresh lock', () => {
  it('treats HTTP 401 or code 401 in the body as not authorised', () => {
    expect(isUnauthorized({ status: 401, body: null })).toBe(true);
    expect(isUnauthorized({ status: 200, body: { code: 401, result: 'x' } })).toBe(true);
    expect(isUnauthorized({ status: 200, body: { code: 200, result: 'x' } })).toBe(false);
  });

  it('concurrent 401s refresh the token once; the waiting requests retry every second with the new token', async () => {
    vi.useFakeTimers();
    setUserToken('old', 'refresh-1');
    let valid = ['new'];
    const seen = serverAccepting(() => valid);
    const gate = deferred<string | null>();
    const refresh = vi.fn(() => gate.promise);
    configureTokenLock({ refresh });
    const calls = [1, 2, 3].map((n) => executeTask({ url: `user/me?token={{token}}&n=${n}` }));
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect($tokenLock.get()).toBe(1);
    // a request started while refreshing waits on the lock instead of refreshing again
    const late = executeTask({ url: 'user/me?token={{token}}&n=4' });
    await vi.advanceTimersByTimeAsync(2500);
    expect(refresh).toHaveBeenCalledTimes(1);
    gate.resolve('new');
    await vi.advanceTimersByTimeAsync(1000);
    const results = await Promise.all([...calls, late]);
    expect(results.map((r) => r.result)).toEqual(['ok new', 'ok new', 'ok new', 'ok new']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect($user.get().token).toBe('new');
    expect($user.get().refreshToken).toBe('refresh-1');
    expect($tokenLock.get()).toBe(0);
    expect(seen.filter((t) => t === 'old')).toHaveLength(3);
    valid = [];
  });

  it('waits 1 s between tries while the lock is held', async () => {
    vi.useFakeTimers();
    setUserToken('t');
    serverAccepting(() => ['t']);
    $tokenLock.set(1);
    let done = false;
    const p = executeTask({ url: 'user/me?token={{token}}' }).then((r) => ((done = true), r));
    await vi.advanceTimersByTimeAsync(999);
    $tokenLock.set(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await p).result).toBe('ok t');
  });

  it('a failed refresh logs out silently, opens the signup modal and aborts the waiting requests', async () => {
    vi.useFakeTimers();
    setUserToken('old', 'r');
    serverAccepting(() => []);
    const gate = deferred<string | null>();
    configureTokenLock({ refresh: () => gate.promise });
    const first = executeTask({ url: 'user/me?token={{token}}' });
    await vi.advanceTimersByTimeAsync(0);
    const waiting = executeTask({ url: 'user/order-history?token={{token}}' });
    await vi.advanceTimersByTimeAsync(1000);
    gate.resolve(null);
    await vi.advanceTimersByTimeAsync(1000);
    const [a, b] = await Promise.all([first, waiting]);
    expect(a.result).toBe(ABORTED);
    expect(b.result).toBe(ABORTED);
    expect($tokenLock.get()).toBe(-1);
    expect($user.get().token).toBeNull();
    expect($ui.get()).toMatchObject({ authElem: 'login', authModal: true });
    // silent: no notification for the logout itself
    expect($notifications.get()).toEqual([]);
  });

  it('a refresh that throws counts as a failure', async () => {
    setUserToken('old', 'r');
    serverAccepting(() => []);
    configureTokenLock({ refresh: () => Promise.reject(new Error('network')) });
    const r = await executeTask({ url: 'user/me?token={{token}}' });
    expect(r.result).toBe(ABORTED);
    expect($tokenLock.get()).toBe(-1);
  });

  it("answers a task with 'Error refreshing user token...' while the lock is -1", async () => {
    const fetchFn = vi.fn(async () => json({ code: 200, result: 'should not be sent' }));
    setSyncFetch(fetchFn);
    setUserToken('t');
    $tokenLock.set(-1);
    const r = await executeTask({ url: 'cart/pull?token={{token}}' });
    expect(r.result).toBe(ABORTED);
    expect(r.resultCode).toBe(401);
    expect(fetchFn).not.toHaveBeenCalled();
    expect($notifications.get()).toEqual([]);
  });

  it('after 20 refresh attempts shows the internal error, logs out and opens the signup modal', async () => {
    setUserToken('t0', 'r');
    serverAccepting(() => []);
    let n = 0;
    const refresh = vi.fn(async () => `t${++n}`);
    configureTokenLock({ refresh });
    const r = await executeTask({ url: 'user/me?token={{token}}' });
    expect(refresh).toHaveBeenCalledTimes(config.constants.tokenRefreshLimit);
    expect(refresh).toHaveBeenCalledTimes(20);
    expect(r.result).toBe(ABORTED);
    expect($notifications.get()).toMatchObject([{ type: 'error', message: LIMIT, action1: { label: 'OK' } }]);
    expect($user.get().token).toBeNull();
    expect($ui.get()).toMatchObject({ authElem: 'login', authModal: true });
    expect($tokenLock.get()).toBe(-1);
  });

  it('an authorised answer resets the attempt count', async () => {
    setUserToken('t0', 'r');
    let n = 0;
    let valid: string[] = [];
    serverAccepting(() => valid);
    configureTokenLock({
      refresh: async () => {
        const next = `t${++n}`;
        valid = [next];
        return next;
      },
    });
    for (let i = 0; i < 25; i++) {
      valid = [];
      const r = await executeTask({ url: 'user/me?token={{token}}' });
      expect(r.result).toBe(`ok t${i + 1}`);
    }
    expect($tokenLock.get()).toBe(0);
  });

  it('with auto refresh off a 401 logs out without refreshing', async () => {
    setUserToken('t', 'r');
    serverAccepting(() => []);
    const refresh = vi.fn(async () => 'new');
    configureTokenLock({ refresh, config: { ...config, switches: { ...config.switches, autoRefreshTokens: false } } });
    await executeTask({ url: 'user/me?token={{token}}' });
    expect(refresh).not.toHaveBeenCalled();
    expect($user.get().token).toBeNull();
    expect($ui.get().authModal).toBe(true);
  });

  it('a guest 401 does not try a refresh', async () => {
    serverAccepting(() => []);
    const refresh = vi.fn(async () => 'new');
    configureTokenLock({ refresh });
    const r = await executeTask({ url: 'cart/create?token={{token}}' });
    expect(r.resultCode).toBe(401);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a new login releases a failed lock', async () => {
    setUserToken('t');
    $tokenLock.set(-1);
    setUserToken('after-login');
    expect($tokenLock.get()).toBe(0);
  });

  it('a queued task is retried with the refreshed token and saved with its answer', async () => {
    setUserToken('old', 'r');
    serverAccepting(() => ['new']);
    configureTokenLock({ refresh: async () => 'new' });
    const t = await queueTask({ url: 'cart/update?token={{token}}', body: {} });
    expect(t).toMatchObject({ transmited: true, resultCode: 200, result: 'ok new' });
    expect(await unsentTasks()).toEqual([]);
  });

  it('refreshUserToken posts the refresh token to user/refresh', async () => {
    setUserToken('old', 'refresh-xyz');
    const bodies: unknown[] = [];
    setSyncFetch(async (url, init) => {
      bodies.push([url, init?.method, JSON.parse(String(init?.body))]);
      return json({ code: 200, result: 'fresh' });
    });
    expect(await refreshUserToken()).toBe('fresh');
    expect(bodies).toEqual([['/api/user/refresh', 'POST', { refreshToken: 'refresh-xyz' }]]);
  });

  it('withTokenRefresh passes other answers through untouched', async () => {
    setUserToken('t');
    const r = await withTokenRefresh(async (token) => ({ status: 404, body: { code: 404, result: `no ${token}` } }));
    expect(r).toEqual({ status: 404, body: { code: 404, result: 'no t' } });
    await flush();
  });
});
