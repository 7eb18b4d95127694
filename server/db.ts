/** SQLite database of the reference API: opened in WAL mode, migrated at start. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export type DB = Database.Database;

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
];

/** Opens (creating if needed) the database at `path` (':memory:' allowed) and runs the migrations. */
export function openDatabase(path: string): DB {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  cacheStatements(db);
  return db;
}

/** Reuses prepared statements by SQL text (routes call `db.prepare` per request; preparing costs more than running). */
function cacheStatements(db: DB): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  (db as { prepare: unknown }).prepare = (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      if (cache.size > 500) cache.clear();
      stmt = prepare(sql);
      cache.set(sql, stmt);
    }
    return stmt;
  };
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
