/**
 * A throw-away PostgreSQL cluster for the API tests: Debian's PostgreSQL (initdb into a temp folder,
 * on a free loopback port, stopped and removed at the end). `startCluster` is the vitest globalSetup of
 * the `postgres` project; `freshDatabaseUrl` gives each test shop its own schema on it.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** The admin URL of the test cluster; empty in the SQLite project. */
    postgresUrl: string;
  }
}

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

/** vitest globalSetup: one cluster for the project's test files, stopped when they are done. */
export default async function startCluster(project: TestProject): Promise<() => void> {
  const cluster = await startPostgres();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}

let admin: pg.Pool | null = null;

/** A new empty schema on the cluster `url`, as a DATABASE_URL whose search_path is that schema. */
export async function freshDatabaseUrl(url: string): Promise<string> {
  admin ??= new pg.Pool({ connectionString: url, max: 2 });
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  return `${url}?options=${encodeURIComponent(`-c search_path=${schema},public`)}`;
}
