import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flattenHtmlDirs } from '../../src/lib/build/postbuild.mjs';

describe('post-build', () => {
  it('pages whose route ends in .html become files of that name', () => {
    const root = mkdtempSync(join(tmpdir(), 'pj-post-'));
    for (const dir of ['pwa.html', 'de/pwa.html', 'rings']) {
      mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, dir, 'index.html'), `<p>${dir}</p>`);
    }
    const moved = flattenHtmlDirs(root);
    expect(moved).toHaveLength(2);
    expect(statSync(join(root, 'pwa.html')).isFile()).toBe(true);
    expect(readFileSync(join(root, 'pwa.html'), 'utf8')).toBe('<p>pwa.html</p>');
    expect(statSync(join(root, 'de/pwa.html')).isFile()).toBe(true);
    expect(statSync(join(root, 'rings')).isDirectory()).toBe(true);
  });
});
