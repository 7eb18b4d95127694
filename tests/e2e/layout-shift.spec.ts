/**
 * Nothing on the first screen moves once it is painted (Core Web Vitals' layout shift, "good" below
 * 0.1): pictures keep their room, islands take the room their server markup had, and what a page's
 * scripts add (the search results, the suggestions) comes into room kept for it, below the first
 * screen's footer. The slow parts are made slow on purpose (the search files and the pictures answer
 * late), so that the browser paints before they arrive, as on a phone's network.
 */
import { expect, test } from './fixture';
import type { Page } from '@playwright/test';
import { pagePath, sampleProduct } from './helpers';

test.use({ serviceWorkers: 'block' });

/** The layout shift score of the page's life so far (shifts right after an input excluded, as the metric does). */
async function shiftScore(page: Page): Promise<{ score: number; sources: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ score: number; sources: string[] }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }>;
          const counted = entries.filter((e) => !e.hadRecentInput);
          resolve({
            score: counted.reduce((s, e) => s + e.value, 0),
            sources: counted.flatMap((e) =>
              (e.sources ?? []).map((s) =>
                s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].join('.')}` : String(s.node?.nodeName),
              ),
            ),
          });
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: the observer is never called.
        setTimeout(() => resolve({ score: 0, sources: [] }), 500);
      }),
  );
}

/** Loads `path` with the search files and the pictures answering `delay` ms late, and waits until the page is done. */
async function slowLoad(page: Page, path: string, delay = 700): Promise<void> {
  await page.route(/\/(search-index|search-listing)[^?]*\.json|\/img\//, async (route) => {
    await new Promise((r) => setTimeout(r, delay));
    await route.continue();
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

const product = () => sampleProduct((p) => p.type_id === 'configurable', 'a configurable product');

for (const [width, height] of [
  [390, 844],
  [1366, 800],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });
    const pages: [string, () => string][] = [
      ['home', () => '/'],
      ['a category', () => '/rings'],
      ['a product', () => pagePath(product())],
      ['a content page', () => '/about-us'],
      ['the search results', () => '/search?q=ring'],
      ['a search with no match', () => '/search?q=zzzzqx'],
      ['the search page without a query', () => '/search'],
    ];
    for (const [name, path] of pages) {
      test(`${name}: nothing moves once painted (layout shift under 0.1)`, async ({ page }) => {
        await slowLoad(page, path());
        const { score, sources } = await shiftScore(page);
        expect(score, `shifted: ${sources.join(', ')}`).toBeLessThan(0.1);
      });
    }
  });
}

/**
 * A phone on a slow network paints a page before all its HTML has arrived, and paints again as the
 * rest comes in. What is painted early must not be pushed down by what arrives later. The page is
 * served through a proxy that holds its HTML for `pause` ms right after `splitAfter`, so the browser
 * paints the first part on its own.
 */
async function streamedLoad(page: Page, baseURL: string, path: string, splitAfter: string | number, pause = 800): Promise<void> {
  const { createServer } = await import('node:http');
  const server = createServer(async (req, res) => {
    const upstream = await fetch(new URL(req.url ?? '/', baseURL), { headers: { accept: req.headers.accept ?? '*/*' }, redirect: 'manual' });
    const headers = Object.fromEntries([...upstream.headers].filter(([k]) => !['content-length', 'content-encoding', 'transfer-encoding'].includes(k)));
    res.writeHead(upstream.status, headers);
    const body = Buffer.from(await upstream.arrayBuffer());
    const split = typeof splitAfter === 'number' ? Math.round(body.length * splitAfter) : body.indexOf(splitAfter) + splitAfter.length;
    if (!(upstream.headers.get('content-type') ?? '').includes('text/html') || split < splitAfter.toString().length) return void res.end(body);
    res.write(body.subarray(0, split));
    await new Promise((r) => setTimeout(r, pause));
    res.end(body.subarray(split));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  try {
    await page.goto(`http://127.0.0.1:${port}${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
  } finally {
    server.close();
    server.closeAllConnections();
  }
}

test.describe('HTML that arrives in parts, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('a category: the promoted offers wait below the products instead of being pushed down by them', async ({ page, baseURL }) => {
    await streamedLoad(page, baseURL!, '/rings', '<ul class="grid');
    const { score, sources } = await shiftScore(page);
    expect(score, `shifted: ${sources.join(', ')}`).toBeLessThan(0.1);
  });
});
