/** SQLite backups and restores (server/backup.ts) on files, without a server: what is refused and why. */
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupDatabase, backupKind, databaseFromEnv, restoreDatabase } from '../../server/backup';

const dir = mkdtempSync(join(tmpdir(), 'unit-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function shopDb(path: string): void {
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA user_version = 1; CREATE TABLE orders (order_id TEXT PRIMARY KEY); INSERT INTO orders VALUES ('a'), ('b');");
  // Left open: the last rows sit in the WAL, as they do while the server runs.
  db.exec("INSERT INTO orders VALUES ('in-the-wal')");
}

describe('SQLite backups', () => {
  it('copies the database with what the WAL holds, mode 0600, and restores it into a new file', async () => {
    const live = join(dir, 'live.db');
    shopDb(live);
    const out = join(dir, 'one.backup');
    expect((await backupDatabase({ path: live }, out)).kind).toBe('sqlite');
    expect(backupKind(out)).toBe('sqlite');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const target = join(dir, 'restored.db');
    expect(await restoreDatabase({ path: target }, out)).toEqual({ kind: 'sqlite', version: 1 });
    const db = new DatabaseSync(target, { readOnly: true });
    expect(
      db
        .prepare('SELECT order_id FROM orders ORDER BY order_id')
        .all()
        .map((r) => r.order_id),
    ).toEqual(['a', 'b', 'in-the-wal']);
    db.close();
    // Never over an existing file: neither the backup nor, without --replace, the restore.
    await expect(backupDatabase({ path: live }, out)).rejects.toThrow(/exists/);
    await expect(restoreDatabase({ path: target }, out)).rejects.toThrow(/--replace/);
    await expect(restoreDatabase({ path: target }, out, { replace: true })).resolves.toEqual({ kind: 'sqlite', version: 1 });
  });

  it('refuses a file that is no backup, and a backup of the other database', async () => {
    const junk = join(dir, 'junk.backup');
    writeFileSync(junk, 'not a database at all');
    expect(backupKind(junk)).toBeNull();
    await expect(restoreDatabase({ path: join(dir, 'x.db') }, junk)).rejects.toThrow(/neither a SQLite database nor a pg_dump/);
    const pgDump = join(dir, 'pg.backup');
    writeFileSync(pgDump, 'PGDMP\u0001\u000e\u0000');
    expect(backupKind(pgDump)).toBe('postgres');
    await expect(restoreDatabase({ path: join(dir, 'y.db') }, pgDump)).rejects.toThrow(/is a postgres backup; the target \(DATABASE_PATH\) is sqlite/);
  });

  it('finds the database as the server does', () => {
    expect(databaseFromEnv({ DATABASE_URL: 'postgres://h/db', DATABASE_PATH: '/x.db' })).toEqual({ url: 'postgres://h/db', path: '/x.db' });
    expect(databaseFromEnv({}).path).toMatch(/data[\\/]shop\.db$/);
  });
});
