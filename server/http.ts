/** The contract's answers (`{ code, result }`, HTTP status = code) and zod validation of inputs. */
import type { Context } from 'hono';
import type { z } from 'zod';

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

/** The first issue of a zod error as '<field path>: <message>'; `prefix` names the root (body, query). */
export function issueMessage(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0]!;
  // An unknown key is named itself ('coupon_code: unknown field'), not its parent object.
  const unknownKey = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys[0] : undefined;
  const path = [...issue.path, ...(unknownKey !== undefined ? [unknownKey] : [])].map(String).join('.');
  if (unknownKey !== undefined) return `${path ? (prefix === 'body' ? path : `${prefix}.${path}`) : prefix}: unknown field (not accepted here)`;
  const field = path ? (prefix === 'body' ? path : `${prefix}.${path}`) : prefix;
  return `${field}: ${issue.message}`;
}

/** Parses `value` with `schema` or throws the 400 answer naming the field. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, prefix = 'body'): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new ApiError(400, issueMessage(r.error, prefix));
  return r.data as z.output<T>;
}

/** Reads the JSON body; a missing, empty or malformed body is a 400 naming 'body'. */
export async function readJson(c: Context, opts: { optional?: boolean } = {}): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) {
    if (opts.optional) return {};
    throw new ApiError(400, 'body: a JSON body is required');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'body: the body is not valid JSON');
  }
  const bad = jsonLimits(value);
  if (bad) throw new ApiError(400, `${bad.path || 'body'}: ${bad.message}`);
  return value;
}

/** Deepest nesting of objects and arrays a body may have (the contract's deepest is about 6). */
export const MAX_JSON_DEPTH = 32;
/** Longest string any field of a body may hold (the mailer's emailText is the longest: 20,000). */
export const MAX_JSON_STRING = 20_000;

/**
 * The first place ('a.b.0') where a body breaks the generic limits: nested deeper than
 * MAX_JSON_DEPTH or a string longer than MAX_JSON_STRING; null when none. Iterative, so a body of
 * 10,000 levels cannot overflow the stack here (nor reach the recursive code after it).
 */
export function jsonLimits(value: unknown): { path: string; message: string } | null {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  while (stack.length) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v === 'string' && v.length > MAX_JSON_STRING) return { path, message: `must have at most ${MAX_JSON_STRING} characters` };
    if (!v || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { path, message: `nested more than ${MAX_JSON_DEPTH} levels deep` };
    for (const [k, child] of Object.entries(v)) stack.push({ v: child, depth: depth + 1, path: path ? `${path}.${k}` : k });
  }
  return null;
}

/** The query string as a plain object (first value of each key). */
export function queryOf(c: Context): Record<string, string> {
  return c.req.query();
}
