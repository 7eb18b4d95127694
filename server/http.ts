/** The contract's answers (`{ code, result }`, HTTP status = code) and zod validation of inputs (`@hono/zod-validator`). */
import type { Context } from 'hono';
import type { z } from 'zod';
import { zValidator } from '@hono/zod-validator';
import { bearerAuth } from 'hono/bearer-auth';
import type { MiddlewareHandler } from 'hono';

/** An error that becomes the answer `{ code, result }` with HTTP status `code`. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly result: unknown,
    readonly meta?: Record<string, unknown>,
  ) {
    super(typeof result === 'string' ? result : `API error ${code}`);
    this.name = 'ApiError';
  }
}

/** Answers `{ code, result }` (and `meta` when given) with the HTTP status equal to code. */
export function answer(c: Context, code: number, result: unknown, meta?: Record<string, unknown>): Response {
  const body: Record<string, unknown> = { code, result };
  if (meta) body.meta = meta;
  return c.json(body, code as 200);
}

export const ok = (c: Context, result: unknown, meta?: Record<string, unknown>) => answer(c, 200, result, meta);

/** Answers the snapshot record `found`, or 404 with `notFound` (naming the parameter) when there is none. */
export function okOr404(c: Context, found: unknown, notFound: string): Response {
  if (found === undefined || found === null) throw new ApiError(404, notFound);
  return ok(c, found);
}

/**
 * The first issue; of a union that failed, the first issue of the branch whose type the input had
 * (a rule or an array of rules: a rule with a bad `mode` names 'mode', not the union).
 */
function firstIssue(issues: z.core.$ZodIssue[]): z.core.$ZodIssue {
  let issue = issues[0]!;
  while (issue.code === 'invalid_union') {
    const wrongType = (branch: z.core.$ZodIssue[]) => branch.length === 1 && branch[0]!.code === 'invalid_type' && branch[0]!.path.length === 0;
    const branch = issue.errors.find((b) => b.length > 0 && !wrongType(b));
    if (!branch) break;
    issue = { ...branch[0]!, path: [...issue.path, ...branch[0]!.path] };
  }
  return issue;
}

/** The first issue of a zod error as '<field path>: <message>'; `prefix` names the root (body, query). */
export function issueMessage(error: { issues: z.core.$ZodIssue[] }, prefix: string): string {
  const issue = firstIssue(error.issues);
  // An unknown key is named itself ('coupon_code: unknown field'), not its parent object.
  const unknownKey = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys[0] : undefined;
  const path = [...issue.path, ...(unknownKey !== undefined ? [unknownKey] : [])].map(String).join('.');
  if (unknownKey !== undefined) return `${path ? (prefix === 'body' ? path : `${prefix}.${path}`) : prefix}: unknown field (not accepted here)`;
  const field = path ? (prefix === 'body' ? path : `${prefix}.${path}`) : prefix;
  return `${field}: ${issue.message}`;
}

/**
 * Route middleware: the JSON body, validated by `schema` (`@hono/zod-validator`), for the handler as
 * `c.req.valid('json')`. A missing (unless `optional`), malformed, too deep or too long body, or one
 * that breaks the schema, is a 400 naming the field; the handler (and so any write) does not run.
 */
export function jsonBody<T extends z.ZodType>(schema: T, opts: { optional?: boolean } = {}) {
  const validate = zValidator('json', schema, (r, c) => {
    if (!r.success) return answer(c, 400, issueMessage(r.error, 'body'));
  });
  const read: typeof validate = async (c, next) => {
    await readBody(c, opts.optional ?? false);
    return validate(c, next);
  };
  return Object.assign(read, { [INPUT_SCHEMA]: { body: schema } as RouteSchemas });
}

/** Route middleware: the query string validated by `schema`, as `c.req.valid('query')`; a 400 names 'query.<field>'. */
export function validQuery<T extends z.ZodType>(schema: T) {
  const validate = zValidator('query', schema, (r, c) => {
    if (!r.success) return answer(c, 400, issueMessage(r.error, 'query'));
  });
  return Object.assign(validate, { [INPUT_SCHEMA]: { query: schema } as RouteSchemas });
}

/** The schema a validating middleware checks, on the middleware itself (the malformed-input corpus is generated from it). */
export const INPUT_SCHEMA = Symbol.for('pj.inputSchema');
export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Checks the body before the JSON validator reads it (which reads only bodies sent as JSON, and
 * answers hono's own text for malformed ones): an empty body is a 400 naming 'body' (or `{}` when
 * optional), so are one of another Content-Type, malformed JSON and one beyond the generic limits.
 */
async function readBody(c: Context, optional: boolean): Promise<void> {
  const text = await c.req.text();
  if (!text.trim()) {
    if (!optional) throw new ApiError(400, 'body: a JSON body is required');
    // The validator parses Hono's cached text: an empty optional body reads as {}.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve('{}');
  } else {
    let value: unknown;
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
    if (!JSON_TYPE.test(type)) throw new ApiError(400, 'body: send the body as JSON (Content-Type: application/json)');
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'body: the body is not valid JSON');
    }
    const bad = jsonLimits(value);
    if (bad) throw new ApiError(400, `${bad.path || 'body'}: ${bad.message}`);
  }
}

/**
 * Route middleware: `Authorization: Bearer <token>` (`hono/bearer-auth`, compared in constant time);
 * a missing, malformed or wrong one is answered `{ code, result }`. `token` must be an RFC 6750
 * token (letters, digits, `-._~+/`, then `=`s): see `bearerTokenProblem`.
 */
export function bearer(token: string, code: number, result: string): MiddlewareHandler {
  const refuse = { message: (c: Context) => answer(c, code, result) };
  return bearerAuth({ token, noAuthenticationHeader: refuse, invalidAuthenticationHeader: refuse, invalidToken: refuse });
}

/** Why `token` cannot be sent as a bearer token (RFC 6750's token68), or null. */
export const bearerTokenProblem = (token: string): string | null =>
  /^[A-Za-z0-9._~+/-]+=*$/.test(token) ? null : 'use only letters, digits and - . _ ~ + / (then = signs): a bearer token (RFC 6750)';

/** Deepest nesting of objects and arrays a body may have (the contract's deepest is about 6). */
export const MAX_JSON_DEPTH = 32;
/** Longest string any field of a body may hold (the mailer's emailText is the longest: 20,000). */
export const MAX_JSON_STRING = 20_000;

/** A UTF-16 surrogate without its pair: not a character, so no database can store it as sent. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a text from a client cannot be stored or looked up alike on both databases, or null:
 * PostgreSQL's text cannot hold NUL (SQLite can, so the same request would answer differently),
 * and a lone surrogate is not Unicode (both drivers would store U+FFFD instead of what was sent).
 */
export function textProblem(s: string): string | null {
  if (s.includes('\0')) return 'must not contain the NUL character';
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode text (it holds a lone surrogate)';
  return null;
}

/**
 * The first place ('a.b.0') where a body breaks the generic limits: nested deeper than
 * MAX_JSON_DEPTH, a string longer than MAX_JSON_STRING, or a string or key that `textProblem`
 * refuses; null when none. Iterative, so a body of 10,000 levels cannot overflow the stack here
 * (nor reach the recursive code after it).
 */
export function jsonLimits(value: unknown): { path: string; message: string } | null {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  while (stack.length) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.length > MAX_JSON_STRING) return { path, message: `must have at most ${MAX_JSON_STRING} characters` };
      const problem = textProblem(v);
      if (problem) return { path, message: problem };
    }
    if (!v || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { path, message: `nested more than ${MAX_JSON_DEPTH} levels deep` };
    for (const [k, child] of Object.entries(v)) {
      const at = path ? `${path}.${k}` : k;
      const problem = textProblem(k);
      if (problem) return { path: path || 'body', message: `a field name ${problem}` };
      stack.push({ v: child, depth: depth + 1, path: at });
    }
  }
  return null;
}
