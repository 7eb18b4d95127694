/**
 * `npm run db:restore -- FILE [--replace]`: restores a backup of db:backup into the API's database
 * (DATABASE_URL, else the SQLite file DATABASE_PATH, default data/shop.db), which must be new or empty
 * unless --replace (stop the servers first). server/backup.ts says how.
 */
import { resolve } from 'node:path';
import { databaseFromEnv, restoreDatabase } from '../server/backup';
import { OptionError, scriptOptions } from './lib/cli-options';

const USAGE = 'usage: npm run db:restore -- FILE [--replace]';
const { file, replace } = scriptOptions(process.argv.slice(2), { name: 'db:restore', usage: USAGE, flags: ['replace'], positional: true }, (o) => {
  if (o.rest.length !== 1) throw new OptionError('give one backup FILE');
  return { file: o.rest[0]!, replace: o.flag('replace') };
});
const target = databaseFromEnv(process.env);
restoreDatabase(target, resolve(file), { replace })
  .then((r) => console.log(`${r.kind} backup ${file} restored (schema version ${r.version}); start the servers`))
  .catch((e: Error) => {
    console.error(`db:restore failed: ${e.message}`);
    process.exit(1);
  });
