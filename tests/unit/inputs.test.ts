/**
 * The API's input edge (server/inputs.ts, server/http.ts): query parameters, path segments and body
 * strings that either database would store differently (NUL, lone surrogates) or that are too long
 * are a 400 naming them; ids sent as text are safe integers.
 */
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { IdText, MAX_PARAM, inputEdge } from '../../server/inputs';
import { ApiError, MAX_JSON_STRING, answer, jsonLimits, textProblem } from '../../server/http';

const app = new Hono();
app.use('*', inputEdge);
app.get('/api/stock/check/:sku', (c) => c.text('ok'));
app.get('/api/stock/list', (c) => c.text('ok'));
app.onError((e, c) => (e instanceof ApiError ? answer(c, e.code, e.result) : c.text('crash', 500)));

const get = async (url: string) => {
  const r = await app.request(url);
  return [r.status, r.status === 200 ? await r.text() : ((await r.json()) as { result: string }).result];
};

describe('the input edge', () => {
  it('refuses NUL in a query value, a parameter name or a path segment, naming where', async () => {
    expect(await get('/api/stock/list?skus=a%00b')).toEqual([400, 'query.skus: must not contain the NUL character']);
    expect(await get('/api/stock/list?a%00=1')).toEqual([400, 'query: must not contain the NUL character']);
    expect(await get('/api/stock/check/RING%00-101')).toEqual([400, 'path: must not contain the NUL character']);
  });

  it('refuses values longer than the limit, with the longer limit for lists and search requests', async () => {
    expect(await get(`/api/stock/list?cartId=${'x'.repeat(MAX_PARAM)}`)).toEqual([200, 'ok']);
    expect(await get(`/api/stock/list?cartId=${'x'.repeat(MAX_PARAM + 1)}`)).toEqual([400, `query.cartId: must have at most ${MAX_PARAM} characters`]);
    expect(await get(`/api/stock/list?skus=${'x,'.repeat(5000)}`)).toEqual([200, 'ok']);
    expect(await get(`/api/stock/list?skus=${'x'.repeat(MAX_JSON_STRING + 1)}`)).toEqual([400, `query.skus: must have at most ${MAX_JSON_STRING} characters`]);
    expect(await get(`/api/stock/check/${'x'.repeat(MAX_PARAM + 1)}`)).toEqual([400, `path: a path segment must have at most ${MAX_PARAM} characters`]);
  });

  it('lets through control characters and text that is not percent-encoding (both databases store them alike)', async () => {
    expect(await get('/api/stock/list?skus=%01%1F%7F')).toEqual([200, 'ok']);
    expect(await get('/api/stock/list?skus=%FF%FE')).toEqual([200, 'ok']);
  });

  it('finds lone surrogates and NUL in text, and in the strings and keys of a body', () => {
    expect(textProblem('ring')).toBeNull();
    expect(textProblem('😀')).toBeNull();
    expect(textProblem('a\ud800')).toMatch(/lone surrogate/);
    expect(textProblem('\udc00a')).toMatch(/lone surrogate/);
    expect(jsonLimits({ cartItem: { sku: 'a\u0000' } })).toEqual({ path: 'cartItem.sku', message: 'must not contain the NUL character' });
    expect(jsonLimits({ extras: { 'k\u0000': 1 } })).toEqual({ path: 'extras', message: 'a field name must not contain the NUL character' });
    expect(jsonLimits({ street: ['ok', 'x\ud83d'] })).toEqual({ path: 'street.1', message: 'must be valid Unicode text (it holds a lone surrogate)' });
  });

  it('takes ids as whole numbers a 64-bit column and JavaScript both hold exactly', () => {
    for (const ok of ['0', '101', String(Number.MAX_SAFE_INTEGER)]) expect(IdText.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['abc', '1.5', '1e309', '-1', '', ' 1', '99999999999999999999', '9007199254740993'])
      expect(IdText.safeParse(bad).success, bad).toBe(false);
  });
});
