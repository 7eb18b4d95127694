/**
 * One browser-storage collection with the §9 cache rules: reads time out after 800 ms (error logged,
 * database reconnected, the read retried there for up to 3.2 s), iteration after 2,000 ms, an
 * optional quota checked every 30 s, and persistent caching switched off after 30 failed writes or 1
 * failed read. Every value also lives in memory, so the shop goes on (and keeps its data) when the
 * browser storage misbehaves.
 */
import type { StorageDriver, StorageEngine } from './engine';

/** The limits of one collection (defaults come from config.constants.cache). */
export interface CollectionOptions {
  timeoutMs: number;
  iterateTimeoutMs: number;
  maxSetErrors: number;
  maxGetErrors: number;
  /**
   * How long a caller that must know waits for a storage call that missed `timeoutMs`: an account page
   * reading the session, a page about to change writing it (`lateAnswer`, `flush`). Default 12 s.
   */
  lateAnswerMs?: number;
  /** Quota in KB; 0 or absent means no quota check. */
  quotaKb?: number;
  quotaCheckIntervalMs: number;
  driver?: string;
}

/** What a quota check found and removed. */
export interface QuotaReport {
  sizeKb: number;
  purged: string[];
}

type Outcome<T> = { ok: true; value: T } | { ok: false; timedOut: boolean; error?: unknown };

const TIMED_OUT = Symbol('timed out');
/** The read retried on a new connection waits this many times the §9 timeout (800 ms: 3.2 s) before memory answers. */
const SLOW_RETRY_FACTOR = 4;
/** `lateAnswerMs` when the options do not set it. */
const DEFAULT_LATE_ANSWER_MS = 12_000;
const clone = <T>(v: T): T => (v === undefined || v === null ? v : structuredClone(v));

function guard<T>(p: Promise<T>, ms: number): Promise<Outcome<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([p, timeout])
    .then(
      (value): Outcome<T> => (value === TIMED_OUT ? { ok: false, timedOut: true } : { ok: true, value: value as T }),
      (error): Outcome<T> => ({ ok: false, timedOut: false, error }),
    )
    .finally(() => clearTimeout(timer));
}

/** Rough stored size of an entry in bytes (UTF-16 characters of its JSON, as browsers count). */
export const roughSize = (key: string, value: unknown): number => (key.length + (JSON.stringify(value) ?? '').length) * 2;

/** A guarded collection; get one through `collection(name)` in ./index. */
export class Collection {
  private driver: StorageDriver;
  private readonly memory = new Map<string, unknown>();
  /** Keys whose last write did not reach the browser storage: memory holds the truth for them. */
  private readonly unsynced = new Set<string>();
  /**
   * Keys whose last read got no answer (timed out or failed) and that memory does not know: their value
   * is unknown, not absent. Each holds that read, still running, for `lateAnswer`.
   */
  private readonly unanswered = new Map<string, Promise<void>>();
  /** Writes still running in the browser storage (including those past their time-out), for `flush`. */
  private readonly inflight = new Set<Promise<unknown>>();
  /** The number of each key's latest write: a late success clears `unsynced` only for the latest. */
  private readonly writeSeq = new Map<string, number>();
  private setErrors = 0;
  private getErrors = 0;
  /** Reads go to the browser storage until `maxGetErrors` reads failed (then memory answers). */
  private readsOn = true;
  /** Writes go to the browser storage until `maxSetErrors` writes failed (then memory only). */
  private writesOn = true;
  private recreated = false;
  private quotaTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly name: string,
    private readonly engine: StorageEngine,
    private readonly opts: CollectionOptions,
  ) {
    this.driver = engine.open(name, { driver: opts.driver });
    if (opts.quotaKb && opts.quotaKb > 0) {
      this.quotaTimer = setInterval(() => void this.checkQuota(), opts.quotaCheckIntervalMs);
      (this.quotaTimer as { unref?: () => void }).unref?.();
    }
  }

  /**
   * False once the browser storage was switched off for this collection's reads or writes (§9: after 1
   * failed read, reads answer from memory; after 30 failed writes, writes stay in memory). As in Vue
   * Storefront's cache driver, a failed read does not stop writes: what the shopper does next (a login,
   * a bag line) still reaches the storage for the next page.
   */
  get persistent(): boolean {
    return this.readsOn && this.writesOn;
  }

  /**
   * False when the key's last write here did not reach the browser storage (it timed out or failed,
   * or the storage is switched off): its value then lives in this page's memory only.
   */
  onDevice(key: string): boolean {
    return this.writesOn && !this.unsynced.has(key);
  }

  /** True while a write is still running in the browser storage (past its time-out or not). */
  get writing(): boolean {
    return this.inflight.size > 0;
  }

  /** Failed writes and reads so far. */
  get errorCounts(): { set: number; get: number } {
    return { set: this.setErrors, get: this.getErrors };
  }

  /** Reads a value; a slow or failing storage answers from memory (null when unknown: see `answered`). */
  async getItem<T>(key: string): Promise<T | null> {
    if (this.unsynced.has(key)) return this.fromMemory<T>(key);
    if (!this.readsOn) {
      // Memory answers; a key it does not know is unknown, and the storage is still asked in the
      // background for a caller that waits (`lateAnswer`).
      if (!this.memory.has(key) && !this.unanswered.has(key)) {
        const late = this.lateRead(this.driver.getItem<T>(key), key);
        this.unanswered.set(key, late);
      }
      return this.fromMemory<T>(key);
    }
    let out = await this.guardedRead<T>(key, this.opts.timeoutMs);
    if (!out.ok && out.timedOut && !this.recreated) {
      console.error(`[storage] Cache not responding within ${this.opts.timeoutMs} ms for key: ${key} in ${this.name}. Restarting the database`);
      this.recreate();
      // The new connection gets one longer chance: a storage that was only slow (a busy phone opening
      // a large database) answers it, and the shopper keeps their session and bag on this page. A
      // memory answer would show an empty bag until the late answer arrives.
      out = await this.guardedRead<T>(key, this.opts.timeoutMs * SLOW_RETRY_FACTOR);
    }
    if (!out.ok) {
      if (out.timedOut) {
        console.error(`[storage] Cache not responding within ${this.opts.timeoutMs} ms for key: ${key} in ${this.name}`);
      } else {
        console.error(`[storage] Read of ${key} in ${this.name} failed`, out.error);
      }
      this.readFailed();
      return this.fromMemory<T>(key);
    }
    this.unanswered.delete(key);
    // A write may have failed while this read was in flight.
    if (this.unsynced.has(key)) return this.fromMemory<T>(key);
    const value = out.value ?? null;
    if (value === null) this.memory.delete(key);
    else this.memory.set(key, clone(value));
    return clone(value) as T | null;
  }

  /**
   * False when the key's last read got no answer from the browser storage and nothing was written to
   * it here since: `getItem`'s null then means "unknown", not "absent" (a signed-in shopper's session
   * on a storage too slow to answer in time must not read as signed out).
   */
  answered(key: string): boolean {
    return !this.unanswered.has(key);
  }

  /**
   * Waits up to `ms` (default `lateAnswerMs`) more for the answer to a read that missed its time-out.
   * A late answer, whenever it comes, is kept in memory unless the key was written here since (as Vue
   * Storefront's cache driver does), and the key counts as answered again; reads stay as the §9 rule
   * left them.
   */
  async lateAnswer<T>(key: string, ms: number = this.lateMs): Promise<{ answered: boolean; value: T | null }> {
    const late = this.unanswered.get(key);
    if (late) await guard(late, ms);
    return { answered: !this.unanswered.has(key), value: this.fromMemory<T>(key) };
  }

  /**
   * Waits up to `ms` (default `lateAnswerMs`) for every write still running in the browser storage,
   * including those past their §9 time-out: call before a page change, which would abort them. True
   * when all finished in time.
   */
  async flush(ms: number = this.lateMs): Promise<boolean> {
    if (this.inflight.size === 0) return true;
    const out = await guard(Promise.allSettled([...this.inflight]), ms);
    return out.ok;
  }

  /** Stores a value: always in memory, and in the browser storage while persistence is on. Never rejects. */
  async setItem<T>(key: string, value: T): Promise<void> {
    this.memory.set(key, clone(value));
    this.unanswered.delete(key);
    await this.persist(key, () => this.driver.setItem(key, value));
  }

  /** Removes a value. Never rejects. */
  async removeItem(key: string): Promise<void> {
    this.memory.delete(key);
    this.unanswered.delete(key);
    await this.persist(key, () => this.driver.removeItem(key));
  }

  /** Empties the collection. Never rejects. */
  async clear(): Promise<void> {
    this.memory.clear();
    this.unsynced.clear();
    this.unanswered.clear();
    // With writes off the storage keeps what was cleared here: from now on memory is the truth.
    if (!this.writesOn) {
      this.readsOn = false;
      return;
    }
    const out = await this.guarded(() => this.driver.clear(), this.opts.timeoutMs);
    if (!out.ok) this.writeFailed('clear', out);
  }

  /** Every entry, read within the iterate timeout (2,000 ms); memory answers when the storage does not. */
  async entries<T>(): Promise<Array<[string, T]>> {
    if (!this.readsOn) return [...this.memory.entries()].map(([k, v]) => [k, clone(v) as T]);
    const found: Array<[string, T]> = [];
    const out = await this.guarded(
      () =>
        this.driver.iterate<T>((value, key) => {
          found.push([key, value]);
        }),
      this.opts.iterateTimeoutMs,
    );
    if (!out.ok) {
      console.error(
        out.timedOut
          ? `[storage] Cache iteration not responding within ${this.opts.iterateTimeoutMs} ms in ${this.name}`
          : `[storage] Iteration of ${this.name} failed`,
        out.error ?? '',
      );
      this.readFailed();
      return [...this.memory.entries()].map(([k, v]) => [k, clone(v) as T]);
    }
    const result = new Map<string, T>(found);
    for (const k of this.unsynced) {
      if (this.memory.has(k)) result.set(k, clone(this.memory.get(k)) as T);
      else result.delete(k);
    }
    for (const [k, v] of result) this.memory.set(k, clone(v));
    return [...result.entries()];
  }

  /** Calls `fn` for each entry (see `entries`). */
  async iterate<T>(fn: (value: T, key: string, n: number) => void): Promise<void> {
    let n = 0;
    for (const [k, v] of await this.entries<T>()) fn(v, k, ++n);
  }

  /** Every key. */
  async keys(): Promise<string[]> {
    return (await this.entries()).map(([k]) => k);
  }

  /** Measures the collection against its quota and removes the oldest entries until it fits. */
  async checkQuota(): Promise<QuotaReport> {
    const quotaBytes = (this.opts.quotaKb ?? 0) * 1024;
    const all = await this.entries<unknown>();
    let size = all.reduce((sum, [k, v]) => sum + roughSize(k, v), 0);
    const purged: string[] = [];
    if (quotaBytes > 0 && size > quotaBytes) {
      for (const [k, v] of all) {
        if (size <= quotaBytes) break;
        await this.removeItem(k);
        size -= roughSize(k, v);
        purged.push(k);
      }
      console.info(`[storage] ${this.name} over its ${this.opts.quotaKb} KB quota: removed ${purged.length} entries`);
    }
    return { sizeKb: Math.round(size / 1024), purged };
  }

  /** Stops the quota timer. */
  dispose(): void {
    clearInterval(this.quotaTimer);
    this.quotaTimer = undefined;
  }

  /** Runs a storage call within `ms`; the clock starts once the driver's code is loaded (loading it is not the cache answering). */
  private async guarded<T>(op: () => Promise<T>, ms: number): Promise<Outcome<T>> {
    await this.driver.ready;
    return guard(op(), ms);
  }

  private get lateMs(): number {
    return this.opts.lateAnswerMs ?? DEFAULT_LATE_ANSWER_MS;
  }

  /**
   * A read within `ms`. Until it answers, a key memory does not know counts as unanswered; the read
   * goes on past `ms` and settles the key whenever it answers (`lateRead`).
   */
  private async guardedRead<T>(key: string, ms: number): Promise<Outcome<T | null>> {
    await this.driver.ready;
    const raw = this.driver.getItem<T>(key);
    const late = this.lateRead(raw, key);
    if (!this.memory.has(key)) this.unanswered.set(key, late);
    return guard(raw, ms);
  }

  /**
   * What a read does when it answers, in time or late: if the key is still unanswered (nothing was
   * written to it here since, nor read by another read), the value goes into memory and the key is
   * answered. A failed read leaves the key unanswered.
   */
  private lateRead<T>(raw: Promise<T | null>, key: string): Promise<void> {
    return raw.then(
      (value) => {
        if (!this.unanswered.has(key)) return;
        this.unanswered.delete(key);
        if (value !== null && value !== undefined && !this.memory.has(key)) this.memory.set(key, clone(value));
      },
      () => undefined,
    );
  }

  private fromMemory<T>(key: string): T | null {
    return this.memory.has(key) ? (clone(this.memory.get(key)) as T) : null;
  }

  private async persist(key: string, op: () => Promise<unknown>): Promise<void> {
    this.unsynced.add(key);
    if (!this.writesOn) return;
    const seq = (this.writeSeq.get(key) ?? 0) + 1;
    this.writeSeq.set(key, seq);
    // Tracked from now, for a `flush` called before the driver's code has even loaded.
    const raw = Promise.resolve(this.driver.ready).then(op);
    // The write goes on past its time-out; if it lands and no newer write of the key followed, the
    // storage holds the truth again (the next page reads it).
    const tracked = raw.then(
      () => {
        if (this.writeSeq.get(key) === seq && this.writesOn) this.unsynced.delete(key);
      },
      () => undefined,
    );
    this.inflight.add(tracked);
    void tracked.finally(() => this.inflight.delete(tracked));
    await this.driver.ready;
    const out = await guard(raw, this.opts.timeoutMs);
    if (out.ok) {
      if (this.writeSeq.get(key) === seq) this.unsynced.delete(key);
    } else this.writeFailed(key, out);
  }

  private writeFailed(key: string, out: Outcome<unknown> & { ok: false }): void {
    this.setErrors++;
    console.error(
      out.timedOut
        ? `[storage] Write of ${key} in ${this.name} not answered within ${this.opts.timeoutMs} ms`
        : `[storage] Write of ${key} in ${this.name} failed`,
      out.error ?? '',
    );
    if (this.setErrors >= this.opts.maxSetErrors) this.disable('set');
  }

  private readFailed(): void {
    this.getErrors++;
    if (this.getErrors >= this.opts.maxGetErrors) this.disable('get');
  }

  private disable(why: 'set' | 'get'): void {
    if (why === 'get' ? !this.readsOn : !this.writesOn) return;
    if (why === 'get') this.readsOn = false;
    else this.writesOn = false;
    this.dispose();
    const how = why === 'get' ? 'reads answered from memory' : 'going on in memory';
    console.error(`[storage] Persistent cache disabled because of previous errors [${why}] in ${this.name}; ${how}`);
  }

  /**
   * §9 'recreates the cache database': a new connection to the same database. Its data stays: a
   * storage that is only slow (a busy phone, a large database opening) must not cost the shopper
   * their session, bag or waiting orders.
   */
  private recreate(): void {
    if (this.recreated) return;
    this.recreated = true;
    this.driver = this.engine.open(this.name, { driver: this.opts.driver });
  }
}
