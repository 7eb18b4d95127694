/**
 * Store views with a catalogue of their own (multistore, docs/snapshot.md "Store views"): a VSF shop
 * with several store views keeps an index per store view (`vue_storefront_catalog_de`) or dumps named
 * `catalog_de_product.json`, with the store view's own names, descriptions, url keys, categories, CMS
 * pages and prices. Each enabled store view other than the default one is imported from its own
 * source with the same importer, into `stores/{code}/` of the snapshot: a complete snapshot folder of
 * its own, validated by the same readers. The default store view's import and every store view's are
 * written into one staging folder and swapped into place together: all or nothing.
 *
 * The importer's functions are called once per store view, unchanged; this module only loops.
 */
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { enabledStoreViews, config as siteConfig, type Config, type StoreView } from '../config';
import { defaultImportConfig, type ImportConfig } from './config';
import { DUMP_FILES } from './dump';
import { VSF_ENTITIES } from './to-vsf';
import { STORES_DIR } from '../snapshot/read';
import { ImportError } from './import-error';
import { importFromDump, importFromVsfApi, type ApiPullOptions, type ImportOptions, type ImportSummary } from './vsf-import';
import { stagingDir, swapIntoPlace } from '../snapshot/write';

/** The placeholder of a store view's code in an index name template (`vue_storefront_catalog_{code}`). */
export const STORE_CODE_PLACEHOLDER = '{code}';

export interface StoreViewsSummary extends ImportSummary {
  /** Each store view imported from its own catalogue, by code. */
  stores: Record<string, ImportSummary>;
}

/** The store views that may have a catalogue of their own: every enabled one but the default (none when multistore is off). */
export function otherStoreViews(cfg: Config = siteConfig): StoreView[] {
  return enabledStoreViews(cfg).filter((s) => s.storeCode !== cfg.storeViews.default.storeCode);
}

/** A store view's dump file for an entity: `catalog_product.json` -> `catalog_de_product.json`. */
export function storeDumpFile(storeCode: string, file: string): string {
  return file.replace(/^catalog_/, `catalog_${storeCode}_`);
}

/** The index of a store view from a template (`vue_storefront_catalog_{code}` -> `vue_storefront_catalog_de`). */
export function storeIndex(template: string, storeCode: string): string {
  if (!template.includes(STORE_CODE_PLACEHOLDER)) throw new ImportError(`store view index template '${template}' has no ${STORE_CODE_PLACEHOLDER}`);
  return template.split(STORE_CODE_PLACEHOLDER).join(storeCode);
}

/** The import configuration of a store view: its code on the manifest and banners, its Magento store id for CMS records. */
function storeImportConfig(base: ImportConfig | undefined, store: StoreView): ImportConfig {
  return { ...(base ?? defaultImportConfig()), store_code: store.storeCode, store_id: store.storeId };
}

/** Runs the default store view's import and each store view's into one staging folder, then swaps it into place. */
async function importAll(
  opts: ImportOptions,
  stores: StoreView[],
  main: (out: string) => Promise<ImportSummary>,
  ofStore: (store: StoreView, out: string) => Promise<ImportSummary>,
): Promise<StoreViewsSummary> {
  // No store view of its own: the default store view's import alone, as without multistore.
  if (stores.length === 0) return { ...(await main(opts.out)), stores: {} };
  const out = resolve(opts.out);
  const stage = stagingDir(out);
  rmSync(stage, { recursive: true, force: true });
  try {
    const summary = await main(stage);
    const byStore: Record<string, ImportSummary> = {};
    for (const store of stores) {
      opts.log?.(`store view ${store.storeCode}: its own catalogue`);
      byStore[store.storeCode] = await ofStore(store, join(stage, STORES_DIR, store.storeCode));
    }
    swapIntoPlace(stage, out);
    const rebase = (s: ImportSummary) => ({ ...s, out: s.out.replace(stage, out) });
    return { ...rebase(summary), stores: Object.fromEntries(Object.entries(byStore).map(([k, s]) => [k, rebase(s)])) };
  } catch (e) {
    rmSync(stage, { recursive: true, force: true });
    throw e;
  }
}

/**
 * `--from-es DIR` with multistore on: the default store view from the dump's `catalog_*.json`, and
 * each other enabled store view that has a `catalog_{code}_product.json` from its own
 * `catalog_{code}_*.json` files. A store view without its own dump keeps the default catalogue.
 */
export async function importDumpWithStoreViews(dir: string, opts: ImportOptions, cfg: Config = siteConfig): Promise<StoreViewsSummary> {
  const stores = otherStoreViews(cfg).filter((s) => existsSync(join(dir, storeDumpFile(s.storeCode, DUMP_FILES.product))));
  return importAll(
    opts,
    stores,
    (out) => importFromDump(dir, { ...opts, out }),
    async (store, out) => {
      // The store view's files under the names the importer reads (a folder of links, removed after).
      const view = mkdtempSync(join(tmpdir(), `store-dump-${store.storeCode}-`));
      try {
        for (const e of VSF_ENTITIES) {
          const own = join(dir, storeDumpFile(store.storeCode, DUMP_FILES[e]));
          if (existsSync(own)) symlinkSync(resolve(own), join(view, DUMP_FILES[e]));
        }
        return await importFromDump(view, { ...opts, out, config: storeImportConfig(opts.config, store) });
      } finally {
        rmSync(view, { recursive: true, force: true });
      }
    },
  );
}

/**
 * `--from-vsf-api URL --store-index TEMPLATE` with multistore on: the default store view from
 * `--index`, each other enabled store view from the index the template names for it
 * (`vue_storefront_catalog_{code}`). An incremental pull (`previous`) pulls each store view against
 * its own previous folder.
 */
export async function importApiWithStoreViews(o: ApiPullOptions & { storeIndex: string }, cfg: Config = siteConfig): Promise<StoreViewsSummary> {
  const { storeIndex: template, ...pull } = o;
  const stores = otherStoreViews(cfg);
  for (const s of stores) storeIndex(template, s.storeCode);
  return importAll(
    o,
    stores,
    (out) => importFromVsfApi({ ...pull, out }),
    (store, out) => {
      const previous = pull.previous ? join(pull.previous, STORES_DIR, store.storeCode) : undefined;
      return importFromVsfApi({
        ...pull,
        out,
        index: storeIndex(template, store.storeCode),
        config: storeImportConfig(pull.config, store),
        previous: previous && existsSync(previous) ? previous : undefined,
      });
    },
  );
}
