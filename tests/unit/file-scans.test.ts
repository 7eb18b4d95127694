/**
 * The CDN step's store of what it learnt of each file: a rebuild's restored pages are links to the
 * files of the build before, and the step takes their digest, links and inline scripts from the
 * store instead of reading them; a file written again is read; the store holds the last build only.
 */
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { scanFile, writeCdnFiles } from '../../src/lib/build/cdn/build-files';
import { clearScansAtWrite, FileScans } from '../../src/lib/build/cdn/file-scans';
import { linkingMethods } from '../../src/lib/build/link-restore';
import { fileIdentity } from '../../src/lib/build/file-identity';

const work = mkdtempSync(join(tmpdir(), 'file-scans-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function put(dir: string, files: Record<string, string>): void {
  for (const [f, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), body);
  }
}
const manifestOf = (dir: string) => (JSON.parse(readFileSync(join(dir, '_cdn/files.json'), 'utf8')) as { files: Record<string, string> }).files;
const storeOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { version: 1; files: Record<string, { digest: string }> };

describe("the CDN step's file scans", () => {
  it('takes a linked (same) file from the store, reads a rewritten one, and keeps only the last build', async () => {
    const store = join(work, 'scans.json');
    const one = join(work, 'one');
    put(one, { 'index.html': '<script>alert(1)</script>', 'p/a/index.html': 'a 1', 'p/b/index.html': 'b 1', '_astro/x.js': 'x' });
    await writeCdnFiles(one, null, FileScans.load(store));
    const first = manifestOf(one);
    expect(Object.keys(storeOf(store).files)).toHaveLength(4);

    // The next build: p/a is restored (a link to the same file), p/b rendered again (same bytes, a new file), p/c is new.
    const two = join(work, 'two');
    put(two, { 'index.html': '<script>alert(1)</script>', 'p/b/index.html': 'b 1', 'p/c/index.html': 'c 1', '_astro/x.js': 'x' });
    mkdirSync(join(two, 'p/a'), { recursive: true });
    linkSync(join(one, 'p/a/index.html'), join(two, 'p/a/index.html'));
    // A stored scan that could only come from the store: the linked file is not read again.
    const stored = storeOf(store);
    stored.files[fileIdentity(join(one, 'p/a/index.html'))!]!.digest = 'from-the-store';
    stored.files[fileIdentity(join(one, 'p/b/index.html'))!]!.digest = 'stale';
    writeFileSync(store, JSON.stringify(stored));
    const r = await writeCdnFiles(two, null, FileScans.load(store));
    const second = manifestOf(two);
    expect(second['p/a/index.html']).toBe('from-the-store');
    expect(second['p/b/index.html']).toBe(first['p/b/index.html']);
    expect(r.pageHashes).toBe(1);
    // Only this build's files are kept: p/b's old file is gone from the store, p/c's is in it.
    const kept = Object.keys(storeOf(store).files);
    expect(kept).toHaveLength(5);
    expect(kept).toContain(fileIdentity(join(two, 'p/c/index.html')));
    expect(kept).not.toContain(fileIdentity(join(one, 'p/b/index.html')));
  });

  it('takes the pages the build wrote from their bytes as written, and reads a page changed since', async () => {
    clearScansAtWrite();
    const out = join(work, 'written');
    const settings = { config: { outDir: pathToFileURL(`${out}/`), cacheDir: pathToFileURL(`${join(work, 'written-cache')}/`) } };
    const pages: Record<string, string> = {
      'index.html': '<html><script type="module">go()</script><link rel="stylesheet" href="/_astro/a.css"></html>',
      'p/a/index.html': '<html amp><script>amp()</script></html>',
      'p/b/index.html': '<html>b</html>',
    };
    // As Astro's build: the page's file, then the cache's writeOutputFile with the same bytes.
    for (const [f, body] of Object.entries(pages)) {
      put(out, { [f]: body });
      await linkingMethods.writeOutputFile(settings, f, Buffer.from(body));
    }
    put(out, { '_astro/a.css': 'a{}' });
    // Changed after it was written (another identity): its scan at write no longer holds.
    writeFileSync(join(out, 'p/b/index.html'), '<html>b, again<script>b()</script></html>');
    const r = await writeCdnFiles(out, null, FileScans.none());
    expect(r.timings.read).toBe(2);
    const manifest = manifestOf(out);
    for (const f of [...Object.keys(pages), '_astro/a.css']) expect(manifest[f], f).toBe(scanFile(f, readFileSync(join(out, f))).digest);
    // The CSP sources of the page and the AMP page came from the scans at write; p/b's from its read.
    expect(r.hashes.ampHashes).toEqual(scanFile('p/a/index.html', readFileSync(join(out, 'p/a/index.html'))).hashes);
    expect([...r.hashes.pageHashes].sort()).toEqual(
      [
        ...scanFile('index.html', readFileSync(join(out, 'index.html'))).hashes!,
        ...scanFile('p/b/index.html', readFileSync(join(out, 'p/b/index.html'))).hashes!,
      ].sort(),
    );
    expect(r.stylesheetPages.get('_astro/a.css')).toEqual(['index.html']);
  });

  it('names what is wrong with a store it cannot use, and reads every file', () => {
    const bad = join(work, 'bad.json');
    writeFileSync(bad, '{"version":2,"files":{}}');
    expect(FileScans.load(bad).problem).toMatch(/bad\.json: version .*every file is read again/);
    writeFileSync(bad, '{"version":1,"names":[],"files":{"1:2:3:4":{"digest":"d","assets":[0]}}}');
    expect(FileScans.load(bad).problem).toMatch(/bad\.json: .*an index beyond `names`/);
    writeFileSync(bad, '{"version":1,');
    expect(FileScans.load(bad).problem).toMatch(/bad\.json: not JSON/);
    expect(FileScans.load(join(work, 'none.json')).problem).toBeNull();
  });
});
