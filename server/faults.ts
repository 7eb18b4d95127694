/**
 * Fault switch for tests (only with env SHOP_FAULTS=1): delays, dropped connections, forced error
 * answers and non-JSON answers on chosen routes, with counters; plus test-only reads and writes
 * (`/api/__orders`, `/api/__outbox`, `/api/__stock`). Documented in docs/api.md.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { ShopContext } from './context';
import { ok, parseOr400, readJson, ApiError } from './http';
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

interface ActiveRule extends FaultRule {
  id: number;
  hits: number;
}

export class Faults {
  private rules: ActiveRule[] = [];
  private nextId = 1;
  /** Requests seen per 'METHOD path' since the last clear. */
  counts: Record<string, number> = {};

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

/** Applies the fault rules to every request, API and site files (not to the fault routes themselves). */
export function faultMiddleware(faults: Faults): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.startsWith('/api/__')) return next();
    const rule = faults.take(c.req.method, c.req.path);
    if (!rule) return next();
    const respond = (): Response | undefined => {
      switch (rule.mode) {
        case 'drop': {
          const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
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
}

const StockBody = z.object({ sku: z.string().min(1), qty: z.number(), is_in_stock: z.boolean().optional() });

/** The test-only routes under /api/__*. */
export function faultRoutes(ctx: ShopContext, faults: Faults): Hono {
  const r = new Hono();
  const db = ctx.db;
  r.get('/__faults', (c) => ok(c, faults.list()));
  r.post('/__faults', async (c) => {
    const raw = await readJson(c);
    const rules = Array.isArray(raw) ? raw : [raw];
    const added = rules.map((x) => faults.add(parseOr400(FaultRuleSchema, x)));
    return ok(c, added);
  });
  r.delete('/__faults', (c) => {
    faults.clear();
    return ok(c, true);
  });
  r.get('/__orders', (c) => {
    const rows = db.prepare('SELECT rowid AS entity_id, * FROM orders ORDER BY rowid').all() as OrderRow[];
    return ok(
      c,
      rows.map((o) => ({ ...o, payload: JSON.parse(o.payload), totals: JSON.parse(o.totals), lines: JSON.parse(o.lines), answer: JSON.parse(o.answer) })),
    );
  });
  r.get('/__outbox', (c) => ok(c, db.prepare('SELECT * FROM outbox ORDER BY id').all() as OutboxRow[]));
  r.post('/__stock', async (c) => {
    const body = parseOr400(StockBody, await readJson(c));
    const res = db
      .prepare('UPDATE stock SET qty = ?, is_in_stock = ? WHERE sku = ?')
      .run(body.qty, (body.is_in_stock ?? body.qty > 0) ? 1 : 0, body.sku);
    if (!res.changes) throw new ApiError(404, 'sku: no product with this sku');
    return ok(c, true);
  });
  return r;
}
