/**
 * The malformed-input suites, in-process (`app.request`) on one shop per database: the hand-written
 * cases of malformed-cases.ts and the corpus generated from the API's own schemas
 * (malformed-corpus.ts). A case the schema cannot take is a 400 naming its field; no case is a 5xx;
 * a refused request writes nothing (a fingerprint of every table a request may write is unchanged).
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { malformedCases, type Ids } from './malformed-cases';
import { CORPUS_REBUILD_TOKEN, malformedCorpus, type CorpusCase } from './malformed-corpus';
import { useTestShop, type TestShop } from './fixture';

const shop = useTestShop({
  // Thousands of requests from one address: no rate limit; a rebuild hook whose steps do nothing.
  options: { rateLimit: { windowMs: 60_000, max: 1_000_000 }, rebuildToken: CORPUS_REBUILD_TOKEN, trustProxy: true },
  rebuildSteps: { pull: async () => {}, build: async () => {}, activate: () => {} },
});

async function realIds(s: TestShop): Promise<Ids> {
  const cartId = (await s.call('POST', '/api/cart/create')).body.result as string;
  const customer = { email: 'malformed-owner@example.org', firstname: 'Mal', lastname: 'Owner' };
  await s.call('POST', '/api/user/create', { body: { customer, password: 'password123' } });
  const token = (await s.call('POST', '/api/user/login', { body: { username: customer.email, password: 'password123' } })).body.result as string;
  const mailToken = (await s.call('GET', '/api/ext/mail-service/get-token')).body.result as string;
  // The orders the corpus may place (odd but valid text) must not run the ring out of stock (the contract's 500).
  await s.call('POST', '/api/__stock', { body: { sku: 'RING-101', qty: 100_000 } });
  return { cartId, token, mailToken };
}

/** One row of everything a request may write: counts, sums and latest update times (rate-limit counters left out: they count refused requests by design). */
async function fingerprint(s: TestShop): Promise<unknown> {
  const count = (t: string) => `(SELECT COUNT(*) FROM ${t}) AS ${t}`;
  const tables = ['carts', 'cart_items', 'orders', 'customers', 'newsletter', 'outbox', 'reviews', 'password_resets', 'sessions', 'refresh_tokens'];
  return s.db
    .prepare(
      `SELECT ${tables.map(count).join(', ')}, (SELECT COALESCE(SUM(qty), 0) FROM stock) AS stock_qty, (SELECT COALESCE(SUM(qty), 0) FROM cart_items) AS item_qty,
        (SELECT MAX(updated_at) FROM carts) AS carts_at, (SELECT MAX(updated_at) FROM customers) AS customers_at, (SELECT MAX(updated_at) FROM newsletter) AS news_at,
        (SELECT COUNT(*) FROM sessions WHERE revoked_at IS NOT NULL) AS revoked, (SELECT COUNT(*) FROM refresh_tokens WHERE used_at IS NOT NULL) AS used`,
    )
    .get();
}

interface Outcome {
  name: string;
  status: number;
  result: string;
  problem: string | null;
}

/** What one request answered. */
async function send(s: TestShop, c: CorpusCase): Promise<{ status: number; result: string }> {
  const init: RequestInit = { method: c.method, headers: { ...c.headers } };
  if (c.raw !== undefined) init.body = c.raw;
  if (c.raw !== undefined) init.headers = { ...c.headers, 'Content-Type': c.contentType ?? 'application/json' };
  const res = await s.app.request(c.url, init);
  const text = await res.text();
  let result = text;
  try {
    result = String((JSON.parse(text) as { result?: unknown }).result);
  } catch {
    /* not the envelope */
  }
  return { status: res.status, result };
}

/** Why a case's answer breaks the rules (a 5xx; a `refuse` case not a 400 naming its field), or null. */
function answerProblem(c: CorpusCase, status: number, result: string): string | null {
  const named = result.split(': ')[0] ?? '';
  if (status >= 500) return `answered ${status}`;
  if (c.expect === 'refuse' && status !== 400) return `answered ${status}, not 400`;
  if (c.expect === 'refuse' && !(named === c.field || c.field.startsWith(`${named}.`) || named.startsWith(`${c.field}.`)))
    return `names '${named}', not ${c.field}`;
  return null;
}

/**
 * Runs every case; the problems of those that broke a rule. The `refuse` cases run as one block
 * between two fingerprints (none may write: a change is then pinned on its cases one by one); each
 * `survive` case between two of its own, since it may be accepted and write.
 */
async function runAll(s: TestShop, cases: CorpusCase[]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const refusing = cases.filter((c) => c.expect === 'refuse');
  const record = (c: CorpusCase, status: number, result: string, wrote: string | null) =>
    out.push({ name: c.name, status, result: result.slice(0, 160), problem: answerProblem(c, status, result) ?? wrote });
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  let before = await fingerprint(s);
  const answers: { status: number; result: string }[] = [];
  for (const c of refusing) answers.push(await send(s, c));
  let after = await fingerprint(s);
  if (same(before, after)) refusing.forEach((c, i) => record(c, answers[i]!.status, answers[i]!.result, null));
  else {
    for (const c of refusing) {
      before = await fingerprint(s);
      const a = await send(s, c);
      after = await fingerprint(s);
      record(c, a.status, a.result, same(before, after) ? null : `refused but wrote: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
    }
  }
  before = after;
  for (const c of cases.filter((x) => x.expect === 'survive')) {
    const a = await send(s, c);
    after = await fingerprint(s);
    record(
      c,
      a.status,
      a.result,
      a.status >= 400 && !same(before, after) ? `refused with ${a.status} but wrote: ${JSON.stringify(before)} -> ${JSON.stringify(after)}` : null,
    );
    before = after;
  }
  return out;
}

/** The hand-written cases as corpus cases (each must be refused). */
function handWritten(ids: Ids): CorpusCase[] {
  return malformedCases(ids).map((c) => {
    const url = new URL(`http://x${c.path}`);
    for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, v);
    return { name: c.name, method: c.method, url: url.pathname + url.search, raw: c.raw ?? JSON.stringify(c.body), expect: 'refuse', field: c.field };
  });
}

describe('malformed input, in-process on one shop', () => {
  it('the generated corpus: refusals name their field, no 5xx, nothing written by a refused request', { timeout: 600_000 }, async () => {
    const s = shop();
    const ids = await realIds(s);
    const corpus = malformedCorpus(s.app, ids);
    const cases = [...handWritten(ids), ...corpus];
    const started = performance.now();
    const outcomes = await runAll(s, cases);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const refuse = cases.filter((c) => c.expect === 'refuse').length;
    console.log(`malformed corpus: ${cases.length} cases (${refuse} must be refused) in ${seconds} s on ${s.db.dialect}`);
    expect(corpus.length).toBeGreaterThanOrEqual(3000);
    // Every route of the API is reached.
    expect(new Set(corpus.map((c) => c.name.split(':')[0])).size).toBeGreaterThanOrEqual(60);
    const failed = outcomes.filter((o) => o.problem).map((o) => `${o.name}: ${o.problem} (${o.result})`);
    if (process.env.CORPUS_REPORT) (await import('node:fs')).writeFileSync(process.env.CORPUS_REPORT, failed.join('\n'));
    expect(failed).toEqual([]);
  });

  it('behind a trusted proxy, an oversized X-Forwarded-For is a rate-limit key like any other, not a 500', async () => {
    // (NUL and characters beyond Latin-1 cannot travel in a header: HTTP parsers refuse them.)
    // Random, so that PostgreSQL cannot compress it under its index entry limit (2,704 bytes).
    for (const hop of [randomBytes(6000).toString('base64'), randomBytes(2100).toString('base64')]) {
      const r = await shop().app.request('/api/user/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.9, ${hop}` },
        body: JSON.stringify({ username: 'nobody@example.org', password: 'password123' }),
      });
      expect(r.status).toBe(401);
    }
  });
});
