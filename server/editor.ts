/**
 * Editor accounts and their sessions on the publishing page, and the publishing history.
 *
 * An editor is a user of the API (the customers table) with the role `editor`: the same password
 * hashing (scrypt), made one by `npm run editor:add`. Signing in on the page starts a session: a
 * random id in an HttpOnly, SameSite=Strict cookie scoped to the page's path, stored hashed with its
 * CSRF token, ending after EDITOR_SESSION_HOURS (default 12), at sign-out, when the password changes
 * (token_version) or when the account stops being an editor. A customer's password opens nothing here.
 */
import { timingSafeEqual } from 'node:crypto';
import { hashPassword, randomId, sha256, SCRYPT_DEFAULT, verifyPassword, type ScryptParams } from './auth';
import type { CustomerRow } from './context';
import { nowIso, type DB } from './db';
import type { RebuildRun } from './rebuild';

export const EDITOR_ROLE = 'editor';
export const SESSION_COOKIE = 'pj_editor';

export interface EditorSession {
  editor: CustomerRow & { role: string };
  csrf: string;
  idHash: string;
}

export type SignIn = { ok: true; id: string; csrf: string; editor: CustomerRow } | { ok: false; reason: 'credentials' | 'not-editor' };

export class EditorAuth {
  constructor(
    private readonly db: DB,
    private readonly sessionHours = 12,
    private readonly scrypt: ScryptParams = SCRYPT_DEFAULT,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Checks e-mail and password; an editor gets a new session (its cookie value and CSRF token). */
  async signIn(email: string, password: string): Promise<SignIn> {
    const row = (await this.db.prepare('SELECT * FROM customers WHERE email = ?').get(email)) as (CustomerRow & { role: string }) | undefined;
    // Hash even for an unknown e-mail, so timing does not tell which addresses exist.
    const valid = row ? await verifyPassword(password, row.password_hash) : (await hashPassword(password, this.scrypt), false);
    if (!row || !valid) return { ok: false, reason: 'credentials' };
    if (row.role !== EDITOR_ROLE) return { ok: false, reason: 'not-editor' };
    const id = randomId(32);
    const csrf = randomId(24);
    const now = this.clock();
    await this.db
      .prepare('INSERT INTO editor_sessions (id_hash, customer_id, csrf, token_version, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(sha256(id), row.id, csrf, row.token_version, now, now + this.sessionHours * 3_600_000);
    return { ok: true, id, csrf, editor: row };
  }

  /** The open session of a cookie value: null when unknown, ended, revoked, or its user is no longer an editor (`role` tells). */
  async session(cookie: string | undefined): Promise<EditorSession | { notEditor: true } | null> {
    if (!cookie || cookie.length > 100) return null;
    const idHash = sha256(cookie);
    const s = (await this.db.prepare('SELECT * FROM editor_sessions WHERE id_hash = ?').get(idHash)) as
      { customer_id: number; csrf: string; token_version: number; expires_at: number; revoked_at: number | null } | undefined;
    if (!s || s.revoked_at !== null || s.expires_at <= this.clock()) return null;
    const row = (await this.db.prepare('SELECT * FROM customers WHERE id = ?').get(s.customer_id)) as (CustomerRow & { role: string }) | undefined;
    if (!row || row.token_version !== s.token_version) return null;
    if (row.role !== EDITOR_ROLE) return { notEditor: true };
    return { editor: row, csrf: s.csrf, idHash };
  }

  async signOut(idHash: string): Promise<void> {
    await this.db.prepare('UPDATE editor_sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL').run(this.clock(), idHash);
  }

  /** Ends every open session of an account (`npm run editor:revoke`); the number ended. */
  async revokeAll(email: string): Promise<number> {
    const r = await this.db
      .prepare('UPDATE editor_sessions SET revoked_at = ? WHERE revoked_at IS NULL AND customer_id IN (SELECT id FROM customers WHERE email = ?)')
      .run(this.clock(), email);
    return r.changes;
  }
}

/** The CSRF check of a form: the field equals the session's token (compared in constant time). */
export function csrfMatches(sent: string | undefined, expected: string): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Makes `email` an editor: a new user with that password, or an existing one given the role (and the
 * password, when one is given). Returns what it did.
 */
export async function addEditor(
  db: DB,
  input: { email: string; password?: string; firstname?: string; lastname?: string },
  scrypt: ScryptParams = SCRYPT_DEFAULT,
): Promise<'created' | 'promoted'> {
  const row = (await db.prepare('SELECT id FROM customers WHERE email = ?').get(input.email)) as { id: number } | undefined;
  const now = nowIso();
  if (row) {
    if (input.password) {
      // A new password ends the account's sessions and tokens (token_version), as a password change does.
      await db
        .prepare('UPDATE customers SET role = ?, password_hash = ?, token_version = token_version + 1, updated_at = ? WHERE id = ?')
        .run(EDITOR_ROLE, await hashPassword(input.password, scrypt), now, row.id);
    } else await db.prepare('UPDATE customers SET role = ?, updated_at = ? WHERE id = ?').run(EDITOR_ROLE, now, row.id);
    return 'promoted';
  }
  if (!input.password) throw new Error(`${input.email}: no such user; give a password to create the editor`);
  await db
    .prepare('INSERT INTO customers (email, password_hash, firstname, lastname, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(
      input.email,
      await hashPassword(input.password, scrypt),
      input.firstname ?? 'Editor',
      input.lastname ?? input.email.split('@')[0]!,
      EDITOR_ROLE,
      now,
      now,
    );
  return 'created';
}

/** Takes the editor role away (the account stays a customer); its open sessions stop at once. */
export async function removeEditor(db: DB, email: string): Promise<boolean> {
  const r = await db.prepare("UPDATE customers SET role = 'customer', updated_at = ? WHERE email = ? AND role = ?").run(nowIso(), email, EDITOR_ROLE);
  return r.changes > 0;
}

// ---------------------------------------------------------------- history

export type HistoryAction = 'request' | 'run' | 'go-live' | 'discard' | 'rollback' | 'sign-in' | 'sign-out' | 'refused';

export interface HistoryEntry {
  id: number;
  at: string;
  action: HistoryAction;
  actor: string;
  generation: string | null;
  ok: boolean;
  detail: Record<string, unknown>;
}

/** The publishing history: every run, go-live, discard, rollback, sign-in and refusal, with who. */
export class PublishHistory {
  constructor(private readonly db: DB) {}

  async record(e: { action: HistoryAction; actor: string; generation?: string | null; ok?: boolean; detail?: Record<string, unknown> }): Promise<void> {
    await this.db
      .prepare('INSERT INTO publish_history (at, action, actor, generation, ok, detail) VALUES (?, ?, ?, ?, ?, ?)')
      .run(nowIso(), e.action, e.actor.slice(0, 200), e.generation ?? null, e.ok === false ? 0 : 1, JSON.stringify(e.detail ?? {}));
  }

  /** A finished run: its trigger, duration, the pages it changed (the first 500), its error. */
  runEnded(run: RebuildRun): Promise<void> {
    return this.record({
      action: 'run',
      actor: run.trigger.by,
      generation: run.generation ?? null,
      ok: run.ok,
      detail: {
        run: run.id,
        kind: run.trigger.kind,
        triggers: run.triggers,
        preview: run.preview,
        full: run.full,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        ms: Date.parse(run.finishedAt) - Date.parse(run.startedAt),
        changedCount: run.changed?.length ?? 0,
        changed: (run.changed ?? []).slice(0, 500),
        ...(run.error ? { error: run.error } : {}),
      },
    });
  }

  /** The newest entries first. */
  async list(limit = 50, actions?: HistoryAction[]): Promise<HistoryEntry[]> {
    const where = actions?.length ? `WHERE action IN (${actions.map(() => '?').join(', ')})` : '';
    const rows = (await this.db.prepare(`SELECT * FROM publish_history ${where} ORDER BY id DESC LIMIT ?`).all(...(actions ?? []), limit)) as {
      id: number;
      at: string;
      action: HistoryAction;
      actor: string;
      generation: string | null;
      ok: number;
      detail: string;
    }[];
    return rows.map((r) => ({ ...r, id: Number(r.id), ok: Number(r.ok) === 1, detail: JSON.parse(r.detail) as Record<string, unknown> }));
  }
}
