/** Helpers of the catalogue e2e tests: sample items to visit, head facts read in the browser, screenshots. */
import { expect, type Page, type Response } from '@playwright/test';
import { config } from '../../src/lib/config';
import { catalog, hasProductPage } from '../../src/lib/routing/routes';
import { catchAllRoutes } from '../../src/lib/routing/page-routes';
import { productPageData } from '../../src/lib/build/product-page-data';
import type { Product } from '../../src/lib/schemas';

/** The shop's public origin (canonical links use it). */
export const SITE = config.shop.siteUrl.replace(/\/+$/, '');
export const SHOP = config.shop.name;

export interface HeadFacts {
  title: string;
  canonicals: string[];
  robots: string | null;
  amphtml: string | null;
  description: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
  h1s: string[];
  jsonLd: Record<string, unknown>[];
}

/** The head facts of the loaded page; JSON-LD is parsed (a parse error fails the test). */
export async function headFacts(page: Page): Promise<HeadFacts> {
  const raw = await page.evaluate(() => {
    const metas = (attr: string, prefix: string) =>
      Object.fromEntries([...document.querySelectorAll(`meta[${attr}^="${prefix}"]`)].map((m) => [m.getAttribute(attr)!, m.getAttribute('content') ?? '']));
    return {
      title: document.title,
      canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href') ?? ''),
      robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
      amphtml: document.querySelector('link[rel="amphtml"]')?.getAttribute('href') ?? null,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
      og: metas('property', 'og:'),
      twitter: metas('name', 'twitter:'),
      h1s: [...document.querySelectorAll('h1')].map((h) => (h.textContent ?? '').replace(/\s+/g, ' ').trim()),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
    };
  });
  return { ...raw, jsonLd: raw.jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>) };
}

/** Opens a path and expects the status. */
export async function visit(page: Page, path: string, status = 200): Promise<Response> {
  const res = await page.goto(path);
  expect(res, `no response for ${path}`).not.toBeNull();
  expect(res!.status(), `status of ${path}`).toBe(status);
  return res!;
}

/** The JSON-LD object of a schema.org type. */
export const ldOf = (f: HeadFacts, type: string) => f.jsonLd.find((d) => d['@type'] === type) as Record<string, any> | undefined;

/** Full-page screenshots at 375px and 1280px (test-results/screenshots/{name}-{width}.png), lazy images loaded. */
export async function screenshots(page: Page, path: string, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 700) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 40));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

/** Sample products with a page. */
export const productsWithPages = (): Product[] => catalog().products.filter(hasProductPage);

/** The first product with a page that satisfies the test. */
export function sampleProduct(test: (p: Product) => boolean, what: string): Product {
  const p = productsWithPages().find(test);
  if (!p) throw new Error(`the sample has no product that is ${what}`);
  return p;
}

/** The path of a product's page. */
export function pagePath(p: Product): string {
  const r = catchAllRoutes().find((x) => x.kind === 'product' && x.key === p.id);
  if (!r) throw new Error(`no page for ${p.sku}`);
  return r.path;
}

export { catalog, productPageData };
