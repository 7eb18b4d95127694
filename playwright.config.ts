import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);

/** E2E tests run against the built site (dist/) served on a port of their own. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // DIST_DIR serves another build folder (e.g. a helper's private build) instead of dist/.
    command: `npx astro preview --port ${PORT}${process.env.DIST_DIR ? ` --outDir ${process.env.DIST_DIR}` : ''}`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
