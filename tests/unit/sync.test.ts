import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collection } from '../../src/lib/state/storage';
import { $notifications } from '../../src/lib/state/stores/notifications';
import { $ui } from '../../src/lib/state/stores/ui';
import { $user, setUserToken } from '../../src/lib/state/stores/user';
import { setOnline } from '../../src/lib/state/stores/network';
import {
  storedSyncTasks,
  executeTask,
  forceLogout,
  onSyncEvent,
  queueTask,
  runSyncQueue,
  setSyncFetch,
  setTaskParam,
  taskErrorNotice,
  unsentTasks,
} from '../../src/lib/state/sync';
import type { SyncTask } from '../../src/lib/schemas';
import { deferred, flush, freshState, json } from './stores-fixtures';

beforeEach(() => {
  freshState();
  setTaskParam('cartId', () => 'cart-9');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sync task queue', () => {
  it('sends tasks strictly one after another, in the order queued', async () => {
    const log: string[] = [];
    const gates: Array<ReturnType<typeof deferred<Response>>> = [];
    setSyncFetch(async (url) => {
      log.push(`start ${url}`);
      const d = deferred<Response>();
      gates.push(d);
      const res = await d.promise;
      log.push(`end ${url}`);
      return res;
    });
    const a = queueTask({ url: 'cart/update?n=1', body: { n: 1 } });
    const b = queueTask({ url: 'cart/update?n=2', body: { n: 2 } });
    const c = queueTask({ url: 'cart/update?n=3', body: { n: 3 } });
    await flush();
    expect(log).toEqual(['start /api/cart/update?n=1']);
    gates[0]!.resolve(json({ code: 200, result: 'one' }));
    await flush();
    expect(log).toEqual(['start /api/cart/update?n=1', 'end /api/cart/update?n=1', 'start /api/cart/update?n=2']);
    gates[1]!.resolve(json({ code: 200, result: 'two' }));
    await flush();
    gates[2]!.resolve(json({ code: 200, result: 'three' }));
    const done = await Promise.all([a, b, c]);
    expect(done.map((t) => t.result)).toEqual(['one', 'two', 'three']);
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(3);
  });

  it('stores a task untransmitted, then saves it back with result, resultCode and transmited_at', async () => {
    const gate = deferred<Response>();
    setSyncFetch(() => gate.promise);
    const p = queueTask({ url: 'cart/update', body: { cartItem: { sku: 'R1', qty: 1 } } });
    await flush();
    const [stored] = await unsentTasks();
    expect(stored).toMatchObject({ url: 'cart/update', transmited: false, silent: false });
    expect(stored!.payload).toMatchObject({ method: 'POST', body: JSON.stringify({ cartItem: { sku: 'R1', qty: 1 } }) });
    gate.resolve(json({ code: 200, result: { item_id: 7, sku: 'R1', qty: 1 } }));
    const sent = await p;
    const saved = await collection('syncTasks').getItem<SyncTask>(String(sent.task_id));
    expect(saved).toMatchObject({ transmited: true, resultCode: 200, result: { item_id: 7, sku: 'R1', qty: 1 } });
    expect(Number.isNaN(Date.parse(saved!.transmited_at!))).toBe(false);
    expect(await unsentTasks()).toEqual([]);
  });

  it('fills token and cartId into the url at send time, under the api base', async () => {
    const urls: string[] = [];
    setSyncFetch(async (url) => {
      urls.push(url);
      return json({ code: 200, result: null });
    });
    setUserToken('tok en');
    await queueTask({ url: 'cart/pull?token={{token}}&cartId={{cartId}}' });
    expect(urls).toEqual(['/api/cart/pull?token=tok%20en&cartId=cart-9']);
  });

  it('sends the token and the cart id of one session: a sign-in while the cart id is read sends with the new token', async () => {
    const urls: string[] = [];
    setSyncFetch(async (url) => {
      urls.push(url);
      return json({ code: 200, result: null });
    });
    // A guest; while the cart id is being worked out, the customer signs in and the bag moves to their cart.
    let cart = 'guest-cart';
    const reading = deferred<void>();
    setTaskParam('cartId', async () => {
      await reading.promise;
      return cart;
    });
    const sent = executeTask({ url: 'cart/shipping-methods?token={{token}}&cartId={{cartId}}', method: 'POST', body: {} });
    await flush();
    setUserToken('customer-token');
    cart = 'customer-cart';
    reading.resolve();
    await sent;
    expect(urls).toEqual(['/api/cart/shipping-methods?token=customer-token&cartId=customer-cart']);
  });

  it("answers 'Error with response - bad content-type!' for a non-JSON reply", async () => {
    setSyncFetch(async () => new Response('<html>oops</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const sent = await queueTask({ url: 'cart/totals' });
    expect(sent.result).toBe('Error with response - bad content-type!');
    expect(sent.transmited).toBe(true);
    expect(sent.resultCode).toBe(502);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('Error with response - bad content-type!'));
  });

  it('shows an error notification with an OK action for a non-200 code with a message', async () => {
    setSyncFetch(async () => json({ code: 500, result: 'The requested qty is not available' }));
    await queueTask({ url: 'cart/update', body: {} });
    const [n] = $notifications.get();
    expect(n).toMatchObject({ type: 'error', message: 'The requested qty is not available', action1: { label: 'OK' } });
  });

  it('reads the message from result.result or result.message', async () => {
    setSyncFetch(async () => json({ code: 400, result: { message: 'Bad coupon' } }));
    await queueTask({ url: 'cart/apply-coupon', body: {} });
    expect($notifications.get().map((n) => n.message)).toEqual(['Bad coupon']);
  });

  it('shows no notification for a silent task', async () => {
    setSyncFetch(async () => json({ code: 500, result: 'Server exploded' }));
    const sent = await queueTask({ url: 'cart/update', body: {}, silent: true });
    expect(sent.resultCode).toBe(500);
    expect($notifications.get()).toEqual([]);
  });

  it('shows no notification when the text says there is no such entity with cartId', async () => {
    setSyncFetch(async () => json({ code: 500, result: 'No such entity with cartId = 12' }));
    await queueTask({ url: 'cart/pull' });
    expect($notifications.get()).toEqual([]);
  });

  it('shows no notification when the code is ENOTFOUND', async () => {
    setSyncFetch(async () => json({ code: 'ENOTFOUND', result: 'getaddrinfo ENOTFOUND backend' }, 500));
    const sent = await queueTask({ url: 'stock/list' });
    expect(sent.resultCode).toBe('ENOTFOUND');
    expect($notifications.get()).toEqual([]);
    expect(taskErrorNotice({ silent: false, resultCode: 500, result: { code: 'ENOTFOUND', message: 'x' } })).toBeNull();
  });

  it('shows no notification for code 200', () => {
    expect(taskErrorNotice({ silent: false, resultCode: 200, result: 'fine' })).toBeNull();
    expect(taskErrorNotice({ silent: false, resultCode: 500, result: 'broken' })).toBe('broken');
  });

  it('emits the callback event with the answered task', async () => {
    setSyncFetch(async () => json({ code: 200, result: { item_id: 3 } }));
    const seen: SyncTask[] = [];
    const off = onSyncEvent<SyncTask>('cart-item-synced', (t) => seen.push(t));
    await queueTask({ url: 'cart/update', body: {}, callback_event: 'cart-item-synced' });
    off();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ result: { item_id: 3 }, resultCode: 200, transmited: true });
  });

  it('keeps tasks unsent and stops when the network fails, then sends them in order later', async () => {
    let up = false;
    const urls: string[] = [];
    setSyncFetch(async (url) => {
      urls.push(url);
      if (!up) throw new TypeError('Failed to fetch');
      return json({ code: 200, result: url });
    });
    const first = await queueTask({ url: 'cart/update?n=1', body: {} });
    const second = await queueTask({ url: 'cart/update?n=2', body: {} });
    expect(first.transmited).toBe(false);
    expect(second.transmited).toBe(false);
    expect((await unsentTasks()).map((t) => t.url)).toEqual(['cart/update?n=1', 'cart/update?n=2']);
    up = true;
    urls.length = 0;
    await runSyncQueue();
    expect(urls).toEqual(['/api/cart/update?n=1', '/api/cart/update?n=2']);
    expect(await unsentTasks()).toEqual([]);
  });

  it('runs the queue when the browser comes back online', async () => {
    let up = false;
    setSyncFetch(async () => {
      if (!up) throw new TypeError('Failed to fetch');
      return json({ code: 200, result: 'ok' });
    });
    setOnline(false);
    await queueTask({ url: 'cart/update', body: {} });
    expect(await unsentTasks()).toHaveLength(1);
    up = true;
    setOnline(true);
    await flush();
    await runSyncQueue();
    expect(await unsentTasks()).toEqual([]);
  });

  it('clears unsent tasks on forced logout and keeps the sent ones', async () => {
    let up = true;
    setSyncFetch(async () => {
      if (!up) throw new TypeError('offline');
      return json({ code: 200, result: 'ok' });
    });
    setUserToken('t1');
    await queueTask({ url: 'cart/update?n=1', body: {} });
    up = false;
    await queueTask({ url: 'cart/update?n=2', body: {} });
    await queueTask({ url: 'cart/update?n=3', body: {} });
    expect(await unsentTasks()).toHaveLength(2);
    await forceLogout();
    expect(await unsentTasks()).toEqual([]);
    expect((await storedSyncTasks()).map((t) => t.url)).toEqual(['cart/update?n=1']);
    expect($user.get().token).toBeNull();
    expect($ui.get()).toMatchObject({ authModal: true, authElem: 'login' });
  });

  it('executeTask sends at once without storing the task', async () => {
    setSyncFetch(async () => json({ code: 200, result: [{ sku: 'A', qty: 2 }] }));
    const t = await executeTask({ url: 'cart/pull?cartId={{cartId}}' });
    expect(t.result).toEqual([{ sku: 'A', qty: 2 }]);
    expect(await storedSyncTasks()).toEqual([]);
  });

  it('does not send a task whose cartId is unknown', async () => {
    const fetchFn = vi.fn(async () => json({ code: 200, result: null }));
    setSyncFetch(fetchFn);
    setTaskParam('cartId', () => null);
    const t = await queueTask({ url: 'cart/update?cartId={{cartId}}', body: {} });
    expect(fetchFn).not.toHaveBeenCalled();
    expect(t.transmited).toBe(false);
  });
});
