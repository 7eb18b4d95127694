/**
 * The persistent renderer's answer (./renderer.ts), one JSON line on its stdout, read by
 * ./overlay-build.ts through this schema: a renderer of another version, or one that printed
 * something else first, is named as such rather than read as a half answer. Build time only.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();

/** What it answers. `tooMany`: more pages changed than `limit`, the most it may render (nothing rendered: a full build is due). */
export const renderResultSchema = z.object({
  tooMany: z.boolean(),
  limit: count,
  /** Output files written into the staging folder (relative, as in the site folder). */
  written: z.array(z.string()),
  /** Output files of paths the snapshot no longer has. */
  removed: z.array(z.string()),
  /** The new snapshot's paths the generation before did not have (without their leading slash). Its paths with their keys, the next generation's, are in the staging folder (STAGED_PATHS_FILE). */
  added: z.array(z.string()),
  /** Pages rendered, and the paths whose key was unchanged. */
  rendered: count,
  kept: count,
  /** Where the time went, in ms: reading the job's context, listing the paths and their keys, then rendering, by page component. */
  timings: z.record(z.string(), z.number()),
  /**
   * What was taken rather than worked out (numbers, not ms): the keys taken from the generation before
   * (`keys reused`, 0 when none), the other counts the key store noted (a search split made from its
   * records alone), the live snapshot's files taken as read ahead (`read ahead`).
   */
  counts: z.record(z.string(), z.number()),
  /** The page components whose routes were listed, and those whose paths and keys were taken from the generation before (./paths.ts). */
  routes: z.object({ listed: z.array(z.string()), taken: z.array(z.string()) }),
});
export type RenderResult = z.infer<typeof renderResultSchema>;

/** The answer in a line the renderer printed; an error naming what is wrong with it. */
export function readRenderResult(line: string): RenderResult {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (e) {
    throw new Error(`the renderer's answer is not JSON: ${(e as Error).message}`);
  }
  const r = renderResultSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(
      `the renderer's answer is not one this server reads (a renderer of another version?): ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  return r.data;
}
