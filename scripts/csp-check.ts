/**
 * Opens built pages through a running one-port server and prints CSP violations from the browser console:
 *   npm exec -- tsx scripts/csp-check.ts http://127.0.0.1:4411 / /checkout/ /amp/gifts-for-her/ ...
 */
import { chromium } from '@playwright/test';
import { OptionError, scriptOptions } from './lib/cli-options';

const usage = 'usage: npm exec -- tsx scripts/csp-check.ts BASE_URL PATH...';
const [base, ...paths] = scriptOptions(process.argv.slice(2), { name: 'csp-check', usage, positional: true }, (o) => {
  const [url, ...rest] = o.rest;
  if (!url || !URL.canParse(url) || !rest.length) throw new OptionError('give the base URL of a running server and at least one path');
  return [url.replace(/\/+$/, ''), ...rest];
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
let bad = 0;
for (const p of paths) {
  const page = await browser.newPage();
  const msgs: string[] = [];
  page.on('console', (m) => {
    const t = m.text();
    if (/Content Security Policy|Refused to/i.test(t)) msgs.push(t);
  });
  page.on('pageerror', (e) => msgs.push('pageerror: ' + e.message));
  const res = await page.goto(base + p, { waitUntil: 'networkidle' }).catch((e: Error) => ({ status: () => 'ERR ' + e.message }));
  await page.waitForTimeout(800);
  const islands = await page
    .locator('astro-island[ssr]')
    .count()
    .catch(() => -1);
  console.log(p, res?.status(), 'unhydrated islands:', islands, msgs.length ? '\n  ' + msgs.join('\n  ') : 'no CSP violations');
  bad += msgs.length;
  await page.close();
}
await browser.close();
process.exit(bad ? 1 : 0);
