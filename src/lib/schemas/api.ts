/** The contract's answer envelope: `{ code, result }`, 200 is success (§7). */
import { z } from './common';

export const ApiResponseSchema = /*#__PURE__*/ (() => z.looseObject({ code: z.union([z.number().int(), z.string()]), result: z.unknown() }))();
export type ApiResponse = z.output<typeof ApiResponseSchema>;

/** An envelope whose result has a given shape. */
export const apiResponse = <T extends z.ZodType>(result: T) => z.looseObject({ code: z.number().int(), result });
