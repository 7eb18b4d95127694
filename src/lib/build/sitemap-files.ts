/**
 * The sitemap files of a build: `sitemap-index.xml` and `sitemap-N.xml`, at most `entryLimit` URLs
 * each, every indexable page by its canonical URL (./sitemap.ts says which pages and which URL).
 *
 * The files are those @astrojs/sitemap 3.7 writes (the same URLs, order and XML, so ./merge.ts merges
 * shards' files as before). The shop writes them itself because that integration sorts with
 * `localeCompare(b, 'en', { numeric: true })`, which builds a collator on every comparison: at 50,000
 * products its hook took about 7 s of the build, most of it the sort. One `Intl.Collator` with the
 * same locale and options gives the same order. Build time only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { sitemapFilter, sitemapSerialize, takeSharedEmptyListingPaths } from './sitemap';
import { SITEMAP_ORDER } from './merge';
import { phaseTimer } from './phases';

/** The error pages Astro builds, never listed (@astrojs/sitemap `isStatusCodePage`). */
const STATUS_PAGES = new Set(['404', '500']);
const isStatusPage = (pathname: string) => STATUS_PAGES.has(pathname.replace(/\/$/, '').replace(/^\//, ''));

/** A page route as 'astro:routes:resolved' gives it (what this module reads of it). */
export interface SitemapRoute {
  type: string;
  pathname?: string | undefined;
  generate?: (data?: unknown) => string;
}

/**
 * The URLs the build's pages and static page routes name, as @astrojs/sitemap forms them: the site's
 * base joined to each built page's pathname (`rings/`), and each static page route with the directory
 * format's trailing slash; each once, in the order met.
 */
export function builtPageUrls(site: string, base: string, pages: readonly { pathname: string }[], routes: readonly SitemapRoute[]): string[] {
  const root = new URL(base, site);
  const urls = new Set<string>();
  for (const p of pages) {
    if (isStatusPage(p.pathname)) continue;
    if (p.pathname !== '' && !root.pathname.endsWith('/')) root.pathname += '/';
    urls.add(new URL(root.pathname + p.pathname.replace(/^\//, ''), root).href);
  }
  for (const r of routes) {
    if (r.type !== 'page' || !r.pathname || isStatusPage(r.pathname)) continue;
    const path = r.generate ? r.generate(r.pathname) : r.pathname;
    const href = new URL(root.pathname.replace(/\/$/, '') + path, root).href;
    urls.add(href.endsWith('/') ? href : `${href}/`);
  }
  return [...urls];
}

/** XML text as the `sitemap` package escapes it: `&`, `<`, `>`, and no character XML forbids. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uD800-\uDFFF\p{NChar}]/gu;
export const xmlText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(FORBIDDEN, '');

const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">';
const INDEX_OPEN = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';

/**
 * The sitemap files, by name, for these page URLs: the indexable ones, sorted, each by its canonical
 * URL (./sitemap.ts `sitemapFilter`, `sitemapSerialize`), in files of `entryLimit`, and their index.
 * Empty when no URL is indexable (as @astrojs/sitemap: no files). `emptyListings`: the listings with
 * no product, when the pages' build shared them (else worked out here).
 */
export function sitemapFiles(
  urls: readonly string[],
  root: string,
  entryLimit: number,
  timings: Record<string, number> = {},
  emptyListings?: ReadonlySet<string>,
): Map<string, string> {
  const lap = phaseTimer(timings);
  const kept = urls.filter((u) => sitemapFilter(u, emptyListings));
  lap('filter');
  kept.sort(SITEMAP_ORDER.compare);
  lap('sort');
  const locs = kept.map((url) => sitemapSerialize({ url }).url);
  lap('canonical');
  const out = new Map<string, string>();
  if (locs.length === 0) return out;
  const index: string[] = [];
  for (let i = 0; i * entryLimit < locs.length; i++) {
    const body = locs
      .slice(i * entryLimit, (i + 1) * entryLimit)
      .map((loc) => `<url><loc>${xmlText(loc)}</loc></url>`)
      .join('');
    out.set(`sitemap-${i}.xml`, `${XML_DECL}${URLSET_OPEN}${body}</urlset>`);
    index.push(`<sitemap><loc>${xmlText(new URL(`sitemap-${i}.xml`, root).href)}</loc></sitemap>`);
  }
  out.set('sitemap-index.xml', `${XML_DECL}${INDEX_OPEN}${index.join('')}</sitemapindex>`);
  lap('xml');
  return out;
}

/** The integration: writes the files into the build's folder once the pages are built. */
export function sitemap({ entryLimit }: { entryLimit: number }): AstroIntegration {
  let site: string | undefined;
  let base = '/';
  let routes: readonly SitemapRoute[] = [];
  return {
    name: 'pj-sitemap',
    hooks: {
      'astro:routes:resolved': ({ routes: resolved }) => {
        routes = resolved.map((r) => ({ type: r.type, pathname: r.pathname, generate: r.generate }));
      },
      'astro:config:done': ({ config }) => {
        site = config.site;
        base = config.base;
      },
      'astro:build:done': ({ dir, pages, logger }) => {
        if (!site) {
          logger.warn('no `site` in astro.config: no sitemap written');
          return;
        }
        const started = performance.now();
        const timings: Record<string, number> = {};
        const urls = builtPageUrls(site, base, pages, routes);
        timings.urls = Math.round(performance.now() - started);
        const root = new URL(base, site);
        if (!root.pathname.endsWith('/')) root.pathname += '/';
        // The pages' build worked out which listings are empty with its catalogue (./sitemap.ts).
        const shared = takeSharedEmptyListingPaths();
        const files = sitemapFiles(urls, root.href, entryLimit, timings, shared);
        if (files.size === 0) {
          logger.warn('no indexable page: no sitemap written');
          return;
        }
        const outDir = fileURLToPath(dir);
        mkdirSync(outDir, { recursive: true });
        for (const [name, xml] of files) writeFileSync(join(outDir, name), xml);
        const spent = Object.entries(timings)
          .map(([what, ms]) => `${what} ${ms}`)
          .join(', ');
        logger.info(
          `sitemap-index.xml and ${files.size - 1} sitemap file(s), ${urls.length} page URLs, in ${Math.round(performance.now() - started)} ms (${spent}; empty listings ${shared ? "from the pages' build" : 'worked out here'})`,
        );
      },
    },
  };
}
