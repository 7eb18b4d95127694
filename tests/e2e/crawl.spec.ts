/**
 * A crawler's walk over the built site (dist/, files only): from the home page, following `<a href>`
 * links, every URL of the sitemap is reached (no page is reachable only from the sitemap), and no
 * page links a duplicate whose canonical address is another (a CMS page's /p/ alias).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixture';
import { linksOf, pageFile, sitemapPaths } from './dist-pages';
import { messages } from '../../src/lib/messages';

/** Every page reachable from `start` by links, with one page that links each (its first finder). */
function crawl(start: string): { reached: Map<string, string>; pages: Map<string, string> } {
  const reached = new Map<string, string>([[start, '(start)']]);
  const pages = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const file = pageFile(path);
    if (!file || !file.endsWith('.html')) continue;
    const html = readFileSync(file, 'utf8');
    pages.set(path, html);
    for (const link of linksOf(html, path)) {
      if (reached.has(link)) continue;
      reached.set(link, path);
      queue.push(link);
    }
  }
  return { reached, pages };
}

test.describe('links over the built site', () => {
  test('every sitemap URL is reachable by links from the home page', () => {
    const sitemap = sitemapPaths();
    expect(sitemap.length).toBeGreaterThan(300);
    const { reached } = crawl('/');
    const orphans = sitemap.filter((p) => !reached.has(p) && !reached.has(p.replace(/\/$/, '')) && !reached.has(`${p.replace(/\/$/, '')}/`));
    expect(orphans).toEqual([]);
  });

  test("no page links a CMS page's /p/ alias: the footer and menus link the canonical address", () => {
    const { reached, pages } = crawl('/');
    const aliases = [...reached.entries()].filter(([path]) => /^\/p\/[a-z0-9-]+\/?$/i.test(path) && pageFile(path));
    expect(aliases.map(([path, from]) => `${path} linked from ${from}`)).toEqual([]);
    // The footer links the canonical our-story and sustainability pages.
    const home = pages.get('/')!;
    const footer = home.slice(home.indexOf('<footer'));
    expect(footer).toContain('href="/i/our-story"');
    expect(footer).toContain('href="/i/sustainability"');
  });
});

test.describe('texts of the message catalogue', () => {
  test('no page shows a placeholder unfilled ({email}, {count}, ...) in its text: the error page and every page reached by links', () => {
    const names = [...new Set(Object.values(messages).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))];
    expect(names).toContain('email');
    const placeholder = new RegExp(`\\{(${names.join('|')})\\}`);
    const { pages } = crawl('/');
    pages.set('/error', readFileSync(pageFile('/error')!, 'utf8'));
    // Text only: a template in an attribute (data-many="{count} orders ...") is filled by a script.
    const shown = (html: string) =>
      html
        .replace(/<script\b[\s\S]*?<\/script>/gi, '')
        .replace(/<style\b[\s\S]*?<\/style>/gi, '')
        .replace(/<[^>]*>/g, ' ');
    const found = [...pages.entries()].flatMap(([path, html]) => {
      const m = placeholder.exec(shown(html));
      return m ? [`${path}: ${shown(html).slice(Math.max(0, m.index - 60), m.index + 20)}`] : [];
    });
    expect(found).toEqual([]);
  });
});

test.describe('HTML a validator accepts', () => {
  const SAMPLE = 40;
  const pagesOf = (test: (path: string, html: string) => boolean): Array<[string, string]> => {
    const { pages } = crawl('/');
    return [...pages.entries()].filter(([path, html]) => test(path, html));
  };

  test('product pages: every <img> has a src (the zoom holds a placeholder until it opens) and no <style> sits in the body', () => {
    const products = pagesOf((_, html) => html.includes('data-zoom-overlay')).slice(0, SAMPLE);
    expect(products.length).toBeGreaterThan(10);
    for (const [path, html] of products) {
      const body = html.slice(html.indexOf('<body'));
      const imgs = [...body.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
      expect(
        imgs.filter((tag) => !/\ssrc="[^"]+"/.test(tag)),
        path,
      ).toEqual([]);
      expect(body.match(/<style[\s>]/g) ?? [], path).toEqual([]);
    }
  });

  test('category pages: the filters are not a form (nothing a static page could submit); no action=""', () => {
    const categories = pagesOf((_, html) => html.includes('data-category-filters')).slice(0, SAMPLE);
    expect(categories.length).toBeGreaterThan(10);
    for (const [path, html] of categories) {
      expect(html, path).not.toContain('action=""');
      expect(html, path).not.toMatch(/<form\b[^>]*data-category-filters/);
    }
  });
});
