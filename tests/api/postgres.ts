/**
 * The API tests' PostgreSQL: `startCluster` is the vitest globalSetup of the `postgres` project (a
 * throw-away cluster, scripts/lib/postgres-cluster.ts); `freshDatabaseUrl` gives each test shop its
 * own schema on it.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/lib/postgres-cluster';

declare module 'vitest' {
  interface ProvidedContext {
    /** The admin URL of the test cluster; empty in the SQLite project. */
    postgresUrl: string;
  }
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
