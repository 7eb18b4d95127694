/**
 * The reference API's database: node:sqlite (the embedded default, one file) or PostgreSQL (when
 * DATABASE_URL is set; several API instances share it). One small asynchronous interface for both, so
 * the routes' SQL is written once: `?` placeholders, SQL both dialects accept (ON CONFLICT upserts,
 * RETURNING, COALESCE), a dialect branch only where they differ (`db.dialect`). Versioned migrations
 * (./migrations.ts) run at start. See docs/api.md, "The API's database".
 */
import { DatabaseSync } from 'node:sqlite';
import { AsyncLocalStorage } from 'node:async_hooks';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { MIGRATIONS, forPostgres } from './migrations';

/** Rows come back as `unknown`: each route casts a row to its row type where it reads it. */
export interface Statement {
  run(...params: unknown[]): Promise<{ changes: number }>;
  get(...params: unknown[]): Promise<unknown>;
  all(...params: unknown[]): Promise<unknown[]>;
}

export type Dialect = 'sqlite' | 'postgres';

export interface DB {
  readonly dialect: Dialect;
  /** A statement of `sql` (`?` placeholders). Inside `transaction`, it runs in that transaction. */
  prepare(sql: string): Statement;
  exec(sql: string): Promise<void>;
  /**
   * Wraps `fn` so that each call runs in one transaction, rolled back when it throws (a savepoint when
   * nested). Transactions are serializable on both databases: SQLite runs one at a time; PostgreSQL
   * re-runs a transaction that lost a race (serialization failure, deadlock, or a unique key another
   * one just committed), so `fn` must have no effect outside the database before it returns.
   * `snapshot`: PostgreSQL runs it REPEATABLE READ instead, for a hot transaction whose every check is
   * of a row it then writes (a concurrent write makes it re-run) or is guarded by a unique key:
   * serializable's predicate locks on index pages make concurrent ones conflict for nothing.
   */
  transaction<A extends unknown[], R>(fn: (...args: A) => Promise<R> | R, opts?: { snapshot?: boolean }): (...args: A) => Promise<R>;
  /**
   * Runs `fn` while holding the named lock shared by every API instance on this database (PostgreSQL:
   * a session advisory lock, released when the holder's connection ends, so a killed instance frees
   * it); undefined without running `fn` when another holder has it.
   */
  withLock<R>(name: string, fn: () => Promise<R>): Promise<{ value: R } | undefined>;
  /** The number of migrations applied to the database (readiness compares it with MIGRATIONS.length). */
  schemaVersion(): Promise<number>;
  /** Connections of the pool (SQLite: its one connection): open, idle, and callers waiting for one. */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/**
 * Opens the database of `DATABASE_URL` (postgres://…) or else the SQLite file `path` (':memory:' allowed),
 * migrated with `migrations` (tests add one to the shop's own to exercise a deployment).
 */
export async function openDatabase(path: string, url?: string, migrations: readonly string[] = MIGRATIONS): Promise<DB> {
  if (url) return openPostgres(url, migrations);
  return openSqlite(path, migrations);
}

// ---------------------------------------------------------------- SQLite

/** SQLite: synchronous underneath; a transaction holds the connection until it ends, other callers wait. */
export class SqliteDB implements DB {
  readonly dialect = 'sqlite' as const;
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  /** Marks the async calls made inside a transaction (they run in it; others wait for it to end). */
  readonly #inTx = new AsyncLocalStorage<{ depth: number }>();
  /** Resolves when the open transaction (if any) ends. */
  #gate: Promise<void> = Promise.resolve();
  #open = false;
  /** Callers waiting for the open transaction to end. */
  #waiting = 0;
  readonly #owner = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  constructor(path: string) {
    this.#db = new DatabaseSync(path);
  }

  #stmt(sql: string) {
    let stmt = this.#statements.get(sql);
    if (!stmt) {
      if (this.#statements.size > 500) this.#statements.clear();
      stmt = this.#db.prepare(sql);
      this.#statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Runs `op` now when no transaction of another caller is open, else once it has ended. */
  async #run<T>(op: () => T): Promise<T> {
    if (!this.#inTx.getStore()) await this.#wait();
    return op();
  }

  async #wait(): Promise<void> {
    this.#waiting++;
    try {
      while (this.#open) await this.#gate;
    } finally {
      this.#waiting--;
    }
  }

  prepare(sql: string): Statement {
    return {
      run: (...params) =>
        this.#run(() => {
          const r = this.#stmt(sql).run(...(params as never[]));
          return { changes: Number(r.changes) };
        }),
      get: (...params) => this.#run(() => this.#stmt(sql).get(...(params as never[]))),
      all: (...params) => this.#run(() => this.#stmt(sql).all(...(params as never[]))),
    };
  }

  exec(sql: string): Promise<void> {
    return this.#run(() => this.#db.exec(sql));
  }

  /** Runs `PRAGMA sql` (SQLite only); `simple` returns the first column of the first row. */
  pragma(sql: string, opts?: { simple?: boolean }): unknown {
    const rows = this.#db.prepare(`PRAGMA ${sql}`).all();
    if (!opts?.simple) return rows;
    const first = rows[0];
    return first ? Object.values(first)[0] : undefined;
  }

  transaction<A extends unknown[], R>(fn: (...args: A) => Promise<R> | R): (...args: A) => Promise<R> {
    return async (...args: A): Promise<R> => {
      const outer = this.#inTx.getStore();
      if (outer) {
        const savepoint = `sp${outer.depth}`;
        this.#db.exec(`SAVEPOINT ${savepoint}`);
        try {
          const result = await this.#inTx.run({ depth: outer.depth + 1 }, () => fn(...args));
          this.#db.exec(`RELEASE ${savepoint}`);
          return result;
        } catch (err) {
          if (this.#db.isTransaction) this.#db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
          throw err;
        }
      }
      await this.#wait();
      let end!: () => void;
      this.#open = true;
      this.#gate = new Promise<void>((r) => (end = r));
      try {
        this.#db.exec('BEGIN IMMEDIATE');
        try {
          const result = await this.#inTx.run({ depth: 1 }, () => fn(...args));
          this.#db.exec('COMMIT');
          return result;
        } catch (err) {
          // SQLite may already have rolled back (some errors end the transaction themselves).
          if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
          throw err;
        }
      } finally {
        this.#open = false;
        end();
      }
    };
  }

  async withLock<R>(name: string, fn: () => Promise<R>): Promise<{ value: R } | undefined> {
    // A row per held lock; one left by a process that died expires after an hour.
    const now = Date.now();
    const taken = await this.prepare(
      'INSERT INTO locks (name, owner, expires_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at WHERE locks.expires_at < ?',
    ).run(name, this.#owner, now + 3_600_000, now);
    if (!taken.changes) return undefined;
    try {
      return { value: await fn() };
    } finally {
      await this.prepare('DELETE FROM locks WHERE name = ? AND owner = ?').run(name, this.#owner);
    }
  }

  /**
   * Runs the migrations not yet applied (tracked in `PRAGMA user_version`), each in its transaction;
   * the version is read inside it, so a process that waited for another's migration does not run it again.
   */
  migrate(migrations: readonly string[] = MIGRATIONS): void {
    for (;;) {
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        const v = this.pragma('user_version', { simple: true }) as number;
        if (v >= migrations.length) {
          this.#db.exec('COMMIT');
          return;
        }
        this.#db.exec(migrations[v]!);
        this.pragma(`user_version = ${v + 1}`);
        this.#db.exec('COMMIT');
      } catch (err) {
        if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
        throw err;
      }
    }
  }

  schemaVersion(): Promise<number> {
    return this.#run(() => this.pragma('user_version', { simple: true }) as number);
  }

  poolStats() {
    return { total: this.#db.isOpen ? 1 : 0, idle: this.#db.isOpen && !this.#open ? 1 : 0, waiting: this.#waiting };
  }

  async close(): Promise<void> {
    try {
      this.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      /* the database may already be closed */
    }
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }
}

function openSqlite(path: string, migrations: readonly string[]): SqliteDB {
  const onDisk = path !== ':memory:';
  if (onDisk) mkdirSync(dirname(resolve(path)), { recursive: true, mode: 0o700 });
  const created = onDisk && !existsSync(path);
  // Created empty with mode 0600 first (SQLite takes an empty file as a new database), so it is never
  // readable by others, not even between creation and the chmod; the -wal and -shm files take its mode.
  if (created) closeSync(openSync(path, 'wx', 0o600));
  const db = new SqliteDB(path);
  // Customers' accounts and orders: readable by the server's own user only.
  if (created) chmodSync(path, 0o600);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    db.migrate(migrations);
  } catch (err) {
    void db.close();
    throw err;
  }
  return db;
}

// ---------------------------------------------------------------- PostgreSQL

/** SQLSTATEs of a transaction that lost a race and may be re-run: serialization failure, deadlock, unique violation. */
const RETRYABLE = new Set(['40001', '40P01', '23505']);
/** Enough for every request of a burst on one hot row (one sku's stock) to get its turn. */
const MAX_ATTEMPTS = 40;

/** `?` placeholders as PostgreSQL's `$1, $2…` (the routes' SQL has no `?` inside string literals). */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

class PostgresDB implements DB {
  readonly dialect = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #inTx = new AsyncLocalStorage<{ client: pg.PoolClient; depth: number }>();
  readonly #texts = new Map<string, { text: string; name: string }>();

  constructor(url: string) {
    this.#pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.DATABASE_POOL_SIZE) || 10,
      // 64-bit integers and numerics as numbers, as SQLite answers them (ids, times in ms, counts).
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection's error (the server restarted) must not end the process: the pool replaces it.
    this.#pool.on('error', () => {});
  }

  #query(sql: string, params: unknown[]): Promise<pg.QueryResult> {
    let q = this.#texts.get(sql);
    if (!q) {
      if (this.#texts.size > 500) this.#texts.clear();
      q = { text: numberedPlaceholders(sql), name: `q${createHash('sha1').update(sql).digest('base64url')}` };
      this.#texts.set(sql, q);
    }
    const config = { name: q.name, text: q.text, values: params };
    const tx = this.#inTx.getStore();
    return tx ? tx.client.query(config) : this.#pool.query(config);
  }

  prepare(sql: string): Statement {
    return {
      run: async (...params) => ({ changes: (await this.#query(sql, params)).rowCount ?? 0 }),
      get: async (...params) => (await this.#query(sql, params)).rows[0],
      all: async (...params) => (await this.#query(sql, params)).rows,
    };
  }

  async exec(sql: string): Promise<void> {
    const tx = this.#inTx.getStore();
    await (tx ? tx.client.query(sql) : this.#pool.query(sql));
  }

  transaction<A extends unknown[], R>(fn: (...args: A) => Promise<R> | R, opts?: { snapshot?: boolean }): (...args: A) => Promise<R> {
    const begin = opts?.snapshot ? 'BEGIN ISOLATION LEVEL REPEATABLE READ' : 'BEGIN ISOLATION LEVEL SERIALIZABLE';
    return async (...args: A): Promise<R> => {
      const outer = this.#inTx.getStore();
      if (outer) {
        const savepoint = `sp${outer.depth}`;
        await outer.client.query(`SAVEPOINT ${savepoint}`);
        try {
          const result = await this.#inTx.run({ client: outer.client, depth: outer.depth + 1 }, () => fn(...args));
          await outer.client.query(`RELEASE SAVEPOINT ${savepoint}`);
          return result;
        } catch (err) {
          await outer.client.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
          throw err;
        }
      }
      for (let attempt = 1; ; attempt++) {
        const client = await this.#pool.connect();
        let broken = false;
        try {
          await client.query(begin);
          const result = await this.#inTx.run({ client, depth: 1 }, () => fn(...args));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          try {
            await client.query('ROLLBACK');
          } catch {
            broken = true;
          }
          const code = (err as { code?: string }).code;
          if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw err;
        } finally {
          client.release(broken);
        }
        // Lost a race: wait a little (more each time, jittered) and run it again on the winner's data.
        await new Promise((r) => setTimeout(r, Math.random() * 5 * Math.min(attempt, 10)));
      }
    };
  }

  async withLock<R>(name: string, fn: () => Promise<R>): Promise<{ value: R } | undefined> {
    const client = await this.#pool.connect();
    try {
      const key = 'SELECT hashtext(current_schema() || $1) AS k';
      const { k } = (await client.query(key, [`:${name}`])).rows[0] as { k: number };
      const got = (await client.query('SELECT pg_try_advisory_lock($1) AS ok', [k])).rows[0] as { ok: boolean };
      if (!got.ok) return undefined;
      try {
        return { value: await fn() };
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [k]);
      }
    } finally {
      client.release();
    }
  }

  close(): Promise<void> {
    return this.#pool.end();
  }

  async schemaVersion(): Promise<number> {
    return ((await this.#pool.query('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations')).rows[0] as { v: number }).v;
  }

  poolStats() {
    return { total: this.#pool.totalCount, idle: this.#pool.idleCount, waiting: this.#pool.waitingCount };
  }

  /**
   * Runs the migrations not yet applied, each in its transaction (a failed one rolls back and throws),
   * under an advisory lock: an instance starting while another migrates waits for it, then finds the
   * schema current. The instance starts serving only once this has returned.
   */
  async migrate(migrations: readonly string[] = MIGRATIONS): Promise<void> {
    const client = await this.#pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext(current_schema() || $1))', [':migrations']);
      try {
        await client.query('CREATE EXTENSION IF NOT EXISTS citext');
        await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
        const done = (await client.query('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations')).rows[0] as { v: number };
        for (let v = done.v; v < migrations.length; v++) {
          await client.query('BEGIN');
          try {
            await client.query(forPostgres(migrations[v]!));
            await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v + 1]);
            await client.query('COMMIT');
          } catch (err) {
            await client.query('ROLLBACK');
            throw err;
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext(current_schema() || $1))', [':migrations']);
      }
    } finally {
      client.release();
    }
  }
}

async function openPostgres(url: string, migrations: readonly string[]): Promise<DB> {
  const db = new PostgresDB(url);
  try {
    await db.migrate(migrations);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/**
 * `INSERT … ON CONFLICT (key) DO UPDATE` of every other column: SQLite's INSERT OR REPLACE in SQL
 * both databases speak.
 */
export function upsertSql(table: string, columns: string[], key: string[]): string {
  const set = columns.filter((c) => !key.includes(c)).map((c) => `${c} = excluded.${c}`);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${set.join(', ')}`;
}

/** The meta value of `key`; the first caller on the database sets it to `make()` (every instance reads the same). */
export async function sharedMeta(db: DB, key: string, make: () => string): Promise<string> {
  await db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(key, make());
  return (await getMeta(db, key))!;
}

export async function getMeta(db: DB, key: string): Promise<string | undefined> {
  const row = (await db.prepare('SELECT value FROM meta WHERE key = ?').get(key)) as { value: string } | undefined;
  return row?.value;
}

export async function setMeta(db: DB, key: string, value: string): Promise<void> {
  await db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** Current time as an ISO string (one place, so tests can reason about it). */
export const nowIso = (): string => new Date().toISOString();
