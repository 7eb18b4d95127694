/**
 * The reference API's throughput on loopback: runs the API helper's `scripts/bench/api-cli.ts`
 * (autocannon against a fresh server and database) and reads its result lines.
 */
import { join } from 'node:path';
import { runMeasured } from './lib/proc';
import type { BenchContext } from './lib/context';
import { table } from './lib/table';
import type { Results } from './results';

export interface ApiRoute {
  route: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface ApiBench {
  ok: boolean;
  error?: string;
  durationS: number;
  connections: number;
  routes: ApiRoute[];
}

const LINE = /^(.+?)\s+(\d+) req\/s\s+p50\s+(\d+(?:\.\d+)?) ms\s+p99\s+(\d+(?:\.\d+)?) ms\s+non-2xx (\d+)\s+errors (\d+)/;

/** Parses the result lines of `npm run bench:api`. */
export function parseApiBench(text: string): ApiRoute[] {
  const out: ApiRoute[] = [];
  for (const line of text.split('\n')) {
    const m = LINE.exec(line.trim());
    if (!m) continue;
    out.push({ route: m[1]!.trim(), requestsPerSecond: Number(m[2]), p50Ms: Number(m[3]), p99Ms: Number(m[4]), non2xx: Number(m[5]), errors: Number(m[6]) });
  }
  return out;
}

/** The databases measured: SQLite (the embedded default), PostgreSQL with one API instance and with two. */
export const API_SETUPS = [
  ['--database', 'sqlite'],
  ['--database', 'postgres', '--instances', '1'],
  ['--database', 'postgres', '--instances', '2'],
];

/** Runs scripts/bench/api-cli.ts for `durationS` seconds per route, once per setup of API_SETUPS. */
export async function benchApi(root: string, durationS = 5, connections = 10): Promise<ApiBench> {
  const routes: ApiRoute[] = [];
  for (const setup of API_SETUPS) {
    const run = await runMeasured(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        join(root, 'scripts/bench/api-cli.ts'),
        '--duration',
        String(durationS),
        '--connections',
        String(connections),
        ...setup,
      ],
      {
        cwd: root,
        timeoutMs: (durationS * 4 + 120) * 1000,
      },
    );
    const text = run.lines.map((l) => l.text).join('\n');
    const found = parseApiBench(text);
    if (run.code !== 0 || !found.length) {
      return { ok: false, error: `bench:api ${setup.join(' ')} exit ${run.code ?? run.signal}: ${text.slice(-800)}`, durationS, connections, routes };
    }
    routes.push(...found);
  }
  return { ok: true, durationS, connections, routes };
}

export async function sectionApi(ctx: BenchContext, res: Results): Promise<void> {
  const { root: ROOT, quick, log } = ctx;
  log('api: autocannon on loopback (scripts/bench/api-cli.ts) ...');
  const api = await benchApi(ROOT, quick ? 3 : 5, 10);
  res.sections.api = { measuredAt: new Date().toISOString(), ...api };
  if (!api.ok) throw new Error(api.error);
  console.log(`\nAPI on loopback (${api.connections} connections, ${api.durationS} s per route)\n`);
  console.log(
    table(
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
      api.routes.map((r) => [r.route, r.requestsPerSecond, r.p50Ms, r.p99Ms, r.non2xx, r.errors]),
    ),
  );
}
