/**
 * A rendered page as served (src/lib/build/finish-page.ts): the island style, stylesheet and page
 * script rules applied to the page's bytes read as Latin-1, never decoded and encoded again. What it
 * must keep: every byte of the page's own text, whatever the characters (a £, curly quotes, an emoji),
 * and the same page as the rules give on its text.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { finishPage } from '../../src/lib/build/finish-page';
import { hoistIslandStyles } from '../../src/lib/build/island-styles';
import { mergeRenderedPage } from '../../src/lib/build/page-css';
import { deferPageScripts } from '../../src/lib/build/page-scripts';

const title = 'Evermore ‘Heritage’ ring — £1,250 · 18ct 💍';
const page = [
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">',
  `<title>${title}</title>`,
  '<script type="module" src="/_astro/DataLayer.a1.js"></script>',
  '<link rel="stylesheet" href="/_astro/a.css"><style>.price::before{content:"→ £"}</style><link rel="stylesheet" href="/_astro/b.css">',
  '</head><body><h1>Clogau ‘Tree of Life’ – 9ct</h1>',
  '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style><astro-island uid="1"></astro-island>',
  '<p>Naïve café: “déjà vu” … ☕</p><script type="module" src="/_astro/Header.b2.js"></script>',
  '</body></html>',
].join('');

function withBuildDirs<T>(run: (env: Record<string, string>, outDir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'finish-page-'));
  try {
    const outDir = join(dir, 'dist');
    mkdirSync(join(outDir, '_astro'), { recursive: true });
    writeFileSync(join(outDir, '_astro/a.css'), '.a{color:red}');
    writeFileSync(join(outDir, '_astro/b.css'), '.b::after{content:"✓"}');
    return run({ PJ_PAGE_CSS: JSON.stringify({ outDir, keepDir: join(dir, 'keep') }) }, outDir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('finishPage', () => {
  it("keeps the page's own characters byte for byte while it moves the island style, merges the stylesheets and defers the scripts", () =>
    withBuildDirs((env, outDir) => {
      const out = Buffer.from(finishPage(new Uint8Array(Buffer.from(page)), true, env)).toString('utf8');
      expect(out).toContain(`<title>${title}</title>`);
      expect(out).toContain('<h1>Clogau ‘Tree of Life’ – 9ct</h1>');
      expect(out).toContain('<p>Naïve café: “déjà vu” … ☕</p>');
      expect(out).not.toContain('\ufffd');
      const head = out.slice(0, out.indexOf('</head>'));
      expect(out).not.toContain('<script type="module"');
      expect(JSON.parse(/data-modules='([^']*)'/.exec(head)![1]!)).toEqual(['/_astro/DataLayer.a1.js', '/_astro/Header.b2.js']);
      // One stylesheet, holding the inline block's and the island rule's CSS as text, not as bytes read one by one.
      const links = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)];
      expect(links).toHaveLength(1);
      expect(head).not.toContain('<style>');
      expect(readFileSync(join(outDir, links[0]![1]!), 'utf8')).toBe(
        '.a{color:red}\n.price::before{content:"→ £"}\n.b::after{content:"✓"}\nastro-island,astro-slot,astro-static-slot{display:contents}',
      );
    }));

  it('gives the bytes of the page the rules make of its text', () =>
    withBuildDirs((env) => {
      const asText = deferPageScripts(mergeRenderedPage(hoistIslandStyles(page), env));
      expect(Buffer.from(finishPage(new Uint8Array(Buffer.from(page)), true, env)).equals(Buffer.from(asText))).toBe(true);
    }));

  it('leaves the scripts outside production builds, and the stylesheets outside builds', () => {
    const out = Buffer.from(finishPage(new Uint8Array(Buffer.from(page)), false, {})).toString('utf8');
    expect(out).toBe(hoistIslandStyles(page));
    expect(out).toContain('<script type="module" src="/_astro/Header.b2.js"></script>');
  });

  it('answers the very bytes it was given when no rule changes the page, even bytes that are not UTF-8', () => {
    const plain = new Uint8Array(
      Buffer.concat([Buffer.from('<!doctype html><html><head><title>£</title></head><body>'), Buffer.from([0xff, 0xc3]), Buffer.from('</body></html>')]),
    );
    expect(finishPage(plain, true, {})).toBe(plain);
  });
});
