/** Helpers of the content e2e tests: what a built page says in its head, read in the browser. */
import { expect, type Page, type Response } from '@playwright/test';
import { config } from '../../src/lib/config';

/** The shop's public origin (canonical links and the sitemap use it). */
export const SITE = config.shop.siteUrl.replace(/\/+$/, '');

export interface PageFacts {
  title: string;
  canonicals: string[];
  robots: string | null;
  h1s: string[];
  jsonLd: Record<string, unknown>[];
}

/** The head facts of the page currently loaded: title, canonical links, robots meta, h1 texts, parsed JSON-LD. */
export async function facts(page: Page): Promise<PageFacts> {
  const raw = await page.evaluate(() => ({
    title: document.title,
    canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href') ?? ''),
    robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    h1s: [...document.querySelectorAll('h1')].map((h) => (h.textContent ?? '').trim()),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
  }));
  return { ...raw, jsonLd: raw.jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>) };
}

/** Opens a path and expects the given status. */
export async function open(page: Page, path: string, status = 200): Promise<Response> {
  const res = await page.goto(path);
  expect(res, `no response for ${path}`).not.toBeNull();
  expect(res!.status(), `status of ${path}`).toBe(status);
  return res!;
}

/** Expects the page's one canonical link to be the path on the shop's origin. */
export function expectCanonical(f: PageFacts, path: string): void {
  expect(f.canonicals).toEqual([`${SITE}${path}`]);
}

/** Expects exactly one h1 with this text. */
export function expectOneH1(f: PageFacts, text: string): void {
  expect(f.h1s).toEqual([text]);
}

/** The JSON-LD object of a schema.org type on the page. */
export function ld(f: PageFacts, type: string): Record<string, unknown> | undefined {
  return f.jsonLd.find((d) => d['@type'] === type);
}

/** Takes a full-page screenshot at 375px and 1280px wide (test-results/screenshots/{name}-{width}.png). */
export async function screenshots(page: Page, path: string, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    const shot = () => page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    // Headless Chromium now and then refuses one full-page capture on a busy machine ("Unable to
    // capture screenshot", a known upstream flake); a second capture a moment later succeeds.
    await shot().catch(async (err: unknown) => {
      if (!/Unable to capture screenshot/.test(String(err))) throw err;
      await page.waitForTimeout(500);
      await shot();
    });
  }
}
