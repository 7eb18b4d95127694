/**
 * Old URLs move for good at the HTTP level (§2 URL dispatcher): what the dispatcher can resolve from
 * the snapshot answers 301 with its Location, so crawlers and browsers without JavaScript reach the
 * page; the build writes the rules to /_redirects for CDNs and the shop's server applies them.
 */
import { expect, test } from './fixture';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

// Expected targets from the sample snapshot: url-map.json sends /engagement-rings.html to category
// 11 (rings/engagement-rings) and /about to the about-us page; the rings category lives at /rings;
// EV1001's url_path is rings/engagement-rings/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001.
const EV = '/rings/engagement-rings/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001';
const MOVES: [string, string][] = [
  ['/engagement-rings.html', '/rings/engagement-rings'],
  ['/about', '/about-us'],
  ['/c/rings', '/rings'],
  ['/EV1001/old-slug', EV],
  ['/EV1001/old-slug/EV1001-WG-Q', `${EV}?childSku=EV1001-WG-Q`],
];

test.describe('old urls', () => {
  for (const [from, to] of MOVES) {
    test(`${from} answers 301 to ${to}`, async ({ request }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(res.headers()['location']).toBe(to);
      const target = await request.get(to, { maxRedirects: 0 });
      expect(target.status()).toBe(200);
    });
  }

  test('a redirect keeps the query string', async ({ request }) => {
    const res = await request.get('/about?utm_source=mail', { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()['location']).toBe('/about-us?utm_source=mail');
  });

  test('the build writes the rules CDNs read to /_redirects, and pages themselves are not redirected', async ({ request }) => {
    const text = await (await request.get('/_redirects')).text();
    expect(text).toContain('/about /about-us 301');
    expect(text).toContain('/c/rings /rings 301');
    for (const page of ['/rings', '/engagement-rings', EV, `/EV1001/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring/EV1001-WG-Q`]) {
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
