/**
 * Backups of the API's database while the shop takes orders, and their restore into a fresh database
 * (`npm run db:backup -- --out FILE`, `npm run db:restore -- FILE`; docs/api.md, "Backups").
 * - SQLite: SQLite's online backup API (node:sqlite `backup`) in one step, so the copy is the database
 *   as one read transaction saw it: every order committed before the backup began, nothing half-written.
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot of the whole database) and `pg_restore` in one
 *   transaction, the binaries of the server's major version (Debian's /usr/lib/postgresql/<major>/bin).
 */
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { execFile } from 'node:child_process';
import { chmodSync, closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { MIGRATIONS } from './migrations';

const run = promisify(execFile);

/** Where the database is: the server's own settings (DATABASE_URL, else the SQLite file DATABASE_PATH). */
export interface DatabaseTarget {
  url?: string;
  path: string;
}

export type BackupKind = 'sqlite' | 'postgres';

/** The database the server of this environment uses: DATABASE_URL, else DATABASE_PATH (default data/shop.db of the project). */
export const databaseFromEnv = (env: NodeJS.ProcessEnv): DatabaseTarget => ({
  url: env.DATABASE_URL || undefined,
  path: env.DATABASE_PATH ?? join(import.meta.dirname, '..', 'data', 'shop.db'),
});

/** SQLite's pages copied in one step: the whole database at once, one consistent read. */
const ALL_PAGES = 1_000_000_000;

/** The kind of a backup file from its first bytes (SQLite's header, or pg_dump's custom format). */
export function backupKind(file: string): BackupKind | null {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    readSync(fd, head, 0, 16, 0);
    if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
    if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Writes a backup of the database into `out` (which must not exist); its size in bytes. */
export async function backupDatabase(db: DatabaseTarget, out: string): Promise<{ kind: BackupKind; bytes: number }> {
  if (existsSync(out)) throw new Error(`${out} exists: give a new file name (a backup never overwrites one)`);
  if (db.url) {
    const bin = await postgresTools(db.url);
    await run(join(bin, 'pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${db.url}`], { maxBuffer: 16 << 20 });
    chmodSync(out, 0o600);
    return { kind: 'postgres', bytes: statSync(out).size };
  }
  if (!existsSync(db.path)) throw new Error(`${db.path}: no such database`);
  // Created empty, mode 0600, first (SQLite takes an empty file as a new database): never readable by others.
  closeSync(openSync(out, 'wx', 0o600));
  const source = new DatabaseSync(db.path, { readOnly: true });
  try {
    // Waits (up to 5 s) for a write in progress instead of failing on it.
    source.exec('PRAGMA busy_timeout = 5000');
    await sqliteBackup(source, out, { rate: ALL_PAGES });
  } finally {
    source.close();
  }
  // Customers' accounts and orders: readable by the owner only, like the database.
  chmodSync(out, 0o600);
  return { kind: 'sqlite', bytes: statSync(out).size };
}

/**
 * Restores the backup `file` into the database, which must be empty (a new file, or a PostgreSQL
 * database without the shop's tables) unless `replace`: then the SQLite file is overwritten (stop the
 * server first) or PostgreSQL's objects are dropped and restored in one transaction.
 */
export async function restoreDatabase(db: DatabaseTarget, file: string, opts: { replace?: boolean } = {}): Promise<{ kind: BackupKind; version: number }> {
  const kind = backupKind(file);
  if (!kind) throw new Error(`${file} is neither a SQLite database nor a pg_dump custom-format file`);
  const want: BackupKind = db.url ? 'postgres' : 'sqlite';
  if (kind !== want) throw new Error(`${file} is a ${kind} backup; the target (${db.url ? 'DATABASE_URL' : 'DATABASE_PATH'}) is ${want}`);
  if (db.url) {
    const client = new pg.Client(db.url);
    await client.connect();
    let tables: number;
    try {
      tables = (
        (
          await client.query(
            "SELECT COUNT(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('orders', 'customers', 'schema_migrations')",
          )
        ).rows[0] as { n: number }
      ).n;
    } finally {
      await client.end();
    }
    if (tables && !opts.replace) throw new Error('the target database already holds the shop: restore into a new one, or pass --replace');
    const bin = await postgresTools(db.url);
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${db.url}`];
    if (tables) args.push('--clean', '--if-exists');
    await run(join(bin, 'pg_restore'), [...args, file], { maxBuffer: 16 << 20 });
    const check = new pg.Client(db.url);
    await check.connect();
    try {
      return { kind, version: ((await check.query('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations')).rows[0] as { v: number }).v };
    } finally {
      await check.end();
    }
  }
  if (existsSync(db.path) && statSync(db.path).size > 0 && !opts.replace)
    throw new Error(`${db.path} exists: restore into a new file, or pass --replace (with the server stopped)`);
  const source = new DatabaseSync(file, { readOnly: true });
  let version: number;
  try {
    const ok = (source.prepare('PRAGMA quick_check').get() as Record<string, string>)['quick_check'];
    if (ok !== 'ok') throw new Error(`${file} is damaged: ${ok}`);
    version = Number((source.prepare('PRAGMA user_version').get() as Record<string, number>)['user_version']);
    for (const f of [`${db.path}-wal`, `${db.path}-shm`]) rmSync(f, { force: true });
    if (!existsSync(db.path)) closeSync(openSync(db.path, 'wx', 0o600));
    await sqliteBackup(source, db.path, { rate: ALL_PAGES });
  } finally {
    source.close();
  }
  chmodSync(db.path, 0o600);
  if (version > MIGRATIONS.length) throw new Error(`restored, but the backup's schema (${version}) is newer than this release's (${MIGRATIONS.length})`);
  return { kind, version };
}

/**
 * The folder of pg_dump and pg_restore of the server's major version (a pg_dump older than the server
 * refuses to dump it): PG_BIN, else Debian's /usr/lib/postgresql/<major>/bin.
 */
export async function postgresTools(url: string): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const client = new pg.Client(url);
  await client.connect();
  let major: number;
  try {
    major = Math.floor(Number(((await client.query('SHOW server_version_num')).rows[0] as { server_version_num: string }).server_version_num) / 10_000);
  } finally {
    await client.end();
  }
  const bin = `/usr/lib/postgresql/${major}/bin`;
  if (!existsSync(join(bin, 'pg_dump')))
    throw new Error(`pg_dump ${major} is not installed (apt-get install postgresql-client-${major}), or set PG_BIN to its folder`);
  return bin;
}
