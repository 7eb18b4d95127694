import { chromium } from '@playwright/test';
import { measurePage, eventualJsGzip, initialJsGzip } from '/work/main/scripts/bench/page-weight';
import { pageSamples } from '/work/main/scripts/bench/pages';
const base = process.argv[2] ?? 'http://localhost:4699';
const type = process.argv[3] ?? 'product';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const sample = pageSamples().find((s) => s.type === type)!;
for (const vp of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
  const ctx = await browser.newContext({ viewport: vp, serviceWorkers: 'allow' });
  const w = await measurePage(ctx, base, sample.path, { idleMs: 5000 });
  console.log(sample.path, vp.width, 'initial', (initialJsGzip(w) / 1024).toFixed(2), 'eventual', (eventualJsGzip(w) / 1024).toFixed(2), 'inline', w.jsInline.gzip, 'notHydrated', w.islandsNotHydrated);
  for (const f of w.jsFiles.sort((a, b) => b.gzip - a.gzip)) console.log(' ', f.phase, f.gzip, f.url.split('/').pop());
  await ctx.close();
}
await browser.close();
