/** The rebuild lock shared by the API instances of one database (DB.withLock): one rebuild at a time. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DB } from '../../server/db';
import { RebuildManager, type RebuildSteps } from '../../server/rebuild';
import { createLogger } from '../../server/logger';
import { testDatabaseUrl } from './fixture';

describe('the rebuild lock', () => {
  let work: string;
  let a: DB;
  let b: DB;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'api-rebuild-lock-'));
    // Two connections to one database, as two instances have (SQLite: one file; PostgreSQL: one schema).
    const url = await testDatabaseUrl();
    a = await openDatabase(join(work, 'shop.db'), url);
    b = await openDatabase(join(work, 'shop.db'), url);
  });

  afterAll(async () => {
    await a.close();
    await b.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('is held by one holder at a time and free again once released', async () => {
    let inside: { value: unknown } | undefined;
    const outer = await a.withLock('rebuild', async () => {
      inside = await b.withLock('rebuild', async () => 'b ran');
      return 'a ran';
    });
    expect(outer).toEqual({ value: 'a ran' });
    expect(inside).toBeUndefined();
    expect(await b.withLock('rebuild', async () => 'b ran')).toEqual({ value: 'b ran' });
  });

  /** Two instances' rebuild managers triggered at once; the most runs seen in progress at one time. */
  const overlap = async (locked: boolean) => {
    let running = 0;
    let most = 0;
    const steps: RebuildSteps = {
      pull: async (snap) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 200));
        mkdirSync(snap, { recursive: true });
        running--;
      },
      build: async (_snap, out) => void mkdirSync(out, { recursive: true }),
      activate: () => {},
    };
    const logger = createLogger({ sink: () => {} });
    const managers = [a, b].map((db, i) => {
      const dir = join(work, `${locked ? 'locked' : 'free'}-${i}`);
      return new RebuildManager(steps, dir, join(dir, 'snapshots'), logger, locked ? (fn) => db.withLock('rebuild', fn) : undefined, 20);
    });
    for (const m of managers) expect(m.trigger()).toBe('started');
    await Promise.all(managers.map((m) => m.idle()));
    for (const m of managers) expect(m.status().last?.ok).toBe(true);
    return most;
  };

  it('makes two instances rebuild one after the other (without it they overlap)', async () => {
    expect(await overlap(false)).toBe(2);
    expect(await overlap(true)).toBe(1);
  });
});
