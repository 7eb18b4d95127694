/**
 * Storage that survives (docs/offline.md, "What each browser keeps"). The bag and the order queue
 * live in this browser's storage (IndexedDB, else localStorage), which a browser may delete: under
 * storage pressure (every engine, least recently used site first) unless the site's storage is
 * persistent, and in Safari after seven days of use without a visit to the site (not for a web app
 * added to the home screen). So:
 *
 * - the shop asks for persistent storage (`navigator.storage.persist()`) once a page has something
 *   worth keeping: when the bag gets its first line or an order is stored to wait
 *   (`askPersistentStorage`), never on page load (Firefox asks the shopper; Chromium and Safari
 *   decide by themselves);
 * - the waiting orders say plainly that an order is only on this device until it is sent, and
 *   whether this browser may delete it (src/lib/pwa/storage-notes.ts, from what the browser reports, read by
 *   `readStorageFacts`): nothing claims the data is kept unless the browser says so.
 *
 * The asking is on every page with a bag, so this file carries no texts.
 */
import { atom } from 'nanostores';

/** What the browser reports: storage marked persistent, not (yet), or no way to ask. */
export type Persistence = 'kept' | 'not-kept' | 'unsupported';

export interface StorageFacts {
  persistence: Persistence;
  /** Opened as an installed web app (home screen, dock): Safari's seven-day rule does not apply. */
  homeScreen: boolean;
  /** A WebKit browser (Safari; every browser on iOS): the seven-day rule may apply. */
  webkit: boolean;
}

/** The parts of `navigator.storage` used here (absent in old browsers and insecure contexts). */
type PersistApi = { persist?: () => Promise<boolean>; persisted?: () => Promise<boolean> };

function persistApi(): PersistApi | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.storage as PersistApi | undefined);
}

/** What the browser says now, without asking anything of the shopper. */
async function currentPersistence(): Promise<Persistence> {
  const api = persistApi();
  if (!api?.persist || !api.persisted) return 'unsupported';
  return (await api.persisted().catch(() => false)) ? 'kept' : 'not-kept';
}

function homeScreenApp(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone = ['standalone', 'fullscreen', 'minimal-ui'].some((m) => window.matchMedia?.(`(display-mode: ${m})`).matches);
  return standalone || (navigator as { standalone?: boolean }).standalone === true;
}

function webkitBrowser(): boolean {
  return typeof navigator !== 'undefined' && navigator.vendor?.startsWith('Apple') === true;
}

/** The facts of this page's storage; null until first read. */
export const $storageFacts = atom<StorageFacts | null>(null);

function setPersistence(persistence: Persistence): StorageFacts {
  const facts = { persistence, homeScreen: homeScreenApp(), webkit: webkitBrowser() };
  $storageFacts.set(facts);
  return facts;
}

/** Reads what the browser reports into `$storageFacts` (for the waiting orders' notes). */
export async function readStorageFacts(): Promise<StorageFacts> {
  return setPersistence(await currentPersistence());
}

let asking: Promise<StorageFacts> | null = null;

/**
 * Asks the browser once per page to keep the shop's storage (it may answer at once, later, or, in
 * Firefox, after the shopper chooses); not asked again when it is kept already. Never throws.
 */
export function askPersistentStorage(): Promise<StorageFacts> {
  asking ??= (async () => {
    const now = await currentPersistence();
    if (now !== 'not-kept') return setPersistence(now);
    const granted = await persistApi()!.persist!().catch(() => false);
    return setPersistence(granted ? 'kept' : 'not-kept');
  })();
  return asking;
}

/** Forgets that this page asked (tests). */
export function resetStorageAsk(): void {
  asking = null;
  $storageFacts.set(null);
}
