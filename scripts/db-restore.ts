/**
 * `npm run db:restore -- FILE [--replace]`: restores a backup of db:backup into the API's database
 * (DATABASE_URL, else the SQLite file DATABASE_PATH, default data/shop.db), which must be new or empty
 * unless --replace (stop the servers first). server/backup.ts says how.
 */
import { join, resolve } from 'node:path';
import { restoreDatabase } from '../server/backup';
import { parseOptions } from './lib/cli-options';

const opts = parseOptions(process.argv.slice(2), { flags: ['replace'], positional: true });
const file = opts.rest[0];
if (!file || opts.rest.length > 1) {
  console.error('usage: npm run db:restore -- FILE [--replace]');
  process.exit(2);
}
const target = { url: process.env.DATABASE_URL || undefined, path: process.env.DATABASE_PATH ?? join(import.meta.dirname, '..', 'data', 'shop.db') };
restoreDatabase(target, resolve(file), { replace: opts.flag('replace') })
  .then((r) => console.log(`${r.kind} backup ${file} restored (schema version ${r.version}); start the servers`))
  .catch((e: Error) => {
    console.error(`db:restore failed: ${e.message}`);
    process.exit(1);
  });
