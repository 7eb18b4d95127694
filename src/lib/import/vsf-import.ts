/**
 * Catalogue import from vue-storefront's Elasticsearch indices (docs/vsf-migration.md): a dump
 * (`importFromDump`: catalog_product.json, catalog_category.json, ... as vue-storefront-api's var/
 * names them, or a whole index in one file as elasticdump writes it) or a running vue-storefront-api (`importFromVsfApi`: pages through
 * URL/api/catalog/{index}/{entity}/_search). Both map every record (assemble.ts, from-vsf/), report
 * what cannot be mapped (file, id, field, reason), and write a complete snapshot atomically, validated
 * with the snapshot readers. Nothing is written when no shop can be built (no root category, no
 * product). With `previous`, the pull is the rebuild hook's (server/rebuild.ts): only what changed
 * since the last pull, merged into the previous snapshot. The command line is scripts/import.ts.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';
import * as snap from '../snapshot/read';
import { ProductSchema, type Category, type CmsPage, type Product } from '../schemas';
import type { SnapshotManifest, UrlMapEntry } from '../snapshot/schemas';
import { contentPaths } from '../routing/content-routes';
import { assembleSnapshot, type CatalogInput, type ImportResult, type ProductBase, type SourceNames } from './assemble';
import { ImportConfigSchema, defaultImportConfig, type ImportConfig } from './config';
import { DUMP_FILES, parseDump, splitDump } from './dump';
import { changedQuery } from './es-query';
import { parentsToRefresh, urlMapAfterPull } from './incremental';
import type { Problem } from './from-vsf/common';
import { VSF_ENTITIES, productToVsf } from './to-vsf';
import { mediaPaths, writeMedia, type MediaSources } from './media';
import { writePlaceholders } from '../snapshot/placeholders-write';
import { digestOf, stagingDir, swapIntoPlace, validateSnapshot, writeJson, writeShards, type PreviousShards } from '../snapshot/write';
import { searchAll, type SearchSource } from './vsf-search';
import { DEFAULT_INDEX, ImportError } from './import-error';

/** One problem as the import's report prints it. */
export const problemLine = (p: Problem): string => `${p.skipped ? 'skipped' : 'partly'}: ${p.file} record ${p.id || '?'}: field '${p.field}' ${p.reason}`;

export interface ImportOptions {
  out: string;
  config?: ImportConfig;
  /** A folder laid out like Magento's pub/media (catalog/product/...): the pictures records name are copied from it. */
  mediaDir?: string;
  log?: (line: string) => void;
}

export interface ImportSummary {
  out: string;
  counts: ImportResult['counts'];
  problems: Problem[];
  /** 'incremental' when only changed products were pulled and merged into the previous snapshot. */
  mode: 'full' | 'incremental';
  media: { written: number; missing: number };
}

/** Reads and validates an import configuration file. */
export function readImportConfig(file: string): ImportConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ImportError(`${file}: ${(e as Error).message}`);
  }
  const r = ImportConfigSchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new ImportError(`${file}: field '${i.path.join('.')}' ${i.message}`);
  }
  return r.data;
}

/** Snapshot files the catalogue does not hold; a pull without a configuration keeps the previous snapshot's. */
const CARRIED = [
  'blog-posts.json',
  'blog-categories.json',
  'menus.json',
  'shops.json',
  'shipping-methods.json',
  'payment-methods.json',
  'coupons.json',
  'social.json',
  'url-map.json',
];

/** Writes an import's snapshot atomically into opts.out (or throws, leaving it untouched). */
async function writeImport(
  result: ImportResult,
  opts: ImportOptions & {
    source: string;
    index?: string;
    mode: 'full' | 'incremental';
    media: MediaSources;
    carryFrom?: string;
    /** An incremental pull: the ids of the products pulled this time (the others come from the previous snapshot). */
    pulled?: ReadonlySet<number>;
    /** An incremental pull: the previous snapshot's shards whose bytes were checked against their digests. */
    previousShards?: PreviousShards;
  },
): Promise<ImportSummary> {
  const log = opts.log ?? (() => {});
  if (result.fatal) throw new ImportError(`${result.fatal}; nothing written`, result.problems);
  // The site builds a page per content route of §2 from the CMS page of that identifier, and leaves the route out without it.
  const identifiers = new Set((result.files['cms-pages.json'] as CmsPage[]).filter((p) => p.active).map((p) => p.identifier));
  for (const path of contentPaths()) {
    const id = path.replace(/^\/+/, '');
    if (!identifiers.has(id))
      result.problems.push({
        file: 'cms-pages.json',
        id,
        field: 'identifier',
        reason: `the content route ${path} has no active CMS page '${id}' (in Magento, or in the configuration's cms_pages): the site leaves it out and its address answers 410 gone`,
        skipped: false,
      });
  }
  const config = opts.config ?? defaultImportConfig();
  const out = resolve(opts.out);
  const tmp = stagingDir(out);
  try {
    const files = { ...result.files };
    if (opts.carryFrom) {
      const found = files['url-map.json'] as UrlMapEntry[];
      for (const f of CARRIED) if (existsSync(join(opts.carryFrom, f))) files[f] = JSON.parse(readFileSync(join(opts.carryFrom, f), 'utf8'));
      // Legacy addresses: the previous ones, and those of records new since (their .html paths).
      const kept = files['url-map.json'] as UrlMapEntry[];
      files['url-map.json'] = [...kept, ...found.filter((u) => !kept.some((k) => k.from === u.from))];
      const banners = join(opts.carryFrom, 'banners');
      for (const k of Object.keys(files)) if (k.startsWith('banners/')) delete files[k];
      if (existsSync(banners)) for (const f of readdirSync(banners)) files[`banners/${f}`] = JSON.parse(readFileSync(join(banners, f), 'utf8'));
    }
    for (const [name, value] of Object.entries(files)) writeJson(tmp, name, value);
    const shards = writeShards(tmp, result.products, opts.previousShards);
    const pulled = opts.pulled;
    const fetchOnly = pulled ? new Set(mediaPaths({ ...result, files, products: result.products.filter((p) => pulled.has(p.id)) })) : undefined;
    const media = await writeMedia(
      tmp,
      mediaPaths({ ...result, files }),
      { ...opts.media, fetchOnly, productPrefix: config.images.product_prefix },
      result.problems,
    );
    if (opts.media.previous && existsSync(join(opts.media.previous, 'placeholders.json')))
      copyFileSync(join(opts.media.previous, 'placeholders.json'), join(tmp, 'placeholders.json'));
    else await writePlaceholders(tmp);
    const counts: Record<string, number> = { products: result.products.length };
    for (const [name, value] of Object.entries(files)) if (Array.isArray(value)) counts[name.replace(/\.json$/, '')] = value.length;
    const manifest: SnapshotManifest & { import: Record<string, unknown> } = {
      version: 1,
      generated_at: (opts.media.previous && sameContentAs(tmp, opts.media.previous)) ?? new Date().toISOString(),
      source: opts.source,
      store_code: config.store_code,
      root_category_id: config.root_category_id,
      counts,
      product_shards: shards.names,
      import: { mode: opts.mode, ...(opts.index ? { index: opts.index } : {}), watermark: result.watermark, shards: shards.digests },
    };
    writeJson(tmp, 'manifest.json', manifest, true);
    validateSnapshot(tmp, shards.linked);
    swapIntoPlace(tmp, out);
    for (const [entity, c] of Object.entries(result.counts)) log(`${entity}: ${c.written} written, ${c.skipped} skipped`);
    return { out, counts: result.counts, problems: result.problems, mode: opts.mode, media };
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

/** A snapshot's files but its manifest and pictures (relative path -> absolute path). */
function contentFiles(dir: string, rel = '', out = new Map<string, string>()): Map<string, string> {
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (r === 'manifest.json' || r === 'media') continue;
    if (e.isDirectory()) contentFiles(dir, r, out);
    else if (e.isFile()) out.set(r, join(dir, r));
  }
  return out;
}

/**
 * The `generated_at` of the snapshot before when `dir` holds the very same content (every file but
 * the manifest and the pictures, byte for byte; a product file the pull linked unchanged is not read),
 * else null. A pull that brought nothing new leaves the content's time as it was: the search index
 * says when its content was made (`at`), and a run that changed nothing makes a site no file of which
 * differs from the live one (server/rebuild.ts keeps no build for it).
 */
function sameContentAs(dir: string, before: string): string | null {
  if (!existsSync(join(before, 'manifest.json'))) return null;
  const now = contentFiles(dir);
  const was = contentFiles(before);
  if (now.size !== was.size) return null;
  for (const [r, file] of now) {
    const old = was.get(r);
    if (!old) return null;
    const [a, b] = [statSync(file), statSync(old)];
    if (a.ino === b.ino && a.dev === b.dev) continue;
    if (a.size !== b.size || !readFileSync(file).equals(readFileSync(old))) return null;
  }
  const manifest = z.looseObject({ generated_at: z.string() }).safeParse(JSON.parse(readFileSync(join(before, 'manifest.json'), 'utf8')));
  return manifest.success ? manifest.data.generated_at : null;
}

const dumpNames = Object.fromEntries(VSF_ENTITIES.map((e) => [e, DUMP_FILES[e]])) as SourceNames;
const DUMP_TEXT = /\.(json|ndjson|jsonl)(\.gz)?$/i;

/** A dump file's text (gzip-compressed as elasticdump's --fsCompress writes it, or not). */
const dumpText = (file: string) => (file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file)).toString('utf8');

/**
 * A dump's records by entity: a folder of one file per entity (as vue-storefront-api's var/ names them),
 * or a whole index in one file (elasticdump of vue_storefront_catalog, every `_type` in it), given as
 * the file or as a folder holding only it.
 */
function readDump(path: string, problems: Problem[]): { input: CatalogInput; names: SourceNames } {
  if (!existsSync(path)) throw new ImportError(`${path}: no such file or folder`);
  let whole: string | null = statSync(path).isFile() ? path : null;
  if (!whole && !VSF_ENTITIES.some((e) => existsSync(join(path, DUMP_FILES[e])))) {
    const files = readdirSync(path).filter((f) => DUMP_TEXT.test(f));
    if (files.length > 1)
      throw new ImportError(
        `${path}: no file named as vue-storefront-api's var/ names them (${Object.values(DUMP_FILES).join(', ')}) and several others (${files.join(', ')}): give the whole-index dump itself`,
      );
    if (files.length === 1) whole = join(path, files[0]!);
  }
  if (whole) {
    const file = basename(whole);
    return {
      input: splitDump(parseDump(dumpText(whole), file, problems), file, problems),
      names: Object.fromEntries(VSF_ENTITIES.map((e) => [e, `${file} (${e})`])) as SourceNames,
    };
  }
  const input: CatalogInput = {};
  for (const e of VSF_ENTITIES) {
    const file = join(path, DUMP_FILES[e]);
    if (existsSync(file)) input[e] = parseDump(dumpText(file), DUMP_FILES[e], problems);
  }
  return { input, names: dumpNames };
}

/** `--from-es PATH`: a dump (see readDump; any entity may be missing). */
export async function importFromDump(path: string, opts: ImportOptions): Promise<ImportSummary> {
  const problems: Problem[] = [];
  const { input, names } = readDump(path, problems);
  const result = assembleSnapshot(input, opts.config ?? defaultImportConfig(), names);
  result.problems.unshift(...problems);
  return writeImport(result, { ...opts, source: resolve(path), mode: 'full', media: { mediaDir: opts.mediaDir } });
}

export interface ApiPullOptions extends ImportOptions, SearchSource {
  /**
   * The live snapshot: its pictures are linked instead of fetched; without a configuration, what the
   * catalogue lacks (menus, banners, shops, blog, methods, coupons, social, legacy URLs) is carried over
   * from it; with `incremental`, only the products changed since it are pulled and merged into it.
   */
  previous?: string;
  /** Pull only what changed since `previous` (default true when `previous` is given). */
  incremental?: boolean;
  /** Product ids the hook's body names as changed. */
  changedIds?: Array<number | string>;
}

const ImportRecord = z.looseObject({ watermark: z.string().nullish(), shards: z.record(z.string(), z.string()).optional() });

/**
 * The previous snapshot's products for an incremental pull. A shard whose bytes match the digest the
 * importer recorded when it wrote and validated it is read as it is; any other shard (changed since,
 * or written by another tool) is validated again. Returns the shards that matched, which the writer
 * may link instead of rewriting.
 */
function readPreviousProducts(dir: string, manifest: SnapshotManifest): { products: Product[]; checked: PreviousShards } {
  const recorded = ImportRecord.safeParse(manifest.import).data?.shards ?? {};
  const products: Product[] = [];
  const checked: PreviousShards = { dir, digests: {} };
  for (const shard of manifest.product_shards) {
    const text = readFileSync(join(dir, shard), 'utf8');
    const digest = digestOf(text);
    if (recorded[shard] === digest) {
      products.push(...(JSON.parse(text) as Product[]));
      (checked.digests as Record<string, string>)[shard] = digest;
    } else products.push(...snap.readArray(dir, shard, ProductSchema));
  }
  return { products, checked };
}

/**
 * `--from-vsf-api URL`: pages through the catalogue's `_search` (vsf-search.ts: in id order, every
 * count checked). With `previous` (the rebuild hook), only products with `updated_at` from the previous
 * pull's watermark on, named in `changedIds`, or configurable parents of those (their children's copies
 * changed) are pulled and merged into the previous snapshot's products; products whose id the index
 * no longer has are removed (Magento's indexers delete disabled and removed products), the index's ids
 * read cheaply (`_source: ['id']`). The other entities are small and pulled whole. A full pull when
 * there is no previous snapshot, or it has no watermark and no ids are given. With a previous
 * snapshot, its legacy addresses are kept and a renamed category's old address redirects to it.
 */
export async function importFromVsfApi(o: ApiPullOptions): Promise<ImportSummary> {
  const log = o.log ?? (() => {});
  const index = o.index ?? DEFAULT_INDEX;
  const names = Object.fromEntries(VSF_ENTITIES.map((e) => [e, `${index}/${e}`])) as SourceNames;
  const prevManifest = o.previous && existsSync(join(o.previous, 'manifest.json')) ? snap.readManifest(o.previous) : null;
  const since = ImportRecord.safeParse(prevManifest?.import).data?.watermark ?? null;
  const ids = o.changedIds ?? [];
  const incremental = (o.incremental ?? true) && !!prevManifest && (since !== null || ids.length > 0);
  const input: CatalogInput = {};
  let base: ProductBase | undefined;
  let previousShards: PreviousShards | undefined;
  for (const e of VSF_ENTITIES) {
    if (e === 'product' && incremental) {
      // Ids only: pages ten times larger (within Elasticsearch's window).
      const idPages = { ...o, pageSize: Math.min((o.pageSize ?? 500) * 10, 10_000) };
      const inIndex = new Set((await searchAll(idPages, e, undefined, ['id'])).map((r) => String(r.source.id)));
      const previous = readPreviousProducts(o.previous!, prevManifest!);
      const seen = since ? previous.products.filter((p) => p.updated_at === since).map((p) => p.id) : [];
      const changed = await searchAll(o, e, changedQuery(since, ids, seen.length <= 10_000 ? seen : []).query);
      previousShards = previous.checked;
      const removed = new Set(previous.products.filter((p) => !inIndex.has(String(p.id))).map((p) => p.id));
      const parents = parentsToRefresh(changed, removed, previous.products, ids);
      input.product = [...changed, ...(parents.length ? await searchAll(o, e, { terms: { id: parents } }) : [])];
      base = { products: previous.products, removed };
      log(
        `product: ${changed.length} changed since ${since ?? 'the last pull'}${ids.length ? ` or named (${ids.length})` : ''}, ` +
          `${parents.length} parent(s) of changed children, ${removed.size} no longer in the index`,
      );
    } else input[e] = await searchAll(o, e);
  }
  const result = assembleSnapshot(input, o.config ?? defaultImportConfig(), names, base);
  if (prevManifest) {
    const found = result.files['url-map.json'] as UrlMapEntry[];
    const after = result.files['categories.json'] as Category[];
    result.files['url-map.json'] = urlMapAfterPull(found, snap.readUrlMap(o.previous), snap.readCategories(o.previous), after);
  }
  return writeImport(result, {
    ...o,
    source: o.url,
    index,
    mode: incremental ? 'incremental' : 'full',
    media: { previous: o.previous, mediaDir: o.mediaDir, fetchFrom: o.url.replace(/\/+$/, ''), fetchImpl: o.fetchImpl },
    carryFrom: o.config ? undefined : o.previous,
    ...(incremental ? { pulled: new Set((input.product ?? []).map((r) => Number(r.source.id))), previousShards } : {}),
  });
}

/** The products of a snapshot as VSF records (what the reference API serves), for tests and the bench. */
export const productsAsVsf = (products: Product[]) => products.map(productToVsf);
