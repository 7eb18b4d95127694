/**
 * The editors' publishing page at /_publish (docs/publishing.md): sign in with an editor account;
 * publish now or build a preview; watch the run; look at the preview (its pages, side by side with
 * live); Go live or Discard; roll back to a kept build. Every action is a form with the session's
 * CSRF token, answered by a redirect back (303) with a notice; every action goes into the history.
 * Not part of the static site: not in the sitemap, the precache or the service worker's routes.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { z } from 'zod';
import { sha256 } from '../auth';
import type { LimitDeps, LoggerDeps, OptionsDeps } from '../context';
import { csrfMatches, SESSION_COOKIE, type EditorAuth, type EditorSession, type PublishHistory } from '../editor';
import type { Generations } from '../generations';
import type { RebuildManager } from '../rebuild';
import type { Site } from '../static';
import { PUBLISH_CSS, PUBLISH_JS } from './publish-assets';
import { BASE, comparePage, layout, panel, signInPage, type PanelState } from './publish-page';

export interface PublishParts {
  rebuild: RebuildManager;
  generations: Generations;
  history: PublishHistory;
  auth: EditorAuth;
  /** The live site (the live side of a side-by-side view). */
  site: Site;
}

/** The page's own policy: its stylesheet and script only, its forms to itself, framed by nobody. */
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const NOTICES: Record<string, { text: string; tone: 'info' | 'error' }> = {
  started: { text: 'The run has started. Its progress shows below.', tone: 'info' },
  queued: { text: 'A run is in progress: yours runs right after it, with the latest content.', tone: 'info' },
  live: { text: 'The preview is live.', tone: 'info' },
  discarded: { text: 'The preview was discarded. The live site is unchanged.', tone: 'info' },
  'rolled-back': { text: 'The site is back on the build you chose.', tone: 'info' },
  gone: { text: 'That build is no longer kept (it was published, discarded or removed). Nothing changed.', tone: 'error' },
  'is-live': { text: 'That build is already live. Nothing changed.', tone: 'error' },
  failed: { text: 'The switch did not work; the live site is unchanged. A developer can find the reason in the server log.', tone: 'error' },
};

const Csrf = z.object({ csrf: z.string().min(1).max(100) });
const IdForm = Csrf.extend({ id: z.string().regex(/^\d{17}-\d+$/, 'id: not a build id') });
const PublishForm = Csrf.extend({ mode: z.enum(['live', 'preview']) });
const SignInForm = z.object({ email: z.email().max(200), password: z.string().min(1).max(200) });
const ComparePath = z.object({ path: z.string().startsWith('/').max(2000) });

declare module 'hono' {
  interface ContextVariableMap {
    editor: EditorSession;
  }
}

/** What the publishing page uses besides its parts: proxy trust (secure cookies, origins), the sign-in limit, the log. */
export type PublishDeps = OptionsDeps<'trustProxy'> & LimitDeps & LoggerDeps;

export function publishRoutes(ctx: PublishDeps, p: PublishParts): Hono {
  const r = new Hono();
  const secure = (c: Context) => new URL(c.req.url).protocol === 'https:' || (ctx.options.trustProxy && c.req.header('x-forwarded-proto') === 'https');

  // Every answer: the page's CSP, never cached (the CDN and the browser), never indexed.
  r.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
    if (!c.req.path.startsWith(`${BASE}/preview/`)) c.res.headers.set('Content-Security-Policy', PAGE_CSP);
  });
  r.use('*', bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.text('Request body too large', 413) }));
  // A form posted from another site is refused before anything else (the CSRF token checks the rest).
  r.post('*', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && origin !== new URL(c.req.url).origin && !(ctx.options.trustProxy && new URL(origin).host === c.req.header('x-forwarded-host'))) {
      return c.html(layout('Not allowed', '<p class="error">This form was sent from another site.</p>'), 403);
    }
    await next();
  });

  const html = (c: Context, body: string, status: 200 | 401 | 403 | 400 = 200) => c.html(body, status);

  r.get('/assets/publish.css', (c) => c.body(PUBLISH_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  r.get('/assets/publish.js', (c) => c.body(PUBLISH_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));

  r.post('/sign-in', ctx.limit('editor-sign-in'), async (c) => {
    const form = SignInForm.safeParse(await c.req.parseBody());
    if (!form.success) return html(c, signInPage({ text: 'Enter your e-mail address and password.', tone: 'error' }), 400);
    const s = await p.auth.signIn(form.data.email, form.data.password);
    if (!s.ok && s.reason === 'not-editor') {
      await p.history.record({ action: 'refused', actor: form.data.email, ok: false, detail: { reason: 'sign-in by an account that is not an editor' } });
      return html(c, signInPage({ text: 'This account cannot publish. Ask a developer for an editor account.', tone: 'error' }), 403);
    }
    if (!s.ok) return html(c, signInPage({ text: 'You did not sign in correctly or your account is temporarily disabled.', tone: 'error' }), 401);
    setCookie(c, SESSION_COOKIE, s.id, { path: BASE, httpOnly: true, sameSite: 'Strict', secure: secure(c) });
    await p.history.record({ action: 'sign-in', actor: s.editor.email });
    return c.redirect(BASE, 303);
  });

  /** The signed-in editor, or the sign-in page (GET of the page), 401 or 403. */
  const editorOnly: MiddlewareHandler = async (c, next) => {
    const s = await p.auth.session(getCookie(c, SESSION_COOKIE));
    if (s && 'notEditor' in s) return html(c, layout('Not allowed', '<p class="error">This account cannot publish.</p>'), 403);
    if (!s)
      return c.req.method === 'GET' && (c.req.path === BASE || c.req.path === `${BASE}/`) ? html(c, signInPage()) : c.json({ error: 'sign in first' }, 401);
    c.set('editor', s);
    await next();
  };
  r.use('*', editorOnly);

  /** A form of an action: its fields, once the CSRF token matched the session's. */
  const action = async <T extends z.ZodType<{ csrf: string }>>(c: Context, schema: T): Promise<z.infer<T> | Response> => {
    const form = schema.safeParse(await c.req.parseBody());
    if (!form.success || !csrfMatches(form.data.csrf, c.get('editor').csrf))
      return html(c, layout('Not allowed', '<p class="error">The form has expired. <a href="/_publish">Open the page again</a> and retry.</p>'), 403);
    return form.data;
  };
  const back = (c: Context, notice: keyof typeof NOTICES) => c.redirect(`${BASE}?notice=${notice}`, 303);
  const by = (c: Context) => c.get('editor').editor.email;

  const state = async (csrf: string): Promise<PanelState> => {
    const kept = p.generations.list();
    const live = kept.find((g) => g.live) ?? null;
    const preview = kept.find((g) => g.state === 'preview') ?? null;
    return {
      status: p.rebuild.status(),
      live,
      liveDir: p.site.dir,
      preview,
      previewChanged: preview?.changed ?? [],
      kept,
      history: await p.history.list(30),
      csrf,
    };
  };

  r.get('/', async (c) => {
    const s = c.get('editor');
    const body = panel(await state(s.csrf));
    const notice = NOTICES[c.req.query('notice') ?? ''];
    return html(
      c,
      layout(
        'Publishing',
        `${notice ? `<p class="${notice.tone}" role="status">${notice.text}</p>` : ''}<div id="panel" data-version="${sha256(body).slice(0, 16)}">${body}</div>`,
        { script: true, editor: s.editor.email, csrf: s.csrf },
      ),
    );
  });

  r.get('/state', async (c) => {
    const body = panel(await state(c.get('editor').csrf));
    return c.json({ version: sha256(body).slice(0, 16), html: body, running: p.rebuild.status().state === 'running', status: p.rebuild.status() });
  });

  r.post('/publish', async (c) => {
    const f = await action(c, PublishForm);
    if (f instanceof Response) return f;
    const t = p.rebuild.trigger({}, { trigger: { kind: 'editor', by: by(c) }, preview: f.mode === 'preview' });
    await p.history.record({ action: 'request', actor: by(c), detail: { mode: f.mode, trigger: t } });
    return back(c, t === 'started' ? 'started' : 'queued');
  });

  /** Switches to a kept generation (Go live, Roll back), recorded with who and from which build. */
  const switchTo = async (c: Context, id: string, kind: 'go-live' | 'rollback') => {
    const from = p.generations.live()?.id ?? null;
    try {
      p.generations.activate(id);
    } catch (e) {
      ctx.logger.error(`publishing: ${kind} to ${id} failed: ${(e as Error).message}`);
      await p.history.record({ action: kind, actor: by(c), generation: id, ok: false, detail: { from, error: (e as Error).message } });
      return back(c, 'failed');
    }
    await p.history.record({ action: kind, actor: by(c), generation: id, detail: { from } });
    ctx.logger.info(`publishing: ${kind} to ${id} by ${by(c)}`);
    try {
      p.generations.keep();
    } catch (e) {
      ctx.logger.warn(`publishing: pruning kept builds: ${(e as Error).message}`);
    }
    return back(c, kind === 'go-live' ? 'live' : 'rolled-back');
  };

  r.post('/go-live', async (c) => {
    const f = await action(c, IdForm);
    if (f instanceof Response) return f;
    if (p.generations.preview()?.id !== f.id) return back(c, 'gone');
    return switchTo(c, f.id, 'go-live');
  });

  r.post('/discard', async (c) => {
    const f = await action(c, IdForm);
    if (f instanceof Response) return f;
    if (p.generations.preview()?.id !== f.id) return back(c, 'gone');
    p.generations.drop(f.id);
    await p.history.record({ action: 'discard', actor: by(c), generation: f.id });
    return back(c, 'discarded');
  });

  r.post('/rollback', async (c) => {
    const f = await action(c, IdForm);
    if (f instanceof Response) return f;
    const g = p.generations.get(f.id);
    if (!g || g.state !== 'kept') return back(c, 'gone');
    if (g.live) return back(c, 'is-live');
    return switchTo(c, f.id, 'rollback');
  });

  r.post('/sign-out', async (c) => {
    const f = await action(c, Csrf);
    if (f instanceof Response) return f;
    await p.auth.signOut(c.get('editor').idHash);
    await p.history.record({ action: 'sign-out', actor: by(c) });
    deleteCookie(c, SESSION_COOKIE, { path: BASE });
    return c.redirect(BASE, 303);
  });

  r.get('/compare/:id', (c) => {
    const q = ComparePath.safeParse({ path: c.req.query('path') });
    if (!q.success || !p.generations.get(c.req.param('id'))) return html(c, layout('Not found', '<p class="error">No such preview or page.</p>'), 400);
    return html(c, comparePage(c.req.param('id'), q.data.path));
  });

  // A generation's pages as the live site would serve them (`live`: the live site), framed by this page only.
  const sites = new Map<string, Hono>();
  const preview = async (c: Context) => {
    const id = c.req.param('id')!;
    let sub = sites.get(id);
    const handlers = id === 'live' ? p.site.routes() : p.generations.handlerFor(id);
    if (!handlers) return c.json({ error: `no build ${id} is kept` }, 404);
    if (!sub) sites.set(id, (sub = new Hono().get('*', ...(handlers as [MiddlewareHandler]))));
    const prefix = `${BASE}/preview/${id}`;
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice(prefix.length) || '/';
    const res = await sub.fetch(new Request(url, { headers: c.req.raw.headers }), c.env);
    const headers = new Headers(res.headers);
    const csp = headers.get('Content-Security-Policy');
    if (csp) headers.set('Content-Security-Policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    const loc = headers.get('Location');
    if (loc?.startsWith('/')) headers.set('Location', `${prefix}${loc}`);
    return new Response(res.body, { status: res.status, headers });
  };
  r.get('/preview/:id', preview);
  r.get('/preview/:id/*', preview);

  return r;
}
