/**
 * Merges the outputs of a sharded build into one folder, the same bytes a single build writes
 * (src/lib/build/merge.ts; docs/architecture.md, "Sharded builds"):
 *
 *   npm run build:merge -- --out DIR SHARD_DIR...
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { mergeShards } from '../src/lib/build/merge';

const ArgsSchema = z.object({
  out: z.string().min(1, { message: '--out DIR is required' }),
  shards: z.array(z.string().min(1)).min(1, { message: 'give at least one shard folder' }),
});

function parseArgs(argv: string[]): z.infer<typeof ArgsSchema> {
  let out = '';
  const shards: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--out') out = argv[++i] ?? '';
    else if (a.startsWith('--out=')) out = a.slice('--out='.length);
    else if (a.startsWith('--')) throw new Error(`Unknown option ${a}. Usage: npm run build:merge -- --out DIR SHARD_DIR...`);
    else shards.push(a);
  }
  const r = ArgsSchema.safeParse({ out, shards });
  if (!r.success) throw new Error(`${r.error.issues[0]!.message}. Usage: npm run build:merge -- --out DIR SHARD_DIR...`);
  return r.data;
}

try {
  const args = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const r = await mergeShards(
    args.shards.map((d) => resolve(d)),
    resolve(args.out),
  );
  console.log(
    `build:merge: ${r.shards} shard(s) into ${args.out} in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${r.pages} page file(s), ${r.shared} shared file(s), ${r.merged} merged file(s)`,
  );
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
}
