/**
 * Summarises a V8 CPU profile (`node --cpu-prof`) of a build: self time by source file (grouped by
 * package for node_modules) and the hottest functions. Used to find where build time goes:
 *
 *   SNAPSHOT_DIR=bench/tmp/snap-1000-s1 node --cpu-prof --cpu-prof-dir=bench/tmp/prof \
 *     node_modules/astro/bin/astro.mjs build --outDir bench/tmp/dist-prof
 *   npx tsx scripts/bench/profile-summary.ts bench/tmp/prof/*.cpuprofile [--window FROM_S TO_S]
 */
import { readFileSync } from 'node:fs';
import { OptionError, scriptOptions } from '../lib/cli-options';

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: CpuNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Groups a script URL: a package name for node_modules, the project path otherwise. */
export function groupOf(url: string): string {
  if (!url) return '(native / idle / gc)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return `npm:${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 1).replace(/\?.*$/, '');
  const dist = url.indexOf('/.astro/');
  if (dist >= 0) return `(built chunk) ${url.slice(dist + 1)}`;
  return url.replace(/^file:\/\//, '');
}

/** Self time (ms) per group and per function, largest first; optionally only samples within [fromMs, toMs) of the profile's start. */
export function summarise(profile: CpuProfile, fromMs = 0, toMs = Infinity): { total: number; groups: [string, number][]; functions: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let t = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    t += dt;
    if (t >= fromMs && t < toMs) self.set(id, (self.get(id) ?? 0) + dt);
  });
  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const n = byId.get(id);
    if (!n) continue;
    total += ms;
    const g = n.callFrame.functionName === '(idle)' ? '(idle)' : groupOf(n.callFrame.url);
    groups.set(g, (groups.get(g) ?? 0) + ms);
    const f = `${n.callFrame.functionName || '(anonymous)'} ${groupOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    fns.set(f, (fns.get(f) ?? 0) + ms);
  }
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { total, groups: top(groups), functions: top(fns) };
}

if (process.argv[1]?.endsWith('profile-summary.ts')) {
  // --window FROM_S TO_S: only samples in that span after the profile's start (e.g. the render phase).
  const usage = 'usage: tsx scripts/bench/profile-summary.ts PROFILE.cpuprofile... [--window FROM_S TO_S]';
  const { files, from, to } = scriptOptions(process.argv.slice(2), { name: 'profile-summary', usage, pairs: ['window'], positional: true }, (o) => {
    const seconds = (v: string) => {
      const n = Number(v);
      if (v.trim() === '' || !Number.isFinite(n) || n < 0) throw new OptionError(`--window takes two numbers of seconds (got '${v}')`);
      return n * 1000;
    };
    const w = o.pair('window');
    if (!o.rest.length) throw new OptionError('give at least one profile');
    return { files: o.rest, from: w ? seconds(w[0]) : 0, to: w ? seconds(w[1]) : Infinity };
  });
  for (const file of files) {
    const s = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, from, to);
    console.log(`\n${file}: ${(s.total / 1000).toFixed(1)} s sampled\n\nself time by file or package:`);
    for (const [g, ms] of s.groups.slice(0, 25))
      console.log(`${(ms / 1000).toFixed(2).padStart(8)} s  ${((ms / s.total) * 100).toFixed(1).padStart(5)}%  ${g}`);
    console.log('\nhottest functions:');
    for (const [f, ms] of s.functions.slice(0, 25)) console.log(`${(ms / 1000).toFixed(2).padStart(8)} s  ${f}`);
  }
}
