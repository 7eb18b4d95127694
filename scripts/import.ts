/**
 * Catalogue import from vue-storefront's Elasticsearch indices (docs/vsf-migration.md):
 *
 *   npm run data:import -- --from-es DIR|FILE --out SNAPSHOT_DIR [--config FILE] [--media DIR]
 *   npm run data:import -- --from-vsf-api URL [--index NAME] [--store-index TEMPLATE] --out SNAPSHOT_DIR [--config FILE] [--media DIR]
 *
 * With multistore on (PUBLIC_MULTISTORE=true), each other enabled store view is imported from its own
 * catalogue into the snapshot's stores/{code}/ (src/lib/import/store-views.ts): from the dump's
 * catalog_{code}_*.json files when it has them, or from the index `--store-index` names for it
 * (`vue_storefront_catalog_{code}`).
 * `--from-es` reads a dump (a folder of per-entity files, or one file holding the whole index), `--from-vsf-api` pages through a running vue-storefront-api; the import
 * itself (mapping, problems report, atomic validated write) is src/lib/import/vsf-import.ts, which the
 * reference API's rebuild hook uses too.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OptionError, scriptOptions } from './lib/cli-options';
import { ImportError } from '../src/lib/import/import-error';
import { importFromVsfApi, problemLine, readImportConfig } from '../src/lib/import/vsf-import';
import { importApiWithStoreViews, importDumpWithStoreViews, type StoreViewsSummary } from '../src/lib/import/store-views';

const USAGE =
  'usage: npm run data:import -- (--from-es DIR|FILE | --from-vsf-api URL [--index NAME] [--store-index TEMPLATE]) --out SNAPSHOT_DIR [--config FILE] [--media DIR]';

function readArgs(argv: readonly string[]) {
  return scriptOptions(
    argv,
    { name: 'data:import', usage: USAGE, values: ['from-es', 'from-vsf-api', 'index', 'store-index', 'out', 'config', 'media'] },
    (o) => {
      const [fromEs, fromApi, out] = [o.value('from-es'), o.value('from-vsf-api'), o.value('out')];
      if (!out) throw new OptionError('--out SNAPSHOT_DIR is required');
      if (!!fromEs === !!fromApi) throw new OptionError('give one of --from-es DIR|FILE and --from-vsf-api URL');
      if (o.value('store-index') && !fromApi) throw new OptionError('--store-index goes with --from-vsf-api');
      return { fromEs, fromApi, out, index: o.value('index'), storeIndex: o.value('store-index'), config: o.value('config'), media: o.value('media') };
    },
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  const args = readArgs(process.argv.slice(2));
  try {
    const config = args.config ? readImportConfig(args.config) : undefined;
    const common = { out: args.out, config, mediaDir: args.media ? resolve(args.media) : undefined, log: (l: string) => console.log(l) };
    const pull = { ...common, url: args.fromApi!, index: args.index || undefined };
    const r = args.fromEs
      ? await importDumpWithStoreViews(resolve(args.fromEs), common)
      : args.storeIndex
        ? await importApiWithStoreViews({ ...pull, storeIndex: args.storeIndex })
        : await importFromVsfApi(pull);
    const stores = (r as Partial<StoreViewsSummary>).stores ?? {};
    for (const [store, summary] of [['', r] as const, ...Object.entries(stores)])
      for (const p of summary.problems) console.warn(`${store ? `[${store}] ` : ''}${problemLine(p)}`);
    console.log(`media: ${r.media.written} written, ${r.media.missing} missing`);
    console.log(
      `snapshot written to ${r.out} in ${((Date.now() - started) / 1000).toFixed(1)} s (${r.problems.length} problem${r.problems.length === 1 ? '' : 's'} reported)`,
    );
  } catch (e) {
    // What was skipped on the way often says why nothing could be built (every category skipped: no root).
    if (e instanceof ImportError) for (const p of e.problems) console.warn(problemLine(p));
    console.error(`import failed, ${args.out} left untouched: ${(e as Error).message}`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
