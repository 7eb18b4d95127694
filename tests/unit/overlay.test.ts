/**
 * Overlay generations read as trees (src/lib/build/render/overlay.ts): a file comes from the folder
 * the manifest names, else from the full build under the chain; a removed file is gone; a bad
 * manifest is a clear error; and the kept generations (server/generations.ts) never remove a folder
 * an overlay still kept reads.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { foldersOf, OVERLAY_MANIFEST, openTree } from '../../src/lib/build/render/overlay';
import { Generations } from '../../server/generations';
import { needsBuild } from '../../server/rebuild';

let work = '';
const put = (file: string, body: string) => {
  mkdirSync(dirname(join(work, file)), { recursive: true });
  writeFileSync(join(work, file), body);
};
const manifest = (dir: string, m: object) => put(`${dir}/${OVERLAY_MANIFEST}`, JSON.stringify({ version: 1, removed: [], ...m }));

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'h-render-tree-'));
  // A full build, an overlay on it, and an overlay on that one.
  put('dist-a/index.html', 'home a');
  put('dist-a/about/index.html', 'about a');
  put('dist-a/old.html', 'old a');
  put('dist-a/_cdn/files.json', '{}');
  put('dist-b/about/index.html', 'about b');
  manifest('dist-b', { parent: 'dist-a', base: 'dist-a', files: { 'about/index.html': 'dist-b' } });
  put('dist-c/index.html', 'home c');
  put('dist-c/_cdn/files.json', '{"c":1}');
  manifest('dist-c', {
    parent: 'dist-b',
    base: 'dist-a',
    files: { 'about/index.html': 'dist-b', 'index.html': 'dist-c', '_cdn/files.json': 'dist-c' },
    removed: ['old.html'],
  });
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const read = (p: string | null) => (p ? readFileSync(p, 'utf8') : null);

describe('overlay trees', () => {
  it('a file comes from the folder the chain names, else from the full build; a removed one is gone', () => {
    const c = openTree(join(work, 'dist-c'));
    expect(read(c.file('index.html'))).toBe('home c');
    expect(read(c.file('about/index.html'))).toBe('about b');
    expect(c.file('old.html')).toBeNull();
    expect(c.file('nothing.html')).toBeNull();
    expect(read(openTree(join(work, 'dist-a')).file('old.html'))).toBe('old a');
    expect(foldersOf(c).sort()).toEqual(['dist-a', 'dist-b', 'dist-c'].map((d) => join(work, d)));
  });

  it('a manifest that does not read as one is an error naming the file and the field', () => {
    manifest('dist-b', { parent: 'dist-a', files: {} });
    expect(() => openTree(join(work, 'dist-b'))).toThrow(/\.overlay\.json: base/);
  });

  it('an overlay holding no index.html of its own is a built site for the start-up check', () => {
    put('snap/manifest.json', '{}');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(work, 'snap/manifest.json'), past, past);
    expect(needsBuild(join(work, 'dist-b'), join(work, 'snap'))).toBe(false);
    expect(needsBuild(join(work, 'dist-c'), join(work, 'snap'))).toBe(false);
    // Its base gone: no home page any more.
    rmSync(join(work, 'dist-a'), { recursive: true });
    expect(needsBuild(join(work, 'dist-b'), join(work, 'snap'))).toBe(true);
  });

  it('the kept generations never remove a folder an overlay still kept reads', () => {
    const index = join(work, 'generations.json');
    const gens = new Generations(index, () => {}, 2);
    const trigger = { kind: 'hook' as const, by: 'test' };
    for (const [id, d] of [
      ['20261128000000000-1', 'dist-a'],
      ['20261128000000000-2', 'dist-b'],
      ['20261128000000000-3', 'dist-c'],
    ] as const) {
      mkdirSync(join(work, `snap-${id}`), { recursive: true });
      gens.add({ id, dist: join(work, d), snapshot: join(work, `snap-${id}`), trigger, state: 'kept' });
    }
    gens.activate('20261128000000000-3');
    expect(gens.keep()).toEqual(['20261128000000000-1']);
    // dist-a is the base of the kept overlays: its entry goes, its folder stays.
    expect(existsSync(join(work, 'dist-a/index.html'))).toBe(true);
    expect(existsSync(join(work, 'snap-20261128000000000-1'))).toBe(false);
    expect(read(openTree(join(work, 'dist-c')).file('old.html'))).toBeNull();
    expect(read(openTree(join(work, 'dist-c')).file('about/index.html'))).toBe('about b');
  });
});
