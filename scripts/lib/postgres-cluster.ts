/**
 * A throw-away PostgreSQL cluster of Debian's packages (initdb into a temp folder, a free loopback
 * port, durability off; stopped and removed by `stop`): the API tests' `postgres` project and the API
 * bench (`npm run bench -- --only api`) run on one.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The newest installed server binaries (PG_BIN overrides): /usr/lib/postgresql/<major>/bin. */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  if (!majors.length) throw new Error('PostgreSQL is not installed (apt-get install postgresql; .ci/run does it)');
  return join(root, majors.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

export interface Cluster {
  url: string;
  stop(): void;
}

/** initdb + pg_ctl start as the `postgres` OS user when run as root (PostgreSQL refuses to run as root). */
export async function startPostgres(): Promise<Cluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : null;
  if (owner !== null) chownSync(dir, owner, owner);
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // Loopback only; durability off (a test cluster), enough connections for parallel test files.
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client(url);
  await admin.connect();
  // Created once in public: every test schema finds it there.
  await admin.query('CREATE EXTENSION IF NOT EXISTS citext WITH SCHEMA public');
  await admin.end();
  return {
    url,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
