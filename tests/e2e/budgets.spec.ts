/**
 * Performance budgets (budgets.config.ts) on the built site: one page of each type is loaded in
 * Chromium at every budget viewport, left idle for 5 s with no interaction, then every island is
 * triggered. Gzipped JavaScript, CSS and HTML are counted from the responses (scripts/bench/page-weight.ts).
 * A failure names the page, the viewport and how far over budget it is.
 */
import { expect, test } from './fixture';
import { type Browser } from '@playwright/test';
import { BUDGET_VIEWPORTS, IDLE_MS, budgets, jsEventualBudget, jsInitialBudget, type Budget } from '../../budgets.config';
import { eventualJsGzip, initialCssGzip, initialJsGzip, measurePage, type PageWeight } from '../../scripts/bench/page-weight';
import { pageSamples } from '../../scripts/bench/pages';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** "over by" message of a budget check. */
function over(what: string, value: number, budget: Budget, unit: (n: number) => string = kb): string {
  return `${what}: ${unit(value)} against a budget of ${unit(budget.max)} (over by ${unit(value - budget.max)}). Budget reason: ${budget.reason}`;
}

type Measured = { viewport: string; weight: PageWeight };

/**
 * Measures the page at every budget viewport, each in its own context, side by side: each page has its
 * own 5 s idle window and 1.5 s quiet wait (most of a viewport's time, and time the machine is not
 * busy), so the viewports need not wait their turn.
 */
async function measureAll(browser: Browser, baseURL: string, path: string): Promise<Measured[]> {
  return Promise.all(
    BUDGET_VIEWPORTS.map(async (vp) => {
      const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, serviceWorkers: 'allow' });
      try {
        return { viewport: vp.name, weight: await measurePage(context, baseURL, path, { idleMs: IDLE_MS }) };
      } finally {
        await context.close();
      }
    }),
  );
}

test.describe.configure({ mode: 'parallel' });

for (const sample of pageSamples()) {
  test(`${sample.type} page stays within its javascript, css and html budgets`, async ({ browser, baseURL }) => {
    // Every viewport idles 5 s and then hydrates every island: on a busy CI machine that took over 2 minutes.
    test.setTimeout(process.env.CI ? 240_000 : 120_000);
    const measured = await measureAll(browser, baseURL!, sample.path);
    const where = (m: Measured) => `${sample.type} ${sample.path} at ${m.viewport}`;
    for (const m of measured) expect(m.weight.status, where(m)).toBe(200);

    // JavaScript loaded without interaction (load + idle).
    const initial = jsInitialBudget(sample.type);
    for (const m of measured) {
      const js = initialJsGzip(m.weight);
      expect.soft(js, over(`${where(m)}, JS on load + ${IDLE_MS / 1000} s idle`, js, initial)).toBeLessThanOrEqual(initial.max);
    }

    // JavaScript once every island has been triggered and has hydrated.
    const eventual = jsEventualBudget(sample.type);
    for (const m of measured) {
      const js = eventualJsGzip(m.weight);
      expect.soft(js, over(`${where(m)}, JS after every island hydrated`, js, eventual)).toBeLessThanOrEqual(eventual.max);
      expect.soft(m.weight.islandsNotHydrated, `${where(m)}: islands still not hydrated after triggering: ${m.weight.notHydrated.join(', ')}`).toBe(0);
    }

    // CSS: AMP pages inline all of it within the AMP limit; other pages within the CSS budget.
    for (const m of measured) {
      if (sample.type === 'amp') {
        expect.soft(m.weight.cssInitial.count, `${where(m)}: stylesheet files on an AMP page`).toBe(0);
        const raw = m.weight.cssInline.raw;
        expect
          .soft(
            raw,
            over(`${where(m)}, inline AMP CSS (raw)`, raw, budgets.ampCss, (n) => `${n} bytes`),
          )
          .toBeLessThanOrEqual(budgets.ampCss.max);
      } else {
        const css = initialCssGzip(m.weight);
        expect.soft(css, over(`${where(m)}, CSS on load`, css, budgets.cssInitial)).toBeLessThanOrEqual(budgets.cssInitial.max);
      }
    }

    // HTML of a product page.
    if (sample.type === 'product') {
      const html = measured[0]!.weight.html.gzip;
      expect.soft(html, over(`${sample.path}, HTML document`, html, budgets.htmlProduct)).toBeLessThanOrEqual(budgets.htmlProduct.max);
    }
  });
}
