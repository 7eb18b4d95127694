/**
 * The malformed-input suite: every generated case of malformed-cases.ts answers 400 naming
 * its field, never 5xx, and writes nothing (row counts of every table a request may write unchanged).
 */
import { describe, expect, it } from 'vitest';
import { malformedCases, type Case, type Ids } from './malformed-cases';
import { useTestShop, writtenState } from './fixture';

const shop = useTestShop();

/** The cases need ids of the running shop; they are generated with placeholders, filled in per call. */
const PLACEHOLDERS: Ids = { cartId: '<cartId>', token: '<token>', mailToken: '<mailToken>' };
const CASES = malformedCases(PLACEHOLDERS);
let ids: Ids | null = null;

async function realIds(): Promise<Ids> {
  if (ids) return ids;
  const s = shop();
  const cartId = (await s.call('POST', '/api/cart/create')).body.result as string;
  await s.call('POST', '/api/user/create', {
    body: { customer: { email: 'malformed-owner@example.org', firstname: 'Mal', lastname: 'Owner' }, password: 'password123' },
  });
  const token = (await s.call('POST', '/api/user/login', { body: { username: 'malformed-owner@example.org', password: 'password123' } })).body.result as string;
  const mailToken = (await s.call('GET', '/api/ext/mail-service/get-token')).body.result as string;
  ids = { cartId, token, mailToken };
  return ids;
}

const fill = (v: unknown, real: Ids): unknown => {
  const text = JSON.stringify(v);
  return text === undefined
    ? undefined
    : JSON.parse(text.replaceAll('<cartId>', real.cartId).replaceAll('<mailToken>', real.mailToken).replaceAll('<token>', real.token));
};

describe(`malformed input: ${CASES.length} generated cases`, () => {
  it('covers every endpoint with at least 300 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(CASES.map((c) => c.path)).size).toBeGreaterThanOrEqual(17);
  });

  it.each(CASES.map((c) => [c.name, c] as [string, Case]))('%s: 400 naming the field, nothing written', async (_name, c) => {
    const real = await realIds();
    const before = await writtenState(shop().db);
    const query = fill(c.query, real) as Record<string, string>;
    const r = await shop().call(c.method, c.path, c.raw !== undefined ? { query, raw: c.raw } : { query, body: fill(c.body, real) });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400);
    expect(r.body.code).toBe(400);
    expect(String(r.body.result)).toContain(c.field);
    expect(await writtenState(shop().db)).toEqual(before);
  });
});
