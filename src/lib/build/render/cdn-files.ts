/**
 * An overlay generation's CDN files, written once it is served (./overlay-build.ts): its files
 * manifest (the parent's, with the digests of the files it changed) and, against the live
 * generation, its deploy plan. Run in a process of its own (`main`): reading, patching and writing a
 * manifest of 286,000 files and indexing the pages' cache tags took the better part of a second at
 * 100,000 products, during which the server's event loop answered no shopper. Build time only.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { readFilesManifest, writeDeployPlan } from '../cdn/build-files';
import { byName, FILES_MANIFEST } from '../cdn/deploy-plan';

export const cdnFilesJobSchema = z.object({
  /** The generation the overlay was made on (its files manifest is patched). */
  parent: z.string().min(1),
  outDir: z.string().min(1),
  /** The digests of the files the overlay changed or added (../cdn/build-files.ts digestOf). */
  set: z.record(z.string().min(1), z.string().min(1)),
  removed: z.array(z.string().min(1)),
  /** The live generation the deploy plan is made against; null: no plan. */
  deployBefore: z.string().min(1).nullable(),
});
export type CdnFilesJob = z.infer<typeof cdnFilesJobSchema>;

/**
 * The files manifest's `files` (sorted by name) with the digests `set` (changed or new files; a file
 * both set and removed is kept) and without the files `removed`, sorted as the full build sorts them:
 * one pass over the parent's, which are sorted already, merging the few new names in (a sort of
 * 286,000 names at 100,000 products took longer than the rest of the step).
 */
export function patchedFiles(parent: Readonly<Record<string, string>>, set: ReadonlyMap<string, string>, removed: ReadonlySet<string>): Record<string, string> {
  const gone = (f: string) => removed.has(f) && !set.has(f);
  const added = [...set.keys()].filter((f) => parent[f] === undefined).sort(byName);
  const out: Record<string, string> = {};
  let next = 0;
  let last = '';
  for (const f in parent) {
    // Not sorted (not this code's manifest): sorted afresh.
    if (f < last)
      return Object.fromEntries(
        Object.entries({ ...parent, ...Object.fromEntries(set) })
          .filter(([n]) => !gone(n))
          .sort(([a], [b]) => byName(a, b)),
      );
    last = f;
    for (; next < added.length && added[next]! < f; next++) out[added[next]!] = set.get(added[next]!)!;
    if (!gone(f)) out[f] = set.get(f) ?? parent[f]!;
  }
  for (; next < added.length; next++) out[added[next]!] = set.get(added[next]!)!;
  return out;
}

/** Writes the overlay's files manifest and, with `deployBefore`, its deploy plan. */
export function writeOverlayCdnFiles(job: CdnFilesJob): void {
  const parentManifest = readFilesManifest(job.parent);
  if (!parentManifest) throw new Error(`${job.parent}: no ${FILES_MANIFEST}`);
  const set = new Map(Object.entries(job.set));
  const files = patchedFiles(parentManifest.files, set, new Set(job.removed));
  mkdirSync(dirname(join(job.outDir, FILES_MANIFEST)), { recursive: true });
  writeFileSync(join(job.outDir, FILES_MANIFEST), `${JSON.stringify({ version: 1, files })}\n`);
  if (!job.deployBefore) return;
  // Against the parent (the live generation, as the server asks): both manifests are in hand, and only the files the overlay wrote or removed can differ.
  const same = resolve(job.deployBefore) === resolve(job.parent);
  writeDeployPlan(
    job.deployBefore,
    job.outDir,
    same ? { before: parentManifest, after: { version: 1, files }, mayDiffer: [...set.keys(), FILES_MANIFEST, ...job.removed] } : {},
  );
}

const SCRIPT = fileURLToPath(import.meta.url);

/** Runs `writeOverlayCdnFiles` in a process of its own; settles when it has written them, rejects with what went wrong. */
export function runOverlayCdnFiles(job: CdnFilesJob): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-4000)));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`the overlay's CDN files were not written (exit ${code}): ${err.trim()}`))));
    child.stdin.end(JSON.stringify(job));
  });
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  writeOverlayCdnFiles(cdnFilesJobSchema.parse(JSON.parse(input)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  });
}
