/**
 * The publishing page in a real browser, as an editor uses it: sign in, publish (the progress by
 * phase, then the history), build a preview and look at a page side by side, go live, roll back; by
 * keyboard where it matters; axe finds nothing on the sign-in form and the page; it fits a 390 px
 * phone. Its own server (publish-server.ts: the built site, fast stub builds, one editor), started here.
 */
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const EDITOR = { email: 'eda@example.com', password: 'a-long-editor-password' };
const SHOTS = process.env.PUBLISH_SHOTS_DIR;

let server: ChildProcess | null = null;
let base = '';
let data = '';

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block' });

test.beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'pj-e2e-publish-'));
  const root = join(import.meta.dirname, '..', '..');
  server = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(import.meta.dirname, 'publish-server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', PUBLISH_E2E_DATA: data, PUBLISH_E2E_EDITOR: EDITOR.email, PUBLISH_E2E_PASSWORD: EDITOR.password },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`publish-server did not start: ${out}`)), 60_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /listening on (http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    server!.stdout!.on('data', onData);
    server!.stderr!.on('data', onData);
    server!.on('exit', (code) => reject(new Error(`publish-server exited with ${code}: ${out}`)));
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
});

async function axeClean(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

const homeBuild = async () => /publish-e2e build (\d+)/.exec(await (await fetch(`${base}/`)).text())?.[1] ?? null;

async function signIn(page: Page): Promise<void> {
  await page.goto(`${base}/_publish`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to publish' })).toBeVisible();
  await page.getByLabel('E-mail').fill(EDITOR.email);
  await page.getByLabel('Password').fill(EDITOR.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Publishing' })).toBeVisible();
}

test('an editor signs in, publishes, previews a page side by side, goes live and rolls back', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${base}/_publish`);
  await axeClean(page);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'publish-signin-1366.png'), fullPage: true });
  await signIn(page);
  await expect(page.getByText('not published from this page yet')).toBeVisible();

  // Publish now, by keyboard: the run's progress by phase shows without a reload, then the history.
  await page.getByRole('button', { name: 'Publish now' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'The run has started' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.locator('.phases [aria-current="step"]')).toHaveText(/Pages \d of about 6|Pull the content/);
  await expect(page.getByText(/Publish went live/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(await homeBuild()).toBe('1');
  await expect(page.getByRole('cell', { name: 'Live' })).toBeVisible();

  // A preview: it waits; the home page differs; side by side shows live and preview.
  await page.getByRole('button', { name: 'Build a preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview waiting' })).toBeVisible({ timeout: 20_000 });
  expect(await homeBuild()).toBe('1');
  await axeClean(page);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'publish-preview-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'publish-preview-390.png'), fullPage: true });
  const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noOverflow).toBe(true);
  await axeClean(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('link', { name: 'Side by side for /' }).click();
  await expect(page.locator('iframe[title="Live: /"]')).toBeVisible();
  const previewFrame = page.frameLocator('iframe[title="Preview: /"]');
  await expect(previewFrame.locator('h1').first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'publish-compare-1366.png') });
  await page.getByRole('link', { name: 'Back to publishing' }).click();

  await page.getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The preview is live' })).toBeVisible();
  expect(await homeBuild()).toBe('2');
  await expect(page.getByText(/Went live/)).toBeVisible();

  // Roll back to the first build: one click, recorded with who.
  const rows = page.getByRole('row');
  await rows.filter({ hasNotText: 'Live' }).getByRole('button', { name: 'Roll back to this' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'back on the build you chose' })).toBeVisible();
  expect(await homeBuild()).toBe('1');
  await expect(page.getByRole('listitem').filter({ hasText: `Rolled back · by ${EDITOR.email}` })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'publish-history-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'publish-history-390.png'), fullPage: true });
});
