/**
 * Shared zod building blocks for the entity schemas.
 *
 * Every exported schema in this folder is built inside a `/*#__PURE__*\/ (() => ...)()`: zod's
 * constructors are calls a bundler cannot prove free of side effects, so without the mark each
 * browser bundle would carry every entity schema (blog, CMS, menus...) it never uses.
 */
import { z } from 'zod';

/** A number that a backend may also send as a numeric string ("12.50"). */
export const NumberLike = /*#__PURE__*/ (() =>
  z.union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ]))();
/** A 0/1 flag that a backend may send as a number, a string or a boolean. */
export const Flag = /*#__PURE__*/ (() => z.union([z.literal(0), z.literal(1), z.boolean().transform(Number), z.enum(['0', '1']).transform(Number)]))();
/** A date-time string as the backend writes it ("2026-11-22 10:00:00" or ISO). */
export const DateString = /*#__PURE__*/ (() => z.string().refine((s) => !Number.isNaN(Date.parse(s.replace(' ', 'T'))), 'Invalid date'))();
/** An optional nullable field: backends write null as often as they omit. */
export const opt = <T extends z.ZodType>(t: T) => t.nullish();
export { z };

const SCHEME = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
/** A picture as a backend names it: a media path ('/catalog/product/r/i/ring.jpg', leading slash optional) or an absolute http(s) URL. */
export const ImageRef = /*#__PURE__*/ (() =>
  z
    .string()
    .trim()
    .min(1)
    .refine(
      (s) =>
        SCHEME.test(s) ||
        // A path: no scheme (javascript:, data:), no '//' host, no '..' segment, no backslash or control characters.
        // eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused.
        (!/^[a-z][a-z0-9+.-]*:/i.test(s) && !s.startsWith('//') && !/[\\\u0000-\u001f]/.test(s) && !s.split('/').includes('..')),
      "expected a media path ('/catalog/product/a.jpg') or an absolute http(s) URL",
    ))();
/** An optional picture; Magento's 'no_selection' (no picture chosen) and '' read as none. */
export const OptImageRef = /*#__PURE__*/ (() => z.preprocess((v) => (v === 'no_selection' || v === '' ? undefined : v), ImageRef.nullish()))();
