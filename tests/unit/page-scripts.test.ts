/**
 * Page scripts after the first paint (src/lib/build/page-scripts.ts): the rewrite of a rendered page.
 * What the loader does in a browser (starts after the first paint, holds and replays what the shopper
 * did) is tested against the built site in tests/e2e/first-paint.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { deferPageScripts, pageScriptLoader } from '../../src/lib/build/page-scripts';
import { stripScripts } from '../../scripts/bench/paint';

const page = (head: string, body: string) => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const loaderOf = (html: string) => /<script data-modules='([^']*)'>([\s\S]*?)<\/script>/.exec(html);

describe('deferPageScripts', () => {
  it("takes the page's module scripts out and names them, in document order and once each, to one loader in the head, before the stylesheet (an inline script after one waits for it)", () => {
    const html = page(
      '<meta charset="utf-8"><script type="module" src="/_astro/DataLayer.a1.js"></script><script type="application/ld+json">{"@type":"Thing"}</script><link rel="stylesheet" href="/_astro/page.css">',
      '<header>h</header><script type="module" src="/_astro/Header.b2.js"></script><main>m</main><script type="module" src="/_astro/DataLayer.a1.js"></script><script type="module" src="/_astro/Footer.c3.js"></script>',
    );
    const out = deferPageScripts(html);
    expect(out).not.toContain('<script type="module"');
    const m = loaderOf(out);
    expect(m).not.toBeNull();
    expect(out.indexOf('<script data-modules')).toBeLessThan(out.indexOf('<link rel="stylesheet"'));
    expect(out.indexOf('<script data-modules')).toBeGreaterThan(out.indexOf('<meta charset="utf-8">'));
    expect(JSON.parse(m![1]!)).toEqual(['/_astro/DataLayer.a1.js', '/_astro/Header.b2.js', '/_astro/Footer.c3.js']);
    // Data scripts and the page's content stay where they were.
    expect(out).toContain('<script type="application/ld+json">{"@type":"Thing"}</script>');
    expect(out).toContain('<header>h</header><main>m</main>');
  });

  it('writes the same loader text on every page (one hash in the Content-Security-Policy)', () => {
    const a = loaderOf(deferPageScripts(page('', '<script type="module" src="/_astro/A.js"></script>')));
    const b = loaderOf(deferPageScripts(page('', '<script type="module" src="/_astro/B.js"></script><script type="module" src="/_astro/C.js"></script>')));
    expect(a![2]).toBe(pageScriptLoader());
    expect(b![2]).toBe(pageScriptLoader());
  });

  it('leaves a page without module scripts, inline scripts and scripts with other attributes as they are', () => {
    const plain = page('<script>document.documentElement.dataset.x = "1"</script>', '<p>x</p>');
    expect(deferPageScripts(plain)).toBe(plain);
    const amp = page('<script async type="module" src="https://cdn.ampproject.org/v0.mjs" crossorigin="anonymous"></script>', '<p>x</p>');
    expect(deferPageScripts(amp)).toBe(amp);
  });

  it('marks the loader of a page whose content its scripts draw (data-page-scripts="now"), and no other', () => {
    const search = deferPageScripts(page('', '<div data-page-scripts="now"></div><script type="module" src="/_astro/S.js"></script>'));
    expect(search).toMatch(/<script data-modules='\["\/_astro\/S.js"\]' data-now>/);
    const other = deferPageScripts(page('', '<div data-page-scripts-x="now"></div><script type="module" src="/_astro/S.js"></script>'));
    expect(other).not.toContain('data-now');
  });

  it("escapes the attribute's quote and ampersand", () => {
    const out = deferPageScripts(page('', `<script type="module" src="/_astro/a.js?x=1&y='2'"></script>`));
    const m = /data-modules='([^']*)'/.exec(out);
    expect(m![1]).toBe('["/_astro/a.js?x=1&amp;y=&#39;2&#39;"]');
  });
});

describe("the paint bench's script-free copy (scripts/bench/paint.ts)", () => {
  it('removes every script element, executable or data, and every module preload, and nothing else', () => {
    const built = deferPageScripts(
      page(
        '<link rel="modulepreload" href="/_astro/a.js"><link rel="stylesheet" href="/_astro/page.css"><script type="application/ld+json">{}</script>',
        '<p>x</p><script type="module" src="/_astro/A.js"></script><script>var a = "</p>";</script>',
      ),
    );
    expect(stripScripts(built)).toBe(page('<link rel="stylesheet" href="/_astro/page.css">', '<p>x</p>'));
  });
});
