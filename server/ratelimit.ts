/** Per-client-address rate limits (fixed window), one window per route group: 429 when exceeded. */
import type { Context, MiddlewareHandler } from 'hono';
import { answer } from './http';
import type { DB } from './db';

const MAX_ADDRESS = 64;

/**
 * The client's address: the socket's remote address; behind a trusted proxy (TRUST_PROXY=1) the last
 * X-Forwarded-For entry, the one the proxy itself appended. Earlier entries are written by the client
 * and prove nothing. At most 64 characters (an IPv6 address with a zone fits): the address is a key
 * of the rate-limit table, and PostgreSQL refuses an index entry over 2,704 bytes.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length) return hops[hops.length - 1]!.slice(0, MAX_ADDRESS);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * A fixed-window counter per key, kept in the database (table rate_limits) so that every API instance
 * on it counts the same hits. One atomic upsert per hit: a new window starts at 1, else the count grows.
 */
export class RateLimiter {
  constructor(
    private readonly db: DB,
    /** Prefix of this limiter's keys (limiters with other windows share the table). */
    private readonly name: string,
    private readonly windowMs: number,
    private readonly max: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one hit; false when the key is over its limit in the current window. */
  async take(key: string): Promise<{ allowed: boolean; retryAfterS: number }> {
    const now = this.clock();
    const expired = now - this.windowMs;
    const h = (await this.db
      .prepare(
        `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1) ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_start <= ? THEN 1 ELSE rate_limits.count + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= ? THEN excluded.window_start ELSE rate_limits.window_start END
         RETURNING window_start, count`,
      )
      .get(`${this.name}|${key}`, now, expired, expired)) as { window_start: number; count: number };
    // Now and then, the windows that ended go (one statement, any instance).
    if (Math.random() < 0.002) await this.db.prepare('DELETE FROM rate_limits WHERE key LIKE ? AND window_start <= ?').run(`${this.name}|%`, expired);
    return { allowed: h.count <= this.max, retryAfterS: Math.ceil((h.window_start + this.windowMs - now) / 1000) };
  }
}

/** Middleware limiting one route group per client address. */
export function rateLimit(limiter: RateLimiter, group: string, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const r = await limiter.take(`${group}|${clientAddress(c, trustProxy)}`);
    if (!r.allowed) {
      c.header('Retry-After', String(r.retryAfterS));
      return answer(c, 429, 'Too many requests: please wait a moment and try again');
    }
    await next();
  };
}
