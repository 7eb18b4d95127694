/**
 * The server's shared state: the database, token signer, options, cached snapshot entities, auth.
 * `ShopContext` holds all of it; each route factory and helper declares only the parts it uses, as
 * the small interfaces below (`DbDeps`, `CustomerDeps`...), which `ShopContext` implements. app.ts
 * passes the one `ShopContext` to every route; a test may hand a route only what its type names.
 */
import type { Context } from 'hono';
import type { DB } from './db';
import { ApiError } from './http';
import { TokenSigner, randomId, type ScryptParams, type TokenClaims, type VerifyResult } from './auth';
import type { Coupon, Customer, PaymentMethod, ShippingMethod, TaxRate } from '../src/lib/schemas';
import type { Logger } from './logger';
import { RateLimiter, rateLimit } from './ratelimit';
import type { MiddlewareHandler } from 'hono';
import { config, enabledStoreViews, type StoreView } from '../src/lib/config';
import { CUSTOMER_GROUPS } from '../src/lib/catalog/price';
import { ShopMetrics } from './metrics';

export interface ShopOptions {
  /** Access token lifetime (env TOKEN_TTL_SECONDS, default 3600). */
  tokenTtlSeconds: number;
  /** Refresh token lifetime (env REFRESH_TTL_SECONDS, default 30 days). */
  refreshTtlSeconds: number;
  /** Folder of the outbox .eml files. */
  outboxDir: string;
  /** Snapshot folder the catalogue was seeded from (media for the image proxy). */
  snapshotDir: string;
  /** Requests allowed per window per client address on login, create and reset-password. */
  rateLimit: { windowMs: number; max: number };
  /** Maximum request body in bytes. */
  bodyLimitBytes: number;
  /** Enables /api/__faults and /api/__orders (env SHOP_FAULTS=1). */
  faults: boolean;
  /** Trust X-Forwarded-For for the client address (behind a proxy). */
  trustProxy: boolean;
  /** Secret for REBUILD (env REBUILD_TOKEN); null disables /api/rebuild. */
  rebuildToken: string | null;
  /** Password hashing cost (default SCRYPT_DEFAULT, OWASP's minimum); tests may lower it for speed. */
  scrypt?: ScryptParams;
  /** Group price tiers (§6; config switches.usePriceTiers, env PUBLIC_PRICE_TIERS): carts and orders are priced for the customer's group. */
  usePriceTiers?: boolean;
  /** Store views besides the default one (config storeViews.multistore, env PUBLIC_MULTISTORE): carts and orders are quoted in the one a call names. */
  multistore?: boolean;
}

export interface CustomerRow {
  id: number;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  addresses: string;
  token_version: number;
  created_at: string;
  updated_at: string;
}

/** The database. */
export interface DbDeps {
  readonly db: DB;
}

/** Some of the server's options: `OptionsDeps<'outboxDir'>` names the fields a route reads. */
export interface OptionsDeps<K extends keyof ShopOptions> {
  readonly options: Pick<ShopOptions, K>;
}

/** The server log. */
export interface LoggerDeps {
  readonly logger: Logger;
}

/** The request's customer, from its `token` query parameter (the route must be behind `verifyAccessToken`). */
export interface CustomerDeps {
  customerOf(c: Context): Promise<CustomerRow | null>;
  requireCustomer(c: Context): Promise<CustomerRow>;
}

/** The read-only snapshot entities (categories, CMS, menus, shops...), read synchronously. */
export interface SnapshotDeps {
  entities<T>(kind: string): T[];
  entity<T>(kind: string, key: string): T | undefined;
}

/** Values derived once from the snapshot and kept until a reseed. */
export interface MemoDeps {
  memo<T>(key: string, make: () => T | Promise<T>): Promise<T>;
}

/** What a price is made of: tax rates, shipping and payment methods, coupons, the customer's price group. */
export interface PricingDeps {
  taxRates(): TaxRate[];
  shippingMethods(): ShippingMethod[];
  paymentMethods(): PaymentMethod[];
  coupon(code: string): Coupon | undefined;
  priceGroup(customerId: number | null | undefined): number | undefined;
  /** The store views a call may name (`storeCode`), the default one first: carts and orders are quoted in their currency. */
  storeViews(): StoreView[];
}

/** The per-client rate limit of a route group (a middleware). */
export interface LimitDeps {
  limit(group: string): MiddlewareHandler;
}

/** The token signer (access, refresh, mail and unsubscribe tokens). */
export interface SignerDeps {
  readonly signer: TokenSigner;
}

/** A customer's sessions: tokens issued, recorded, signed and rotated; the customer as the contract answers it. */
export interface SessionDeps extends SignerDeps {
  customerJson(row: CustomerRow): Promise<Customer>;
  recordTokens(row: Pick<CustomerRow, 'id' | 'token_version'>, family?: string): Promise<TokenPair>;
  signTokens(pair: TokenPair): Promise<{ token: string; refreshToken: string }>;
  issueTokens(row: Pick<CustomerRow, 'id' | 'token_version'>): Promise<{ token: string; refreshToken: string }>;
  rotateRefreshToken(claims: TokenClaims): Promise<{ token: string; refreshToken: string }>;
}

/** Confirmation copies' limit per recipient address (3 an hour). */
export interface ConfirmationsDeps {
  readonly confirmations: RateLimiter;
}

/** The server's Prometheus metrics. */
export interface MetricsDeps {
  readonly metrics: ShopMetrics;
}

export class ShopContext
  implements
    DbDeps,
    OptionsDeps<keyof ShopOptions>,
    LoggerDeps,
    CustomerDeps,
    SnapshotDeps,
    MemoDeps,
    PricingDeps,
    LimitDeps,
    SessionDeps,
    ConfirmationsDeps,
    MetricsDeps
{
  private cache = new Map<string, { list: unknown[]; byKey: Map<string, unknown> }>();
  private memos = new Map<string, Promise<unknown>>();
  private limiter: RateLimiter | null = null;
  /** Confirmation copies per recipient address (the mailer's `confirmation`): 3 an hour. */
  readonly confirmations: RateLimiter;
  /** The server's Prometheus metrics (./metrics.ts). */
  readonly metrics: ShopMetrics;

  /** The rate limit of a route group per client address (options.rateLimit: RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS). */
  limit(group: string): MiddlewareHandler {
    this.limiter ??= new RateLimiter(this.db, 'route', this.options.rateLimit.windowMs, this.options.rateLimit.max);
    return rateLimit(this.limiter, group, this.options.trustProxy);
  }

  constructor(
    readonly db: DB,
    readonly signer: TokenSigner,
    readonly options: ShopOptions,
    readonly logger: Logger,
  ) {
    this.confirmations = new RateLimiter(db, 'confirmation', 60 * 60 * 1000, 3);
    this.metrics = new ShopMetrics(db);
  }

  /** The customer group prices are for (§6 group price tiers): undefined while tiers are off; else 0 for a guest, the customer's group (1) for a customer. */
  priceGroup(customerId: number | null | undefined): number | undefined {
    if (!(this.options.usePriceTiers ?? config.switches.usePriceTiers)) return undefined;
    return customerId === null || customerId === undefined ? CUSTOMER_GROUPS.guest : CUSTOMER_GROUPS.customer;
  }

  /** The enabled store views: the default one, and the others when multistore is on (options.multistore, else the config's). */
  storeViews(): StoreView[] {
    const multistore = this.options.multistore ?? config.storeViews.multistore;
    return enabledStoreViews({ ...config, storeViews: { ...config.storeViews, multistore } });
  }

  /**
   * Loads the read-only snapshot entities (categories, CMS, methods, coupons...) into memory: they
   * change only when the database is seeded, before the server starts; routes read them synchronously.
   */
  async load(): Promise<void> {
    const rows = (await this.db.prepare('SELECT kind, key, data FROM entities ORDER BY kind, pos').all()) as { kind: string; key: string; data: string }[];
    this.cache.clear();
    for (const r of rows) {
      let kind = this.cache.get(r.kind);
      if (!kind) this.cache.set(r.kind, (kind = { list: [], byKey: new Map() }));
      const value: unknown = JSON.parse(r.data);
      kind.list.push(value);
      kind.byKey.set(r.key, value);
    }
  }

  /** Records of a read-only snapshot kind, in snapshot order. */
  entities<T>(kind: string): T[] {
    return (this.cache.get(kind)?.list ?? []) as T[];
  }

  entity<T>(kind: string, key: string): T | undefined {
    return this.cache.get(kind)?.byKey.get(key) as T | undefined;
  }

  /** A value derived from the snapshot (made once by `make`, kept until `invalidate`). */
  memo<T>(key: string, make: () => T | Promise<T>): Promise<T> {
    let value = this.memos.get(key);
    if (!value) {
      value = Promise.resolve(make());
      // A failed make is not kept: the next call tries again.
      value.catch(() => this.memos.delete(key));
      this.memos.set(key, value);
    }
    return value as Promise<T>;
  }

  /** Reads the snapshot entities again and forgets what was derived from them (after a reseed). */
  async invalidate(): Promise<void> {
    this.memos.clear();
    await this.load();
  }

  taxRates = () => this.entities<TaxRate>('taxRate');
  shippingMethods = () => this.entities<ShippingMethod>('shippingMethod');
  paymentMethods = () => this.entities<PaymentMethod>('paymentMethod');
  coupon = (code: string) => this.entity<Coupon>('coupon', code.trim().toUpperCase());

  /**
   * Middleware of /api: verifies the request's `token` query parameter (a JWT, checked asynchronously)
   * once, for `customerOf` to read. It refuses nothing itself: a route that ignores the token still answers.
   */
  readonly verifyAccessToken: MiddlewareHandler = async (c, next) => {
    const token = c.req.query('token');
    if (token) c.set('accessToken', await this.signer.verify(token, 'access'));
    await next();
  };

  /**
   * The customer of the request's `token` query parameter: null when absent or empty (a guest),
   * a 401 answer when the token is invalid or expired (so the storefront refreshes it).
   */
  async customerOf(c: Context): Promise<CustomerRow | null> {
    const token = c.req.query('token');
    if (!token) return null;
    const v = c.get('accessToken');
    if (!v) throw new Error('customerOf: the route is not behind verifyAccessToken');
    if (!v.ok) {
      throw new ApiError(401, v.reason === 'expired' ? 'token: the access token has expired' : 'token: the access token is not valid');
    }
    const row = (await this.db.prepare('SELECT * FROM customers WHERE id = ?').get(v.claims.sub)) as CustomerRow | undefined;
    // token_version: bumped by a password change or reset; the session: closed when its refresh token was reused.
    if (!row || row.token_version !== v.claims.ver || !(await this.sessionOpen(v.claims)))
      throw new ApiError(401, 'token: the access token is no longer valid');
    return row;
  }

  /** True when the token's session (login) exists and was not revoked. */
  private async sessionOpen(claims: TokenClaims): Promise<boolean> {
    if (!claims.fam) return false;
    const s = (await this.db.prepare('SELECT customer_id, revoked_at FROM sessions WHERE family = ?').get(claims.fam)) as
      { customer_id: number; revoked_at: number | null } | undefined;
    return !!s && s.customer_id === claims.sub && s.revoked_at === null;
  }

  /** Like customerOf, but a guest gets 401. */
  async requireCustomer(c: Context): Promise<CustomerRow> {
    const row = await this.customerOf(c);
    if (!row) throw new ApiError(401, 'token: a customer token is required');
    return row;
  }

  /** The customer as the contract answers it (never the password hash). */
  async customerJson(row: CustomerRow): Promise<Customer> {
    const sub = (await this.db.prepare('SELECT subscribed FROM newsletter WHERE email = ?').get(row.email)) as { subscribed: number } | undefined;
    return {
      id: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      group_id: 1,
      created_at: row.created_at,
      // Addresses saved before regions were objects are answered in VSFA's shape (`region: { region }`).
      addresses: (JSON.parse(row.addresses) as Customer['addresses']).map((a) => (typeof a.region === 'string' ? { ...a, region: { region: a.region } } : a)),
      is_subscribed: sub?.subscribed === 1,
    };
  }

  /**
   * Records an access token and a refresh token of the session `family`; without one, a new session (a
   * login). Each refresh token is recorded so that it can be used once (rotation) and its reuse
   * detected. Database writes only (it may run inside a transaction): `signTokens` makes the tokens after.
   */
  async recordTokens(row: Pick<CustomerRow, 'id' | 'token_version'>, family?: string): Promise<TokenPair> {
    const now = this.signer.now();
    const fam = family ?? randomId(12);
    if (!family) {
      await this.db.prepare('DELETE FROM refresh_tokens WHERE expires_at < ?').run(now);
      await this.db.prepare('INSERT INTO sessions (family, customer_id, created_at) VALUES (?, ?, ?)').run(fam, row.id, now);
    }
    const jti = randomId(12);
    await this.db.prepare('INSERT INTO refresh_tokens (jti, family, expires_at) VALUES (?, ?, ?)').run(jti, fam, now + this.options.refreshTtlSeconds);
    return {
      access: this.signer.claims('access', row.id, row.token_version, this.options.tokenTtlSeconds, { fam }),
      refresh: this.signer.claims('refresh', row.id, row.token_version, this.options.refreshTtlSeconds, { fam, jti }),
    };
  }

  async signTokens(pair: TokenPair): Promise<{ token: string; refreshToken: string }> {
    const [token, refreshToken] = await Promise.all([this.signer.signClaims(pair.access), this.signer.signClaims(pair.refresh)]);
    return { token, refreshToken };
  }

  /** A new session (a login): its access and refresh tokens. */
  async issueTokens(row: Pick<CustomerRow, 'id' | 'token_version'>): Promise<{ token: string; refreshToken: string }> {
    return this.signTokens(await this.recordTokens(row));
  }

  /**
   * user/refresh: a valid, unused refresh token of an open session gives a new access token and a new
   * refresh token (the old one is spent). A spent one presented again means it was copied: the whole
   * session is revoked (its access and refresh tokens stop working) and the answer is 401.
   */
  async rotateRefreshToken(claims: TokenClaims): Promise<{ token: string; refreshToken: string }> {
    const db = this.db;
    const pair = await db.transaction(async () => {
      const row = (await db.prepare('SELECT * FROM customers WHERE id = ?').get(claims.sub)) as CustomerRow | undefined;
      if (!row || row.token_version !== claims.ver || !claims.fam) throw new ApiError(401, 'refreshToken: the refresh token is no longer valid');
      const rt = (await db.prepare('SELECT family, used_at FROM refresh_tokens WHERE jti = ?').get(claims.jti)) as
        { family: string; used_at: number | null } | undefined;
      if (!rt || rt.family !== claims.fam || !(await this.sessionOpen(claims))) throw new ApiError(401, 'refreshToken: the refresh token is no longer valid');
      if (rt.used_at !== null) {
        await db.prepare("UPDATE sessions SET revoked_at = ?, revoked_reason = 'refresh token reused' WHERE family = ?").run(this.signer.now(), rt.family);
        this.logger.warn(`refresh token reused: session of customer ${row.id} revoked`);
        // Committed although the answer is an error: the revocation must stick.
        return null;
      }
      await db.prepare('UPDATE refresh_tokens SET used_at = ? WHERE jti = ?').run(this.signer.now(), claims.jti);
      return this.recordTokens(row, rt.family);
    })();
    return pair ? this.signTokens(pair) : reused();
  }
}

/** The claims of a session's next access and refresh tokens (recorded, not yet signed). */
export interface TokenPair {
  access: TokenClaims;
  refresh: TokenClaims;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's `?token=` verified (ShopContext.verifyAccessToken); absent without a token. */
    accessToken: VerifyResult;
  }
}

function reused(): never {
  throw new ApiError(401, 'refreshToken: the refresh token was already used; the session has been closed, please log in again');
}
