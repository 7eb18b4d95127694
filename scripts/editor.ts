/**
 * Editor accounts of the publishing page (docs/publishing.md), on the server's database (DATABASE_URL,
 * else DATABASE_PATH, default data/shop.db):
 *   npm run editor:add -- EMAIL [--name "First Last"]   make EMAIL an editor (a new account, or an existing user given the role)
 *   npm run editor:remove -- EMAIL                        take the role away; the account's sessions end at once
 *   npm run editor:revoke -- EMAIL                        end the account's open sessions (sign it out everywhere)
 * The password of a new account (or a new password for an existing one) is read from EDITOR_PASSWORD,
 * else from standard input (one line); at least 12 characters.
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { databaseFromEnv } from '../server/backup';
import { openDatabase } from '../server/db';
import { addEditor, EditorAuth, removeEditor } from '../server/editor';
import { OptionError, scriptOptions } from './lib/cli-options';

const USAGE = 'usage: npm run editor:add -- EMAIL [--name "First Last"] | npm run editor:remove -- EMAIL | npm run editor:revoke -- EMAIL';
// `npm run editor:add -- EMAIL` names the command in the script's name; `tsx scripts/editor.ts add EMAIL` as its first word.
const argv = process.argv.slice(2);
const viaNpm = process.env.npm_lifecycle_event?.startsWith('editor:') ?? false;
const command = viaNpm ? process.env.npm_lifecycle_event!.split(':')[1] : argv[0];
const args = viaNpm ? argv : argv.slice(1);

const { email, name } = scriptOptions(args, { name: `editor:${command}`, usage: USAGE, values: ['name'], positional: true }, (o) => {
  const parsed = z.email().safeParse(o.rest[0]);
  if (!parsed.success || o.rest.length !== 1) throw new OptionError('one e-mail address is required');
  return { email: parsed.data, name: o.value('name') };
});

async function readPassword(): Promise<string | undefined> {
  if (process.env.EDITOR_PASSWORD) return process.env.EDITOR_PASSWORD;
  if (process.stdin.isTTY) process.stdout.write('Password (at least 12 characters; empty to keep the current one): ');
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line || undefined;
  }
  return undefined;
}

async function main(): Promise<string> {
  const target = databaseFromEnv(process.env);
  const db = await openDatabase(target.path, target.url);
  try {
    if (command === 'add') {
      const password = await readPassword();
      if (password !== undefined && password.length < 12) throw new Error('the password must have at least 12 characters');
      const [firstname, ...last] = (name ?? '').split(' ').filter(Boolean);
      const did = await addEditor(db, { email, password, firstname, lastname: last.join(' ') || undefined });
      return `${email}: ${did === 'created' ? 'editor account created' : 'is now an editor'}`;
    }
    if (command === 'remove') return `${email}: ${(await removeEditor(db, email)) ? 'no longer an editor' : 'was not an editor'}`;
    if (command === 'revoke') return `${email}: ${await new EditorAuth(db).revokeAll(email)} session(s) ended`;
    throw new Error(`unknown command '${command}' (${USAGE})`);
  } finally {
    await db.close();
  }
}

main().then(
  (m) => console.log(m),
  (e: Error) => {
    console.error(`editor:${command}: ${e.message}`);
    process.exit(1);
  },
);
