/**
 * Soak test of the offline order queue: `npm run soak:offline -- --runs N [--seed S] [--schedules K]`
 * runs the randomised fault schedules of tests/e2e/offline-faults.spec.ts N times, each with its own
 * seed (S, S+1, ...; default a random start), K schedules a run (default 20), against the built site
 * (dist/, or DIST_DIR). Prints each run's summary and the seeds that failed, with the command that
 * replays one; exits 1 when any run failed.
 */
import { spawn } from 'node:child_process';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number (got ${raw})`);
    process.exit(2);
  }
  return n;
}

const runs = arg('runs', 5);
const schedules = arg('schedules', 20);
const seed0 = arg('seed', Math.floor(Math.random() * 1_000_000));

function runOnce(seed: number): Promise<{ ok: boolean; summary: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', 'tests/e2e/offline-faults.spec.ts', '-g', 'randomised', '--workers', '1', '--retries', '0', '--reporter', 'list'],
      { env: { ...process.env, OFFLINE_SEED: String(seed), OFFLINE_SCHEDULES: String(schedules) }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => {
      const summary = out.split('\n').find((l) => l.includes(`[offline-faults] seed ${seed}:`))?.trim() ?? '';
      if (code !== 0) console.error(out.split('\n').filter((l) => /Error|expect|schedule \d+:|✘/.test(l)).slice(0, 30).join('\n'));
      resolve({ ok: code === 0, summary });
    });
  });
}

const failed: number[] = [];
let orders = 0;
const t0 = Date.now();
for (let i = 0; i < runs; i++) {
  const seed = seed0 + i;
  const r = await runOnce(seed);
  const m = /(\d+) orders/.exec(r.summary);
  if (r.ok && m) orders += Number(m[1]);
  if (!r.ok) failed.push(seed);
  console.log(`run ${i + 1}/${runs} seed ${seed}: ${r.ok ? 'passed' : 'FAILED'} ${r.summary.replace(/^\[offline-faults\] /, '')}`);
}
const minutes = ((Date.now() - t0) / 60_000).toFixed(1);
console.log(`\n${runs - failed.length}/${runs} runs passed (${runs * schedules} schedules, ${orders} orders in passing runs) in ${minutes} min`);
if (failed.length) {
  console.log(`failed seeds: ${failed.join(', ')}`);
  console.log(`replay: OFFLINE_SEED=${failed[0]} OFFLINE_SCHEDULES=${schedules} npx playwright test tests/e2e/offline-faults.spec.ts -g randomised`);
  process.exit(1);
}
