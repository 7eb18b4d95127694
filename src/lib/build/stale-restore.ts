/**
 * Astro's incremental build restores a page from its cache when the page's data key and its own
 * code are unchanged. The client bundles' file names can change all the same (a shared chunk's hash
 * moves when another page's script changes), and a restored page then links scripts the new build
 * did not write. The CDN step finds such links (`missing` of ./../cdn/build-files.ts); this fails the
 * build with the pages named, drops the incremental cache's manifest so that the next build renders
 * every page, and leaves a marker by which the build's runners (scripts/build.ts, the rebuild hook's
 * `astroBuild`) run the build once more at once. Build time only.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The incremental build's manifest in Astro's cacheDir: without it, every page is rendered. */
export const INCREMENTAL_MANIFEST = 'incremental-build.json';
/** The marker a failed build leaves in cacheDir when the cache, now dropped, was the cause. */
export const STALE_MARKER = 'stale-restore.json';

export class StaleRestoreError extends Error {}

/** Drops the cache's manifest, leaves the marker and throws a StaleRestoreError naming the first pages. */
export function staleRestore(cacheDir: string, missing: readonly { page: string; asset: string }[]): never {
  mkdirSync(cacheDir, { recursive: true });
  rmSync(join(cacheDir, INCREMENTAL_MANIFEST), { force: true });
  writeFileSync(join(cacheDir, STALE_MARKER), `${JSON.stringify({ missing: missing.slice(0, 20) })}\n`);
  const pages = [...new Set(missing.map((m) => m.page))];
  const first = missing[0]!;
  throw new StaleRestoreError(
    `${pages.length} page(s) restored from the incremental build cache link client code this build did not write ` +
      `(first: /${first.page} links /${first.asset}). The cache's manifest is dropped: build again and every page is rendered.`,
  );
}

/** True (and the marker removed) when the last build failed for a stale cache: the runner builds once more. */
export function takeStaleMarker(cacheDir: string): boolean {
  const marker = join(cacheDir, STALE_MARKER);
  if (!existsSync(marker)) return false;
  rmSync(marker, { force: true });
  return true;
}
