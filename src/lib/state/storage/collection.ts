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
  private readonly unanswered = new Map<string, Promise<Outcome<unknown>>>();
  /** Writes still running in the browser storage (including those past their time-out), for `flush`. */
  private readonly inflight = new Set<Promise<unknown>>();
  /** The number of each key's latest write: a late success clears `unsynced` only for the latest. */
  private readonly writeSeq = new Map<string, number>();
  private setErrors = 0;
  private getErrors = 0;
  private persistentOn = true;
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

  /** False once the browser storage was switched off for this collection (memory only from then on). */
  get persistent(): boolean {
    return this.persistentOn;
  }

  /**
   * False when the key's last write here did not reach the browser storage (it timed out or failed,
   * or the storage is switched off): its value then lives in this page's memory only.
   */
  onDevice(key: string): boolean {
    return this.persistentOn && !this.unsynced.has(key);
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
    if (!this.persistentOn || this.unsynced.has(key)) return this.fromMemory<T>(key);
    let read = await this.guardedRead<T>(key, this.opts.timeoutMs);
    if (!read.out.ok && read.out.timedOut && !this.recreated) {
      console.error(`[storage] Cache not responding within ${this.opts.timeoutMs} ms for key: ${key} in ${this.name}. Restarting the database`);
      this.recreate();
      // The new connection gets one longer chance: a storage that was only slow (a busy phone opening
      // a large database) answers it, and the shopper keeps their session and bag on this page. A
      // memory answer would show an empty bag, and what the shopper then did would live in memory
      // only (persistence goes off), lost at the next page.
      read = await this.guardedRead<T>(key, this.opts.timeoutMs * SLOW_RETRY_FACTOR);
    }
    const out = read.out;
    if (!out.ok) {
      if (out.timedOut) {
        console.error(`[storage] Cache not responding within ${this.opts.timeoutMs} ms for key: ${key} in ${this.name}`);
      } else {
        console.error(`[storage] Read of ${key} in ${this.name} failed`, out.error);
      }
      if (!this.memory.has(key)) this.unanswered.set(key, read.late);
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
   * A late answer is kept in memory (unless the key was written here since) and the key counts as
   * answered again; persistence stays as the §9 rule left it.
   */
  async lateAnswer<T>(key: string, ms: number = this.lateMs): Promise<{ answered: boolean; value: T | null }> {
    const late = this.unanswered.get(key);
    if (!late) return { answered: true, value: this.fromMemory<T>(key) };
    const out = await guard(late, ms);
    if (!this.unanswered.has(key)) return { answered: true, value: this.fromMemory<T>(key) };
    if (!out.ok || !out.value.ok) return { answered: false, value: null };
    this.unanswered.delete(key);
    const value = (out.value.value ?? null) as T | null;
    if (value !== null) this.memory.set(key, clone(value));
    return { answered: true, value: clone(value) };
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
    if (!this.persistentOn) return;
    const out = await this.guarded(() => this.driver.clear(), this.opts.timeoutMs);
    if (!out.ok) this.writeFailed('clear', out);
  }

  /** Every entry, read within the iterate timeout (2,000 ms); memory answers when the storage does not. */
  async entries<T>(): Promise<Array<[string, T]>> {
    if (!this.persistentOn) return [...this.memory.entries()].map(([k, v]) => [k, clone(v) as T]);
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

  /** A read within `ms`, and the same read (never rejecting) for a caller that waits longer. */
  private async guardedRead<T>(key: string, ms: number): Promise<{ out: Outcome<T | null>; late: Promise<Outcome<unknown>> }> {
    await this.driver.ready;
    const raw = this.driver.getItem<T>(key);
    const late = raw.then(
      (value): Outcome<unknown> => ({ ok: true, value }),
      (error): Outcome<unknown> => ({ ok: false, timedOut: false, error }),
    );
    return { out: await guard(raw, ms), late };
  }

  private fromMemory<T>(key: string): T | null {
    return this.memory.has(key) ? (clone(this.memory.get(key)) as T) : null;
  }

  private async persist(key: string, op: () => Promise<unknown>): Promise<void> {
    if (!this.persistentOn) return;
    this.unsynced.add(key);
    const seq = (this.writeSeq.get(key) ?? 0) + 1;
    this.writeSeq.set(key, seq);
    // Tracked from now, for a `flush` called before the driver's code has even loaded.
    const raw = Promise.resolve(this.driver.ready).then(op);
    // The write goes on past its time-out; if it lands and no newer write of the key followed, the
    // storage holds the truth again (the next page reads it).
    const tracked = raw.then(
      () => {
        if (this.writeSeq.get(key) === seq && this.persistentOn) this.unsynced.delete(key);
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
    if (!this.persistentOn) return;
    this.persistentOn = false;
    this.dispose();
    console.error(`[storage] Persistent cache disabled because of previous errors [${why}] in ${this.name}; going on in memory`);
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
