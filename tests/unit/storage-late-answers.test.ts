/**
 * A browser storage that answers late (src/lib/state/storage/collection.ts `answered`, `lateAnswer`,
 * `flush`; src/lib/state/stores/user.ts `awaitStoredSession`; src/lib/account/guard.ts
 * `accountPageGate`; src/lib/state/storage/leave-guard.ts): the §9 read time-out keeps the shop going, but a session the storage did not
 * answer for is unknown, not signed out, and a write past its time-out is waited for before a page
 * change.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountPageGate } from '../../src/lib/account/guard';
import { FLASH_KEY } from '../../src/lib/account/flash';
import { saveSessionNow } from '../../src/lib/account/session';
import {
  collection,
  flushWrites,
  memoryEngine,
  setStorageEngine,
  setStorageStoreCode,
  writesRunning,
  type StorageDriver,
  type StorageEngine,
} from '../../src/lib/state/storage';
import { guardedLink, installLeaveGuard, LEAVE_WAIT_MS } from '../../src/lib/state/storage/leave-guard';
import { $user, awaitStoredSession, loadUser, resetUserStore, setUserToken } from '../../src/lib/state/stores/user';

type Delays = { read?: number | 'hang'; write?: number | 'hang' };

/**
 * The memory engine behind a storage whose reads and writes take `delays` (ms) on every connection, as
 * IndexedDB on a busy phone; a write's value lands only when it answers.
 */
function slowEngine(delays: Delays) {
  const inner = memoryEngine();
  const later = <T>(ms: number | 'hang' | undefined, run: () => Promise<T>): Promise<T> =>
    ms === undefined ? run() : ms === 'hang' ? new Promise<T>(() => {}) : new Promise<T>((r) => setTimeout(() => r(run()), ms));
  return {
    inner,
    engine: {
      name: 'slow',
      open(name: string, o?: { driver?: string }): StorageDriver {
        const d = inner.open(name, o);
        return {
          ...d,
          getItem: <T>(k: string) => later(delays.read, () => d.getItem<T>(k)),
          setItem: <T>(k: string, v: T) => later(delays.write, () => d.setItem(k, v)),
          removeItem: (k: string) => later(delays.write, () => d.removeItem(k)),
        };
      },
    },
  };
}

/**
 * Opens collection `name` on `engine` and reads `key` until the §9 800 ms and the 3.2 s retry have
 * passed (fake timers); answers the collection and what the page got.
 */
async function readPastTimeOut(engine: StorageEngine, name: 'user' | 'carts', key: string) {
  setStorageEngine(engine);
  const c = collection(name);
  const read = c.getItem(key);
  await vi.advanceTimersByTimeAsync(800 + 3_200);
  return { c, got: await read };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setStorageStoreCode('gb');
  resetUserStore();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setStorageEngine(null);
  resetUserStore();
});

describe('a read past the time-out is unknown, not absent', () => {
  it('a stored token read past 800 ms and the 3.2 s retry is null for the page but not answered, and its late answer is the stored token', async () => {
    vi.useFakeTimers();
    const s = slowEngine({ read: 6_000 });
    await s.inner.open('shop-gb-user').setItem('current-token', 'tok-1');
    const { c, got } = await readPastTimeOut(s.engine, 'user', 'current-token');
    expect(got).toBeNull();
    expect(c.answered('current-token')).toBe(false);
    const late = c.lateAnswer<string>('current-token');
    // The retry's read was sent at 800 ms and answers 6 s later.
    await vi.advanceTimersByTimeAsync(2_800);
    expect(await late).toEqual({ answered: true, value: 'tok-1' });
    expect(c.answered('current-token')).toBe(true);
    expect(await c.getItem('current-token')).toBe('tok-1');
  });

  it('a key never answered gives up after the late-answer limit (12 s) and stays unknown', async () => {
    vi.useFakeTimers();
    const { c } = await readPastTimeOut(slowEngine({ read: 'hang' }).engine, 'user', 'current-token');
    let out: unknown = 'pending';
    const late = c.lateAnswer('current-token').then((v) => (out = v));
    await vi.advanceTimersByTimeAsync(11_999);
    expect(out).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await late;
    expect(out).toEqual({ answered: false, value: null });
    expect(c.answered('current-token')).toBe(false);
  });

  it('a key written on this page after its read failed is known: memory holds what the shopper did', async () => {
    vi.useFakeTimers();
    const { c } = await readPastTimeOut(slowEngine({ read: 'hang' }).engine, 'user', 'current-token');
    expect(c.answered('current-token')).toBe(false);
    await c.setItem('current-token', 'fresh');
    expect(c.answered('current-token')).toBe(true);
    expect(await c.lateAnswer('current-token')).toEqual({ answered: true, value: 'fresh' });
  });

  it('a late answer that nobody waits for still lands in memory, as in Vue Storefront: the next read has it', async () => {
    vi.useFakeTimers();
    const s = slowEngine({ read: 6_000 });
    await s.inner.open('shop-gb-carts').setItem('current-cart', [{ sku: 'R-1', qty: 1 }]);
    const { c, got } = await readPastTimeOut(s.engine, 'carts', 'current-cart');
    expect(got).toBeNull();
    // Reads are off now (§9: one failed read); memory answers, and the late answer fills it.
    await vi.advanceTimersByTimeAsync(2_800);
    expect(c.answered('current-cart')).toBe(true);
    expect(await c.getItem('current-cart')).toEqual([{ sku: 'R-1', qty: 1 }]);
  });

  it('a read that answers in time, even null, is answered', async () => {
    setStorageEngine(slowEngine({}).engine);
    const c = collection('user');
    expect(await c.getItem('current-token')).toBeNull();
    expect(c.answered('current-token')).toBe(true);
  });
});

describe('writes past the time-out', () => {
  it('flush waits for a write past its 800 ms time-out; once it lands the key is on the device again', async () => {
    vi.useFakeTimers();
    const s = slowEngine({ write: 2_000 });
    setStorageEngine(s.engine);
    const c = collection('carts');
    const write = c.setItem('current-cart', [{ sku: 'R-1', qty: 1 }]);
    await vi.advanceTimersByTimeAsync(800);
    await write;
    expect(c.onDevice('current-cart')).toBe(false);
    let flushed: unknown = 'pending';
    const f = c.flush().then((v) => (flushed = v));
    await vi.advanceTimersByTimeAsync(1_199);
    expect(flushed).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await f;
    expect(flushed).toBe(true);
    expect(await s.inner.open('shop-gb-carts').getItem('current-cart')).toEqual([{ sku: 'R-1', qty: 1 }]);
    expect(c.onDevice('current-cart')).toBe(true);
  });

  it('flush gives up after the late-answer limit when a write never lands', async () => {
    vi.useFakeTimers();
    setStorageEngine(slowEngine({ write: 'hang' }).engine);
    const c = collection('carts');
    void c.setItem('current-cart', []);
    let flushed: unknown = 'pending';
    const f = c.flush().then((v) => (flushed = v));
    await vi.advanceTimersByTimeAsync(12_000);
    await f;
    expect(flushed).toBe(false);
    expect(c.onDevice('current-cart')).toBe(false);
  });

  it('an older write landing late does not mark the key stored when a newer write did not land', async () => {
    vi.useFakeTimers();
    const inner = memoryEngine();
    let n = 0;
    setStorageEngine({
      name: 'first-slow-then-stuck',
      open(name, o) {
        const d = inner.open(name, o);
        return { ...d, setItem: (k, v) => (++n === 1 ? new Promise((r) => setTimeout(() => r(d.setItem(k, v)), 1_500)) : new Promise(() => {})) };
      },
    });
    const c = collection('carts');
    void c.setItem('current-cart', [{ sku: 'A', qty: 1 }]);
    void c.setItem('current-cart', [{ sku: 'A', qty: 2 }]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(c.onDevice('current-cart')).toBe(false);
    expect(await c.getItem('current-cart')).toEqual([{ sku: 'A', qty: 2 }]);
  });

  it('a login on a page whose session read timed out still reaches the storage for the next page', async () => {
    vi.useFakeTimers();
    const s = slowEngine({ read: 'hang' });
    setStorageEngine(s.engine);
    const loaded = loadUser();
    await vi.advanceTimersByTimeAsync(4_000);
    await loaded;
    expect($user.get()).toMatchObject({ token: null, unread: true });
    setUserToken('tok-7', 'ref-7');
    expect($user.get().unread).toBe(false);
    await saveSessionNow();
    expect(await s.inner.open('shop-gb-user').getItem('current-token')).toBe('tok-7');
    expect(await s.inner.open('shop-gb-user').getItem('current-refresh-token')).toBe('ref-7');
  });

  it('the session store follows a late answer on its own: the header shows the shopper signed in once the storage answers', async () => {
    vi.useFakeTimers();
    const s = slowEngine({ read: 6_000 });
    await s.inner.open('shop-gb-user').setItem('current-token', 'tok-3');
    setStorageEngine(s.engine);
    const loaded = loadUser();
    await vi.advanceTimersByTimeAsync(4_000);
    await loaded;
    expect($user.get()).toMatchObject({ token: null, unread: true });
    await vi.advanceTimersByTimeAsync(2_800);
    expect($user.get()).toMatchObject({ token: 'tok-3', unread: false });
  });

  it('saveSessionNow returns only once a slow write of the session has landed', async () => {
    vi.useFakeTimers();
    const s = slowEngine({ write: 2_500 });
    setStorageEngine(s.engine);
    await loadUser();
    setUserToken('tok-9', 'ref-9');
    let saved = false;
    const p = saveSessionNow().then(() => (saved = true));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(saved).toBe(false);
    await vi.advanceTimersByTimeAsync(2_600);
    await p;
    expect(saved).toBe(true);
    expect(await s.inner.open('shop-gb-user').getItem('current-token')).toBe('tok-9');
  });
});

describe('the account page does not take "unknown" for "signed out"', () => {
  const pageAt = (path: string) => {
    const replace = vi.fn();
    const session = new Map<string, string>();
    vi.stubGlobal('location', { pathname: path, replace });
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => session.get(k) ?? null,
      setItem: (k: string, v: string) => void session.set(k, v),
      removeItem: (k: string) => void session.delete(k),
    });
    return { replace, session };
  };

  it('a session the storage answers late is waited for: the signed-in shopper stays on the page', async () => {
    vi.useFakeTimers();
    const s = slowEngine({ read: 6_000 });
    await s.inner.open('shop-gb-user').setItem('current-token', 'tok-1');
    setStorageEngine(s.engine);
    const page = pageAt('/my-account/recently-viewed');
    const gate = accountPageGate('/');
    await vi.advanceTimersByTimeAsync(4_000);
    expect($user.get()).toMatchObject({ loaded: true, token: null, unread: true });
    await vi.advanceTimersByTimeAsync(2_800);
    expect(await gate).toBe('allowed');
    expect($user.get()).toMatchObject({ token: 'tok-1', unread: false });
    expect(page.replace).not.toHaveBeenCalled();
    expect(page.session.has(FLASH_KEY)).toBe(false);
  });

  it('a storage that never answers leaves the page unknown: no redirect, no login message', async () => {
    vi.useFakeTimers();
    setStorageEngine(slowEngine({ read: 'hang' }).engine);
    const page = pageAt('/my-account');
    let gate: unknown = 'pending';
    const done = accountPageGate('/').then((g) => (gate = g));
    await vi.advanceTimersByTimeAsync(4_000 + 12_000);
    await done;
    expect(gate).toBe('unknown');
    expect(page.replace).not.toHaveBeenCalled();
    expect(page.session.has(FLASH_KEY)).toBe(false);
  });

  it('a storage that answers "no session" in time still sends the visitor home to sign in', async () => {
    setStorageEngine(slowEngine({}).engine);
    const page = pageAt('/my-account');
    expect(await accountPageGate('/')).toBe('left');
    expect(page.replace).toHaveBeenCalledWith('/');
    expect(page.session.has(FLASH_KEY)).toBe(true);
  });

  it('awaitStoredSession is true at once when the session was read in time', async () => {
    setStorageEngine(slowEngine({}).engine);
    expect(await awaitStoredSession()).toBe(true);
    expect($user.get()).toMatchObject({ loaded: true, unread: false, token: null });
  });
});

describe('a link pressed while writes run waits for them (leave-guard.ts)', () => {
  const here = { href: 'https://shop.example/rings/ring-1', origin: 'https://shop.example', pathname: '/rings/ring-1', search: '' };
  /** A click on an element inside `<a href=…>` with the given attributes. */
  const click = (href: string, attrs: Record<string, string> = {}, extra: Partial<MouseEvent> = {}) => {
    const a = { target: attrs.target ?? '', getAttribute: (n: string) => (n === 'href' ? href : (attrs[n] ?? null)), hasAttribute: (n: string) => n in attrs };
    const e = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, target: { closest: () => a }, ...extra };
    const ev = { ...e, preventDefault: vi.fn(() => ((e as { defaultPrevented: boolean }).defaultPrevented = true)) };
    return ev as unknown as MouseEvent & { preventDefault: typeof ev.preventDefault };
  };

  it('holds only same-site links the page itself would follow', () => {
    expect(guardedLink(click('/cart'), here)?.href).toBe('https://shop.example/cart');
    expect(guardedLink(click('../necklaces?page=2'), here)?.href).toBe('https://shop.example/necklaces?page=2');
    expect(guardedLink(click('https://elsewhere.example/'), here)).toBeNull();
    expect(guardedLink(click('/cart', { target: '_blank' }), here)).toBeNull();
    expect(guardedLink(click('/cart', { download: '' }), here)).toBeNull();
    expect(guardedLink(click('#reviews'), here)).toBeNull();
    expect(guardedLink(click('mailto:shop@example.com'), here)).toBeNull();
    expect(guardedLink(click('/cart', {}, { ctrlKey: true }), here)).toBeNull();
    expect(guardedLink(click('/cart', {}, { button: 1 }), here)).toBeNull();
    expect(guardedLink(click('/cart', {}, { defaultPrevented: true }), here)).toBeNull();
  });

  it('a link pressed during a write is followed once the write lands; with nothing running it is not touched', async () => {
    vi.useFakeTimers();
    let handler: ((e: MouseEvent) => void) | undefined;
    const assign = vi.fn();
    const s = slowEngine({ write: 1_500 });
    setStorageEngine(s.engine);
    installLeaveGuard(writesRunning, flushWrites, {
      document: { addEventListener: ((_: string, h: (e: MouseEvent) => void) => (handler = h)) as Document['addEventListener'] },
      location: { ...here, assign },
    });
    const idle = click('/cart');
    handler!(idle as unknown as MouseEvent);
    expect(idle.preventDefault).not.toHaveBeenCalled();

    void collection('carts').setItem('current-cart', [{ sku: 'R-1', qty: 1 }]);
    const busy = click('/cart');
    handler!(busy as unknown as MouseEvent);
    expect(busy.preventDefault).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_499);
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(assign).toHaveBeenCalledWith('https://shop.example/cart');
    expect(await s.inner.open('shop-gb-carts').getItem('current-cart')).toEqual([{ sku: 'R-1', qty: 1 }]);
  });

  it(`a storage stuck for ${LEAVE_WAIT_MS} ms lets the link go, and later links are not held`, async () => {
    vi.useFakeTimers();
    let handler: ((e: MouseEvent) => void) | undefined;
    const assign = vi.fn();
    setStorageEngine(slowEngine({ write: 'hang' }).engine);
    installLeaveGuard(writesRunning, flushWrites, {
      document: { addEventListener: ((_: string, h: (e: MouseEvent) => void) => (handler = h)) as Document['addEventListener'] },
      location: { ...here, assign },
    });
    void collection('carts').setItem('current-cart', []);
    handler!(click('/cart') as unknown as MouseEvent);
    await vi.advanceTimersByTimeAsync(LEAVE_WAIT_MS);
    expect(assign).toHaveBeenCalledTimes(1);
    const later = click('/checkout');
    handler!(later as unknown as MouseEvent);
    expect(later.preventDefault).not.toHaveBeenCalled();
  });
});
