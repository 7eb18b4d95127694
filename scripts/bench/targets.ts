/**
 * The targets of docs/benchmarks.md checked against a run's figures: each with the value measured and
 * whether it was met (null: not measured in this run or an earlier one).
 */
import { jsEventualBudget, jsInitialBudget } from '../../budgets.config';
import { BIG, LARGE } from './lib/context';
import { kb, round } from './lib/stats';
import { pageSamples } from './pages';
import type { Results } from './results';
import type { SizeTarget } from './chart';

/** The full build's targets by catalogue size (docs/benchmarks.md), for the checks below and the chart. */
export const BUILD_TARGETS = [
  { products: BIG, seconds: 50, mb: 1024 },
  { products: LARGE, seconds: 200, mb: 2048 },
] as const satisfies readonly SizeTarget[];

export function targets(res: Results): Results['targets'] {
  const out: Results['targets'] = [];
  const s = res.sections;
  const b10 = s.build?.builds.find((b) => b.products === BIG);
  // Build targets: no regression from the move to Astro 7 and React 19
  const [t10, t50] = BUILD_TARGETS;
  out.push({
    target: `10,000 products build in <= ${t10.seconds} s`,
    value: b10 ? (b10.ok ? `${b10.wallS} s` : 'failed') : 'not measured',
    met: b10 ? b10.ok && b10.wallS <= t10.seconds : null,
  });
  out.push({
    target: '10,000 products build with <= 1 GB peak memory',
    value: b10 ? `${b10.peakMb} MB` : 'not measured',
    met: b10 ? b10.ok && b10.peakMb <= t10.mb : null,
  });
  const b50 = s.build?.builds.find((b) => b.products === LARGE);
  out.push({
    target: '50,000 products build in <= 200 s with <= 2 GB peak memory',
    value: b50
      ? b50.ok
        ? `${b50.wallS} s, ${b50.peakMb} MB`
        : `failed${b50.runs.some((r) => r.outOfMemory) ? ' (out of memory)' : ''}`
      : 'not measured (--large)',
    met: b50 ? b50.ok && b50.wallS <= t50.seconds && b50.peakMb <= t50.mb : null,
  });
  for (const r of s.pull?.runs ?? [])
    out.push({
      target: `live after ${r.change.description}, pull through _search included (10,000 products) <= 15 s`,
      value: r.ok ? `${r.totalS} s (pull ${r.pullS} s, ${r.mode}; build ${r.buildS} s, ${r.way})` : 'failed',
      met: r.ok && r.totalS <= 15,
    });
  const rebuildTargets: Record<string, number> = { 'cms-page': 10, 'product-price': 12 };
  for (const r of s.rebuild?.rebuilds ?? []) {
    const max = rebuildTargets[r.change.kind];
    if (max !== undefined)
      out.push({
        target: `rebuild after ${r.change.description} (10,000 products) <= ${max} s`,
        value: r.ok ? `${r.wallS} s, ${r.rendered} pages rendered, ${r.restored} restored` : 'failed',
        met: r.ok && r.wallS <= max,
      });
  }
  for (const [way, p] of [
    ...(s.lighthouse?.pages ?? []).map((x) => ['Lighthouse', x] as const),
    ...(s['lighthouse-cli']?.pages ?? []).map((x) => ['Lighthouse CLI', x] as const),
  ]) {
    const type = pageSamples().find((x) => x.path === p.path)?.type ?? p.path;
    const worst = Math.min(...p.performanceRuns);
    out.push({ target: `${way} ${type}: performance >= 98 in each run`, value: p.performanceRuns.join(' '), met: worst >= 98 });
    out.push({ target: `${way} ${type}: LCP <= 1.8 s (median)`, value: `${round(p.lcpMs / 1000, 2)} s`, met: p.lcpMs <= 1800 });
    if (way === 'Lighthouse CLI') continue;
    out.push({
      target: `Lighthouse ${type}: accessibility, best practices, SEO 100`,
      value: `${p.accessibility} / ${p.bestPractices} / ${p.seo}`,
      met: p.accessibility === 100 && p.bestPractices === 100 && p.seo === 100,
    });
    out.push({ target: `Lighthouse ${type}: CLS 0`, value: String(p.cls), met: p.cls === 0 });
  }
  for (const p of s.paint?.pages ?? []) {
    const worst = Math.max(...p.runs.flatMap((r) => [r.with.fcpMs / r.without.fcpMs, r.with.lcpMs / r.without.lcpMs]));
    out.push({
      target: `paint ${p.type}: FCP and LCP with scripts within 5 % of without, each run`,
      value: `worst +${round((worst - 1) * 100, 1)} %`,
      met: worst <= 1.05,
    });
    const bareLcp = Math.max(...p.runs.map((r) => r.without.lcpMs));
    out.push({ target: `paint ${p.type}: script-free LCP <= 1.5 s, each run`, value: `${round(bareLcp / 1000, 2)} s (worst)`, met: bareLcp <= 1500 });
  }
  if (s.search) {
    const worst = Math.max(s.search.snapshot.queries.p95Ms, s.search.synthetic.queries.p95Ms);
    out.push({ target: 'search p95 < 10 ms (10,000 products)', value: `${round(worst, 2)} ms`, met: worst < 10 });
    const med = Math.max(s.search.snapshot.queries.medianMs, s.search.synthetic.queries.medianMs);
    out.push({ target: 'search median < 10 ms', value: `${round(med, 3)} ms`, met: med < 10 });
    const engine = s.search.engine;
    if (engine) {
      const slowest = Math.max(...engine.cases.map((c) => c.medianMs));
      out.push({
        target: `category filter and sort < 16 ms in the browser's engine (${engine.products.toLocaleString('en-GB')} products, slowest median)`,
        value: `${round(slowest, 2)} ms`,
        met: slowest < 16,
      });
    }
  }
  // Pictures: bytes on load at the mobile viewport, and the proxy's cost.
  const pictures = (type: string) => s.pages?.pages.find((p) => p.type === type)?.viewports.mobile?.images?.raw;
  const productImages = pictures('product');
  out.push({
    target: 'image bytes on load, product page, mobile <= 200 KB',
    value: productImages === undefined ? 'not measured' : `${kb(productImages)} KB`,
    met: productImages === undefined ? null : productImages <= 200 * 1024,
  });
  const categoryImages = pictures('category');
  out.push({
    target: 'image bytes on load, category first screen, mobile <= 250 KB',
    value: categoryImages === undefined ? 'not measured' : `${kb(categoryImages)} KB`,
    met: categoryImages === undefined ? null : categoryImages <= 250 * 1024,
  });
  if (s.images) {
    const coldWorst = Math.max(...s.images.cold.map((c) => c.medianMs));
    out.push({
      target: 'image proxy cold resize of a 1,600 px JPEG <= 150 ms (median over sizes, slowest format)',
      value: `${coldWorst} ms`,
      met: coldWorst <= 150,
    });
    out.push({ target: 'image proxy cached answer p95 <= 5 ms', value: `${s.images.cached.p95Ms} ms`, met: s.images.cached.p95Ms <= 5 });
  }
  for (const p of s.pages?.pages ?? []) {
    const target = jsInitialBudget(p.type).target;
    if (target !== undefined)
      out.push({ target: `target ${p.type}: JS on load + 5 s idle <= ${kb(target)} KB`, value: `${kb(p.jsInitialGzip)} KB`, met: p.jsInitialGzip <= target });
    const eventual = jsEventualBudget(p.type).target;
    if (eventual !== undefined)
      out.push({
        target: `target ${p.type}: JS once every island hydrated <= ${kb(eventual)} KB`,
        value: `${kb(p.jsEventualGzip)} KB`,
        met: p.jsEventualGzip <= eventual,
      });
  }
  for (const p of s.pages?.pages ?? [])
    for (const b of p.budgets)
      out.push({
        target: `budget ${p.type}: ${b.name} <= ${b.name.includes('raw') ? `${b.max} B` : `${kb(b.max)} KB`}`,
        value: b.name.includes('raw') ? `${b.value} B` : `${kb(b.value)} KB`,
        met: b.ok,
      });
  return out;
}
