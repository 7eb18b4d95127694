/**
 * Deploying a release with a new migration while the shop runs: a failed migration rolls back and
 * its instance does not start (the running one serves on); on PostgreSQL, two instances of the new
 * release starting together while an old one serves: one migrates under the advisory lock, the other
 * waits, neither listens before the schema is complete, and no one sees a half-applied migration.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { join } from 'node:path';
import { orderPayload, startTestShop, testDatabaseUrl, type TestShop } from './fixture';
import { startServer, type RunningServer } from '../../server/server';
import { createLogger } from '../../server/logger';
import { MIGRATIONS } from '../../server/migrations';

const started: { stop(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const s of started.reverse()) await s.stop().catch(() => {});
});

/** An instance of the "new release" (its migrations) on the database of `shop`, on a free port. */
function startRelease(shop: TestShop, url: string | undefined, migrations: readonly string[]): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    databasePath: join(shop.dir, 'shop.db'),
    databaseUrl: url,
    snapshotDir: join(shop.dir, 'snapshot'),
    distDir: null,
    logger: createLogger({ sink: () => {} }),
    env: { TOKEN_SECRET: 'migration-test-secret' },
    migrations,
  }).then((s) => {
    started.push({ stop: () => s.close(1000) });
    return s;
  });
}

const tableExists = async (s: TestShop, name: string) =>
  s.db.dialect === 'sqlite'
    ? !!(await s.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(name))
    : !!(await s.db.prepare('SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?').get(name));

describe('migrations on a running shop', () => {
  it('a failed migration rolls back everything it did and its instance does not start; the running one serves on', async () => {
    const url = await testDatabaseUrl();
    const shop = await startTestShop({ databaseUrl: url });
    started.push(shop);
    const failing = [...MIGRATIONS, 'CREATE TABLE deploy_probe (a INTEGER);\nINSERT INTO deploy_probe (a) VALUES (1);\nSELECT no_such_column FROM meta;'];
    await expect(startRelease(shop, url, failing)).rejects.toThrow(/no_such_column/);
    expect(await tableExists(shop, 'deploy_probe')).toBe(false);
    expect(await shop.db.schemaVersion()).toBe(MIGRATIONS.length);
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
    expect((await shop.call('POST', '/api/order', { body: orderPayload() })).status).toBe(200);
    // The lock went with the failed instance: a release whose migration works starts on the same database.
    const fixed = await startRelease(shop, url, [...MIGRATIONS, 'CREATE TABLE deploy_probe (a INTEGER);']);
    expect(await tableExists(shop, 'deploy_probe')).toBe(true);
    expect(await fixed.db.schemaVersion()).toBe(MIGRATIONS.length + 1);
    // The old release serves a newer schema (migrations only add).
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
  });

  it.skipIf(!inject('postgresUrl'))(
    'two new instances start while an old one serves: one migrates, the other waits, neither listens on a half-migrated schema',
    async () => {
      const url = (await testDatabaseUrl())!;
      const old = await startTestShop({ databaseUrl: url });
      started.push(old);
      // A slow migration: the column, then a pause inside the same transaction.
      const release = [...MIGRATIONS, 'ALTER TABLE orders ADD COLUMN deploy_note TEXT;\n-- postgres: SELECT pg_sleep(2);'];
      const watcher = new pg.Client(url);
      await watcher.connect();
      try {
        const listening: string[] = [];
        const b = startRelease(old, url, release).then((s) => (listening.push('b'), s));
        const c = startRelease(old, url, release).then((s) => (listening.push('c'), s));
        // Wait until the migration is running (its pause is on the server).
        for (let i = 0; i < 100; i++) {
          const running = await watcher.query(
            "SELECT 1 FROM pg_stat_activity WHERE query LIKE '%pg_sleep(2)%' AND state = 'active' AND pid <> pg_backend_pid()",
          );
          if (running.rowCount) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        // Mid-migration: neither new instance listens; the schema others see is the old one, whole.
        expect(listening).toEqual([]);
        const column = await watcher.query(
          "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name = 'deploy_note'",
        );
        expect(column.rowCount).toBe(0);
        expect((await watcher.query('SELECT MAX(version) AS v FROM schema_migrations')).rows[0].v).toBe(MIGRATIONS.length);
        // The old instance still takes orders (they wait for the migration's lock on the table, then go through).
        const during = old.call('POST', '/api/order', { body: orderPayload() });
        const [sb, sc] = await Promise.all([b, c]);
        expect((await during).status).toBe(200);
        expect(listening.sort()).toEqual(['b', 'c']);
        // Applied once (the waiter found it done), complete, and every instance is ready.
        expect((await watcher.query('SELECT version FROM schema_migrations WHERE version > $1', [MIGRATIONS.length])).rows).toEqual([
          { version: MIGRATIONS.length + 1 },
        ]);
        expect(
          (
            await watcher.query(
              "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name = 'deploy_note'",
            )
          ).rowCount,
        ).toBe(1);
        for (const u of [old.url, sb.url, sc.url]) expect((await fetch(`${u}/readyz`)).status).toBe(200);
      } finally {
        await watcher.end();
      }
    },
    60_000,
  );
});
