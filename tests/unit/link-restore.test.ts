/**
 * Astro's incremental cache, as the build runs it with src/lib/build/link-restore.ts: a restored page
 * is a hard link to the cache's file (no bytes copied), and writing the cache's copy of a re-rendered
 * page never changes a folder that linked the old one (the live site of the build before).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { IncrementalBuildCache } from '../../node_modules/astro/dist/core/build/incremental.js';
import { endFoldersAhead, installLinkingMethods } from '../../src/lib/build/link-restore';

const work = mkdtempSync(join(tmpdir(), 'link-restore-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cacheDir = join(work, 'cache');
const settings = { config: { cacheDir: pathToFileURL(`${cacheDir}/`) } };
const cachedPage = join(cacheDir, 'dist', 'p', 'rw1010', 'index.html');
mkdirSync(join(cacheDir, 'dist', 'p', 'rw1010'), { recursive: true });
writeFileSync(cachedPage, '<h1>£10</h1>');

describe("Astro's incremental cache with linked restores", () => {
  // The real class of the astro package the build runs: if its methods change shape, this fails first.
  expect(installLinkingMethods(IncrementalBuildCache.prototype)).toBe(true);
  const cache = IncrementalBuildCache.load(settings as never, 'config', 'lockfile', 'key');

  it('restores a page as a hard link to the cache’s file, its folders made', async () => {
    const live = join(work, 'dist-1', 'p', 'rw1010', 'index.html');
    expect(await cache.restoreOutputFile(settings as never, 'p/rw1010/index.html', pathToFileURL(live))).toBe(true);
    expect(statSync(live).ino).toBe(statSync(cachedPage).ino);
    expect(readFileSync(live, 'utf8')).toBe('<h1>£10</h1>');
    expect(await cache.restoreOutputFile(settings as never, 'p/gone/index.html', pathToFileURL(join(work, 'dist-1', 'p', 'gone', 'index.html')))).toBe(false);
  });

  it('makes a restored page’s folder again when it was removed after an earlier restore into it', async () => {
    const folder = join(work, 'dist-2', 'p', 'rw1010');
    const live = join(folder, 'index.html');
    expect(await cache.restoreOutputFile(settings as never, 'p/rw1010/index.html', pathToFileURL(live))).toBe(true);
    rmSync(join(work, 'dist-2'), { recursive: true });
    expect(await cache.restoreOutputFile(settings as never, 'p/rw1010/index.html', pathToFileURL(live))).toBe(true);
    expect(statSync(live).ino).toBe(statSync(cachedPage).ino);
    // A page the cache does not hold, in a folder already made: not restored, nothing written.
    expect(await cache.restoreOutputFile(settings as never, 'p/rw1010/amp.html', pathToFileURL(join(folder, 'amp.html')))).toBe(false);
    expect(existsSync(join(folder, 'amp.html'))).toBe(false);
  });

  it('writes a re-rendered page’s cache copy as a new file: the folder that linked the old one keeps its bytes', async () => {
    const live = join(work, 'dist-1', 'p', 'rw1010', 'index.html');
    await cache.writeOutputFile(settings as never, 'p/rw1010/index.html', '<h1>£20</h1>');
    expect(readFileSync(cachedPage, 'utf8')).toBe('<h1>£20</h1>');
    expect(readFileSync(live, 'utf8')).toBe('<h1>£10</h1>');
    expect(statSync(live).ino).not.toBe(statSync(cachedPage).ino);
  });

  it('makes the cache’s copy of a page the build has just written that very file, a new one for the cache', async () => {
    const linkedBefore = join(work, 'dist-4', 'p', 'rw1010', 'index.html');
    expect(await cache.restoreOutputFile(settings as never, 'p/rw1010/index.html', pathToFileURL(linkedBefore))).toBe(true);
    const before = readFileSync(linkedBefore, 'utf8');
    const out = join(work, 'dist-5');
    const written = join(out, 'p', 'rw1010', 'index.html');
    mkdirSync(join(out, 'p', 'rw1010'), { recursive: true });
    writeFileSync(written, '<h1>£30</h1>');
    const withOut = { config: { ...settings.config, outDir: pathToFileURL(`${out}/`) } };
    await cache.writeOutputFile(withOut as never, 'p/rw1010/index.html', '<h1>£30</h1>');
    expect(statSync(cachedPage).ino).toBe(statSync(written).ino);
    expect(readFileSync(linkedBefore, 'utf8')).toBe(before);
    // The output folder holds something else under that name (not what Astro was given): the bytes are written.
    await cache.writeOutputFile(withOut as never, 'p/rw1010/index.html', '<h1>£300</h1>');
    expect(statSync(cachedPage).ino).not.toBe(statSync(written).ino);
    expect(readFileSync(cachedPage, 'utf8')).toBe('<h1>£300</h1>');
    expect(readFileSync(written, 'utf8')).toBe('<h1>£30</h1>');
  });

  it('makes the folders of the build before’s pages ahead, and removes those no page used when the pages are done', async () => {
    writeFileSync(
      join(cacheDir, 'incremental-build.json'),
      JSON.stringify({
        version: 1,
        routes: {
          'src/pages/[...path].astro': {
            paths: {
              '/p/rw1010': { cacheKey: 'k', outputFile: 'p/rw1010/index.html' },
              '/p/taken-off/page': { cacheKey: 'k', outputFile: 'p/taken-off/page/index.html' },
            },
          },
        },
      }),
    );
    const out = join(work, 'dist-3');
    mkdirSync(out);
    expect(await cache.restoreOutputFile(settings as never, 'p/rw1010/index.html', pathToFileURL(join(out, 'p', 'rw1010', 'index.html')))).toBe(true);
    expect(await endFoldersAhead()).toBe(2);
    expect(readdirSync(join(out, 'p'))).toEqual(['rw1010']);
    rmSync(join(cacheDir, 'incremental-build.json'));
  });

  it('leaves a class of another shape as it is', () => {
    const other = { restoreOutputFile: (a: unknown) => a, writeOutputFile: (a: unknown, b: unknown, c: unknown) => [a, b, c] };
    const before = { ...other };
    expect(installLinkingMethods(other)).toBe(false);
    expect(other).toEqual(before);
    expect(installLinkingMethods(undefined)).toBe(false);
  });
});
