/**
 * Fault switch for tests (only with env SHOP_FAULTS=1): delays, dropped connections, forced error
 * answers and non-JSON answers on chosen routes, with counters; the log of order sends (every order
 * POST with its order id, when it arrived and when its exchange ended); plus test-only reads and
 * writes (`/api/__orders`, `/api/__order-sends`, `/api/__outbox`, `/api/__stock`). Documented in
 * docs/api.md.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { DbDeps } from './context';
import { ok, jsonBody, ApiError } from './http';
import type { OrderRow } from './orders';
import type { OutboxRow } from './mailer';

export const FaultRuleSchema = z.object({
  /** Path the rule applies to: exact ('/api/order', '/rings'), or a prefix ending in '*' ('/api/cart/*'). */
  path: z.string().startsWith('/', 'path must start with /'),
  /** HTTP method, or any when absent. */
  method: z.string().toUpperCase().optional(),
  mode: z.enum(['delay', 'drop', 'error', 'nonjson']),
  /** Before the handler runs (nothing written) or after it (the write happened, the answer is lost). */
  phase: z.enum(['before', 'after']).default('before'),
  delayMs: z.number().int().min(0).max(120_000).default(0),
  /** For mode 'error': the answer's code (HTTP status too) and result. */
  code: z.number().int().min(100).max(599).default(500),
  result: z.unknown().default('Internal Server Error'),
  /** How many requests the rule applies to; absent means every request until cleared. */
  times: z.number().int().positive().optional(),
});
export type FaultRule = z.output<typeof FaultRuleSchema>;

/**
 * One order POST as the server saw it (test switch only). It is in flight from its arrival until its
 * answer has been written out or its connection closed, whichever comes first: a sender that went
 * away (a closed or reloaded tab, a timed-out fetch, a dropped connection) no longer waits for it,
 * so a later send of the same order by someone else is a resend, not a second send at the same time.
 */
export interface OrderSend {
  /** Arrival order, from 1. */
  seq: number;
  /** The body's order_id ('' when the body had none). */
  order_id: string;
  /** Who sent it: the Referer (the page's URL, or the service worker's script URL), or ''. */
  from: string;
  /** Whether a user token came with it (the query string's token is never logged). */
  token: boolean;
  /** ms since epoch. */
  start: number;
  /** ms since epoch, or null while in flight. */
  end: number | null;
  /** 'answered' (the answer went out), 'closed' (the connection closed first, the sender no longer waits), or null while in flight. */
  outcome: 'answered' | 'closed' | null;
  /** HTTP status of the answer the server gave (the fault's, when one applied). */
  status: number | null;
}

/** Two sends of one order id in flight at the same time (a, b: seq numbers). */
export interface ConcurrentSend {
  order_id: string;
  a: number;
  b: number;
}

/** Pairs of sends of the same order id whose in-flight windows overlap; sends still in flight count as open-ended. */
export function concurrentSends(sends: readonly OrderSend[]): ConcurrentSend[] {
  const byId = new Map<string, OrderSend[]>();
  for (const s of sends) if (s.order_id) byId.set(s.order_id, [...(byId.get(s.order_id) ?? []), s]);
  const out: ConcurrentSend[] = [];
  for (const [order_id, list] of byId) {
    const sorted = [...list].sort((x, y) => x.start - y.start || x.seq - y.seq);
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) {
        const a = sorted[i]!;
        const b = sorted[j]!;
        if (a.end === null || b.start < a.end) out.push({ order_id, a: a.seq, b: b.seq });
      }
    }
  }
  return out;
}

interface ActiveRule extends FaultRule {
  id: number;
  hits: number;
}

export class Faults {
  private rules: ActiveRule[] = [];
  private nextId = 1;
  /** Requests seen per 'METHOD path' since the last clear. */
  counts: Record<string, number> = {};
  /** Every order POST since the server started or the log was cleared (not cleared with the rules). */
  orderSends: OrderSend[] = [];

  constructor(private readonly orderPath = '/api/order') {}

  /** True for the requests the order-send log records. */
  isOrderSend(method: string, path: string): boolean {
    return method === 'POST' && path === this.orderPath;
  }

  add(rule: FaultRule): ActiveRule {
    const r = { ...rule, id: this.nextId++, hits: 0 };
    this.rules.push(r);
    return r;
  }

  clear(): void {
    this.rules = [];
    this.counts = {};
  }

  list() {
    return { rules: this.rules, counts: this.counts };
  }

  /** The rule to apply to this request (counting it), or undefined. */
  take(method: string, path: string): ActiveRule | undefined {
    const key = `${method} ${path}`;
    this.counts[key] = (this.counts[key] ?? 0) + 1;
    const rule = this.rules.find(
      (r) =>
        (!r.method || r.method === method) &&
        (r.path.endsWith('*') ? path.startsWith(r.path.slice(0, -1)) : r.path === path) &&
        (r.times === undefined || r.hits < r.times),
    );
    if (rule) rule.hits++;
    return rule;
  }
}

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

type NodeEnv =
  { incoming?: { socket?: { destroy(): void } }; outgoing?: { writableFinished?: boolean; once(ev: 'close', cb: () => void): unknown } } | undefined;

/** Adds an order POST to the log and follows it until its answer is out or its connection closed. */
async function logOrderSend(faults: Faults, c: Context): Promise<OrderSend> {
  let order_id = '';
  try {
    const body = JSON.parse(await c.req.raw.clone().text()) as { order_id?: unknown };
    if (typeof body?.order_id === 'string') order_id = body.order_id;
  } catch {
    // not JSON: logged without an order id (the handler answers 400)
  }
  const send: OrderSend = {
    seq: faults.orderSends.length + 1,
    order_id,
    from: c.req.header('referer') ?? '',
    token: !!c.req.query('token'),
    start: Date.now(),
    end: null,
    outcome: null,
    status: null,
  };
  faults.orderSends.push(send);
  const out = (c.env as NodeEnv)?.outgoing;
  out?.once('close', () => {
    send.end = Date.now();
    send.outcome = out.writableFinished ? 'answered' : 'closed';
  });
  return send;
}

/** Applies the fault rules to every request, API and site files (not to the fault routes themselves). */
export function faultMiddleware(faults: Faults): MiddlewareHandler {
  const apply: MiddlewareHandler = async (c, next) => {
    const rule = faults.take(c.req.method, c.req.path);
    if (!rule) return next();
    const respond = (): Response | undefined => {
      switch (rule.mode) {
        case 'drop': {
          const incoming = (c.env as NodeEnv)?.incoming;
          incoming?.socket?.destroy();
          return new Response(null, { status: 500 });
        }
        case 'error':
          return c.json({ code: rule.code, result: rule.result }, rule.code as 500);
        case 'nonjson':
          return c.html('<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>', 200);
        default:
          return undefined;
      }
    };
    if (rule.phase === 'before') {
      if (rule.delayMs) await sleep(rule.delayMs);
      return respond() ?? next();
    }
    await next();
    if (rule.delayMs) await sleep(rule.delayMs);
    const res = respond();
    if (res) c.res = res;
  };
  return async (c, next) => {
    if (c.req.path.startsWith('/api/__')) return next();
    if (!faults.isOrderSend(c.req.method, c.req.path)) return apply(c, next);
    const send = await logOrderSend(faults, c);
    const res = await apply(c, next);
    send.status = res instanceof Response ? res.status : c.res.status;
    return res;
  };
}

const StockBody = z.object({ sku: z.string().min(1), qty: z.number(), is_in_stock: z.boolean().optional() });

/** The test-only routes under /api/__*. */
export function faultRoutes(ctx: DbDeps, faults: Faults): Hono {
  const r = new Hono();
  const db = ctx.db;
  r.get('/__faults', (c) => ok(c, faults.list()));
  // One rule or an array of them.
  r.post('/__faults', jsonBody(z.union([FaultRuleSchema, z.array(FaultRuleSchema)])), (c) => {
    const body = c.req.valid('json');
    const added = (Array.isArray(body) ? body : [body]).map((rule) => faults.add(rule));
    return ok(c, added);
  });
  r.delete('/__faults', (c) => {
    faults.clear();
    return ok(c, true);
  });
  r.get('/__orders', async (c) => {
    const rows = (await db.prepare('SELECT rowid AS entity_id, * FROM orders ORDER BY rowid').all()) as OrderRow[];
    return ok(
      c,
      rows.map((o) => ({ ...o, payload: JSON.parse(o.payload), totals: JSON.parse(o.totals), lines: JSON.parse(o.lines), answer: JSON.parse(o.answer) })),
    );
  });
  r.get('/__order-sends', (c) => ok(c, { sends: faults.orderSends, concurrent: concurrentSends(faults.orderSends) }));
  r.delete('/__order-sends', (c) => {
    faults.orderSends = [];
    return ok(c, true);
  });
  r.get('/__outbox', async (c) => ok(c, (await db.prepare('SELECT * FROM outbox ORDER BY id').all()) as OutboxRow[]));
  r.post('/__stock', jsonBody(StockBody), async (c) => {
    const body = c.req.valid('json');
    const res = await db.prepare('UPDATE stock SET qty = ?, is_in_stock = ? WHERE sku = ?').run(body.qty, (body.is_in_stock ?? body.qty > 0) ? 1 : 0, body.sku);
    if (!res.changes) throw new ApiError(404, 'sku: no product with this sku');
    return ok(c, true);
  });
  return r;
}
