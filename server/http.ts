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
  const path = issue.path.map(String).join('.');
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
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'body: the body is not valid JSON');
  }
}

/** The query string as a plain object (first value of each key). */
export function queryOf(c: Context): Record<string, string> {
  return c.req.query();
}
