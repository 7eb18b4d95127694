/** The outbox: every mail the server "sends" goes to the outbox table and to `{outboxDir}/*.eml`. */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nowIso, type DB } from './db';

export interface Mail {
  kind: 'contact' | 'booking' | 'confirmation' | 'reset-password' | 'newsletter' | 'order';
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

export interface OutboxRow {
  id: number;
  created_at: string;
  kind: string;
  from_addr: string;
  to_addr: string;
  reply_to: string | null;
  subject: string;
  text: string;
  file: string | null;
}

const madeDirs = new Set<string>();

/** Header values must stay on one line. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** Stores a mail in the outbox table and writes it as an .eml file; returns the row id. */
export async function sendMail(db: DB, outboxDir: string, mail: Mail): Promise<number> {
  const created = nowIso();
  const info = (await db
    .prepare('INSERT INTO outbox (created_at, kind, from_addr, to_addr, reply_to, subject, text) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .get(created, mail.kind, oneLine(mail.from), oneLine(mail.to), mail.replyTo ? oneLine(mail.replyTo) : null, oneLine(mail.subject), mail.text)) as {
    id: number;
  };
  const id = Number(info.id);
  const name = `${created.replace(/[:.]/g, '-')}-${String(id).padStart(6, '0')}-${mail.kind}.eml`;
  const eml = [
    `From: ${oneLine(mail.from)}`,
    `To: ${oneLine(mail.to)}`,
    ...(mail.replyTo ? [`Reply-To: ${oneLine(mail.replyTo)}`] : []),
    `Subject: ${oneLine(mail.subject)}`,
    `Date: ${new Date(created).toUTCString()}`,
    `Message-ID: <${id}.${Date.parse(created)}@outbox.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    `X-Outbox-Kind: ${mail.kind}`,
    '',
    mail.text.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
  if (!madeDirs.has(outboxDir)) {
    mkdirSync(outboxDir, { recursive: true });
    madeDirs.add(outboxDir);
  }
  const tmp = join(outboxDir, `.${name}.tmp`);
  writeFileSync(tmp, eml);
  renameSync(tmp, join(outboxDir, name));
  await db.prepare('UPDATE outbox SET file = ? WHERE id = ?').run(name, id);
  return id;
}
