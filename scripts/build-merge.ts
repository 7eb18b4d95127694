/**
 * Merges the outputs of a sharded build into one folder, the same bytes a single build writes
 * (src/lib/build/merge.ts; docs/build.md, "Sharded builds"):
 *
 *   npm run build:merge -- --out DIR SHARD_DIR...
 *
 * A prepared build's site part (`--shard 0/N`) is one of the folders; its `_shard-inputs/` is left out.
 */
import { resolve } from 'node:path';
import { OptionError, scriptOptions } from './lib/cli-options';
import { mergeShards } from '../src/lib/build/merge';

const USAGE = "usage: npm run build:merge -- --out DIR SHARD_DIR... (shards 1..N, and a prepared build's site part 0)";

const args = scriptOptions(process.argv.slice(2), { name: 'build:merge', usage: USAGE, values: ['out'], positional: true }, (o) => {
  const out = o.value('out');
  if (!out) throw new OptionError('--out DIR is required');
  if (!o.rest.length) throw new OptionError('give at least one shard folder');
  return { out, shards: o.rest };
});

try {
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
