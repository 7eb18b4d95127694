/**
 * Soak test of the offline order queue (0 lost, 0 sent twice, 0 misattributed; docs/benchmarks.md):
 * `npm run soak:offline -- [--seed S] [--schedules N] [--per-run K]` runs N randomised fault schedules
 * (default 210) of tests/e2e/offline-faults.spec.ts against the built site (dist/, or DIST_DIR), in
 * runs of K schedules (default 30) with the seeds S, S+1, ... (S: default random, printed first).
 * Each run's figures are the API's own records (its log of order POSTs and its database), parsed from
 * the spec's summary line; the totals are printed with the seed and the command that replays a run.
 * Exits 1 when any run failed: an order lost, sent twice at the same time, stored under the wrong
 * customer, a trigger that sent nothing, or any other failed check.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { scriptOptions } from './lib/cli-options';

const { total, perRun, seed0 } = scriptOptions(
  process.argv.slice(2),
  { name: 'soak:offline', usage: 'usage: npm run soak:offline -- [--seed S] [--schedules N] [--per-run K]', values: ['seed', 'schedules', 'per-run'] },
  (o) => ({
    total: o.number('schedules', 210, { integer: true, min: 0 }),
    perRun: Math.max(1, o.number('per-run', 30, { integer: true, min: 0 })),
    seed0: o.number('seed', Math.floor(Math.random() * 1_000_000), { integer: true, min: 0 }),
  }),
);

/** The counts of one run's summary line ('[offline-faults] seed S: 30/30 schedules, 52 orders (...), ...'). */
interface RunFigures {
  schedules: number;
  orders: number;
  accepted: number;
  checkout: number;
  customers: number;
  requests: number;
  resends: number;
  lost: number;
  twice: number;
  misattributed: number;
  silent: number;
}

const FIELDS: Array<[keyof RunFigures, RegExp]> = [
  ['schedules', /: (\d+)\/\d+ schedules/],
  ['orders', /, (\d+) orders \(/],
  ['accepted', /\((\d+) accepted/],
  ['checkout', /(\d+) through the checkout page/],
  ['customers', /(\d+) by signed-in customers/],
  ['requests', /(\d+) order requests seen by the API/],
  ['resends', /(\d+) resends/],
  ['lost', /lost (\d+)/],
  ['twice', /sent twice concurrently (\d+)/],
  ['misattributed', /misattributed (\d+)/],
  ['silent', /silent triggers (\d+)/],
];

/** The figures of a summary line, or null when it has none of them. */
function parseSummary(line: string): RunFigures | null {
  const out = {} as RunFigures;
  for (const [k, re] of FIELDS) {
    const m = re.exec(line);
    if (!m) return null;
    out[k] = Number(m[1]);
  }
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function runOnce(seed: number, schedules: number, port: number): Promise<{ ok: boolean; summary: string; figures: RunFigures | null }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        'node_modules/@playwright/test/cli.js',
        'test',
        'tests/e2e/offline-faults.spec.ts',
        '-g',
        'randomised',
        '--workers',
        '1',
        '--retries',
        '0',
        '--reporter',
        'list',
      ],
      // The config's own e2e server gets a free port: other runs on this machine may hold the default one.
      {
        env: { ...process.env, OFFLINE_SEED: String(seed), OFFLINE_SCHEDULES: String(schedules), E2E_PORT: process.env.E2E_PORT ?? String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => {
      const summary =
        out
          .split('\n')
          .find((l) => l.includes(`[offline-faults] seed ${seed}:`))
          ?.trim() ?? '';
      if (code !== 0)
        console.error(
          out
            .split('\n')
            .filter((l) => /Error|expect|schedule \d+:|✘|lost|sent twice|stored under/.test(l))
            .slice(0, 40)
            .join('\n'),
        );
      resolve({ ok: code === 0, summary, figures: parseSummary(summary) });
    });
  });
}

{
  const runs = Math.ceil(total / perRun);
  console.log(`soak:offline: seed ${seed0}, ${total} schedules in ${runs} runs (seeds ${seed0}..${seed0 + runs - 1})`);
  const failed: Array<{ seed: number; schedules: number }> = [];
  const sum: RunFigures = {
    schedules: 0,
    orders: 0,
    accepted: 0,
    checkout: 0,
    customers: 0,
    requests: 0,
    resends: 0,
    lost: 0,
    twice: 0,
    misattributed: 0,
    silent: 0,
  };
  let unreadable = 0;
  const t0 = Date.now();
  for (let i = 0; i < runs; i++) {
    const seed = seed0 + i;
    const schedules = Math.min(perRun, total - i * perRun);
    const r = await runOnce(seed, schedules, await freePort());
    if (r.figures) for (const k of Object.keys(sum) as Array<keyof RunFigures>) sum[k] += r.figures[k];
    else unreadable++;
    if (!r.ok) failed.push({ seed, schedules });
    console.log(`run ${i + 1}/${runs} seed ${seed}: ${r.ok ? 'passed' : 'FAILED'} ${r.summary.replace(/^\[offline-faults\] /, '') || '(no summary)'}`);
  }
  const minutes = ((Date.now() - t0) / 60_000).toFixed(1);
  console.log(
    `\nsoak:offline seed ${seed0}: ${runs - failed.length}/${runs} runs passed, ${sum.schedules}/${total} schedules run in ${minutes} min; ` +
      `${sum.orders} orders (${sum.accepted} accepted, ${sum.checkout} through the checkout page, ${sum.customers} by signed-in customers), ` +
      `${sum.requests} order requests (${sum.resends} resends); lost ${sum.lost}, sent twice concurrently ${sum.twice}, misattributed ${sum.misattributed}, ` +
      `silent triggers ${sum.silent}${unreadable ? `; ${unreadable} run(s) printed no figures` : ''}`,
  );
  if (failed.length) {
    console.log(`failed seeds: ${failed.map((f) => f.seed).join(', ')}`);
    for (const f of failed)
      console.log(
        `replay: OFFLINE_SEED=${f.seed} OFFLINE_SCHEDULES=${f.schedules} npx playwright test tests/e2e/offline-faults.spec.ts -g randomised --workers 1`,
      );
    process.exit(1);
  }
  if (unreadable || sum.schedules < total) process.exit(1);
}
