/**
 * The publishing page's HTML, rendered on the server: the sign-in form, the page (live build, Publish
 * now, the run in progress, the preview waiting, the builds kept, the history) and the side-by-side
 * view. Pure functions of what they are given; `panel` is also what the page's script swaps in when
 * the state changes (GET /_publish/state).
 */
import { escapeUTF8 as esc } from 'entities';
import type { Generation } from '../generations';
import type { HistoryEntry } from '../editor';
import type { RebuildRun, RebuildStatus } from '../rebuild';

export const BASE = '/_publish';

export interface PanelState {
  status: RebuildStatus;
  live: Generation | null;
  /** The served folder when it is no kept generation (the site built at start). */
  liveDir: string | null;
  preview: Generation | null;
  /** Pages of the preview that differ from the site live when it was built. */
  previewChanged: string[];
  kept: Generation[];
  history: HistoryEntry[];
  csrf: string;
}

const time = (iso: string | undefined) => (iso ? `<time datetime="${esc(iso)}">${esc(iso.slice(0, 16).replace('T', ' '))} UTC</time>` : '');
const seconds = (ms: unknown) => (typeof ms === 'number' && ms >= 0 ? `${(ms / 1000).toFixed(1)} s` : '');
const who = (g: Pick<Generation, 'trigger'>) => (g.trigger.kind === 'hook' ? `the backend's hook` : esc(g.trigger.by));

/** An error of a run in words an editor can act on; the technical text stays in the details. */
export function plainError(message: string): string {
  if (/astro build exited|build/i.test(message) && !/GET |POST |fetch|ECONNREFUSED|_search/.test(message))
    return 'The site could not be built from this content. The live site is unchanged. A developer can read the details below.';
  if (/ECONNREFUSED|ENOTFOUND|ETIMEDOUT|fetch failed|code 5\d\d|timed out/i.test(message))
    return 'The catalogue backend could not be reached or answered with an error. The live site is unchanged. Try again in a few minutes.';
  if (/snapshot|manifest|schema|invalid|expected/i.test(message))
    return 'The content from the backend is not complete or not valid. The live site is unchanged. A developer can read the details below.';
  return 'The run failed. The live site is unchanged. A developer can read the details below.';
}

const form = (action: string, csrf: string, label: string, opts: { id: string; fields?: Record<string, string>; kind?: 'primary' | 'danger' | 'plain' }) =>
  `<form method="post" action="${BASE}/${action}" class="inline"><input type="hidden" name="csrf" value="${esc(csrf)}">${Object.entries(opts.fields ?? {})
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('')}<button type="submit" id="${esc(opts.id)}" class="btn ${opts.kind ?? 'plain'}">${esc(label)}</button></form>`;

function progress(run: RebuildRun | null, pending: boolean): string {
  if (!run) return `<p class="muted">No run in progress.${pending ? ' One is queued.' : ''}</p>`;
  const phases: [RebuildRun['phase'], string][] = [
    ['pull', 'Pull the content'],
    ['build', run.pages.total ? `Pages ${run.pages.done} of about ${run.pages.total}` : `Pages: ${run.pages.done} built`],
    ['switch', run.preview ? 'Make the preview' : 'Switch the live site'],
  ];
  const at = phases.findIndex(([p]) => p === run.phase);
  const pageShare = run.pages.total ? Math.min(1, run.pages.done / run.pages.total) : 0;
  const pct = Math.round(at <= 0 ? 5 : at === 1 ? 10 + 80 * pageShare : 95);
  return `<p>Run ${run.id}, started ${time(run.startedAt)} by ${who(run)}${run.preview ? ', as a preview' : ''}${pending ? '; another run is queued' : ''}.</p>
<progress max="100" value="${pct}" aria-label="Progress of run ${run.id}">${pct}%</progress>
<ol class="phases">${phases.map(([, label], i) => `<li class="${i < at ? 'done' : i === at ? 'now' : ''}"${i === at ? ' aria-current="step"' : ''}>${label}</li>`).join('')}</ol>
<details><summary>Log</summary><pre>${esc(run.log.slice(-40).join('\n'))}</pre></details>`;
}

function pageLinks(pages: string[], preview: string | null): string {
  if (!pages.length) return '<p class="muted">No page differs.</p>';
  const shown = pages.slice(0, 100);
  const rows = shown
    .map((p) =>
      preview
        ? `<li><code>${esc(p)}</code> <a href="${BASE}/preview/${esc(preview)}${esc(p === '/' ? '/' : p)}">Preview</a> <a href="${BASE}/compare/${esc(preview)}?path=${encodeURIComponent(p)}">Side by side<span class="sr"> for ${esc(p)}</span></a></li>`
        : `<li><a href="${esc(p)}">${esc(p)}</a></li>`,
    )
    .join('');
  return `<ul class="pages">${rows}</ul>${pages.length > shown.length ? `<p class="muted">and ${pages.length - shown.length} more.</p>` : ''}`;
}

const ACTIONS: Record<string, string> = {
  request: 'Asked for a run',
  run: 'Run',
  'go-live': 'Went live',
  discard: 'Discarded a preview',
  rollback: 'Rolled back',
  'sign-in': 'Signed in',
  'sign-out': 'Signed out',
  refused: 'Refused',
};

function historyItem(h: HistoryEntry): string {
  const d = h.detail;
  const changed = Array.isArray(d.changed) ? (d.changed as string[]) : [];
  const count = typeof d.changedCount === 'number' ? d.changedCount : changed.length;
  let what = ACTIONS[h.action] ?? h.action;
  if (h.action === 'request') what = d.mode === 'preview' ? 'Asked for a preview' : 'Asked to publish';
  if (h.action === 'run') what = `${d.preview ? 'Preview build' : 'Publish'} ${h.ok ? (d.preview ? 'ready' : 'went live') : 'failed'}`;
  const parts = [
    `<strong>${esc(what)}</strong>`,
    `by ${h.actor === 'rebuild hook' ? `the backend's hook` : esc(h.actor)}`,
    time(h.at),
    h.generation ? `build <code>${esc(h.generation)}</code>` : '',
    h.action === 'run' ? seconds(d.ms) : '',
    h.action === 'run' && h.ok ? `${count} page${count === 1 ? '' : 's'} changed` : '',
  ].filter(Boolean);
  const error =
    !h.ok && typeof d.error === 'string'
      ? `<p class="error">${esc(plainError(d.error))}</p><details><summary>Details</summary><pre>${esc(d.error)}</pre></details>`
      : '';
  const pages = h.action === 'run' && h.ok && changed.length ? `<details><summary>Pages changed</summary>${pageLinks(changed, null)}</details>` : '';
  return `<li class="${h.ok ? '' : 'failed'}">${parts.join(' · ')}${error}${pages}</li>`;
}

/** The part of the page that changes as runs go: swapped in by the page's script. */
export function panel(s: PanelState): string {
  const live = s.live
    ? `<p>Built ${time(s.live.createdAt)} by ${who(s.live)}, build <code>${esc(s.live.id)}</code> from the content pulled then.</p>`
    : `<p>The site built when the server started${s.liveDir ? ` (<code>${esc(s.liveDir.split('/').pop() ?? '')}</code>)` : ''}: not published from this page yet.</p>`;
  const last = s.status.last;
  const lastLine = last && !last.ok ? `<p class="error" role="status">The last run failed: ${esc(plainError(last.error ?? ''))}</p>` : '';
  const day = s.status.nextDayStart;
  const dayLine = day
    ? `<p class="muted">The next run of its own: ${time(day.at)}, at the day's start in ${esc(day.timeZone)}, for the prices of the new day.</p>`
    : '';
  const preview = s.preview
    ? `<section aria-labelledby="h-preview" class="card highlight"><h2 id="h-preview">Preview waiting</h2>
<p>Built ${time(s.preview.createdAt)} by ${who(s.preview)}, build <code>${esc(s.preview.id)}</code>. ${s.previewChanged.length} ${s.previewChanged.length === 1 ? 'page differs' : 'pages differ'} from the site that was live when it was built.</p>
<div class="actions">${form('go-live', s.csrf, 'Go live', { id: 'go-live', fields: { id: s.preview.id }, kind: 'primary' })}${form('discard', s.csrf, 'Discard', { id: 'discard', fields: { id: s.preview.id }, kind: 'danger' })}<a class="btn plain" href="${BASE}/preview/${esc(s.preview.id)}/">Open the preview</a></div>
${pageLinks(s.previewChanged, s.preview.id)}</section>`
    : '';
  const kept = s.kept.filter((g) => g.state === 'kept');
  const keptRows = kept
    .map(
      (g) =>
        `<tr><td>${time(g.createdAt)}</td><td>${who(g)}</td><td><code>${esc(g.id)}</code></td><td>${
          g.live ? '<span class="badge">Live</span>' : form('rollback', s.csrf, 'Roll back to this', { id: `rollback-${g.id}`, fields: { id: g.id } })
        }</td></tr>`,
    )
    .join('');
  return `<section aria-labelledby="h-live" class="card"><h2 id="h-live">Live site</h2>${live}${lastLine}${dayLine}</section>
<section aria-labelledby="h-run" class="card"><h2 id="h-run">Publish</h2>
<div class="actions">${form('publish', s.csrf, 'Publish now', { id: 'publish-now', fields: { mode: 'live' }, kind: 'primary' })}${form('publish', s.csrf, 'Build a preview', { id: 'publish-preview', fields: { mode: 'preview' } })}</div>
<div aria-live="polite">${progress(s.status.current, s.status.pending)}</div></section>
${preview}
<section aria-labelledby="h-kept" class="card"><h2 id="h-kept">Builds kept</h2>${
    kept.length
      ? `<div class="scroll"><table><thead><tr><th scope="col">Built</th><th scope="col">By</th><th scope="col">Build</th><th scope="col"><span class="sr">Action</span></th></tr></thead><tbody>${keptRows}</tbody></table></div>`
      : '<p class="muted">None yet: each publish keeps its build here for a rollback.</p>'
  }</section>
<section aria-labelledby="h-history" class="card"><h2 id="h-history">History</h2>${
    s.history.length ? `<ol class="history">${s.history.map(historyItem).join('')}</ol>` : '<p class="muted">Nothing yet.</p>'
  }</section>`;
}

/** A whole page of the publishing tool. */
export function layout(title: string, body: string, opts: { script?: boolean; editor?: string; csrf?: string } = {}): string {
  const signOut = opts.editor
    ? `<div class="who"><span>Signed in as ${esc(opts.editor)}</span><form method="post" action="${BASE}/sign-out" class="inline"><input type="hidden" name="csrf" value="${esc(opts.csrf ?? '')}"><button type="submit" id="sign-out" class="btn plain">Sign out</button></form></div>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">
<title>${esc(title)} · Publishing</title><link rel="stylesheet" href="${BASE}/assets/publish.css">${opts.script ? `<script type="module" src="${BASE}/assets/publish.js"></script>` : ''}</head>
<body><a class="skip" href="#main">Skip to the content</a><header class="top"><p class="brand"><a href="${BASE}">Publishing</a></p>${signOut}</header>
<main id="main"><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

export function signInPage(message?: { text: string; tone: 'error' | 'info' }): string {
  return layout(
    'Sign in to publish',
    `${message ? `<p class="${message.tone}" role="alert">${esc(message.text)}</p>` : ''}
<form method="post" action="${BASE}/sign-in" class="card signin">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" class="btn primary">Sign in</button></form>
<p class="muted">For the shop's editors. An account is made by a developer with <code>npm run editor:add</code>.</p>`,
  );
}

export function comparePage(id: string, path: string): string {
  const p = path === '/' ? '/' : path;
  return layout(
    `Side by side: ${path}`,
    `<p><a href="${BASE}">Back to publishing</a> · <a href="${BASE}/preview/${esc(id)}${esc(p)}">Open the preview alone</a></p>
<div class="compare"><figure><figcaption>Live</figcaption><iframe title="Live: ${esc(path)}" src="${BASE}/preview/live${esc(p)}"></iframe></figure>
<figure><figcaption>Preview <code>${esc(id)}</code></figcaption><iframe title="Preview: ${esc(path)}" src="${BASE}/preview/${esc(id)}${esc(p)}"></iframe></figure></div>`,
  );
}
