/**
 * Shared zod building blocks for the entity schemas.
 *
 * Every exported schema in this folder is built inside a `/*#__PURE__*\/ (() => ...)()`: zod's
 * constructors are calls a bundler cannot prove free of side effects, so without the mark each
 * browser bundle would carry every entity schema (blog, CMS, snapshot...) it never uses.
 */
import { z } from 'zod';

/** A number that a backend may also send as a numeric string ("12.50"). */
export const NumberLike = /*#__PURE__*/ (() => z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]))();
/** A 0/1 flag that a backend may send as a number, a string or a boolean. */
export const Flag = /*#__PURE__*/ (() => z.union([z.literal(0), z.literal(1), z.boolean().transform(Number), z.enum(['0', '1']).transform(Number)]))();
/** A date-time string as the backend writes it ("2026-11-22 10:00:00" or ISO). */
export const DateString = /*#__PURE__*/ (() => z.string().refine((s) => !Number.isNaN(Date.parse(s.replace(' ', 'T'))), 'Invalid date'))();
/** An optional nullable field: backends write null as often as they omit. */
export const opt = <T extends z.ZodType>(t: T) => t.nullish();
export { z };
