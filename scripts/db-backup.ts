/**
 * `npm run db:backup -- --out FILE`: a backup of the API's database (DATABASE_URL, else the SQLite file
 * DATABASE_PATH, default data/shop.db) taken while the shop runs; server/backup.ts says how.
 */
import { resolve } from 'node:path';
import { backupDatabase, databaseFromEnv } from '../server/backup';
import { OptionError, scriptOptions } from './lib/cli-options';

const USAGE = 'usage: npm run db:backup -- --out FILE';
const out = scriptOptions(process.argv.slice(2), { name: 'db:backup', usage: USAGE, values: ['out'] }, (o) => {
  const file = o.value('out');
  if (!file) throw new OptionError('--out FILE is required');
  return file;
});
const started = Date.now();
backupDatabase(databaseFromEnv(process.env), resolve(out))
  .then((r) => console.log(`${r.kind} backup written to ${out}: ${r.bytes} bytes in ${((Date.now() - started) / 1000).toFixed(1)} s`))
  .catch((e: Error) => {
    console.error(`db:backup failed: ${e.message}`);
    process.exit(1);
  });
