/**
 * The built site (dist/, or DIST_DIR) read as a crawler reads it, straight from the files: the
 * sitemap's URLs, the page a path is served from (the shop server's own reading of the redirect map:
 * its 200 rules rewrite, its 301 and 410 rules name no page), the links and the JSON-LD of a page.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeHTML } from 'entities';
import { config } from '../../src/lib/config';
import { SiteFolder } from '../../server/static';

export const DIST = resolve(process.env.DIST_DIR ?? 'dist');
export const SITE_ORIGIN = new URL(config.shop.siteUrl).origin;

let folder: SiteFolder | null = null;

/** Every <loc> of the sitemap index's sitemaps, as paths. */
export function sitemapPaths(): string[] {
  const index = readFileSync(join(DIST, 'sitemap-index.xml'), 'utf8');
  const out: string[] = [];
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const file = join(DIST, new URL(decodeHTML(loc!)).pathname);
    for (const [, page] of readFileSync(file, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)) out.push(new URL(decodeHTML(page!)).pathname);
  }
  return out;
}

/** The HTML file a path is served from, or null (not a page of the build). */
export function pageFile(path: string): string | null {
  const rule = (folder ??= new SiteFolder(DIST)).rule(path);
  if (rule && rule.status !== 200) return null;
  const p = rule ? rule.to : decodeURIComponent(path);
  const candidates = [join(DIST, p, 'index.html'), join(DIST, `${p.replace(/\/$/, '')}.html`), join(DIST, p)];
  return candidates.find((f) => existsSync(f) && statSync(f).isFile()) ?? null;
}

/** The same-site paths a page links to with `<a href>` (query and fragment dropped). */
export function linksOf(html: string, from: string): string[] {
  const out = new Set<string>();
  for (const [, href] of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)) {
    let url: URL;
    try {
      url = new URL(decodeHTML(href!), SITE_ORIGIN + from);
    } catch {
      continue;
    }
    if (url.origin === SITE_ORIGIN) out.add(url.pathname);
  }
  return [...out];
}

/** The page's JSON-LD objects (a parse error throws, naming the page). */
export function jsonLdOf(html: string, where: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)].map(([, text]) => {
    try {
      return JSON.parse(text!) as Record<string, unknown>;
    } catch (e) {
      throw new Error(`${where}: JSON-LD does not parse: ${String(e)}`);
    }
  });
}
