/**
 * The folders of restored pages made ahead (src/lib/build/restore-folders.ts): read from Astro's cache
 * manifest, made under the output folder only, and the ones no page used removed again.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FoldersAhead, previousOutputFiles } from '../../src/lib/build/restore-folders';

const work = mkdtempSync(join(tmpdir(), 'restore-folders-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const manifest = (routes: unknown) => {
  const file = join(work, `manifest-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ version: 1, configHash: 'c', routes }));
  return file;
};

describe('previousOutputFiles', () => {
  it('lists the output files of every route, in the manifest’s order', () => {
    const file = manifest({
      'src/pages/amp/[...path].astro': {
        dependencyHash: 'd',
        paths: { '/amp/rings': { cacheKey: 'k', outputFile: 'amp/rings/index.html' }, '/amp/r%C3%A9': { cacheKey: 'k', outputFile: 'amp/r%C3%A9/index.html' } },
      },
      'src/pages/index.astro': { dependencyHash: 'd', paths: { '/': { cacheKey: 'k', outputFile: 'index.html' } } },
    });
    expect(previousOutputFiles(file)).toEqual(['amp/rings/index.html', 'amp/r%C3%A9/index.html', 'index.html']);
  });

  it('gives none for a missing, unreadable or other-shaped manifest', () => {
    expect(previousOutputFiles(join(work, 'none.json'))).toEqual([]);
    const bad = join(work, 'bad.json');
    writeFileSync(bad, '{"routes": ');
    expect(previousOutputFiles(bad)).toEqual([]);
    expect(previousOutputFiles(manifest({ 'src/pages/index.astro': { paths: { '/': { outputFile: 3 } } } }))).toEqual([]);
  });
});

describe('FoldersAhead', () => {
  it('makes the folders of the pages under the output folder, and nothing outside it', async () => {
    const out = join(work, 'dist-a');
    const ahead = new FoldersAhead(pathToFileURL(`${out}/`), [
      'p/a/one/index.html',
      'p/a/two/index.html',
      'r%C3%A9/index.html',
      '../outside/index.html',
      'index.html',
    ]);
    expect(ahead.outDir).toBe(out);
    expect(await ahead.ready(join(out, 'p', 'a', 'one'))).toBe(true);
    expect(await ahead.ready(join(out, 'ré'))).toBe(true);
    expect(await ahead.ready(join(out, 'p', 'a', 'two'))).toBe(true);
    expect(existsSync(join(out, 'p', 'a', 'two'))).toBe(true);
    // Not made ahead: the caller makes it itself.
    expect(await ahead.ready(join(out, 'q'))).toBe(false);
    expect(await ahead.ready(join(work, 'outside'))).toBe(false);
    expect(existsSync(join(work, 'outside'))).toBe(false);
  });

  it('removes the folders no page used once the pages are done, and keeps the ones written into', async () => {
    const out = join(work, 'dist-b');
    const ahead = new FoldersAhead(pathToFileURL(`${out}/`), ['p/kept/page/index.html', 'p/gone/page/index.html', 'p/rendered/index.html', 'x/y/z/index.html']);
    expect(await ahead.ready(join(out, 'p', 'kept', 'page'))).toBe(true);
    writeFileSync(join(out, 'p', 'kept', 'page', 'index.html'), 'restored');
    // A page rendered this time: nothing waited for its folder, but the build wrote into it (making the
    // folder itself, as Astro does, since the folders are made ahead in the background).
    mkdirSync(join(out, 'p', 'rendered'), { recursive: true });
    writeFileSync(join(out, 'p', 'rendered', 'index.html'), 'rendered');
    expect(await ahead.removeUnused()).toBe(5);
    expect(readdirSync(out).sort()).toEqual(['p']);
    expect(readdirSync(join(out, 'p')).sort()).toEqual(['kept', 'rendered']);
  });
});
