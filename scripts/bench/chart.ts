/**
 * Draws bench/results/build-scaling.svg: build time and peak memory against catalogue size, two
 * panels on a logarithmic size axis, each target a dashed mark at the catalogue size it is set for. Plain SVG text built
 * here (no library, no network); failed builds are drawn as crosses at the time they failed.
 */

export interface ScalingPoint {
  /** Product records in the catalogue. */
  products: number;
  wallS: number;
  peakMb: number;
  ok: boolean;
}

/** A target set for one catalogue size (docs/benchmarks.md): the most build seconds and peak MB. */
export interface SizeTarget {
  products: number;
  seconds: number;
  mb: number;
}

export interface ChartOptions {
  title?: string;
  /** The targets, each drawn at its catalogue size. */
  targets?: readonly SizeTarget[];
  /** A line of small print under the title (machine, date). */
  subtitle?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Round "nice" tick values from 0 to at least `max`. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step * 0.999; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}

const fmtSize = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));

interface Panel {
  x: number;
  label: string;
  unit: string;
  value: (p: ScalingPoint) => number;
  target: (t: SizeTarget) => number;
  colour: string;
}

/** The SVG document (a string). */
export function scalingChart(points: readonly ScalingPoint[], opts: ChartOptions = {}): string {
  const W = 820;
  const H = 360;
  const top = 70;
  const bottom = 300;
  const pw = 330;
  const sorted = [...points].sort((a, b) => a.products - b.products);
  const sizes = sorted.map((p) => p.products);
  const minX = Math.min(...sizes, 1000) / 1.5;
  const maxX = Math.max(...sizes, 10_000) * 1.5;
  const lx = (n: number, x0: number) => x0 + ((Math.log10(n) - Math.log10(minX)) / (Math.log10(maxX) - Math.log10(minX))) * pw;
  const panels: Panel[] = [
    { x: 60, label: 'Full build time', unit: 's', value: (p) => p.wallS, target: (t) => t.seconds, colour: '#8a6d1f' },
    { x: 470, label: 'Peak memory of the build process tree', unit: 'MB', value: (p) => p.peakMb, target: (t) => t.mb, colour: '#1f4e79' },
  ];
  const targets = opts.targets ?? [];
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Inter, Helvetica, Arial, sans-serif" font-size="12" role="img" aria-label="${esc(opts.title ?? 'Build scaling')}">`,
  );
  parts.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  parts.push(
    `<text x="20" y="26" font-size="16" font-weight="600" fill="#1f2a37">${esc(opts.title ?? 'Build time and peak memory against catalogue size')}</text>`,
  );
  if (opts.subtitle) parts.push(`<text x="20" y="46" font-size="11" fill="#5b6673">${esc(opts.subtitle)}</text>`);
  for (const panel of panels) {
    const values = sorted.map(panel.value);
    const ymax = Math.max(...values, ...targets.map(panel.target)) * 1.1 || 1;
    const ticks = niceTicks(ymax);
    const top2 = ticks[ticks.length - 1]!;
    const y = (v: number) => bottom - (v / top2) * (bottom - top);
    parts.push(`<text x="${panel.x}" y="${top - 10}" font-weight="600" fill="#1f2a37">${esc(panel.label)} (${panel.unit})</text>`);
    for (const t of ticks) {
      parts.push(`<line x1="${panel.x}" x2="${panel.x + pw}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#e5e7eb"/>`);
      parts.push(`<text x="${panel.x - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end" fill="#5b6673">${t}</text>`);
    }
    parts.push(`<line x1="${panel.x}" x2="${panel.x + pw}" y1="${bottom}" y2="${bottom}" stroke="#9aa3ad"/>`);
    for (const n of [...new Set([...sizes, ...targets.map((t) => t.products)])]) {
      const x = lx(n, panel.x).toFixed(1);
      parts.push(`<line x1="${x}" x2="${x}" y1="${bottom}" y2="${bottom + 5}" stroke="#9aa3ad"/>`);
      parts.push(`<text x="${x}" y="${bottom + 18}" text-anchor="middle" fill="#5b6673">${fmtSize(n)}</text>`);
    }
    parts.push(`<text x="${panel.x + pw / 2}" y="${bottom + 36}" text-anchor="middle" fill="#5b6673">products in the catalogue (log scale)</text>`);
    for (const t of targets) {
      const tx = lx(t.products, panel.x);
      const ty = y(panel.target(t)).toFixed(1);
      parts.push(
        `<line x1="${(tx - 24).toFixed(1)}" x2="${(tx + 24).toFixed(1)}" y1="${ty}" y2="${ty}" stroke="#b42318" stroke-width="2" stroke-dasharray="5 3"/>`,
      );
      parts.push(
        `<text x="${(tx - 26).toFixed(1)}" y="${(Number(ty) + 4).toFixed(1)}" text-anchor="end" fill="#b42318" font-size="11">target ${panel.target(t)} ${panel.unit} at ${fmtSize(t.products)}</text>`,
      );
    }
    const ok = sorted.filter((p) => p.ok);
    if (ok.length > 1) {
      parts.push(
        `<polyline fill="none" stroke="${panel.colour}" stroke-width="2" points="${ok.map((p) => `${lx(p.products, panel.x).toFixed(1)},${y(panel.value(p)).toFixed(1)}`).join(' ')}"/>`,
      );
    }
    for (const p of sorted) {
      const cx = lx(p.products, panel.x);
      const cy = y(panel.value(p));
      const v = panel.value(p);
      const label = `${v >= 100 ? Math.round(v) : v.toFixed(1)}${p.ok ? '' : ' (failed)'}`;
      if (p.ok) parts.push(`<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="4" fill="${panel.colour}"/>`);
      else parts.push(`<path d="M${(cx - 5).toFixed(1)},${(cy - 5).toFixed(1)} l10,10 m0,-10 l-10,10" stroke="#b42318" stroke-width="2"/>`);
      parts.push(`<text x="${(cx + 6).toFixed(1)}" y="${(cy - 7).toFixed(1)}" fill="#1f2a37" font-size="11">${esc(label)}</text>`);
    }
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
