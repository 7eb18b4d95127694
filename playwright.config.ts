import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
/** A fresh database per run (removed by the web server command before it starts). */
const DATA_DIR = `/tmp/pj-e2e-shop-${PORT}`;
const TEST_DIR = 'tests/e2e';

/**
 * Two Chromium builds of Debian's. The full browser (`chromium`) has everything a shopper's Chrome has,
 * Background Sync among it: the service worker's sends of the order queue need it. The headless shell
 * (`chromium-headless-shell`, what Playwright's own headless Chromium is) is the same Blink and V8
 * without the desktop browser around them: it ran the same pages on 28% less CPU, but has no
 * Background Sync (its service worker never sends the queue). So the shell runs only the spec files in
 * which no service worker runs; CHROMIUM_PATH, when set, runs everything, and without the shell
 * installed the full browser does.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const SHELL = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

/**
 * Spec files none of whose tests runs a service worker: every test blocks it (a `test.use` at the top
 * of the file), no test allows it back, and every context a test opens itself (which does not take the
 * file's `test.use`) blocks it too or runs no script at all.
 */
function serviceWorkerFree(source: string): boolean {
  if (!/^test\.use\(\{ serviceWorkers: 'block' \}\);$/m.test(source) || /serviceWorkers: 'allow'/.test(source)) return false;
  const ownContexts = [...source.matchAll(/\bbrowser\.new(?:Context|Page)\(([^\n]*)/g)].map((m) => m[1]!);
  return ownContexts.every((args) => /serviceWorkers: 'block'|javaScriptEnabled: false/.test(args));
}
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SHELL_SPECS = readdirSync(TEST_DIR).filter((f) => f.endsWith('.spec.ts') && serviceWorkerFree(readFileSync(join(TEST_DIR, f), 'utf8')));

/**
 * E2E tests run against the built site (dist/) served with the reference API on one port by the
 * shop server (server/start.ts, not building: `npm test` builds first), fault switch on.
 */
export default defineConfig({
  testDir: TEST_DIR,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // CI machines have run this suite 2 to 2.5 times slower than a quiet one here (29.7 min against
  // 11 to 15): time limits are not speed targets (those are `npm run bench`), so CI gets twice the room.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failure keeps its trace (test-results/**/trace.zip; `npx playwright show-trace`): DOM snapshots
    // and the network, no screencast (recording frames for every test cost a fifth of the run's CPU).
    // On CI the trace is recorded for the retry only: a failure is retried once, and that run records.
    trace: process.env.CI ? { mode: 'on-first-retry', screenshots: true, snapshots: true } : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    browserName: 'chromium',
  },
  projects: [
    { name: 'chromium', testIgnore: SHELL_SPECS, use: { launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } } },
    { name: 'headless-shell', testMatch: SHELL_SPECS, use: { launchOptions: { executablePath: SHELL, args: CHROMIUM_ARGS } } },
  ],
  webServer: {
    // DIST_DIR serves another build folder (e.g. a helper's private build) instead of dist/.
    command: `rm -rf ${DATA_DIR} && node node_modules/tsx/dist/cli.mjs server/start.ts --no-build`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATABASE_PATH: `${DATA_DIR}/shop.db`,
      SHOP_FAULTS: '1',
      LOG_REQUESTS: '0',
      // Short-lived access tokens let the refresh flow be tested; override with E2E_TOKEN_TTL.
      TOKEN_TTL_SECONDS: process.env.E2E_TOKEN_TTL ?? '300',
      RATE_LIMIT_MAX: '10000',
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    },
  },
});
