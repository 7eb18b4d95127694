/**
 * The e2e suite's `test`: Playwright's, plus one automatic fixture that fails a test on any API answer
 * (a response to a path under /api/) of 4xx or 5xx the test did not declare. A refused call behind a
 * shopper's action (a removal the server would not take, a stale token) is then a failed test instead
 * of a notice nobody reads. Every spec imports `test` and `expect` from here.
 *
 * A test that provokes failures declares each one it expects, before or after it happens:
 *
 *     test('a wrong password is refused', async ({ page, apiAnswers }) => {
 *       apiAnswers.expect('/api/user/login', 401);
 *       ...
 *     });
 *
 * Contexts and pages the test opens itself (`browser.newContext()`, `browser.newPage()`) are watched
 * too. Calls made by the test through Playwright's `request` are its own checks and are not watched.
 */
import { test as base, expect, type Browser, type BrowserContext, type Response } from '@playwright/test';

export { expect };

/** What a test declares about the API answers of 4xx and 5xx it provokes. */
export interface ApiAnswers {
  /**
   * Declares failing answers this test expects: from a path (the URL's pathname, exactly, or a pattern
   * tested against path and query) and, when given, with one of these statuses.
   */
  expect(path: string | RegExp, status?: number | readonly number[]): void;
  /** The failing API answers seen so far that no declaration covers, as 'STATUS METHOD URL'. */
  unexpected(): string[];
}

interface Seen {
  status: number;
  method: string;
  url: URL;
}

/** True for an answer of the shop's API (any origin: some specs start a shop of their own). */
export const isApiAnswer = (url: URL): boolean => url.pathname.startsWith('/api/');

export const test = base.extend<{ apiAnswers: ApiAnswers }>({
  apiAnswers: [
    async ({ context, browser }, use) => {
      const seen: Seen[] = [];
      const allowed: Array<{ path: string | RegExp; statuses: readonly number[] | null }> = [];
      const watched = new WeakSet<BrowserContext>();
      const watch = (ctx: BrowserContext) => {
        if (watched.has(ctx)) return;
        watched.add(ctx);
        ctx.on('response', (r: Response) => {
          const url = new URL(r.url());
          if (r.status() >= 400 && isApiAnswer(url)) seen.push({ status: r.status(), method: r.request().method(), url });
        });
      };
      watch(context);
      const restore = watchNewContexts(browser, watch);
      const covered = (s: Seen) =>
        allowed.some(
          (a) =>
            (typeof a.path === 'string' ? a.path === s.url.pathname : a.path.test(s.url.pathname + s.url.search)) &&
            (a.statuses === null || a.statuses.includes(s.status)),
        );
      const api: ApiAnswers = {
        expect(path, status) {
          allowed.push({ path, statuses: status === undefined ? null : typeof status === 'number' ? [status] : status });
        },
        unexpected: () => seen.filter((s) => !covered(s)).map((s) => `${s.status} ${s.method} ${s.url.pathname}${s.url.search}`),
      };
      try {
        await use(api);
      } finally {
        restore();
      }
      const unexpected = api.unexpected();
      if (unexpected.length > 0) {
        throw new Error(
          `API answers of 4xx/5xx this test did not expect (declare expected ones with apiAnswers.expect(path, status)):\n  ${unexpected.join('\n  ')}`,
        );
      }
    },
    { auto: true },
  ],
});

/** Watches every context the test opens itself; returns the function that stops it. */
function watchNewContexts(browser: Browser, watch: (ctx: BrowserContext) => void): () => void {
  const newContext = browser.newContext;
  const newPage = browser.newPage;
  browser.newContext = async (...args) => {
    const ctx = await newContext.apply(browser, args);
    watch(ctx);
    return ctx;
  };
  browser.newPage = async (...args) => {
    const page = await newPage.apply(browser, args);
    watch(page.context());
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}
