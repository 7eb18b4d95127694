/**
 * The editors' publishing page (/_publish) over HTTP on both databases: who may reach it (editors
 * signed in; not a guest, not a customer, not a revoked or ended session), the CSRF and origin checks
 * of its actions, and its actions end to end with stub build steps: publish, preview (served at its
 * private path, the pages that differ), discard, go live, roll back, and every one in the history
 * with who did it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestShop, type TestShop } from './fixture';
import { addEditor, EditorAuth, removeEditor, type HistoryEntry } from '../../server/editor';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const EDITOR = { email: 'eda@example.com', password: 'editor-password-1' };
const CUSTOMER = { email: 'carl@example.com', password: 'customer-pass-1' };
const SCRYPT = { N: 2 ** 14, r: 8, p: 1 };

describe('the publishing page', () => {
  let shop: TestShop;
  let work = '';
  let builds = 0;
  /** What the next build writes as the product page (the other pages stay the same but the home page). */
  let ringText = 'Ring at 100';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'api-publish-'));
    const dist = join(work, 'dist-start');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<h1>Original</h1>');
    shop = await startTestShop({
      distDir: dist,
      env: { REBUILD_WORKDIR: work, PUBLISH_KEEP: '3' },
      options: { rebuildToken: 'hook-token', rateLimit: { windowMs: 60_000, max: 20 } },
      rebuildSteps: {
        build: async (_snap, out, report) => {
          const n = ++builds;
          mkdirSync(join(out, 'p'), { recursive: true });
          report?.pages(1, 3);
          writeFileSync(join(out, 'index.html'), `<h1>Build ${n}</h1>`);
          writeFileSync(join(out, 'about.html'), '<h1>About</h1>');
          writeFileSync(join(out, 'p', 'ring.html'), `<h1>${ringText}</h1>`);
          await sleep(50);
        },
      },
    });
    await addEditor(shop.db, EDITOR, SCRYPT);
    const made = await shop.call('POST', '/api/user/create', {
      body: { customer: { email: CUSTOMER.email, firstname: 'Carl', lastname: 'Customer', addresses: [] }, password: CUSTOMER.password },
    });
    expect(made.status).toBe(200);
  });
  afterAll(async () => {
    await shop?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  /** A request to the page: form fields posted urlencoded, the session cookie, no redirect followed. */
  const send = async (path: string, o: { form?: Record<string, string>; cookie?: string; headers?: Record<string, string> } = {}) => {
    const res = await fetch(shop.url + path, {
      method: o.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { ...(o.cookie ? { Cookie: o.cookie } : {}), ...o.headers },
      body: o.form ? new URLSearchParams(o.form) : undefined,
    });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
  const signIn = async (who: { email: string; password: string }) => {
    const r = await send('/_publish/sign-in', { form: who });
    const cookie = /pj_editor=[^;]+/.exec(r.headers.get('set-cookie') ?? '')?.[0];
    return { ...r, cookie };
  };
  const csrfOf = async (cookie: string) => /name="csrf" value="([^"]+)"/.exec((await send('/_publish', { cookie })).text)?.[1] ?? '';
  const history = (): Promise<HistoryEntry[]> =>
    shop.db
      .prepare('SELECT * FROM publish_history ORDER BY id')
      .all()
      .then((rows) => (rows as HistoryEntry[]).map((r) => ({ ...r, ok: Number(r.ok) === 1, detail: JSON.parse(r.detail as unknown as string) })));
  const idle = async () => {
    await shop.rebuild!.idle();
    await sleep(50); // the history of the run is written just after it ends
  };

  it('shows only the sign-in form to a guest, and refuses the state and every action', async () => {
    const page = await send('/_publish');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sign in to publish');
    expect(page.text).not.toContain('Publish now');
    expect((await send('/_publish/state')).status).toBe(401);
    expect((await send('/_publish/publish', { form: { mode: 'live', csrf: 'x' } })).status).toBe(401);
    expect((await send('/_publish/preview/live/')).status).toBe(401);
    expect(shop.rebuild!.status().runs).toBe(0);
  });

  it('refuses a customer account (403, no session) and records the refusal', async () => {
    const r = await signIn(CUSTOMER);
    expect(r.status).toBe(403);
    expect(r.cookie).toBeUndefined();
    expect(r.text).toContain('This account cannot publish');
    // A customer's API token opens nothing here either.
    const login = await shop.call('POST', '/api/user/login', { body: { username: CUSTOMER.email, password: CUSTOMER.password } });
    expect((await send(`/_publish/state?token=${login.body.result}`)).status).toBe(401);
    expect((await history()).at(-1)).toMatchObject({ action: 'refused', actor: CUSTOMER.email, ok: false });
  });

  it('refuses a wrong password without telling which part was wrong', async () => {
    const r = await signIn({ email: EDITOR.email, password: 'not-the-password' });
    expect(r.status).toBe(401);
    expect(r.cookie).toBeUndefined();
    expect((await signIn({ email: 'nobody@example.com', password: 'whatever-it-is' })).text).toContain('You did not sign in correctly');
  });

  it('signs an editor in with an HttpOnly, SameSite=Strict cookie of its own path; the page has its security headers', async () => {
    const r = await signIn(EDITOR);
    expect(r.status).toBe(303);
    const set = r.headers.get('set-cookie')!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Strict/i);
    expect(set).toMatch(/Path=\/_publish/);
    const page = await send('/_publish', { cookie: r.cookie });
    expect(page.text).toContain('Publish now');
    expect(page.text).toContain(`Signed in as ${EDITOR.email}`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
  });

  it('refuses an action without the CSRF token or from another site', async () => {
    const { cookie } = await signIn(EDITOR);
    const csrf = await csrfOf(cookie!);
    expect((await send('/_publish/publish', { cookie, form: { mode: 'live' } })).status).toBe(403);
    expect((await send('/_publish/publish', { cookie, form: { mode: 'live', csrf: 'forged' } })).status).toBe(403);
    expect((await send('/_publish/publish', { cookie, form: { mode: 'live', csrf }, headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect(shop.rebuild!.status().runs).toBe(0);
  });

  it('publishes now: the run goes live, and the history says who asked, how long it took and which pages changed', async () => {
    const { cookie } = await signIn(EDITOR);
    const r = await send('/_publish/publish', { cookie, form: { mode: 'live', csrf: await csrfOf(cookie!) } });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/_publish?notice=started');
    await idle();
    expect(await (await fetch(shop.url + '/')).text()).toBe('<h1>Build 1</h1>');
    const h = await history();
    expect(h.at(-2)).toMatchObject({ action: 'request', actor: EDITOR.email, detail: { mode: 'live' } });
    const run = h.at(-1)!;
    expect(run).toMatchObject({ action: 'run', actor: EDITOR.email, ok: true, detail: { preview: false, kind: 'editor' } });
    // The start folder had only the home page: the run changed it and added the other two.
    expect(run.detail.changed).toEqual(['/', '/about', '/p/ring']);
    expect(run.detail.ms).toBeGreaterThanOrEqual(50);
    const state = JSON.parse((await send('/_publish/state', { cookie })).text);
    expect(state.html).toContain(`build <code>${run.generation}</code>`);
    expect(state.html).toContain('Publish went live');
  });

  it('a preview stops before the switch, is served at its private path with the pages that differ, and Discard drops it', async () => {
    const { cookie } = await signIn(EDITOR);
    ringText = 'Ring at 90';
    await send('/_publish/publish', { cookie, form: { mode: 'preview', csrf: await csrfOf(cookie!) } });
    await idle();
    expect(await (await fetch(shop.url + '/')).text()).toBe('<h1>Build 1</h1>');
    const preview = shop.generations!.preview()!;
    expect(preview).toBeTruthy();
    const page = await send(`/_publish/preview/${preview.id}/p/ring`, { cookie });
    expect(page.text).toBe('<h1>Ring at 90</h1>');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await (await fetch(shop.url + '/p/ring')).text()).toBe('<h1>Ring at 100</h1>');
    const state = JSON.parse((await send('/_publish/state', { cookie })).text);
    expect(state.html).toContain('Preview waiting');
    expect(state.html).toContain(`/_publish/compare/${preview.id}?path=%2Fp%2Fring`);
    expect(state.html).not.toContain('?path=%2Fabout');
    const compare = await send(`/_publish/compare/${preview.id}?path=/p/ring`, { cookie });
    expect(compare.text).toContain(`src="/_publish/preview/live/p/ring"`);
    expect(compare.text).toContain(`src="/_publish/preview/${preview.id}/p/ring"`);
    const d = await send('/_publish/discard', { cookie, form: { id: preview.id, csrf: await csrfOf(cookie!) } });
    expect(d.headers.get('location')).toBe('/_publish?notice=discarded');
    expect(shop.generations!.preview()).toBeNull();
    expect(existsSync(preview.dist)).toBe(false);
    expect((await history()).at(-1)).toMatchObject({ action: 'discard', actor: EDITOR.email, generation: preview.id });
  });

  it('Go live switches to the preview; Roll back returns to a kept build; both recorded with who', async () => {
    const { cookie } = await signIn(EDITOR);
    const first = shop.generations!.live()!;
    await send('/_publish/publish', { cookie, form: { mode: 'preview', csrf: await csrfOf(cookie!) } });
    await idle();
    const preview = shop.generations!.preview()!;
    const g = await send('/_publish/go-live', { cookie, form: { id: preview.id, csrf: await csrfOf(cookie!) } });
    expect(g.headers.get('location')).toBe('/_publish?notice=live');
    expect(await (await fetch(shop.url + '/p/ring')).text()).toBe('<h1>Ring at 90</h1>');
    expect(shop.generations!.live()!.id).toBe(preview.id);
    expect((await history()).at(-1)).toMatchObject({ action: 'go-live', actor: EDITOR.email, generation: preview.id, detail: { from: first.id } });

    const rb = await send('/_publish/rollback', { cookie, form: { id: first.id, csrf: await csrfOf(cookie!) } });
    expect(rb.headers.get('location')).toBe('/_publish?notice=rolled-back');
    expect(await (await fetch(shop.url + '/p/ring')).text()).toBe('<h1>Ring at 100</h1>');
    expect((await history()).at(-1)).toMatchObject({ action: 'rollback', actor: EDITOR.email, generation: first.id, detail: { from: preview.id } });
    // Going back to the live one changes nothing.
    const again = await send('/_publish/rollback', { cookie, form: { id: first.id, csrf: await csrfOf(cookie!) } });
    expect(again.headers.get('location')).toBe('/_publish?notice=is-live');
  });

  it('the hook publishes by default and is named in the history; with preview: true it waits', async () => {
    const auth = { Authorization: 'Bearer hook-token' };
    expect((await shop.call('POST', '/api/rebuild', { headers: auth })).status).toBe(202);
    await idle();
    expect((await history()).at(-1)).toMatchObject({ action: 'run', actor: 'rebuild hook', ok: true, detail: { kind: 'hook', preview: false } });
    const live = shop.generations!.live()!.id;
    await shop.call('POST', '/api/rebuild', { headers: auth, body: { preview: true } });
    await idle();
    expect(shop.generations!.live()!.id).toBe(live);
    expect(shop.generations!.preview()).toBeTruthy();
  });

  it('keeps PUBLISH_KEEP builds besides the preview, and never the preview or live one goes', () => {
    const kept = shop.generations!.list();
    expect(kept.filter((g) => g.state === 'kept')).toHaveLength(3);
    expect(kept.filter((g) => g.live)).toHaveLength(1);
    expect(kept.filter((g) => g.state === 'preview')).toHaveLength(1);
  });

  it('ends a session at sign-out, on revocation, on a password change, and when the role is taken away', async () => {
    const a = (await signIn(EDITOR)).cookie!;
    expect((await send('/_publish/sign-out', { cookie: a, form: { csrf: await csrfOf(a) } })).status).toBe(303);
    expect((await send('/_publish/state', { cookie: a })).status).toBe(401);

    const b = (await signIn(EDITOR)).cookie!;
    expect(await new EditorAuth(shop.db).revokeAll(EDITOR.email)).toBeGreaterThanOrEqual(1);
    expect((await send('/_publish/state', { cookie: b })).status).toBe(401);

    const c = (await signIn(EDITOR)).cookie!;
    await addEditor(shop.db, { email: EDITOR.email, password: 'a-new-password-2' }, SCRYPT);
    expect((await send('/_publish/state', { cookie: c })).status).toBe(401);

    const d = (await signIn({ email: EDITOR.email, password: 'a-new-password-2' })).cookie!;
    expect((await send('/_publish/state', { cookie: d })).status).toBe(200);
    await removeEditor(shop.db, EDITOR.email);
    expect((await send('/_publish/state', { cookie: d })).status).toBe(403);
    expect((await signIn({ email: EDITOR.email, password: 'a-new-password-2' })).status).toBe(403);
  });

  it('limits sign-in attempts per address as the API limits logins', async () => {
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++) status = (await signIn({ email: 'guess@example.com', password: `guess-${i}` })).status;
    expect(status).toBe(429);
  }, 60_000);
});
