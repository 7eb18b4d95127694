// Opens built pages through a running one-port server and prints CSP violations from the browser console:
//   npm exec -- node scripts/csp-check.mjs http://127.0.0.1:4411 / /checkout/ /amp/gifts-for-her/ ...
import { chromium } from '@playwright/test';
const base = process.argv[2];
const paths = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
let bad = 0;
for (const p of paths) {
  const page = await browser.newPage();
  const msgs = [];
  page.on('console', (m) => {
    const t = m.text();
    if (/Content Security Policy|Refused to/i.test(t)) msgs.push(t);
  });
  page.on('pageerror', (e) => msgs.push('pageerror: ' + e.message));
  const res = await page.goto(base + p, { waitUntil: 'networkidle' }).catch((e) => ({ status: () => 'ERR ' + e.message }));
  await page.waitForTimeout(800);
  const islands = await page
    .locator('astro-island[ssr]')
    .count()
    .catch(() => -1);
  console.log(p, res.status(), 'unhydrated islands:', islands, msgs.length ? '\n  ' + msgs.join('\n  ') : 'no CSP violations');
  bad += msgs.length;
  await page.close();
}
await browser.close();
process.exit(bad ? 1 : 0);
