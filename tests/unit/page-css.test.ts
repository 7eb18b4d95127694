/** One stylesheet per page (src/lib/build/page-css.ts): the head's stylesheets become one file, same CSS, same order. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mergePageCss, mergeRenderedPage, pageCssLinksFile, prunePageCss, storedCssToCopy, takePageCssLinks } from '../../src/lib/build/page-css';

const files: Record<string, string> = { '/_astro/a.css': '.a{color:red}', '/_astro/b.css': '.b{color:blue}\n' };
const read = (href: string) => files[href]!;
const page = (head: string, body = '<p>x</p><style>.late{}</style>') => `<!doctype html><html><head><title>t</title>${head}</head><body>${body}</body></html>`;

describe('one stylesheet per page', () => {
  it('puts the linked files and inline blocks of the head, in their order, into one linked file', () => {
    const html = page(
      '<link rel="stylesheet" href="/_astro/a.css"><style>.i{margin:0}</style><script type="module" src="/_astro/x.js"></script><link rel="stylesheet" href="/_astro/b.css">',
    );
    const r = mergePageCss(html, read);
    expect(r.file!.css).toBe('.a{color:red}\n.i{margin:0}\n.b{color:blue}');
    expect(r.file!.href).toMatch(/^\/_astro\/page\.[A-Za-z0-9]{10}\.css$/);
    const head = r.html.slice(0, r.html.indexOf('</head>'));
    expect(head.match(/<link rel="stylesheet"/g)).toHaveLength(1);
    expect(head).toContain(`<link rel="stylesheet" href="${r.file!.href}">`);
    expect(head).not.toContain('<style>');
    // The first stylesheet's place; the script and the body (with its own style block) untouched
    expect(head.indexOf(r.file!.href)).toBeLessThan(head.indexOf('x.js'));
    expect(r.html).toContain('<body><p>x</p><style>.late{}</style></body>');
  });

  it('names the file by its content: the same stylesheets make the same file, others another', () => {
    const one = mergePageCss(page('<link rel="stylesheet" href="/_astro/a.css"><link rel="stylesheet" href="/_astro/b.css">'), read);
    const same = mergePageCss(page('<link rel="stylesheet" href="/_astro/a.css">\n<link rel="stylesheet" href="/_astro/b.css">'), read);
    const swapped = mergePageCss(page('<link rel="stylesheet" href="/_astro/b.css"><link rel="stylesheet" href="/_astro/a.css">'), read);
    expect(same.file!.href).toBe(one.file!.href);
    expect(swapped.file!.href).not.toBe(one.file!.href);
  });

  it('leaves a page with one stylesheet, an AMP page, and an inline block with a relative url() as they are', () => {
    const single = page('<link rel="stylesheet" href="/_astro/a.css">');
    expect(mergePageCss(single, read)).toEqual({ html: single });
    const amp = page('<style amp-boilerplate>body{}</style><style amp-custom>.a{}</style>');
    expect(mergePageCss(amp, read)).toEqual({ html: amp });
    const relative = page('<link rel="stylesheet" href="/_astro/a.css"><style>.h{background:url(img/x.png)}</style>');
    expect(mergePageCss(relative, read)).toEqual({ html: relative });
    const absolute = page('<link rel="stylesheet" href="/_astro/a.css"><style>.h{background:url(/img/x.png)}</style>');
    expect(mergePageCss(absolute, read).file).toBeDefined();
  });

  it('with a memo, makes each combination of stylesheets once: the same pages as without it, the files read once', () => {
    const reads: string[] = [];
    const counting = (href: string) => (reads.push(href), read(href));
    const memo = new Map();
    const heads = [
      '<link rel="stylesheet" href="/_astro/a.css"><style>.i{margin:0}</style><link rel="stylesheet" href="/_astro/b.css">',
      '<link rel="stylesheet" href="/_astro/b.css"><link rel="stylesheet" href="/_astro/a.css">',
      '<link rel="stylesheet" href="/_astro/a.css"><style>.h{background:url(img/x.png)}</style>',
    ];
    for (const round of [1, 2])
      for (const [n, head] of heads.entries()) {
        const html = page(head, `<p>page ${n} round ${round}</p>`);
        expect(mergePageCss(html, counting, memo)).toEqual(mergePageCss(html, read));
      }
    expect(reads).toEqual(['/_astro/a.css', '/_astro/b.css', '/_astro/b.css', '/_astro/a.css', '/_astro/a.css']);
    expect(memo.size).toBe(3);
  });

  it('during a build, writes the merged file to the site and keeps a copy for restored pages; outside a build does nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-css-'));
    try {
      const outDir = join(dir, 'dist');
      const keepDir = join(dir, 'cache/page-css');
      mkdirSync(join(outDir, '_astro'), { recursive: true });
      for (const [href, css] of Object.entries(files)) writeFileSync(join(outDir, href), css);
      const html = page('<link rel="stylesheet" href="/_astro/a.css"><link rel="stylesheet" href="/_astro/b.css">');
      expect(mergeRenderedPage(html, {})).toBe(html);
      const out = mergeRenderedPage(html, { PJ_PAGE_CSS: JSON.stringify({ outDir, keepDir }) });
      const href = /href="(\/_astro\/page\.[^"]+)"/.exec(out)![1]!;
      expect(readFileSync(join(outDir, href), 'utf8')).toBe('.a{color:red}\n.b{color:blue}');
      expect(existsSync(join(keepDir, href.slice('/_astro/'.length)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the merged stylesheets kept for restored pages', () => {
  /** A page whose head links `href`, with a long head (the link past the first read) when `pad` is set. */
  const linking = (href: string, pad = 0) => page(`<meta name="x" content="${'y'.repeat(pad)}"><link rel="stylesheet" href="${href}">`);

  it('keeps only those some page of the finished build links, with the pages that link each, so code changes do not pile them up', () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'page-css-store-'));
    try {
      const store = join(cacheDir, 'page-css');
      mkdirSync(store);
      // Two builds with different CSS: the second re-rendered every page that linked the first's file.
      writeFileSync(join(store, 'page.old1.css'), 'a{}');
      writeFileSync(join(store, 'page.new1.css'), 'b{}');
      writeFileSync(join(store, 'page.kept.css'), 'c{}');
      const linkedBy = new Map([
        ['_astro/page.new1.css', ['rings/index.html', 'watches/index.html']],
        ['_astro/page.kept.css', ['index.html']],
        ['_astro/Header.x.css', ['index.html']],
      ]);
      expect(prunePageCss(cacheDir, linkedBy)).toEqual(['page.old1.css']);
      expect(existsSync(join(store, 'page.old1.css'))).toBe(false);
      expect(readFileSync(join(store, 'page.new1.css'), 'utf8')).toBe('b{}');
      expect(existsSync(join(store, 'page.kept.css'))).toBe(true);
      expect(JSON.parse(readFileSync(pageCssLinksFile(cacheDir), 'utf8'))).toEqual({
        version: 1,
        pages: { 'page.new1.css': ['rings/index.html', 'watches/index.html'], 'page.kept.css': ['index.html'] },
      });
      expect(prunePageCss(join(cacheDir, 'none'), new Map())).toEqual([]);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('copies into a build only the files a page it did not render still links', () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-css-copy-'));
    try {
      const cacheDir = join(dir, 'cache');
      const outDir = join(dir, 'dist');
      const store = join(cacheDir, 'page-css');
      mkdirSync(store, { recursive: true });
      mkdirSync(join(outDir, '_astro'), { recursive: true });
      for (const name of ['page.restored.css', 'page.rerendered.css', 'page.gone.css', 'page.unrecorded.css', 'page.written.css', 'page.later.css'])
        writeFileSync(join(store, name), `/* ${name} */`);
      const put = (path: string, html: string) => {
        mkdirSync(join(outDir, path, '..'), { recursive: true });
        writeFileSync(join(outDir, path), html);
      };
      // The build before: what each stored file's pages were.
      const links = {
        'page.restored.css': ['rings/index.html', 'watches/index.html'],
        'page.rerendered.css': ['index.html', 'about-us/index.html'],
        'page.gone.css': ['stores/jewellers-preston/index.html'],
        'page.written.css': ['contact-us/index.html'],
        'page.later.css': ['rings/x/index.html'],
      };
      // This build: `rings/` restored (its head, past the first 16 KB read, still links its file) while
      // `watches/` was re-rendered with a new file; both pages of `rerendered` re-rendered (the home
      // recorded as rendered, about-us known by its head); the store page gone; contact-us links a
      // file this build wrote itself; the product page of `later` re-rendered but not recorded (a
      // page without a cache key). `unrecorded` is a file the record does not name.
      put('rings/index.html', linking('/_astro/page.restored.css', 40_000));
      put('watches/index.html', linking('/_astro/page.new.css'));
      put('index.html', linking('/_astro/page.rerendered.css'));
      put('about-us/index.html', linking('/_astro/page.new.css'));
      put('contact-us/index.html', linking('/_astro/page.written.css'));
      put('rings/x/index.html', linking('/_astro/page.new.css'));
      writeFileSync(join(outDir, '_astro/page.written.css'), 'x');
      const rendered = new Set(['index.html', 'watches/index.html']);
      expect(storedCssToCopy(cacheDir, outDir, links, rendered).sort()).toEqual(['page.restored.css', 'page.unrecorded.css']);
      // Without the record of the build before, every stored file the build lacks is copied.
      expect(storedCssToCopy(cacheDir, outDir, null, rendered).sort()).toEqual(
        ['page.gone.css', 'page.later.css', 'page.rerendered.css', 'page.restored.css', 'page.unrecorded.css'].sort(),
      );
      // A page rendered by this build is not read: the home's head would keep its file otherwise.
      expect(storedCssToCopy(cacheDir, outDir, links, new Set())).toContain('page.rerendered.css');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes the record at a build's start: a build that stops before its end leaves none behind", () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'page-css-links-'));
    try {
      expect(takePageCssLinks(cacheDir)).toBeNull();
      mkdirSync(join(cacheDir, 'page-css'));
      writeFileSync(join(cacheDir, 'page-css/page.a.css'), 'a{}');
      prunePageCss(cacheDir, new Map([['_astro/page.a.css', ['index.html']]]));
      expect(takePageCssLinks(cacheDir)).toEqual({ 'page.a.css': ['index.html'] });
      expect(existsSync(pageCssLinksFile(cacheDir))).toBe(false);
      expect(takePageCssLinks(cacheDir)).toBeNull();
      for (const bad of ['not json', JSON.stringify({ version: 2, pages: {} }), JSON.stringify({ version: 1, pages: { 'page.a.css': 'index.html' } })]) {
        writeFileSync(pageCssLinksFile(cacheDir), bad);
        expect(takePageCssLinks(cacheDir)).toBeNull();
        expect(existsSync(pageCssLinksFile(cacheDir))).toBe(false);
      }
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
