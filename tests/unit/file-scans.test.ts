/**
 * The CDN step's store of what it learnt of each file: a rebuild's restored pages are links to the
 * files of the build before, and the step takes their digest, links and inline scripts from the
 * store instead of reading them; a file written again is read; the store holds the last build only.
 */
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCdnFiles } from '../../src/lib/build/cdn/build-files';
import { FileScans } from '../../src/lib/build/cdn/file-scans';
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
