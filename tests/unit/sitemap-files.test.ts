/**
 * The shop's sitemap writer against the integration it replaces: @astrojs/sitemap 3.7 (kept as a
 * development dependency for this comparison), given the same pages, routes, rules and entry limit,
 * must write the same files, byte for byte (./merge.ts and every crawler read them).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import astroSitemap from '@astrojs/sitemap';
import { sitemap, sitemapFiles } from '../../src/lib/build/sitemap-files';
import { SITEMAP_ORDER } from '../../src/lib/build/merge';
import { sitemapFilter, sitemapSerialize } from '../../src/lib/build/sitemap';
import { catchAllRoutes } from '../../src/lib/routing/page-routes';

const SITE = 'https://www.pendleandjames.co.uk';
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

type Hooks = Record<string, (arg: unknown) => unknown>;
const logger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

/** Runs an integration's three hooks as Astro's build would, into a new folder; answers its files. */
async function run(integration: { hooks: unknown }, pages: string[], routes: string[]): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'pj-sitemap-'));
  temps.push(dir);
  const hooks = integration.hooks as Hooks;
  await hooks['astro:routes:resolved']!({ routes: routes.map((pathname) => ({ type: 'page', pathname, generate: () => pathname, fallbackRoutes: [] })) });
  await hooks['astro:config:done']!({ config: { site: SITE, base: '/', trailingSlash: 'ignore', build: { format: 'directory' } } });
  await hooks['astro:build:done']!({ dir: pathToFileURL(`${dir}/`), pages: pages.map((pathname) => ({ pathname })), logger });
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

const theirs = (limit: number) => astroSitemap({ filter: sitemapFilter, serialize: sitemapSerialize, entryLimit: limit });

/** Pathnames as Astro gives built pages: no leading slash, the directory format's trailing one. */
const catalogue = catchAllRoutes()
  .map((r) => `${r.path.replace(/^\//, '')}/`)
  .slice(0, 300);
const awkward = [
  '',
  'rings/ring-9/',
  'rings/ring-10/',
  'rings/Ring-100/',
  'rings/ring-1a/',
  'rings/éclat/',
  'rings/eclat/',
  'rings/r&b-collection/',
  'rings/10-carat/',
  'rings/9-carat/',
  'checkout/',
  'amp/rings/',
  '404/',
  'pwa.html/',
  'my-account/orders/',
];

describe('the sitemap files', () => {
  it('are the files @astrojs/sitemap wrote for the same pages, in several files and their index', async () => {
    const pages = [...awkward, ...catalogue].reverse();
    const routes = ['/', '/about-us', '/faq', '/404', '/checkout'];
    const mine = await run(sitemap({ entryLimit: 40 }), pages, routes);
    const old = await run(theirs(40), pages, routes);
    expect(Object.keys(mine).sort()).toEqual(Object.keys(old).sort());
    expect(Object.keys(mine).length).toBeGreaterThan(3);
    for (const [name, xml] of Object.entries(old)) expect(mine[name], name).toBe(xml);
    // What the comparison covered: the awkward names made it in, escaped.
    expect(Object.values(mine).join('')).toContain('/rings/r&amp;b-collection</loc>');
    expect(Object.values(mine).join('')).not.toContain('/checkout</loc>');
  });

  it('are the same for one file, and none when no page is indexable', async () => {
    const pages = ['', 'about-us/', 'rings/'];
    expect(await run(sitemap({ entryLimit: 45_000 }), pages, [])).toEqual(await run(theirs(45_000), pages, []));
    const none = ['checkout/', 'amp/rings/', '404/'];
    expect(await run(sitemap({ entryLimit: 45_000 }), none, [])).toEqual({});
    expect(await run(theirs(45_000), none, [])).toEqual({});
  });

  it("sort as `localeCompare('en', { numeric: true })` does, numbers by value", () => {
    const urls = awkward.map((p) => `${SITE}/${p}`);
    const byLocale = [...urls].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect([...urls].sort(SITEMAP_ORDER.compare)).toEqual(byLocale);
    const locs = [
      ...sitemapFiles(urls, `${SITE}/`, 100)
        .get('sitemap-0.xml')!
        .matchAll(/<loc>([^<]+)<\/loc>/g),
    ].map((m) => m[1]);
    expect(locs.indexOf(`${SITE}/rings/ring-9`)).toBeLessThan(locs.indexOf(`${SITE}/rings/ring-10`));
    expect(locs.indexOf(`${SITE}/rings/9-carat`)).toBeLessThan(locs.indexOf(`${SITE}/rings/10-carat`));
  });
});
