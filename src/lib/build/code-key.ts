/**
 * The code of the middleware (src/middleware.ts) in the incremental build's page keys. Astro restores
 * a page when its key and the code of its route are unchanged, and the middleware's code is not part of
 * a route's: a page the middleware rewrites (its styles merged, its scripts started after the first
 * paint) would be restored with the old rewrite after the middleware changed. So every HTML page's key
 * holds a digest of the source of the middleware and of every project module it imports, read at build
 * time from the project folder the build runs in. Build time only: reads files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Relative module specifiers of a TypeScript/JavaScript source: static and dynamic imports, re-exports. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.js'];

function resolveModule(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const ext of EXTENSIONS) if (statSync(base + ext, { throwIfNoEntry: false })?.isFile()) return base + ext;
  throw new Error(`${from} imports ${spec}, which is not a file here: the middleware's code key cannot be made`);
}

/**
 * A digest of `entry`'s source and of every module it reaches through relative imports, with each
 * file's path relative to `root` (so the same code gives the same key in any checkout).
 */
export function sourceClosureKey(entry: string, root: string): string {
  const seen = new Set<string>();
  const h = createHash('sha256');
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = readFileSync(file, 'utf8');
    h.update(file.slice(root.length)).update('\u0000').update(src).update('\u0000');
    for (const m of src.matchAll(RELATIVE_IMPORT)) visit(resolveModule(file, m[1]!));
  };
  visit(entry);
  return h.digest('base64url').slice(0, 32);
}

/**
 * The project folder: the nearest folder above this module holding src/middleware.ts (bundled into a
 * build's chunks, the module sits under the project's cache or output folder), else the folder the
 * process runs in.
 */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'src/middleware.ts'))) return dir;
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

const middlewareKeys = new Map<string, string>();
/** The code key of src/middleware.ts and what it imports, in the project the build runs for. */
export function middlewareCodeKey(root: string = projectRoot()): string {
  const entry = join(root, 'src/middleware.ts');
  if (!existsSync(entry)) throw new Error(`no ${entry}: the middleware's code key is read from the project's source, which this build cannot find`);
  let key = middlewareKeys.get(root);
  if (key === undefined) middlewareKeys.set(root, (key = sourceClosureKey(entry, root)));
  return key;
}
