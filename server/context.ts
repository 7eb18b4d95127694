/** Everything a route needs: the database, token signer, options, cached snapshot entities, auth. */
import type { Context } from 'hono';
import type { DB } from './db';
import { ApiError } from './http';
import { TokenSigner } from './auth';
import type { Coupon, Customer, PaymentMethod, ShippingMethod, TaxRate } from '../src/lib/schemas';
import type { Logger } from './logger';
import { config } from '../src/lib/config';
import { CUSTOMER_GROUPS } from '../src/lib/catalog/price';

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
  /** Group price tiers (§6; config switches.usePriceTiers, env PUBLIC_PRICE_TIERS): carts and orders are priced for the customer's group. */
  usePriceTiers?: boolean;
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

export class ShopContext {
  private cache = new Map<string, unknown[]>();

  constructor(
    readonly db: DB,
    readonly signer: TokenSigner,
    readonly options: ShopOptions,
    readonly logger: Logger,
  ) {}

  /** The customer group prices are for (§6 group price tiers): undefined while tiers are off; else 0 for a guest, the customer's group (1) for a customer. */
  priceGroup(customerId: number | null | undefined): number | undefined {
    if (!(this.options.usePriceTiers ?? config.switches.usePriceTiers)) return undefined;
    return customerId === null || customerId === undefined ? CUSTOMER_GROUPS.guest : CUSTOMER_GROUPS.customer;
  }

  /** Records of a read-only snapshot kind, in snapshot order (cached until `invalidate`). */
  entities<T>(kind: string): T[] {
    let rows = this.cache.get(kind);
    if (!rows) {
      rows = (this.db.prepare('SELECT data FROM entities WHERE kind = ? ORDER BY pos').all(kind) as { data: string }[]).map((r) =>
        JSON.parse(r.data),
      );
      this.cache.set(kind, rows);
    }
    return rows as T[];
  }

  entity<T>(kind: string, key: string): T | undefined {
    const row = this.db.prepare('SELECT data FROM entities WHERE kind = ? AND key = ?').get(kind, key) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  invalidate(): void {
    this.cache.clear();
  }

  taxRates = () => this.entities<TaxRate>('taxRate');
  shippingMethods = () => this.entities<ShippingMethod>('shippingMethod');
  paymentMethods = () => this.entities<PaymentMethod>('paymentMethod');
  coupon = (code: string) => this.entity<Coupon>('coupon', code.trim().toUpperCase());

  /**
   * The customer of the request's `token` query parameter: null when absent or empty (a guest),
   * a 401 answer when the token is invalid or expired (so the storefront refreshes it).
   */
  customerOf(c: Context): CustomerRow | null {
    const token = c.req.query('token');
    if (!token) return null;
    const v = this.signer.verify(token, 'access');
    if (!v.ok) {
      throw new ApiError(401, v.reason === 'expired' ? 'token: the access token has expired' : 'token: the access token is not valid');
    }
    const row = this.db.prepare('SELECT * FROM customers WHERE id = ?').get(v.claims.sub) as CustomerRow | undefined;
    if (!row || row.token_version !== v.claims.ver) throw new ApiError(401, 'token: the access token is no longer valid');
    return row;
  }

  /** Like customerOf, but a guest gets 401. */
  requireCustomer(c: Context): CustomerRow {
    const row = this.customerOf(c);
    if (!row) throw new ApiError(401, 'token: a customer token is required');
    return row;
  }

  /** The customer as the contract answers it (never the password hash). */
  customerJson(row: CustomerRow): Customer {
    const sub = this.db.prepare('SELECT subscribed FROM newsletter WHERE email = ?').get(row.email) as { subscribed: number } | undefined;
    return {
      id: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      group_id: 1,
      created_at: row.created_at,
      addresses: JSON.parse(row.addresses),
      is_subscribed: sub?.subscribed === 1,
    };
  }

  issueTokens(row: Pick<CustomerRow, 'id' | 'token_version'>): { token: string; refreshToken: string } {
    return {
      token: this.signer.sign('access', row.id, row.token_version, this.options.tokenTtlSeconds),
      refreshToken: this.signer.sign('refresh', row.id, row.token_version, this.options.refreshTtlSeconds),
    };
  }
}
