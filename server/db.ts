/** SQLite database of the reference API: opened in WAL mode, migrated at start. */
import { DatabaseSync } from 'node:sqlite';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Node's built-in SQLite (no native addon to build against Node's headers) behind the small surface
 * the routes use: cached prepared statements, `exec`, `pragma`, and `transaction` (a function run
 * inside BEGIN/COMMIT, a savepoint when nested, rolled back when it throws).
 */
export class DB {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, Statement>();
  #depth = 0;

  constructor(path: string) {
    this.#db = new DatabaseSync(path);
  }

  /** A prepared statement, reused by SQL text (routes prepare per request; preparing costs more than running). */
  prepare(sql: string): Statement {
    let stmt = this.#statements.get(sql);
    if (!stmt) {
      if (this.#statements.size > 500) this.#statements.clear();
      stmt = this.#db.prepare(sql) as unknown as Statement;
      this.#statements.set(sql, stmt);
    }
    return stmt;
  }

  exec(sql: string): void {
    this.#db.exec(sql);
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }

  /** Runs `PRAGMA sql`; `simple` returns the first column of the first row. */
  pragma(sql: string, opts?: { simple?: boolean }): unknown {
    const rows = this.#db.prepare(`PRAGMA ${sql}`).all();
    if (!opts?.simple) return rows;
    const first = rows[0];
    return first ? Object.values(first)[0] : undefined;
  }

  /** Wraps `fn` so that each call runs in one transaction, rolled back when it throws. */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args: A): R => {
      const savepoint = `sp${this.#depth}`;
      this.exec(this.#depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
      this.#depth++;
      try {
        const result = fn(...args);
        this.#depth--;
        this.exec(this.#depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`);
        return result;
      } catch (err) {
        this.#depth--;
        // SQLite may already have rolled back (some errors end the transaction themselves).
        if (this.#db.isTransaction) this.exec(this.#depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
        throw err;
      }
    };
  }
}

/** `StatementSync` with rows as `unknown`: each route casts a row to its row type where it reads it. */
export interface Statement {
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** Ordered migrations; each runs once, inside a transaction, and bumps `user_version`. */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    sku TEXT NOT NULL UNIQUE,
    url_path TEXT NOT NULL,
    url_key TEXT NOT NULL,
    pos INTEGER NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX products_url_path ON products(url_path);
  CREATE INDEX products_pos ON products(pos);

  -- Every orderable sku: simple products and configurable children.
  CREATE TABLE skus (
    sku TEXT PRIMARY KEY,
    product_id INTEGER NOT NULL,
    parent_sku TEXT,
    name TEXT NOT NULL,
    type_id TEXT NOT NULL,
    price REAL NOT NULL,
    special_price REAL,
    special_from_date TEXT,
    special_to_date TEXT,
    status INTEGER NOT NULL,
    tax_class_id INTEGER,
    data TEXT NOT NULL
  );

  CREATE TABLE stock (
    sku TEXT PRIMARY KEY,
    product_id INTEGER NOT NULL,
    qty REAL NOT NULL,
    is_in_stock INTEGER NOT NULL,
    manage_stock INTEGER NOT NULL DEFAULT 1,
    min_sale_qty REAL,
    max_sale_qty REAL
  );

  -- Read-only snapshot entities: categories, attributes, CMS, blog, menus, methods, coupons...
  CREATE TABLE entities (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    pos INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (kind, key)
  );
  CREATE INDEX entities_kind_pos ON entities(kind, pos);

  CREATE TABLE reviews (
    id INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL,
    review_status INTEGER NOT NULL,
    source TEXT NOT NULL,
    customer_id INTEGER,
    created_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX reviews_product ON reviews(product_id, review_status);

  CREATE TABLE customers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    addresses TEXT NOT NULL DEFAULT '[]',
    token_version INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE carts (
    id TEXT PRIMARY KEY,
    customer_id INTEGER,
    active INTEGER NOT NULL DEFAULT 1,
    coupon_code TEXT,
    shipping_carrier_code TEXT,
    shipping_method_code TEXT,
    payment_method_code TEXT,
    shipping_address TEXT,
    billing_address TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX carts_customer ON carts(customer_id, active);

  CREATE TABLE cart_items (
    item_id INTEGER PRIMARY KEY AUTOINCREMENT,
    cart_id TEXT NOT NULL,
    sku TEXT NOT NULL,
    qty REAL NOT NULL,
    product_option TEXT,
    options_key TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX cart_items_cart ON cart_items(cart_id);

  CREATE TABLE orders (
    order_id TEXT PRIMARY KEY,
    increment_id TEXT NOT NULL UNIQUE,
    customer_id INTEGER,
    token TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL,
    email TEXT,
    created_at TEXT NOT NULL,
    payload TEXT NOT NULL,
    totals TEXT NOT NULL,
    lines TEXT NOT NULL,
    answer TEXT NOT NULL
  );
  CREATE INDEX orders_customer ON orders(customer_id, created_at);

  CREATE TABLE newsletter (
    email TEXT PRIMARY KEY COLLATE NOCASE,
    subscribed INTEGER NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    from_addr TEXT NOT NULL,
    to_addr TEXT NOT NULL,
    reply_to TEXT,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    file TEXT
  );

  CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    customer_id INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
  );
  `,
  `
  -- A login's session: its refresh tokens rotate on use; a reused one revokes the session.
  CREATE TABLE sessions (
    family TEXT PRIMARY KEY,
    customer_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER,
    revoked_reason TEXT
  );
  CREATE INDEX sessions_customer ON sessions(customer_id);
  CREATE TABLE refresh_tokens (
    jti TEXT PRIMARY KEY,
    family TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE INDEX refresh_tokens_family ON refresh_tokens(family);
  `,
];

/** Opens (creating if needed) the database at `path` (':memory:' allowed) and runs the migrations. */
export function openDatabase(path: string): DB {
  const onDisk = path !== ':memory:';
  if (onDisk) mkdirSync(dirname(resolve(path)), { recursive: true, mode: 0o700 });
  const created = onDisk && !existsSync(path);
  // Created empty with mode 0600 first (SQLite takes an empty file as a new database), so it is never
  // readable by others, not even between creation and the chmod; the -wal and -shm files take its mode.
  if (created) closeSync(openSync(path, 'wx', 0o600));
  const db = new DB(path);
  // Customers' accounts and orders: readable by the server's own user only.
  if (created) chmodSync(path, 0o600);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Runs the migrations not yet applied (tracked in `PRAGMA user_version`). */
export function migrate(db: DB): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

export function getMeta(db: DB, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: DB, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** Current time as an ISO string (one place, so tests can reason about it). */
export const nowIso = (): string => new Date().toISOString();
