/**
 * A page restored from Astro's incremental cache links the client code of the build that rendered it.
 * When this build's bundles have other names, the page would ship without its scripts: the CDN step
 * finds the links to files the folder does not hold, and the build fails with the cache dropped, so
 * that its runner builds once more with every page rendered.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkedAssets, writeCdnFiles } from '../../src/lib/build/cdn/build-files';
import { INCREMENTAL_MANIFEST, STALE_MARKER, StaleRestoreError, staleRestore, takeStaleMarker } from '../../src/lib/build/stale-restore';

const work = mkdtempSync(join(tmpdir(), 'stale-restore-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function folder(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  for (const [f, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), body);
  }
  return dir;
}

describe('links to client code', () => {
  it('reads scripts, module preloads, stylesheets and the islands’ component and renderer URLs', () => {
    const page =
      '<link rel="stylesheet" href="/_astro/page.a1.css"><link rel="modulepreload" href="/_astro/chunk.b2.js">' +
      '<script type="module" src="/_astro/Header.c3.js"></script>' +
      '<astro-island component-url="/_astro/Form.d4.js" renderer-url="/_astro/client.e5.js"></astro-island>' +
      '<img src="/img/600/744/resize/a.jpg"><a href="/_astro-like/x">x</a>';
    expect(linkedAssets(page).sort()).toEqual(['_astro/Form.d4.js', '_astro/Header.c3.js', '_astro/chunk.b2.js', '_astro/client.e5.js', '_astro/page.a1.css']);
  });

  it('the CDN step lists each page that links a file the folder does not hold', async () => {
    const dir = folder('site', {
      'index.html': '<script type="module" src="/_astro/Header.new1.js"></script>',
      'repairs/index.html': '<script type="module" src="/_astro/Header.old1.js"></script><link rel="stylesheet" href="/_astro/page.p1.css">',
      '_astro/Header.new1.js': 'export {}',
      '_astro/page.p1.css': 'body{}',
    });
    const r = await writeCdnFiles(dir);
    expect(r.missing).toEqual([{ page: 'repairs/index.html', asset: '_astro/Header.old1.js' }]);
    const whole = folder('whole', { 'index.html': '<script type="module" src="/_astro/Header.new1.js"></script>', '_astro/Header.new1.js': 'export {}' });
    expect((await writeCdnFiles(whole)).missing).toEqual([]);
  });
});

describe('a stale incremental cache', () => {
  it('fails the build naming the pages, drops the cache’s manifest and leaves one retry', () => {
    const cache = folder('cache', { [INCREMENTAL_MANIFEST]: '{}' });
    expect(() => staleRestore(cache, [{ page: 'repairs/index.html', asset: '_astro/Header.old1.js' }])).toThrow(StaleRestoreError);
    expect(() => staleRestore(cache, [{ page: 'repairs/index.html', asset: '_astro/Header.old1.js' }])).toThrow(
      /1 page\(s\) restored .* \(first: \/repairs\/index\.html links \/_astro\/Header\.old1\.js\)/,
    );
    expect(existsSync(join(cache, INCREMENTAL_MANIFEST))).toBe(false);
    expect(existsSync(join(cache, STALE_MARKER))).toBe(true);
    expect(takeStaleMarker(cache)).toBe(true);
    expect(takeStaleMarker(cache)).toBe(false);
  });
});
