/** Per-client-address rate limits (fixed window), one window per route group: 429 when exceeded. */
import type { Context, MiddlewareHandler } from 'hono';
import { answer } from './http';

/**
 * The client's address: the socket's remote address; behind a trusted proxy (TRUST_PROXY=1) the last
 * X-Forwarded-For entry, the one the proxy itself appended. Earlier entries are written by the client
 * and prove nothing.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length) return hops[hops.length - 1]!;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

export class RateLimiter {
  private hits = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly max: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one hit; false when the key is over its limit in the current window. */
  take(key: string): { allowed: boolean; retryAfterS: number } {
    const now = this.clock();
    let h = this.hits.get(key);
    if (!h || now - h.start >= this.windowMs) {
      h = { start: now, count: 0 };
      this.hits.set(key, h);
      if (this.hits.size > 10_000) this.sweep(now);
    }
    h.count++;
    return { allowed: h.count <= this.max, retryAfterS: Math.ceil((h.start + this.windowMs - now) / 1000) };
  }

  private sweep(now: number): void {
    for (const [k, v] of this.hits) if (now - v.start >= this.windowMs) this.hits.delete(k);
  }
}

/** Middleware limiting one route group per client address. */
export function rateLimit(limiter: RateLimiter, group: string, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const r = limiter.take(`${group}|${clientAddress(c, trustProxy)}`);
    if (!r.allowed) {
      c.header('Retry-After', String(r.retryAfterS));
      return answer(c, 429, 'Too many requests: please wait a moment and try again');
    }
    await next();
  };
}
