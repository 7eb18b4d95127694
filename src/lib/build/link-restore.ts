/**
 * Restored pages by hard link. An editor's rebuild restores ~16,000 unchanged pages from Astro's
 * incremental cache (`<cacheDir>/dist/`), and Astro copies each: about 500 MB written at 10,000
 * products, most of the rebuild's system time (docs/benchmarks.md, "Rebuild fixed costs"). A hard
 * link gives the same file without writing its bytes.
 *
 * A link shares the file with the cache, so nothing may write into a cached file in place any more:
 * the live site of the build before links the same file, and a later build that re-renders the page
 * would change the live site before it is switched (and a failed build would leave it changed).
 * So the cache's copy of a re-rendered page is written as a new file (a temporary file renamed over
 * the old name): folders that linked the old one keep its bytes. Nothing else writes into a built
 * page after Astro has written it (the post-build steps rename pages and add files of their own).
 *
 * Astro has no setting for this: the integration `linkRestore` replaces the two methods of its
 * cache class (`IncrementalBuildCache`, astro/dist/core/build/incremental.js) that copy and write
 * cached files, and leaves them as they are (copies, with a warning) when that class does not have
 * the shape this was written for. Build time only.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** What the cache's methods are given of Astro's settings. */
interface CacheSettings {
  config: { cacheDir: URL };
}

/** The two methods of Astro's IncrementalBuildCache replaced here (their signatures in astro 7.3). */
export interface CacheFileMethods {
  restoreOutputFile(settings: CacheSettings, outputFile: string, destination: URL): Promise<boolean>;
  writeOutputFile(settings: CacheSettings, outputFile: string, body: string | Uint8Array): Promise<void>;
}

/** The cache's copy of an output file (as Astro names it: `<cacheDir>/dist/<outputFile>`). */
export const cachedOutputPath = (settings: CacheSettings, outputFile: string): string =>
  fileURLToPath(new URL(outputFile, new URL('dist/', settings.config.cacheDir)));

/** Errors of `link` for which a copy still works: other file system, no links there, too many links. */
const NO_LINK = new Set(['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP', 'EOPNOTSUPP']);

/** Puts `source` at `destination` (its folders made) by a hard link, or by a copy where no link can be made. */
export async function linkOrCopy(source: string, destination: string): Promise<void> {
  await mkdir(dirname(destination), { recursive: true });
  try {
    await link(source, destination);
  } catch (e) {
    if (!NO_LINK.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
    await copyFile(source, destination);
  }
}

/** Writes `path` as a new file (written beside it, then renamed over it): other links to the old file keep its bytes. */
export async function replaceFile(path: string, body: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, body);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** The replacements of the two methods: restore by link, write the cache's copy as a new file. */
export const linkingMethods: CacheFileMethods = {
  async restoreOutputFile(settings, outputFile, destination) {
    const cached = cachedOutputPath(settings, outputFile);
    if (!existsSync(cached)) return false;
    await linkOrCopy(cached, fileURLToPath(destination));
    return true;
  },
  async writeOutputFile(settings, outputFile, body) {
    await replaceFile(cachedOutputPath(settings, outputFile), body);
  },
};

/**
 * Gives a cache class's prototype the linking methods; false (nothing changed) when it lacks the two
 * methods with the parameter counts of astro 7.3.
 */
export function installLinkingMethods(proto: Partial<Record<keyof CacheFileMethods, unknown>> | undefined): boolean {
  const fits = (f: unknown, params: number) => typeof f === 'function' && f.length === params;
  if (!proto || !fits(proto.restoreOutputFile, 3) || !fits(proto.writeOutputFile, 3)) return false;
  Object.assign(proto, linkingMethods);
  return true;
}

/**
 * Astro's cache class as the build runs it: the project's astro package, loaded by Node itself
 * (`require` of the ES module) and so the module instance Astro's build uses; this file is loaded
 * through Vite's module runner with the config, whose `import()` would evaluate a second copy.
 */
function astroCacheClass(root: URL): { prototype?: Partial<Record<keyof CacheFileMethods, unknown>> } | string {
  try {
    const require = createRequire(new URL('package.json', root));
    const mod = require(join(dirname(require.resolve('astro/package.json')), 'dist/core/build/incremental.js')) as {
      IncrementalBuildCache?: { prototype?: Partial<Record<keyof CacheFileMethods, unknown>> };
    };
    return mod.IncrementalBuildCache ?? 'astro/dist/core/build/incremental.js has no IncrementalBuildCache';
  } catch (e) {
    return (e as Error).message;
  }
}

/** The integration: before pages are generated, Astro's cache restores by link. */
export function linkRestore(): AstroIntegration {
  let root: URL | undefined;
  return {
    name: 'pj-link-restore',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:start': ({ logger }) => {
        if (!root) return;
        const found = astroCacheClass(root);
        if (typeof found === 'string' || !installLinkingMethods(found.prototype))
          logger.warn(
            `Astro's incremental cache is not the one src/lib/build/link-restore.ts knows (${typeof found === 'string' ? found : 'other methods'}): restored pages are copied`,
          );
      },
    },
  };
}
