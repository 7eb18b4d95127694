/**
 * Catalogue import from vue-storefront's Elasticsearch indices (docs/vsf-migration.md):
 *
 *   npm run data:import -- --from-es DIR --out SNAPSHOT_DIR [--config FILE] [--media DIR]
 *   npm run data:import -- --from-vsf-api URL [--index NAME] --out SNAPSHOT_DIR [--config FILE] [--media DIR]
 *
 * `--from-es` reads a dump, `--from-vsf-api` pages through a running vue-storefront-api; the import
 * itself (mapping, problems report, atomic validated write) is server/import/vsf-import.ts, which the
 * reference API's rebuild hook uses too.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImportError, importFromDump, importFromVsfApi, readImportConfig } from '../server/import/vsf-import';

function parseArgs(argv: string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new ImportError(`unexpected argument ${a}`);
    const [k, v] = a.slice(2).split('=', 2);
    args[k!] = v ?? argv[++i] ?? '';
  }
  return args;
}

const USAGE = 'usage: npm run data:import -- (--from-es DIR | --from-vsf-api URL [--index NAME]) --out SNAPSHOT_DIR [--config FILE] [--media DIR]';

async function main(): Promise<void> {
  const started = Date.now();
  let args: Record<string, string>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (!args.out || !!args['from-es'] === !!args['from-vsf-api']) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    const config = args.config ? readImportConfig(args.config) : undefined;
    const common = { out: args.out, config, mediaDir: args.media ? resolve(args.media) : undefined, log: (l: string) => console.log(l) };
    const r = args['from-es']
      ? await importFromDump(resolve(args['from-es']), common)
      : await importFromVsfApi({ ...common, url: args['from-vsf-api']!, index: args.index || undefined });
    for (const p of r.problems) console.warn(`${p.skipped ? 'skipped' : 'partly'}: ${p.file} record ${p.id || '?'}: field '${p.field}' ${p.reason}`);
    console.log(`media: ${r.media.written} written, ${r.media.missing} missing`);
    console.log(
      `snapshot written to ${r.out} in ${((Date.now() - started) / 1000).toFixed(1)} s (${r.problems.length} problem${r.problems.length === 1 ? '' : 's'} reported)`,
    );
  } catch (e) {
    console.error(`import failed, ${args.out} left untouched: ${(e as Error).message}`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
