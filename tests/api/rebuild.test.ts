import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RebuildManager, type RebuildSteps } from '../../server/rebuild';
import { Generations } from '../../server/generations';
import { createLogger } from '../../server/logger';
import { readManifest, SAMPLE_DIR } from '../../src/lib/snapshot/read';
import { removeBuild, spawnStart, startTestShop, writeFixtureSnapshot, type TestShop } from './fixture';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = createLogger({ sink: () => {} });

/** Stub steps: the build takes `ms`, writes an index.html naming its run, and fails when told. */
function stubSteps(opts: { ms?: number; failOn?: number[] } = {}) {
  let builds = 0;
  const live: string[] = [];
  const steps: RebuildSteps = {
    pull: async (dir) => {
      writeFixtureSnapshot(dir);
    },
    build: async (_snap, out) => {
      const n = ++builds;
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'index.html'), `<h1>Build ${n}</h1>`);
      await sleep(opts.ms ?? 50);
      if (opts.failOn?.includes(n)) throw new Error(`astro build exited with code 1: [build ${n}] broken page`);
    },
    activate: (out) => {
      live.push(out);
    },
  };
  return { steps, live, builds: () => builds };
}

describe('rebuild manager', () => {
  let work = '';
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'api-rebuild-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('triggers during a build coalesce into one more build', async () => {
    const s = stubSteps({ ms: 150 });
    const m = new RebuildManager(s.steps, work, join(work, 'snapshots'), silent);
    expect(m.trigger()).toBe('started');
    await sleep(20);
    expect(m.trigger()).toBe('queued');
    expect(m.trigger()).toBe('coalesced');
    expect(m.trigger()).toBe('coalesced');
    expect(m.status()).toMatchObject({ state: 'running', pending: true });
    await m.idle();
    expect(s.builds()).toBe(2);
    expect(s.live).toHaveLength(2);
    expect(m.status()).toMatchObject({ state: 'idle', pending: false, runs: 2, last: { ok: true, id: 2 } });
  });

  it('a failed build leaves the live site, is reported, and removes its folder', async () => {
    const s = stubSteps({ failOn: [2] });
    const own = mkdtempSync(join(work, 'fail-'));
    const m = new RebuildManager(s.steps, own, join(own, 'snapshots'), silent);
    m.trigger();
    await m.idle();
    const good = m.status().lastSuccess!;
    m.trigger();
    await m.idle();
    const st = m.status();
    expect(st.last).toMatchObject({ ok: false, id: 2 });
    expect(st.last!.error).toContain('[build 2] broken page');
    expect(st.lastSuccess).toEqual(good);
    expect(s.live).toEqual([good.dist]);
    expect(existsSync(good.dist!)).toBe(true);
    expect(readdirSync(own).filter((n) => n.startsWith('dist-'))).toEqual([good.dist!.split('/').pop()]);
    expect(readdirSync(join(own, 'snapshots'))).toHaveLength(1);
  });

  /** Steps whose build makes an overlay-like generation: servable at once, complete when the test says (or failing). */
  function overlaySteps(own: string, fail = false, changed = ['a/index.html', 'index.html', 'sw.js']) {
    const live = join(own, 'dist-live');
    mkdirSync(live, { recursive: true });
    writeFileSync(join(live, 'index.html'), '<h1>Live</h1>');
    let served = live;
    let complete = () => {};
    const events: string[] = [];
    const steps: RebuildSteps = {
      pull: async (dir) => {
        writeFixtureSnapshot(dir);
      },
      build: async (_snap, out) => {
        mkdirSync(out, { recursive: true });
        writeFileSync(join(out, 'index.html'), '<h1>New</h1>');
        const done = new Promise<void>((resolve, reject) => (complete = () => (fail ? reject(new Error('ENOSPC: no space left on device')) : resolve())));
        // Its folder holds the changed files only: read as a site it would say the other pages are gone.
        return { parent: live, changed, done: done.finally(() => events.push('completed')) };
      },
      activate: (out) => {
        served = out;
        events.push('activated');
      },
    };
    const gens = new Generations(join(own, 'generations.json'), steps.activate, 3, () => served);
    return { steps, gens, events, complete: () => complete(), served: () => served };
  }

  it('an overlay goes live as soon as it can be served, with the pages it says it changed; the run ends once it is complete', async () => {
    const own = mkdtempSync(join(work, 'overlay-'));
    const o = overlaySteps(own);
    const m = new RebuildManager(o.steps, own, join(own, 'snapshots'), silent);
    m.generations = o.gens;
    m.trigger();
    for (let i = 0; i < 100 && !o.events.includes('activated'); i++) await sleep(20);
    expect(o.events).toEqual(['activated']);
    expect(o.served()).toMatch(/dist-\d{17}-1$/);
    // Live, still completing: the run has not ended, and a change now waits for it.
    expect(m.status()).toMatchObject({ state: 'running', current: { phase: 'switch' } });
    o.complete();
    await m.idle();
    expect(o.events).toEqual(['activated', 'completed']);
    expect(m.status().last).toMatchObject({ ok: true, changed: ['/', '/a'] });
  });

  it('an overlay whose completion fails stays live; the run says the next change builds the whole site', async () => {
    const own = mkdtempSync(join(work, 'overlay-fail-'));
    const o = overlaySteps(own, true);
    const m = new RebuildManager(o.steps, own, join(own, 'snapshots'), silent);
    m.generations = o.gens;
    m.trigger();
    for (let i = 0; i < 100 && !o.events.includes('activated'); i++) await sleep(20);
    o.complete();
    await m.idle();
    const last = m.status().last!;
    expect(last).toMatchObject({ ok: true, changed: ['/', '/a'] });
    expect(o.served()).toBe(last.dist);
    expect(last.log.join('\n')).toContain('the next change builds the whole site: ENOSPC: no space left on device');
  });

  it('an overlay in which no file differs is not kept: the live build stays, and no copy of it takes a kept build’s place; a preview of it is kept', async () => {
    const own = mkdtempSync(join(work, 'overlay-same-'));
    const o = overlaySteps(own, false, []);
    const m = new RebuildManager(o.steps, own, join(own, 'snapshots'), silent);
    m.generations = o.gens;
    m.trigger({}, { trigger: { kind: 'day', by: "the day's start in Europe/London" } });
    for (let i = 0; i < 100 && m.status().current?.phase !== 'switch'; i++) await sleep(20);
    o.complete();
    await m.idle();
    const last = m.status().last!;
    expect(last).toMatchObject({ ok: true, changed: [], trigger: { kind: 'day' } });
    expect(last.generation).toBeUndefined();
    expect(last.log.join('\n')).toContain('nothing on the site differs from the live one: it stays live as it is');
    expect(o.events).toEqual(['completed']);
    expect(o.served()).toBe(join(own, 'dist-live'));
    expect(o.gens.list()).toEqual([]);
    // Its folders went with it (the live one stays).
    expect(readdirSync(own).filter((n) => n.startsWith('dist-'))).toEqual(['dist-live']);
    expect(existsSync(join(own, 'snapshots')) ? readdirSync(join(own, 'snapshots')) : []).toEqual([]);
    // An editor's preview of the same is theirs to look at: kept, waiting.
    m.trigger({}, { trigger: { kind: 'editor', by: 'editor@example.com' }, preview: true });
    for (let i = 0; i < 100 && m.status().current?.phase !== 'switch'; i++) await sleep(20);
    o.complete();
    await m.idle();
    expect(o.gens.list().map((g) => g.state)).toEqual(['preview']);
  });

  it('a failed pull does not build', async () => {
    const s = stubSteps();
    const m = new RebuildManager(
      { ...s.steps, pull: async () => Promise.reject(new Error('GET http://backend/api/catalog/products: code 500')) },
      work,
      join(work, 'snapshots'),
      silent,
    );
    m.trigger();
    await m.idle();
    expect(s.builds()).toBe(0);
    expect(m.status().last).toMatchObject({ ok: false, error: expect.stringContaining('code 500') });
  });
});

describe('POST /api/rebuild', () => {
  let shop: TestShop;
  let work = '';
  let builds = 0;
  let failNext = false;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'api-rebuild-http-'));
    const dist = join(work, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<h1>Original</h1>');
    shop = await startTestShop({
      distDir: dist,
      env: { REBUILD_WORKDIR: work, PUBLISH_KEEP: '2' },
      options: { rebuildToken: 'let-me-build' },
      rebuildSteps: {
        build: async (snap, out) => {
          const n = ++builds;
          readManifest(snap); // the pulled snapshot is complete and valid
          await sleep(100);
          if (failNext) throw new Error('astro build exited with code 1: broken');
          mkdirSync(out, { recursive: true });
          writeFileSync(join(out, 'index.html'), `<h1>Build ${n}</h1>`);
        },
      },
    });
  });
  afterAll(async () => {
    await shop?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const auth = { Authorization: 'Bearer let-me-build' };
  const waitIdle = async () => {
    for (let i = 0; i < 100; i++) {
      const s = await shop.call('GET', '/api/rebuild/status', { headers: auth });
      if (s.body.result.state === 'idle') return s.body.result;
      await sleep(50);
    }
    throw new Error('rebuild did not finish');
  };

  it('needs the rebuild token', async () => {
    expect((await shop.call('POST', '/api/rebuild')).status).toBe(401);
    expect((await shop.call('POST', '/api/rebuild', { headers: { Authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await shop.call('GET', '/api/rebuild/status')).status).toBe(401);
  });

  it('pulls from this server, builds, and switches the served site', async () => {
    const r = await shop.call('POST', '/api/rebuild', { headers: auth });
    expect(r.status).toBe(202);
    expect(r.body.result.trigger).toBe('started');
    expect(await (await fetch(shop.url + '/')).text()).toBe('<h1>Original</h1>');
    const st = await waitIdle();
    expect(st.last.ok).toBe(true);
    expect(await (await fetch(shop.url + '/')).text()).toBe('<h1>Build 1</h1>');
  });

  it('a failed build keeps the live site and is reported in the status', async () => {
    failNext = true;
    await shop.call('POST', '/api/rebuild', { headers: auth });
    const st = await waitIdle();
    failNext = false;
    expect(st.last).toMatchObject({ ok: false, error: expect.stringContaining('broken') });
    expect(await (await fetch(shop.url + '/')).text()).toBe('<h1>Build 1</h1>');
  });

  it('keeps PUBLISH_KEEP builds (2: the live one and the one before); removes older rebuild folders and nothing else', async () => {
    mkdirSync(join(work, 'dist-private-build'));
    mkdirSync(join(work, 'dist-e2e-multistore'));
    for (let i = 0; i < 3; i++) {
      await shop.call('POST', '/api/rebuild', { headers: auth });
      expect((await waitIdle()).last.ok).toBe(true);
    }
    const names = readdirSync(work).sort();
    expect(names).toContain('dist-private-build');
    expect(names).toContain('dist-e2e-multistore');
    expect(names.filter((n) => /^dist-\d{17}-\d+$/.test(n))).toHaveLength(2);
  });

  it("says when it will ask for a run itself: a minute after midnight in the store view's time zone", async () => {
    // On by default (the fixture turns it off for the tests that count their runs).
    const on = await startTestShop({ distDir: join(work, 'dist'), env: { REBUILD_AT_DAY_START: undefined }, options: { rebuildToken: 'let-me-build' } });
    const st = await on
      .call('GET', '/api/rebuild/status', { headers: auth })
      .then((r) => r.body.result)
      .finally(() => on.stop());
    expect(st.nextDayStart.timeZone).toBe('Europe/London');
    const next = new Date(st.nextDayStart.at);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 25 * 3_600_000 + 60_000);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeStyle: 'medium' }).format(next)).toBe('00:01:00');
  });

  it('at the day start, runs by itself (the hook left to the backend), and the run says so', async () => {
    // The shop's clock a second before 00:01 in London on 3 December 2026 (GMT).
    const t0 = Date.now();
    const clock = () => Date.now() - t0 + Date.parse('2026-12-03T00:00:59Z');
    let built = 0;
    const own = await startTestShop({
      distDir: join(work, 'dist'),
      env: { REBUILD_WORKDIR: mkdtempSync(join(work, 'day-')), REBUILD_AT_DAY_START: '1' },
      options: { rebuildToken: 'let-me-build' },
      clock,
      rebuildSteps: {
        build: async (_snap, out) => {
          built++;
          mkdirSync(out, { recursive: true });
          writeFileSync(join(out, 'index.html'), '<h1>The new day</h1>');
        },
      },
    });
    try {
      const before = (await own.call('GET', '/api/rebuild/status', { headers: auth })).body.result;
      expect(before).toMatchObject({ runs: 0, nextDayStart: { at: '2026-12-03T00:01:00.000Z', timeZone: 'Europe/London' } });
      let st = before;
      for (let i = 0; i < 200 && !(st.runs === 1 && st.state === 'idle'); i++) {
        await sleep(50);
        st = (await own.call('GET', '/api/rebuild/status', { headers: auth })).body.result;
      }
      expect(st.last).toMatchObject({ ok: true, trigger: { kind: 'day', by: "the day's start in Europe/London" }, triggers: 1 });
      expect(built).toBe(1);
      expect(st.nextDayStart).toEqual({ at: '2026-12-04T00:01:00.000Z', timeZone: 'Europe/London' });
      expect(await (await fetch(own.url + '/')).text()).toBe('<h1>The new day</h1>');
    } finally {
      await own.stop();
    }
  });

  it('REBUILD_AT_DAY_START=0 leaves the day start to the operator; a value it does not know stops the start, named', async () => {
    const off = await startTestShop({ distDir: join(work, 'dist'), env: { REBUILD_AT_DAY_START: '0' }, options: { rebuildToken: 'let-me-build' } });
    try {
      expect((await off.call('GET', '/api/rebuild/status', { headers: auth })).body.result.nextDayStart).toBeNull();
    } finally {
      await off.stop();
    }
    await expect(startTestShop({ env: { REBUILD_AT_DAY_START: 'nightly' }, options: { rebuildToken: 'let-me-build' } })).rejects.toThrow(
      "REBUILD_AT_DAY_START: expected 1 (on, the default) or 0 (off), got 'nightly'",
    );
  });

  it('is disabled without REBUILD_TOKEN', async () => {
    const plain = await startTestShop();
    try {
      expect((await plain.call('POST', '/api/rebuild', { headers: auth })).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});

// The two whole builds below read no database of their own (`npm start` here runs on SQLite in either
// project): they run once, in the sqlite project.
const onPostgres = Boolean(inject('postgresUrl'));

describe.skipIf(onPostgres)("a real rebuild (the editors' case, end to end)", () => {
  it('pulls the snapshot from this server, runs astro build into a new folder and serves it', async () => {
    const work = mkdtempSync(join(tmpdir(), 'api-rebuild-real-'));
    const dist = join(work, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<h1>Before the rebuild</h1>');
    // Inside the project: an outDir outside it makes Astro share .astro/ with any other build.
    const inProject = mkdtempSync(join(process.cwd(), 'dist-test-rebuild-'));
    const shop = await startTestShop({ snapshotDir: SAMPLE_DIR, distDir: dist, env: { REBUILD_WORKDIR: inProject }, options: { rebuildToken: 'real' } });
    try {
      const auth = { Authorization: 'Bearer real' };
      expect((await shop.call('POST', '/api/rebuild', { headers: auth })).status).toBe(202);
      let st: { state: string; last: { ok: boolean; error?: string } | null } = { state: 'running', last: null };
      for (let i = 0; i < 240 && st.state !== 'idle'; i++) {
        await sleep(500);
        st = (await shop.call('GET', '/api/rebuild/status', { headers: auth })).body.result;
      }
      expect(st.last).toMatchObject({ ok: true });
      const home = await (await fetch(shop.url + '/')).text();
      expect(home).toContain('<title>Pendle &amp; James');
      expect((await fetch(shop.url + '/rings')).status).toBe(200);
      expect(readdirSync(inProject).filter((n) => /^dist-\d{17}-\d+$/.test(n))).toHaveLength(1);
    } finally {
      await shop.stop();
      rmSync(inProject, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    }
  }, 150_000);
});

describe.skipIf(onPostgres)('npm start on a checkout without a built site', () => {
  it('builds the site from the snapshot first, then serves it with the api on one port', async () => {
    const work = mkdtempSync(join(tmpdir(), 'api-start-build-'));
    // Inside the project, like the rebuild folders: Astro's outDir must sit next to its sources.
    const dist = mkdtempSync(join(process.cwd(), 'dist-test-start-'));
    let child: ChildProcess | null = null;
    try {
      const started = await spawnStart([], { DATABASE_PATH: join(work, 'shop.db'), DIST_DIR: dist, SNAPSHOT_DIR: SAMPLE_DIR }, 170_000);
      child = started.child;
      const port = started.port;
      const out = started.output();
      expect(out).toMatch(/building the site into .*dist-test-start-/);
      expect(out).toMatch(/site built in \d+\.\d s/);
      expect(existsSync(join(dist, 'index.html'))).toBe(true);
      const url = `http://127.0.0.1:${port}`;
      const home = await fetch(url + '/');
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<title>Pendle &amp; James');
      expect((await fetch(url + '/rings')).status).toBe(200);
      const cart = (await (await fetch(url + '/api/cart/create', { method: 'POST' })).json()) as { code: number; result: unknown };
      expect(cart.code).toBe(200);
      expect(typeof cart.result).toBe('string');
      const running = child;
      const exited = new Promise<number | null>((resolve) => running.on('exit', (code) => resolve(code)));
      running.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      removeBuild(dist);
      rmSync(work, { recursive: true, force: true });
    }
  }, 200_000);
});
