/**
 * The sync task queue (spec §3 Sync task, §4, §5, §8): API calls stored in the syncTasks collection with
 * transmited false and sent one after another; each is saved back with result, resultCode, transmited
 * true and transmited_at. `{{token}}` and `{{cartId}}` in a task's URL are filled at send time, so a task
 * queued offline or retried after a token refresh uses the current values.
 */
import { messages } from '../../messages';
import type { SyncTask } from '../../schemas';
import { collection } from '../storage';
import { $online, onBackOnline } from '../stores/network';
import { notify } from '../stores/notifications';
import { $user, loadUser } from '../stores/user';
import { emitSyncEvent } from './events';
import { apiUrl, syncFetch } from './fetch';
import { onForcedLogout } from './logout';
import { createPersistentQueue } from './persistent-queue';
import { withTokenRefresh, type Reply } from './token-lock';

/** What a caller asks for; the rest of the task is filled in. */
export interface TaskRequest {
  /** Contract path ('cart/update?token={{token}}&cartId={{cartId}}') or absolute URL. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body (objects are serialised). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Emitted with the saved task once it has an answer. */
  callback_event?: string;
  /** No error notification for this task. */
  silent?: boolean;
}

type ParamValue = string | number | null | undefined;
const params = new Map<string, () => ParamValue | Promise<ParamValue>>();

/**
 * Registers the source of a `{{name}}` URL placeholder (the cart store registers cartId). A source
 * that gives nothing keeps the task from being sent ('the required {name} is missing').
 */
export function setTaskParam(name: string, get: () => ParamValue | Promise<ParamValue>): void {
  params.set(name, get);
}

let lastId = 0;
/** A task id that grows even within one millisecond (it is also the sending order). */
function nextTaskId(): number {
  lastId = Math.max(Date.now(), lastId + 1);
  return lastId;
}

/** Builds an unsent task from a request. */
export function createTask(req: TaskRequest): SyncTask {
  const method = req.method ?? (req.body === undefined ? 'GET' : 'POST');
  const body = req.body === undefined || method === 'GET' ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  return {
    task_id: nextTaskId(),
    url: req.url,
    payload: {
      method,
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...req.headers },
      mode: 'cors',
      ...(body === undefined ? {} : { body }),
    },
    transmited: false,
    transmited_at: null,
    silent: req.silent ?? false,
    ...(req.callback_event ? { callback_event: req.callback_event } : {}),
  };
}

/** The text of an error result: a string, or `result.result` / `result.message`. */
export function resultMessage(result: unknown): string | null {
  if (typeof result === 'string') return result || null;
  if (result && typeof result === 'object') {
    const r = result as { result?: unknown; message?: unknown };
    if (typeof r.result === 'string' && r.result) return r.result;
    if (typeof r.message === 'string' && r.message) return r.message;
  }
  return null;
}

/**
 * The error notice a sent task earns (§8): its message when the code is not 200, unless the task is
 * silent, the text says there is no such entity with cartId, or the code is ENOTFOUND.
 */
export function taskErrorNotice(task: Pick<SyncTask, 'silent' | 'resultCode' | 'result'>): string | null {
  if (task.silent || Number(task.resultCode) === 200) return null;
  const inner = (task.result as { code?: unknown } | null)?.code;
  if (task.resultCode === 'ENOTFOUND' || inner === 'ENOTFOUND') return null;
  const msg = resultMessage(task.result);
  if (!msg || msg.toLowerCase().includes(messages.noSuchEntityCartId.toLowerCase())) return null;
  return msg;
}

const BAD_CONTENT = Symbol('bad content-type');
class MissingParam extends Error {
  constructor(readonly param: string) {
    super(`missing ${param}`);
  }
}

/** The session changed while a task's URL was filled (a sign-in or out, a refresh): its cart id may be the new session's. */
class SessionChanged extends Error {
  constructor() {
    super('the session changed while the url was filled');
  }
}
/** How many times a task's URL is filled again after the session changed under it before the task waits (not sent). */
const REFILLS = 3;

type Attempt = { sent: SyncTask } | { failed: string };

async function fillUrl(url: string, token: string | null): Promise<string | { missing: string }> {
  const values = new Map<string, ParamValue>();
  for (const [, name] of url.matchAll(/\{\{(\w+)\}\}/g)) if (name !== 'token' && !values.has(name!)) values.set(name!, await params.get(name!)?.());
  let missing: string | null = null;
  const out = url.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const v = name === 'token' ? token : values.get(name);
    if ((v === null || v === undefined || v === '') && name !== 'token') missing = name;
    return v === null || v === undefined ? '' : encodeURIComponent(String(v));
  });
  return missing ? { missing } : apiUrl(out);
}

/** Sends a task once (with the token-refresh logic) and returns it with its answer, or why it was not sent. */
async function attempt(task: SyncTask): Promise<Attempt> {
  await loadUser();
  let reply: Reply | undefined;
  for (let fills = 0; !reply; fills++) {
    try {
      reply = await withTokenRefresh(async (token) => {
        const url = await fillUrl(task.url, token);
        if (typeof url !== 'string') throw new MissingParam(url.missing);
        // The token and the cart id must be one session's: a guest's token with the customer's new cart
        // (or the reverse) earns a 401 and, worse, asks a cart in another's name.
        if ($user.get().token !== token) throw new SessionChanged();
        const { method, headers, body, mode } = task.payload;
        const res = await syncFetch(url, { method, headers, body, mode: mode as RequestMode | undefined });
        if (!(res.headers.get('content-type') ?? '').includes('application/json')) {
          return { status: res.status, body: BAD_CONTENT };
        }
        try {
          return { status: res.status, body: await res.json() };
        } catch {
          return { status: res.status, body: BAD_CONTENT };
        }
      });
    } catch (err) {
      if (err instanceof SessionChanged && fills < REFILLS) continue;
      if (err instanceof MissingParam) {
        console.error(`[sync] Error executing sync task ${task.url}: the required ${err.param} is missing`);
        return { failed: `missing ${err.param}` };
      }
      console.error(`[sync] Network error for ${task.url}`, err);
      return { failed: err instanceof Error ? err.message : String(err) };
    }
  }
  const sent: SyncTask = { ...task, transmited: true, transmited_at: new Date().toISOString() };
  if (reply.body === BAD_CONTENT) {
    console.error(`[sync] ${messages.badContentType}`);
    sent.result = messages.badContentType;
    sent.resultCode = reply.status;
  } else {
    const body = reply.body as { code?: unknown; result?: unknown } | null;
    sent.result = body && typeof body === 'object' && 'result' in body ? body.result : body;
    const code = body && typeof body === 'object' && body.code !== undefined ? body.code : reply.status;
    sent.resultCode = typeof code === 'number' || typeof code === 'string' ? code : reply.status;
    const notice = reply.authHandled ? null : taskErrorNotice(sent);
    if (notice) notify({ type: 'error', message: notice, action1: { label: messages.ok } });
  }
  if (sent.callback_event) emitSyncEvent(sent.callback_event, sent);
  return { sent };
}

/**
 * Looks at a stored task just before the queue sends it, inside the queue's run (one tab at a time):
 * the task to send (itself, or rewritten to what the server needs now), or null when it cannot be
 * sent yet (the run stops and the task stays unsent, as offline).
 */
export type QueuedTaskPreparer = (task: SyncTask) => Promise<SyncTask | null>;
const preparers: QueuedTaskPreparer[] = [];

/**
 * Registers a preparer for stored tasks, as `setTaskParam` registers a URL placeholder's source (the
 * cart's: a line sent without an item id is named by the one the server cart holds by then, since an
 * add is not idempotent).
 */
export function prepareQueuedTasks(fn: QueuedTaskPreparer): void {
  preparers.push(fn);
}

/** Told of a stored task this tab sent while no caller here waited for its answer (see `onUnclaimedAnswers`). */
export type UnclaimedAnswer = (task: SyncTask) => void;
const unclaimedListeners: UnclaimedAnswer[] = [];

/**
 * Registers who hears the answer of a stored task sent while nobody in this tab waited for it: its
 * own call had stopped (the run ended unsent, offline or a dropped connection) and a later run sent
 * it, or another page or tab stored it. The cart's: a refused line goes back to what the server holds.
 */
export function onUnclaimedAnswers(fn: UnclaimedAnswer): void {
  unclaimedListeners.push(fn);
}

/** How long the sync queue waits before trying again after a run stopped online: 1 s, then longer, at most 30 s. */
export const SYNC_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

const queue = createPersistentQueue<SyncTask>({
  name: 'shop-sync-tasks',
  collection: () => collection('syncTasks'),
  key: (t) => String(t.task_id),
  isPending: (t) => !t.transmited,
  order: (a, b) => a.task_id - b.task_id,
  send: async (stored) => {
    let t: SyncTask | null = stored;
    for (const prepare of preparers) if (t) t = await prepare(t);
    if (!t) return null;
    const r = await attempt(t);
    return 'sent' in r ? r.sent : null;
  },
  unclaimed: (task) => {
    for (const fn of unclaimedListeners) fn(task);
  },
  // A send that failed online (a dropped connection, the API not answering) is tried again by itself:
  // a cart line queued then would otherwise wait for the shopper's next change or page.
  retry: { online: () => $online.get(), delaysMs: SYNC_RETRY_MS },
});

/** Stores a task and runs the queue; resolves with the task as saved (transmited false if it could not be sent yet). */
export function queueTask(req: TaskRequest): Promise<SyncTask> {
  return queue.push(createTask(req));
}

/** Sends a task now, without storing it (reads such as cart/pull); resolves with its answer or, unsent, the reason in result. */
export async function executeTask(req: TaskRequest): Promise<SyncTask> {
  const task = createTask(req);
  const r = await attempt(task);
  return 'sent' in r ? r.sent : { ...task, result: r.failed };
}

/** Sends every unsent task, one after another. */
export function runSyncQueue(): Promise<void> {
  return queue.run();
}

/** The unsent tasks, in order. */
export function unsentTasks(): Promise<SyncTask[]> {
  return queue.pending();
}

/** Every stored task, in order. */
export function storedSyncTasks(): Promise<SyncTask[]> {
  return queue.all();
}

/** Removes the unsent tasks (forced logout); returns how many. */
export function clearUnsentTasks(): Promise<number> {
  return queue.clearPending();
}

onForcedLogout(clearUnsentTasks);
onBackOnline(() => void runSyncQueue());
