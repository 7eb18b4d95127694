/**
 * Storage that survives (src/lib/state/stores/storage-persistence.ts): what the waiting orders tell the shopper about where
 * an order is kept, and when and how often the shop asks the browser for persistent storage.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { messages } from '../../src/lib/messages';
import { askPersistentStorage, readStorageFacts, resetStorageAsk, $storageFacts } from '../../src/lib/state/stores/storage-persistence';
import { storageNotes } from '../../src/lib/pwa/storage-notes';
import { addToCart, loadCart } from '../../src/lib/state/stores/cart';
import { setSyncFetch } from '../../src/lib/state/sync';
import { fakeCartApi, freshState } from './stores-fixtures';
import { setOnline } from '../../src/lib/state/stores/network';
import { placeOrder } from '../../src/lib/state/sync/order-queue';
import { payload, useOrderQueueHarness } from './order-queue-fixtures';

const ONLY_HERE = 'Until it is sent, this order is saved only in this browser on this device: the shop does not have it yet.';

describe('the notes shown with waiting orders', () => {
  test('an order is only on this device, whatever the browser keeps', () => {
    for (const persistence of ['kept', 'not-kept', 'unsupported'] as const)
      for (const webkit of [true, false]) expect(storageNotes({ persistence, homeScreen: false, webkit })[0]).toBe(ONLY_HERE);
  });

  test('kept: the browser will not delete it for space, and no word of it being deleted', () => {
    const notes = storageNotes({ persistence: 'kept', homeScreen: false, webkit: false });
    expect(notes).toEqual([ONLY_HERE, "This browser has agreed to keep the shop's data, so it will not delete this order to free up space."]);
  });

  test('not kept, or no way to ask: the browser may delete it when space runs short', () => {
    expect(storageNotes({ persistence: 'not-kept', homeScreen: false, webkit: false })[1]).toMatch(
      /has not agreed .* may delete this order if the device runs short of space/,
    );
    expect(storageNotes({ persistence: 'unsupported', homeScreen: false, webkit: false })[1]).toMatch(/cannot be asked .* may delete this order/);
  });

  test("Safari's seven days: in a WebKit browser, not in a home-screen app, not in Chromium or Firefox", () => {
    const seven = (f: Parameters<typeof storageNotes>[0]) => storageNotes(f).some((n) => /seven days/.test(n));
    expect(seven({ persistence: 'not-kept', homeScreen: false, webkit: true })).toBe(true);
    // Persistent storage is not documented to lift the seven-day rule: the note stays.
    expect(seven({ persistence: 'kept', homeScreen: false, webkit: true })).toBe(true);
    expect(seven({ persistence: 'not-kept', homeScreen: true, webkit: true })).toBe(false);
    expect(seven({ persistence: 'not-kept', homeScreen: false, webkit: false })).toBe(false);
  });

  test('an order the browser storage did not take: only that the page must stay open, no word of it being kept', () => {
    for (const persistence of ['kept', 'not-kept', 'unsupported'] as const)
      expect(storageNotes({ persistence, homeScreen: false, webkit: true }, false)).toEqual([
        'Your order could not be saved on this device. Keep this page open: it will be sent when the connection returns.',
      ]);
  });

  test('every note is a text of the catalogue', () => {
    const catalogue = new Set<string>(Object.values(messages));
    for (const persistence of ['kept', 'not-kept', 'unsupported'] as const)
      for (const note of storageNotes({ persistence, homeScreen: false, webkit: true })) expect(catalogue.has(note)).toBe(true);
  });
});

/** A browser whose `navigator.storage` answers as told; counts the persist() calls. */
function fakeBrowser(opts: { persisted?: boolean; grants?: boolean; api?: boolean; vendor?: string; standalone?: boolean; page?: boolean }) {
  const calls = { persist: 0, persisted: 0 };
  let persisted = opts.persisted ?? false;
  const storage =
    opts.api === false
      ? undefined
      : {
          persisted: async () => {
            calls.persisted++;
            return persisted;
          },
          persist: async () => {
            calls.persist++;
            if (opts.grants) persisted = true;
            return persisted;
          },
        };
  // The runner's own navigator (its locks, if any) with this storage and vendor.
  const own = (globalThis as { navigator?: { locks?: unknown } }).navigator;
  vi.stubGlobal('navigator', { locks: own?.locks, storage, vendor: opts.vendor ?? 'Google Inc.' });
  // page: false leaves the test runner's own (absent) window for the stores that listen to it.
  if (opts.page !== false) vi.stubGlobal('window', { matchMedia: (q: string) => ({ matches: !!opts.standalone && q === '(display-mode: standalone)' }) });
  return calls;
}

describe('asking for persistent storage', () => {
  beforeEach(() => resetStorageAsk());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetStorageAsk();
  });

  test('reading the facts asks nothing of the shopper', async () => {
    const calls = fakeBrowser({ persisted: false, grants: true });
    expect(await readStorageFacts()).toEqual({ persistence: 'not-kept', homeScreen: false, webkit: false });
    expect(calls.persist).toBe(0);
  });

  test('granted: kept, asked once per page however often it is called', async () => {
    const calls = fakeBrowser({ grants: true });
    expect((await askPersistentStorage()).persistence).toBe('kept');
    await askPersistentStorage();
    expect(calls.persist).toBe(1);
    expect($storageFacts.get()?.persistence).toBe('kept');
  });

  test('denied: not kept', async () => {
    fakeBrowser({ grants: false });
    expect((await askPersistentStorage()).persistence).toBe('not-kept');
  });

  test('already persistent: not asked again', async () => {
    const calls = fakeBrowser({ persisted: true });
    expect((await askPersistentStorage()).persistence).toBe('kept');
    expect(calls.persist).toBe(0);
  });

  test('no Storage API (an old browser, a worker): unsupported, and no error', async () => {
    fakeBrowser({ api: false });
    expect((await askPersistentStorage()).persistence).toBe('unsupported');
  });

  test('Safari, and a home-screen app, are told apart', async () => {
    fakeBrowser({ vendor: 'Apple Computer, Inc.', standalone: true });
    expect(await readStorageFacts()).toMatchObject({ webkit: true, homeScreen: true });
  });

  test('the bag asks when it gets its first line, not on later lines nor on loading', async () => {
    const calls = fakeBrowser({ grants: false, page: false });
    freshState();
    setSyncFetch(fakeCartApi().handler);
    await loadCart();
    expect(calls.persist).toBe(0);
    addToCart({ sku: 'R-1042', name: 'Ring', price: 1250 });
    await vi.waitFor(() => expect(calls.persist).toBe(1));
    resetStorageAsk();
    addToCart({ sku: 'R-2000', name: 'Band', price: 300 });
    await new Promise((r) => setTimeout(r, 20));
    // Not asked again: the bag already had a line.
    expect(calls.persist).toBe(1);
  });
});

describe('an order that waits asks for persistent storage', () => {
  useOrderQueueHarness();
  afterEach(() => {
    setOnline(true);
    vi.unstubAllGlobals();
    resetStorageAsk();
  });

  test('queued offline: asked; sent at once: not asked', async () => {
    const calls = fakeBrowser({ grants: true, page: false });
    resetStorageAsk();
    expect((await placeOrder(payload())).status).toBe('sent');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.persist).toBe(0);
    setOnline(false);
    expect((await placeOrder(payload())).status).toBe('queued');
    await vi.waitFor(() => expect(calls.persist).toBe(1));
  });
});
