/**
 * The malformed-input corpus, generated from the API's own zod schemas: every route of the running
 * app whose middleware validates a body or a query (`jsonBody`, `validQuery` carry their schema) is
 * read as JSON Schema (`z.toJSONSchema`), and every node of it, walked from a valid request, gets the
 * values that schema cannot take (wrong types, missing, out of bounds, too long, NUL, lone surrogates,
 * huge numbers, deep JSON, unknown keys), plus values it may take that have broken databases before
 * (control characters, boundaries, non-ASCII). Every query parameter and path segment of every route
 * gets the edge's cases (NUL, too long, ids that are not safe integers, bad percent-encoding).
 *
 * `refuse` cases must be a 400 naming their field; `survive` cases must not be a 5xx. Neither may
 * write anything when refused.
 */
import { z } from 'zod';
import type { Hono } from 'hono';
import { INPUT_SCHEMA, MAX_JSON_DEPTH, MAX_JSON_STRING, type RouteSchemas } from '../../server/http';
import { MAX_PARAM } from '../../server/inputs';
import { ENDPOINTS, type Ids } from './malformed-cases';

export interface CorpusCase {
  name: string;
  method: string;
  /** Path with its query string, ready for `app.request`. */
  url: string;
  /** The body as sent (already JSON text, or anything else), with its Content-Type. */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** `refuse`: a 400 whose result names `field`; `survive`: any answer below 500. */
  expect: 'refuse' | 'survive';
  field: string;
}

type Json = Record<string, unknown>;
interface Node {
  type?: string | string[];
  anyOf?: Node[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, Node>;
  required?: string[];
  additionalProperties?: boolean | Node;
  items?: Node;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

/** The JSON types a node allows ('integer' also listed as itself); null for a node that allows anything. */
function typesOf(n: Node): Set<string> | null {
  if (n.anyOf) {
    const out = new Set<string>();
    for (const b of n.anyOf) {
      const t = typesOf(b);
      if (!t) return null;
      for (const x of t) out.add(x);
    }
    return out;
  }
  if (n.const !== undefined) return new Set([n.const === null ? 'null' : typeof n.const]);
  if (n.enum) return new Set(n.enum.map((v) => (v === null ? 'null' : typeof v)));
  if (n.type === undefined) return null;
  return new Set(Array.isArray(n.type) ? n.type : [n.type]);
}

/** The branch of a node a value of `kind` is checked against (a single-type node is its own branch). */
const branch = (n: Node, kind: string): Node | undefined =>
  n.anyOf ? n.anyOf.map((b) => branch(b, kind)).find(Boolean) : typesOf(n)?.has(kind) || (kind === 'number' && typesOf(n)?.has('integer')) ? n : undefined;

/** Numbers JSON.parse reads as Infinity or beyond 2^53: written into the JSON text in place of their marker. */
const RAW_NUMBERS: Record<string, string> = { '@@1e309': '1e309', '@@1e20': '99999999999999999999', '@@-1e309': '-1e309' };
const DEEP = JSON.parse('['.repeat(MAX_JSON_DEPTH + 8) + ']'.repeat(MAX_JSON_DEPTH + 8)) as unknown;

/** The JSON text of a body, with the raw-number markers replaced. */
export function bodyText(body: unknown): string {
  let text = JSON.stringify(body);
  for (const [marker, raw] of Object.entries(RAW_NUMBERS)) text = text.replaceAll(JSON.stringify(marker), raw);
  return text;
}

/** [label, value, refused for certain] of one node, given the value a valid request has there. */
function mutations(n: Node, base: unknown, required: boolean): [string, unknown, boolean][] {
  const types = typesOf(n);
  const out: [string, unknown, boolean][] = [
    ['deep JSON', DEEP, true],
    ['oversized string', 'x'.repeat(MAX_JSON_STRING + 1), true],
  ];
  if (required) out.push(['missing', undefined, true]);
  if (!types) return out;
  const allows = (t: string) => types.has(t) || (t === 'number' && types.has('integer'));
  const probes: [string, unknown][] = [
    ['string', 'abc'],
    ['number', 12345.5],
    ['boolean', true],
    ['null', null],
    ['object', {}],
    ['array', []],
  ];
  for (const [t, v] of probes) if (!allows(t)) out.push([`wrong type (${t})`, v, true]);
  if (allows('integer') && !allows('number') && !types.has('number')) {
    const int = branch(n, 'integer')!;
    out.push(['fraction', 1.5, true], ['2^53', 2 ** 53, true], ['1e20', '@@1e20', true]);
    if (int.minimum !== undefined && int.minimum > -(2 ** 53)) out.push(['below minimum', int.minimum - 1, true]);
    if (int.exclusiveMinimum !== undefined) out.push(['at exclusive minimum', int.exclusiveMinimum, true]);
    if (int.maximum !== undefined && int.maximum < 2 ** 53 - 1) out.push(['above maximum', int.maximum + 1, true], ['at maximum', int.maximum, false]);
  }
  if (allows('number')) out.push(['1e309', '@@1e309', true], ['-1e309', '@@-1e309', true], ['-0', -0, false]);
  if (allows('string')) {
    const s = branch(n, 'string')!;
    const text = typeof base === 'string' && base.length > 0 ? base : 'abc';
    out.push(['NUL inside', `${text.slice(0, 1)}\u0000${text.slice(1)}`, true], ['lone surrogate', `${text}\ud800`, true]);
    out.push(['NUL alone', '\u0000', true], ['trailing low surrogate', `\udc00${text}`, true]);
    if (s.maxLength !== undefined && s.maxLength < MAX_JSON_STRING) {
      out.push(['one over maxLength', 'x'.repeat(s.maxLength + 1), true]);
      out.push(['maxLength of 4-byte characters', '𝄞'.repeat(Math.floor(s.maxLength / 2)), false]);
    }
    if (s.minLength && s.minLength > 0) out.push(['below minLength', 'x'.repeat(s.minLength - 1), true]);
    out.push(
      ['control characters', `${text}\u0001\u0008\u001b\u007f\r\n`, false],
      ['Unicode oddities (separators, right-to-left override, byte order mark, 4-byte)', `\ufeff\u202e${text}\u2028\u2029é漢😀`, false],
      ['SQL quote and an encoded NUL as text', `${text}%00'; DROP TABLE orders; --`, false],
      ['empty', '', false],
    );
  }
  if (allows('array')) {
    const a = branch(n, 'array')!;
    const item = Array.isArray(base) && base.length ? base[0] : 'x';
    if (a.maxItems !== undefined && a.maxItems < 1000) out.push(['one item over maxItems', Array(a.maxItems + 1).fill(item), true]);
    if (a.minItems) out.push(['empty array', [], true]);
  }
  if (allows('object')) {
    const o = branch(n, 'object')!;
    const obj = base && typeof base === 'object' && !Array.isArray(base) ? (base as Json) : {};
    out.push(['NUL in a key', { ...obj, 'a\u0000b': 1 }, true]);
    if (o.additionalProperties === false) out.push(['unknown key', { ...obj, unexpected_key: 'x' }, true]);
  }
  return out;
}

/** Every node of a schema with its dotted path, following the valid value where it has one (array nodes: item 0). */
function walk(n: Node, base: unknown, path: string, required: boolean, visit: (n: Node, base: unknown, path: string, required: boolean) => void): void {
  visit(n, base, path, required);
  const obj = branch(n, 'object');
  if (obj?.properties) {
    const b = base && typeof base === 'object' && !Array.isArray(base) ? (base as Json) : {};
    // Into the fields of an object the valid request has (a field it leaves out gets its own cases, not its children's).
    for (const [k, child] of Object.entries(obj.properties)) {
      const at = path ? `${path}.${k}` : k;
      if (base === undefined || base === null) continue;
      walk(child, b[k], at, (obj.required ?? []).includes(k), visit);
    }
  }
  const arr = branch(n, 'array');
  if (arr?.items && Array.isArray(base) && base.length) walk(arr.items, base[0], `${path}.0`, false, visit);
}

function setPath(root: Json, path: string, value: unknown): Json {
  // Through JSON, not structuredClone: a valid body may hold one object twice (both addresses), and only one is mutated.
  const copy = JSON.parse(JSON.stringify(root)) as Json;
  const keys = path.split('.');
  let cur: Json = copy;
  for (const k of keys.slice(0, -1)) {
    if (cur[k] === undefined || cur[k] === null || typeof cur[k] !== 'object') cur[k] = {};
    cur = cur[k] as Json;
  }
  if (value === undefined) delete cur[keys.at(-1)!];
  else cur[keys.at(-1)!] = value;
  return copy;
}

export interface Route {
  method: string;
  path: string;
  schemas: RouteSchemas;
}

/** The app's API routes, each with the schemas its middleware validate (none for a route that reads raw parameters). */
export function apiRoutes(app: Hono): Route[] {
  const byKey = new Map<string, Route>();
  for (const r of app.routes) {
    if (!r.path.startsWith('/api/') || r.path.includes('*') || r.path.startsWith('/api/__') || r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    const route = byKey.get(key) ?? { method: r.method, path: r.path, schemas: {} };
    Object.assign(route.schemas, (r.handler as unknown as Record<symbol, RouteSchemas | undefined>)[INPUT_SCHEMA] ?? {});
    byKey.set(key, route);
  }
  return [...byKey.values()];
}

const qs = (q: Record<string, string>) => {
  const s = new URLSearchParams(q).toString();
  return s ? `?${s}` : '';
};

/** Query parameters the routes read without a schema (the rest come from each route's query schema). */
const RAW_PARAMS: [RegExp, string[]][] = [
  [/^\/api\/cart\//, ['cartId', 'guestCartId', 'coupon', 'country_id']],
  [/^\/api\/stock\//, ['sku', 'skus']],
  [/^\/api\/catalog\/:index/, ['request', 'from', 'size', 'sort', '_source_include']],
  [/^\/api\//, ['token']],
];

/** The rebuild hook's token of the corpus's shop. */
export const CORPUS_REBUILD_TOKEN = 'corpus-rebuild-token';

/** A valid body and query for a route, from the hand-written endpoints of malformed-cases.ts, plus those they lack. */
function validRequest(method: string, path: string, ids: Ids): { body?: Json; query: Record<string, string>; headers?: Record<string, string> } {
  const e = ENDPOINTS.find((x) => x.method === method && x.path === path);
  if (e) return { body: e.body?.(ids), query: e.query?.(ids) ?? {} };
  if (path === '/api/ext/mailchimp-subscribe/subscribe') return { body: { email: 'corpus-news@example.org' }, query: {} };
  if (path === '/api/rebuild' || path === '/api/rebuild/status' || path === '/api/catalog/coupons')
    return { body: path === '/api/rebuild' ? { product_ids: [101] } : undefined, query: {}, headers: { Authorization: `Bearer ${CORPUS_REBUILD_TOKEN}` } };
  if (path.startsWith('/api/cart/')) return { query: { cartId: ids.cartId } };
  if (path.startsWith('/api/user/')) return { query: { token: ids.token } };
  return { query: {} };
}

/** A value for each path parameter of a valid request. */
const PATH_VALUES: Record<string, string> = { index: 'vue_storefront_catalog', entity: 'product', sku: 'RING-101', storeId: '1', id: '1' };
const fillPath = (path: string, over: Record<string, string> = {}) =>
  path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(over[name] ?? PATH_VALUES[name] ?? 'x').replaceAll('%25', '%'));

/** The whole corpus for the app's routes. */
export function malformedCorpus(app: Hono, ids: Ids): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (const route of apiRoutes(app)) {
    const { method } = route;
    const valid = validRequest(method, route.path, ids);
    const url = (q = valid.query, over?: Record<string, string>) => `${fillPath(route.path, over)}${qs(q)}`;
    const label = `${method} ${route.path}`;
    if (route.schemas.body) {
      const schema = z.toJSONSchema(route.schemas.body, { io: 'input', unrepresentable: 'any' }) as Node;
      const base = valid.body ?? {};
      walk(schema, base, '', false, (node, value, path, required) => {
        if (!path) return;
        for (const [what, v, refused] of mutations(node, value, required)) {
          cases.push({
            name: `${label}: ${path} ${what}`,
            method,
            url: url(),
            headers: valid.headers,
            raw: bodyText(setPath(base, path, v)),
            expect: refused ? 'refuse' : 'survive',
            field: path,
          });
        }
      });
      const raw = (what: string, text: string, refused: boolean, contentType = 'application/json') =>
        cases.push({
          name: `${label}: body ${what}`,
          method,
          url: url(),
          headers: valid.headers,
          raw: text,
          contentType,
          expect: refused ? 'refuse' : 'survive',
          field: 'body',
        });
      const good = bodyText(base);
      raw('truncated', good.slice(0, -1), true);
      raw('raw control character in a string', good.replace(/"([^"]*)"/, '"$1\u0001"'), true);
      raw('a JSON string', '"x"', true);
      raw('a JSON number', '1e309', true);
      raw('as text/plain', good, true, 'text/plain');
      raw('with a byte order mark', `\ufeff${good}`, false);
      raw('duplicate keys', good.replace(/^\{/, '{"a":1,"a":2,'), false);
    }
    const querySchema = route.schemas.query ? (z.toJSONSchema(route.schemas.query, { io: 'input', unrepresentable: 'any' }) as Node) : null;
    const params = new Set([...Object.keys(querySchema?.properties ?? {}), ...RAW_PARAMS.filter(([re]) => re.test(route.path)).flatMap(([, p]) => p)]);
    for (const p of params) {
      const long = ['skus', 'request', '_source_include'].includes(p) ? MAX_JSON_STRING : MAX_PARAM;
      const node = querySchema?.properties?.[p];
      const numeric = !!node && (!!typesOf(node)?.has('integer') || !!typesOf(node)?.has('number') || node.pattern === '^\\d{1,16}$');
      const q = (v: string) => url({ ...valid.query, [p]: v });
      const push = (what: string, v: string, refused: boolean) =>
        cases.push({
          name: `${label}: query ${p} ${what}`,
          method,
          url: q(v),
          headers: valid.headers,
          expect: refused ? 'refuse' : 'survive',
          field: `query.${p}`,
        });
      push('NUL', 'a\u0000b', true);
      push('one over the length limit', 'x'.repeat(long + 1), true);
      for (const v of ['abc', '1.5', '1e309', '99999999999999999999', '9007199254740993', '-1', ''])
        push(`= ${v || 'empty'}`, v, numeric && v !== '' && v !== '-1');
      push('bad percent-encoding', '%FF%FE', numeric);
      push('control characters', '\u0001\u001f\u007f', numeric);
    }
    for (const name of route.path.match(/:(\w+)/g)?.map((s) => s.slice(1)) ?? []) {
      const push = (what: string, v: string, refused: boolean) =>
        cases.push({
          name: `${label}: path ${name} ${what}`,
          method,
          url: url(valid.query, { [name]: v }),
          headers: valid.headers,
          expect: refused ? 'refuse' : 'survive',
          field: 'path',
        });
      push('NUL', 'a\u0000b', true);
      push('one over the length limit', 'x'.repeat(MAX_PARAM + 1), true);
      for (const v of ['abc', '1.5', '1e309', '99999999999999999999', '-1', '%FF', '..', ' ']) push(`= ${v}`, v, false);
    }
  }
  return cases;
}
