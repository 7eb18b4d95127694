/**
 * Restored pages by hard link. An editor's rebuild restores ~16,000 unchanged pages from Astro's
 * incremental cache (`<cacheDir>/dist/`), and Astro copies each: about 500 MB written at 10,000
 * products, most of the rebuild's system time (docs/benchmarks/history/2026-11-25.md, "Rebuild fixed costs"). A hard
 * link gives the same file without writing its bytes.
 *
 * A link shares the file with the cache, so nothing may write into a cached file in place any more:
 * the live site of the build before links the same file, and a later build that re-renders the page
 * would change the live site before it is switched (and a failed build would leave it changed).
 * So the cache's copy of a re-rendered page is a new file (a temporary name renamed over the old
 * one): folders that linked the old one keep its bytes. That new file is a link to the page Astro has
 * just written into the output folder. Nothing else writes into a built
 * page after Astro has written it (the post-build steps rename pages and add files of their own).
 *
 * Astro has no setting for this: the integration `linkRestore` replaces the two methods of its
 * cache class (`IncrementalBuildCache`, astro/dist/core/build/incremental.js) that copy and write
 * cached files, and leaves them as they are (copies, with a warning) when that class does not have
 * the shape this was written for. Build time only.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { copyFileSync, existsSync, linkSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { folderPath, FoldersAhead, previousOutputFiles } from './restore-folders';
import { identityOf } from './file-identity';
import { clearScansAtWrite, noteScanAtWrite } from './cdn/file-scans';
import { scanFile } from './cdn/build-files';

/** What the cache's methods are given of Astro's settings. */
interface CacheSettings {
  config: { cacheDir: URL; outDir?: URL };
}

/** The two methods of Astro's IncrementalBuildCache replaced here (their signatures in astro 7.3). */
export interface CacheFileMethods {
  restoreOutputFile(settings: CacheSettings, outputFile: string, destination: URL): Promise<boolean>;
  writeOutputFile(settings: CacheSettings, outputFile: string, body: string | Uint8Array): Promise<void>;
}

/** The cache's copy of an output file (as Astro names it: `<cacheDir>/dist/<outputFile>`). */
export const cachedOutputPath = (settings: CacheSettings, outputFile: string): string =>
  fileURLToPath(new URL(outputFile, new URL('dist/', settings.config.cacheDir)));

/** Astro's cache manifest in the cache folder (astro/dist/core/build/incremental.js): the pages of the build before. */
const ASTRO_MANIFEST = 'incremental-build.json';

/** Errors of `link` for which a copy still works: other file system, no links there, too many links. */
const NO_LINK = new Set(['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP', 'EOPNOTSUPP']);

/** Writes `path` as a new file (written beside it, then renamed over it): other links to the old file keep its bytes. */
async function replaceFile(path: string, body: string | Uint8Array): Promise<void> {
  await replaceWith(path, (tmp) => writeFile(tmp, body));
}

/** Makes `path` a new file by `make(tmp)` then a rename over it: other links to the old file keep its bytes. */
async function replaceWith(path: string, make: (tmp: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await make(tmp);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** Folders this process has made for restored pages: a page in one of them is linked at once. */
const madeFolders = new Set<string>();

/**
 * Puts `source` at `destination` by a hard link (a copy where no link can be made), synchronously;
 * false when `source` does not exist. Synchronous on purpose: Astro restores one page after another,
 * and each call of the asynchronous API waits for a thread-pool round trip (two per page with its
 * folder, about 1.5 s of a 10,000-product rebuild spent idle), while the link itself takes microseconds.
 * The folder is made once per process; a folder removed meanwhile is made again.
 */
export function linkOrCopySync(source: string, destination: string): boolean {
  const folder = dirname(destination);
  const attempt = (): void => {
    try {
      linkSync(source, destination);
    } catch (e) {
      if (!NO_LINK.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
      copyFileSync(source, destination);
    }
  };
  if (madeFolders.has(folder)) {
    try {
      attempt();
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      madeFolders.delete(folder);
    }
  }
  if (!existsSync(source)) return false;
  mkdirSync(folder, { recursive: true });
  madeFolders.add(folder);
  attempt();
  return true;
}

/** The folders of this build's restored pages, being made ahead (./restore-folders.ts). */
let ahead: FoldersAhead | null = null;

/** Starts making the folders of the build before's pages under the output folder of `destination`, once per output folder. */
function foldersAhead(settings: CacheSettings, outputFile: string, destination: URL): FoldersAhead | null {
  if (!destination.href.endsWith(outputFile)) return null;
  const outDir = new URL(destination.href.slice(0, destination.href.length - outputFile.length));
  if (ahead?.outDir !== folderPath(outDir)) {
    ahead = new FoldersAhead(outDir, previousOutputFiles(fileURLToPath(new URL(ASTRO_MANIFEST, settings.config.cacheDir))));
  }
  return ahead;
}

/** Removes the folders made ahead that no page used; the number removed. */
export async function endFoldersAhead(): Promise<number> {
  const done = ahead;
  ahead = null;
  return done ? done.removeUnused() : 0;
}

/** The output files (Astro's names, relative to the output folder) this process has rendered and written to the cache. */
const rendered = new Set<string>();

/** The pages rendered in this build, as Astro names their output files (empty when the linking methods are not installed). */
export const renderedThisBuild = (): ReadonlySet<string> => rendered;

/** The replacements of the two methods: restore by link, write the cache's copy as a new file. */
export const linkingMethods: CacheFileMethods = {
  async restoreOutputFile(settings, outputFile, destination) {
    const dest = fileURLToPath(destination);
    if (await foldersAhead(settings, outputFile, destination)?.ready(dirname(dest))) madeFolders.add(dirname(dest));
    return linkOrCopySync(cachedOutputPath(settings, outputFile), dest);
  },
  async writeOutputFile(settings, outputFile, body) {
    rendered.add(outputFile);
    const cached = cachedOutputPath(settings, outputFile);
    // Astro has just written the page into the output folder: the cache's copy becomes that same file
    // (a link), so the next build restores the very file this one wrote, and the CDN step knows it
    // unchanged (./cdn/file-scans.ts) instead of reading every page again after a full build.
    const written = settings.config.outDir && fileURLToPath(new URL(outputFile, settings.config.outDir));
    const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    // One look at the written file: that it holds these bytes (its size), and its identity.
    const file = written ? statSync(written, { bigint: true, throwIfNoEntry: false }) : undefined;
    if (written && file && file.size === BigInt(bytes.byteLength)) {
      // The CDN step's scan of the page, from the bytes in hand (./cdn/file-scans.ts).
      noteScanAtWrite(identityOf(file), scanFile(outputFile, bytes));
      try {
        await replaceWith(cached, (tmp) => link(written, tmp));
        return;
      } catch (e) {
        if (!NO_LINK.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
      }
    }
    await replaceFile(cached, body);
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
        rendered.clear();
        clearScansAtWrite();
        if (!root) return;
        const found = astroCacheClass(root);
        if (typeof found === 'string' || !installLinkingMethods(found.prototype))
          logger.warn(
            `Astro's incremental cache is not the one src/lib/build/link-restore.ts knows (${typeof found === 'string' ? found : 'other methods'}): restored pages are copied`,
          );
      },
      'astro:build:generated': async () => {
        await endFoldersAhead();
      },
    },
  };
}
