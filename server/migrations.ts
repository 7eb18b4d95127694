/**
 * The reference API's schema: the ordered migrations (server/db.ts runs each once, at start) and their
 * translation to PostgreSQL. A data table of DDL, apart from the database layer that runs it.
 */

/**
 * Ordered migrations, in SQLite's SQL; `forPostgres` translates the few types that differ. Each runs
 * once, in a transaction (SQLite: tracked in `PRAGMA user_version`; PostgreSQL: `schema_migrations`).
 */
export const MIGRATIONS: string[] = [
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
  `
  -- Fixed-window counters of the rate limits, shared by every API instance on the database.
  CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    window_start INTEGER NOT NULL,
    count INTEGER NOT NULL
  );
  CREATE INDEX rate_limits_window ON rate_limits(window_start);
  -- Named locks of SQLite (PostgreSQL uses advisory locks): the holder and until when it holds it.
  CREATE TABLE locks (
    name TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  -- PostgreSQL numbers orders from a sequence (concurrent orders would conflict over MAX(rowid) + 1).
  -- postgres: CREATE SEQUENCE order_numbers START WITH 1;
  -- postgres: SELECT setval('order_numbers', COALESCE(MAX(rowid), 0) + 1, false) FROM orders;
  `,
  `
  -- Editors are users with the role 'editor' (the publishing page); everyone else is a customer.
  ALTER TABLE customers ADD COLUMN role TEXT NOT NULL DEFAULT 'customer';
  -- An editor's signed-in session on the publishing page: a cookie holding a random id (stored hashed),
  -- its CSRF token, the user's token_version when it began (a password change ends it), and its end.
  CREATE TABLE editor_sessions (
    id_hash TEXT PRIMARY KEY,
    customer_id INTEGER NOT NULL,
    csrf TEXT NOT NULL,
    token_version INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
  );
  CREATE INDEX editor_sessions_customer ON editor_sessions(customer_id);
  -- What happened on the publishing page and by the hook: runs, go-live, discards, rollbacks, sign-ins.
  CREATE TABLE publish_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    actor TEXT NOT NULL,
    generation TEXT,
    ok INTEGER NOT NULL DEFAULT 1,
    detail TEXT NOT NULL DEFAULT '{}'
  );
  CREATE INDEX publish_history_at ON publish_history(at);
  `,
];

/**
 * SQLite's DDL in PostgreSQL's types: 64-bit integers (times in ms, ids), identity columns for
 * AUTOINCREMENT and for the `rowid` of orders, case-insensitive text (citext) for NOCASE columns,
 * double precision for REAL; `-- postgres: ` lines are PostgreSQL's only.
 */
export function forPostgres(ddl: string): string {
  return ddl
    .replace(/INTEGER PRIMARY KEY AUTOINCREMENT/g, 'BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY')
    .replace(/TEXT (NOT NULL UNIQUE|PRIMARY KEY) COLLATE NOCASE/g, 'CITEXT $1')
    .replace(/\bINTEGER\b/g, 'BIGINT')
    .replace(/\bREAL\b/g, 'DOUBLE PRECISION')
    .replace(/(CREATE TABLE orders \()/, '$1\n    rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,')
    .replace(/^\s*-- postgres: /gm, '');
}
