/**
 * `npm run db:backup -- --out FILE`: a backup of the API's database (DATABASE_URL, else the SQLite file
 * DATABASE_PATH, default data/shop.db) taken while the shop runs; server/backup.ts says how.
 */
import { join, resolve } from 'node:path';
import { backupDatabase } from '../server/backup';
import { parseOptions } from './lib/cli-options';

const opts = parseOptions(process.argv.slice(2), { values: ['out'] });
const out = opts.value('out');
if (!out) {
  console.error('usage: npm run db:backup -- --out FILE');
  process.exit(2);
}
const started = Date.now();
backupDatabase(
  { url: process.env.DATABASE_URL || undefined, path: process.env.DATABASE_PATH ?? join(import.meta.dirname, '..', 'data', 'shop.db') },
  resolve(out),
)
  .then((r) => console.log(`${r.kind} backup written to ${out}: ${r.bytes} bytes in ${((Date.now() - started) / 1000).toFixed(1)} s`))
  .catch((e: Error) => {
    console.error(`db:backup failed: ${e.message}`);
    process.exit(1);
  });
