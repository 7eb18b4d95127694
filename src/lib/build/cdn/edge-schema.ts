/**
 * Schemas of the redirect map's files (./edge-map.ts), for the shop's server reading a site folder:
 * a damaged or foreign file is refused with what is wrong instead of serving wrong answers.
 */
import { z } from 'zod';

export const edgeIndexSchema = z.object({ version: z.literal(1), buckets: z.number().int().positive() });

export const edgeBucketSchema = z.object({
  rules: z.array(z.tuple([z.string().startsWith('/'), z.string().min(1), z.number().int().min(200).max(599), z.number().int().nonnegative()])),
  tags: z.record(z.string(), z.array(z.string())),
});
