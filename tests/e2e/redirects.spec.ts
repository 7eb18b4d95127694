/**
 * Old URLs move for good at the HTTP level (§2 URL dispatcher): what the dispatcher can resolve from
 * the snapshot answers 301 with its Location, so crawlers and browsers without JavaScript reach the
 * page; the build writes the rules into the redirect map CDNs read (dist/_cdn/edge/) and the shop's
 * server applies them. The same checks run on Cloudflare's runtime in cdn-wrangler.spec.ts.
 */
import { expect, test } from './fixture';
import {
  EV,
  expectCanonicalUrls,
  expectGone,
  expectHeaders,
  expectMoves,
  expectNamedUrls,
  expectNotFoundPages,
  expectSearchAnswers,
  REWRITTEN,
} from './cdn-cases';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

const DIST = process.env.DIST_DIR ?? 'dist';

test.describe('old urls', () => {
  test('every kind of old URL answers 301 to its page, keeping the query string', async ({ request }) => {
    await expectMoves(request);
  });

  test('discontinued products answer 410, the page-not-found page 404; pages carry the headers of _headers and their cache tags', async ({ request }) => {
    await expectGone(request);
    await expectNotFoundPages(request);
    await expectHeaders(request, DIST);
  });

  test('every kind of page answers 200 at its one URL; the other forms 301 to it; canonical tags, the sitemap, internal links, the precache and the URL map name it', async ({
    request,
  }) => {
    test.setTimeout(120_000);
    await expectCanonicalUrls(request, DIST);
    await expectNamedUrls(request, DIST);
  });

  test('the search page with a query answers its first screen of results, revalidated per query', async ({ request }) => {
    await expectSearchAnswers(request);
  });

  test('the build writes the redirect map instead of a _redirects no CDN accepts, and pages themselves are not redirected', async ({ request }) => {
    expect((await request.get('/_redirects')).status()).toBe(404);
    expect((await request.get('/_cdn/edge/index.json')).status()).toBe(200);
    for (const page of ['/rings', '/engagement-rings', EV, REWRITTEN]) {
      expect((await request.get(page, { maxRedirects: 0 })).status(), page).toBe(200);
    }
  });

  test('what the build cannot know is still a 404 whose script moves the browser on', async ({ page, request }) => {
    // A url_key under a category path that never existed: only the page-not-found script can map it.
    const old = '/some/old/category/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001.html';
    expect((await request.get(old, { maxRedirects: 0 })).status()).toBe(404);
    await page.goto(old);
    await expect(page).toHaveURL(new RegExp(`${EV}$`));
  });
});
