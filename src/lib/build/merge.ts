/**
 * Merging the outputs of a sharded build (./shard.ts) into one folder, byte for byte the folder a
 * single build writes (docs/build.md, "Sharded builds"):
 *
 * - a file written by exactly one shard (a page of a sharded route) is copied;
 * - a file written by every shard (assets, the service worker, per-store pages, global JSON files)
 *   must be the same bytes in each, and is copied once: a difference fails the merge naming the file;
 * - a file written by some shards but not all fails the merge (a page belongs to one shard, a shared
 *   file to all: anything else is a shard that rendered from other data or code);
 * - a global file that depends on which pages were rendered (the sitemap) has a merge rule in
 *   MERGE_RULES that computes the whole file from every shard's part.
 *
 * The shard markers (SHARD_MARKER) must name shards 1..N of one N and one BUILD_TIME, each once.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, constants } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { SHARD_INPUTS_FOLDER, SHARD_MARKER, ShardMarkerSchema, type ShardMarker } from './shard';
import { APPENDED_PRECACHE_URLS, PRECACHE_CALL, SW_FILE } from '../pwa/sw-config';
import { jsonValueEnd } from '../import/dump';
import { CDN_DERIVED_FILES, writeCdnFiles } from './cdn/build-files';

/** One shard's copy of the files a rule owns: relative path ('/' separated) to bytes. */
export interface ShardFiles {
  shard: number;
  files: Map<string, Buffer>;
}

/**
 * How a global build output that depends on the rendered pages is merged. `owns` picks the files
 * (relative to the output folder, '/' separated); `merge` gets every shard's copies of them and
 * returns the files of the merged folder. `finish`, for an output a build derives from its whole
 * finished folder (a digest of every file, headers from every page), runs on the merged folder once
 * every file is in place (in the order of the rules) and writes it again there.
 */
export interface MergeRule {
  name: string;
  owns: (rel: string) => boolean;
  merge: (shards: ShardFiles[]) => Map<string, Buffer>;
  finish?: (outDir: string) => void | Promise<void>;
}

/**
 * The rule for outputs derived from the whole finished folder: the shards' copies are left out and
 * `write` makes them again from the merged folder, as the last step of a single build does.
 */
export function derivedRule(name: string, owns: (rel: string) => boolean, write: (outDir: string) => void | Promise<void>): MergeRule {
  return { name, owns, merge: () => new Map(), finish: write };
}

export class MergeError extends Error {
  constructor(message: string) {
    super(`build:merge: ${message}`);
    this.name = 'MergeError';
  }
}

// ---------------------------------------------------------------------------------------------
// The sitemap (./sitemap-files.ts)

/** Entries per sitemap file: the one value astro.config.mjs gives the sitemap writer and the merge re-chunks by. */
export const SITEMAP_ENTRY_LIMIT = 45_000;

const SITEMAP_FILE = /^sitemap-(\d+)\.xml$/;
const SITEMAP_INDEX = 'sitemap-index.xml';

const unescapeXml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);

/**
 * The order the sitemap writer writes entries in: `localeCompare('en', { numeric: true })` over the
 * page URLs as Astro names them (with the directory format's trailing slash), before our
 * `sitemapSerialize` takes the slash off every URL but the home page's.
 */
export function sitemapSortKey(loc: string): string {
  const url = unescapeXml(loc);
  return new URL(url).pathname === '/' ? url : `${url}/`;
}

/**
 * That order as one collator: `localeCompare` with a locale builds a collator on every call (30,833
 * URLs sorted in 1.5 s against 0.08 s; a million in a merge, about a minute), and gives the same order.
 * The writer (./sitemap-files.ts) sorts with it too.
 */
export const SITEMAP_ORDER = new Intl.Collator('en', { numeric: true });

interface SitemapPart {
  head: string;
  entries: string[];
}

function splitSitemap(xml: string, file: string, shard: number): SitemapPart {
  const first = xml.indexOf('<url>');
  const end = xml.lastIndexOf('</urlset>');
  if (end < 0) throw new MergeError(`${file} of shard ${shard} is not a sitemap (no </urlset>)`);
  const head = xml.slice(0, first < 0 ? end : first);
  const entries = first < 0 ? [] : (xml.slice(first, end).match(/<url>[\s\S]*?<\/url>/g) ?? []);
  return { head, entries };
}

const locOf = (entry: string) => /<loc>([^<]*)<\/loc>/.exec(entry)?.[1] ?? '';

/** Sitemap files and their index from every shard's: entries united, sorted as one build sorts them, re-chunked. */
export const sitemapRule: MergeRule = {
  name: 'sitemap',
  owns: (rel) => rel === SITEMAP_INDEX || SITEMAP_FILE.test(rel),
  merge(shards) {
    let head: string | null = null;
    let indexXml: string | null = null;
    const byLoc = new Map<string, string>();
    for (const { shard, files } of shards) {
      for (const [rel, buf] of files) {
        if (rel === SITEMAP_INDEX) {
          indexXml ??= buf.toString('utf8');
          continue;
        }
        const part = splitSitemap(buf.toString('utf8'), rel, shard);
        if (head !== null && part.head !== head) throw new MergeError(`${rel} of shard ${shard} has another XML header than the other shards' sitemaps`);
        head = part.head;
        for (const e of part.entries) {
          const loc = locOf(e);
          const other = byLoc.get(loc);
          if (other !== undefined && other !== e) throw new MergeError(`the sitemap entry of ${loc} differs between shards`);
          byLoc.set(loc, e);
        }
      }
    }
    const out = new Map<string, Buffer>();
    if (head === null || indexXml === null || byLoc.size === 0) return out;
    const entries = [...byLoc.keys()]
      .map((loc) => ({ key: sitemapSortKey(loc), entry: byLoc.get(loc)! }))
      .sort((a, b) => SITEMAP_ORDER.compare(a.key, b.key))
      .map((e) => e.entry);
    const chunks = Math.ceil(entries.length / SITEMAP_ENTRY_LIMIT);
    for (let i = 0; i < chunks; i++) {
      const body = entries.slice(i * SITEMAP_ENTRY_LIMIT, (i + 1) * SITEMAP_ENTRY_LIMIT).join('');
      out.set(`sitemap-${i}.xml`, Buffer.from(`${head}${body}</urlset>`));
    }
    // The index: its header and the address of sitemap-0.xml as a shard wrote them, one entry per chunk.
    const firstEntry = /<sitemap>[\s\S]*?<\/sitemap>/.exec(indexXml);
    const indexEnd = indexXml.lastIndexOf('</sitemapindex>');
    if (!firstEntry || indexEnd < 0 || !firstEntry[0].includes('sitemap-0.xml')) throw new MergeError(`${SITEMAP_INDEX} does not list sitemap-0.xml`);
    const indexHead = indexXml.slice(0, firstEntry.index);
    const list = Array.from({ length: chunks }, (_, i) => firstEntry[0].replace('sitemap-0.xml', `sitemap-${i}.xml`)).join('');
    out.set(SITEMAP_INDEX, Buffer.from(`${indexHead}${list}${indexXml.slice(indexEnd)}`));
    return out;
  },
};

// ---------------------------------------------------------------------------------------------
// Per-page JSON keyed by path

/** How a global JSON file keyed by page path is written: keys sorted, so the merge can write it the same way. */
export function serializeByPath(entries: Record<string, unknown>): string {
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(entries).sort()) sorted[k] = entries[k];
  return `${JSON.stringify(sorted)}\n`;
}

/**
 * The rule for a global JSON object keyed by page path (written with serializeByPath): the shards'
 * objects united; one path with two different values fails the merge.
 */
export function jsonByPathRule(file: string): MergeRule {
  return {
    name: file,
    owns: (rel) => rel === file,
    merge(shards) {
      if (!shards.some((s) => s.files.has(file))) return new Map();
      const all: Record<string, unknown> = {};
      const seen = new Map<string, string>();
      for (const { shard, files } of shards) {
        const buf = files.get(file);
        if (!buf) continue;
        let obj: unknown;
        try {
          obj = JSON.parse(buf.toString('utf8'));
        } catch (e) {
          throw new MergeError(`${file} of shard ${shard} is not valid JSON (${(e as Error).message})`);
        }
        if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new MergeError(`${file} of shard ${shard} must be a JSON object keyed by path`);
        for (const [k, v] of Object.entries(obj)) {
          const text = JSON.stringify(v);
          if (seen.has(k) && seen.get(k) !== text) throw new MergeError(`${file}: the entry ${k} differs between shards`);
          seen.set(k, text);
          all[k] = v;
        }
      }
      return new Map([[file, Buffer.from(serializeByPath(all))]]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Build assets and the service worker

/**
 * A file of `_astro/`: named by its content, so any shard that writes it writes the same bytes. The
 * stylesheet merged for a combination of stylesheets (./page-css.ts) is written by the shards that
 * render a page of that combination, which need not be all of them.
 */
export const isBuildAsset = (rel: string) => rel.startsWith('_astro/');

/** The worker's text around its precache list, and the list. */
function splitPrecache(text: string): { head: string; entries: { revision: string | null; url: string }[]; tail: string } {
  const at = text.indexOf(PRECACHE_CALL);
  if (at < 0 || text.indexOf(PRECACHE_CALL, at + 1) >= 0) throw new Error('expected one precache list');
  const start = at + PRECACHE_CALL.length - 1;
  const end = jsonValueEnd(text, start);
  if (end < 0) throw new Error('the precache list does not end');
  const entries = JSON.parse(text.slice(start, end)) as { revision: string | null; url: string }[];
  if (!Array.isArray(entries) || entries.some((e) => typeof e?.url !== 'string')) throw new Error('the precache list is not a list of { revision, url }');
  return { head: text.slice(0, start), entries, tail: text.slice(end) };
}

/**
 * One service worker from the same worker built by several shards of a build: the same code, each
 * with the precache list of its own output; the result lists every entry once, sorted as
 * precacheUrls (src/lib/pwa/sw-config.ts) sorts. A difference in the code, or in one file's revision, is an error.
 */
export function mergePrecache(texts: readonly string[]): string {
  const parts = texts.map(splitPrecache);
  const byUrl = new Map<string, { revision: string | null; url: string }>();
  for (const p of parts) {
    if (p.head !== parts[0]!.head || p.tail !== parts[0]!.tail) throw new Error("the worker's code differs between shards");
    for (const e of p.entries) {
      const seen = byUrl.get(e.url);
      if (seen && seen.revision !== e.revision) throw new Error(`${e.url} has two revisions (${seen.revision}, ${e.revision})`);
      byUrl.set(e.url, e);
    }
  }
  const all = [...byUrl.values()];
  const entries = [
    ...all.filter((e) => !APPENDED_PRECACHE_URLS.has(e.url)).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)),
    ...parts[0]!.entries.filter((e) => APPENDED_PRECACHE_URLS.has(e.url)),
  ];
  return `${parts[0]!.head}${JSON.stringify(entries)}${parts[0]!.tail}`;
}

/**
 * The service worker: the same code in every shard, with the precache list of the files each shard
 * wrote (a merged stylesheet, a file of the site part). The merged worker lists every shard's
 * entries once, in the order a single build lists them (src/lib/pwa/sw-config.ts).
 */
export const serviceWorkerRule: MergeRule = {
  name: 'service worker',
  owns: (rel) => rel === SW_FILE,
  merge(shards) {
    const texts = shards.flatMap(({ shard, files }) => {
      const buf = files.get(SW_FILE);
      return buf ? [{ shard, text: buf.toString('utf8') }] : [];
    });
    if (!texts.length) return new Map();
    try {
      return new Map([[SW_FILE, Buffer.from(mergePrecache(texts.map((t) => t.text)))]]);
    } catch (e) {
      throw new MergeError(`${SW_FILE} of shards ${texts.map((t) => t.shard).join(', ')}: ${(e as Error).message} (${PRECACHE_CALL})`);
    }
  },
};

/**
 * Every global output that depends on the rendered pages, with its merge rule. A new build output
 * that differs between shards needs a rule here (docs/build.md, "Sharded builds").
 */
export const MERGE_RULES: MergeRule[] = [
  sitemapRule,
  serviceWorkerRule,
  derivedRule(
    'CDN files',
    (rel) => CDN_DERIVED_FILES.has(rel),
    (dir) => writeCdnFiles(dir).then(() => undefined),
  ),
];

// ---------------------------------------------------------------------------------------------
// The merge

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(relative(root, full).split(sep).join('/'));
    }
  };
  walk(root);
  return out;
}

function readMarker(dir: string): ShardMarker {
  const file = join(dir, SHARD_MARKER);
  if (!existsSync(file)) throw new MergeError(`${dir} is not a shard's output: ${SHARD_MARKER} is missing (build it with --shard K/N)`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new MergeError(`${file} is not valid JSON (${(e as Error).message})`);
  }
  const r = ShardMarkerSchema.safeParse(raw);
  if (!r.success) throw new MergeError(`${file}: field '${r.error.issues[0]!.path.join('.')}' ${r.error.issues[0]!.message}`);
  return r.data;
}

/**
 * Checks that the folders are shards 1..N of one build, each once (and, for a prepared build, its
 * site part 0 too); returns them in shard order.
 */
export function checkShards(dirs: readonly string[]): { dir: string; marker: ShardMarker }[] {
  if (dirs.length === 0) throw new MergeError('no shard folders given');
  const shards = dirs.map((dir) => ({ dir, marker: readMarker(dir) }));
  const { count, buildTime } = shards[0]!.marker;
  const prepared = shards.some((s) => s.marker.prepared);
  for (const s of shards) {
    if (s.marker.count !== count) throw new MergeError(`${s.dir} is shard ${s.marker.index}/${s.marker.count}, ${shards[0]!.dir} is of ${count} shards`);
    if (s.marker.buildTime !== buildTime) throw new MergeError(`${s.dir} was built with BUILD_TIME ${s.marker.buildTime}, ${shards[0]!.dir} with ${buildTime}`);
    if (prepared && !s.marker.prepared)
      throw new MergeError(
        `${s.dir} is a self-contained shard, the others are parts of a prepared build (site part 0/${count} and page shards built with --inputs)`,
      );
  }
  const byIndex = new Map<number, string>();
  for (const s of shards) {
    const twin = byIndex.get(s.marker.index);
    if (twin) throw new MergeError(`${twin} and ${s.dir} are both shard ${s.marker.index}/${count}`);
    byIndex.set(s.marker.index, s.dir);
  }
  const missing = Array.from({ length: count + 1 }, (_, i) => i).filter((i) => (i > 0 || prepared) && !byIndex.has(i));
  if (missing.length) throw new MergeError(`shard(s) ${missing.map((i) => `${i}/${count}`).join(', ')} missing`);
  return shards.sort((a, b) => a.marker.index - b.marker.index);
}

export interface MergeReport {
  shards: number;
  /** Files written by one shard (copied). */
  pages: number;
  /** Files written by every shard, identical (copied once). */
  shared: number;
  /** Files computed by merge rules. */
  merged: number;
}

/** Merges shard folders into `outDir` (which must be empty or missing); throws a MergeError on any disagreement. */
export async function mergeShards(dirs: readonly string[], outDir: string, rules: readonly MergeRule[] = MERGE_RULES): Promise<MergeReport> {
  const shards = checkShards(dirs);
  if (existsSync(outDir) && readdirSync(outDir).length > 0) throw new MergeError(`the output folder ${outDir} is not empty`);
  const writers = new Map<string, number[]>();
  for (let i = 0; i < shards.length; i++) {
    for (const rel of listFiles(shards[i]!.dir)) {
      if (rel === SHARD_MARKER || rel.startsWith(`${SHARD_INPUTS_FOLDER}/`)) continue;
      const w = writers.get(rel);
      if (w) w.push(i);
      else writers.set(rel, [i]);
    }
  }
  const ruled = new Map<MergeRule, ShardFiles[]>(rules.map((r) => [r, shards.map((s) => ({ shard: s.marker.index, files: new Map() }))]));
  const put = (rel: string, write: (target: string) => void) => {
    const target = join(outDir, rel);
    mkdirSync(dirname(target), { recursive: true });
    write(target);
  };
  const report: MergeReport = { shards: shards.length, pages: 0, shared: 0, merged: 0 };
  const names = (idx: number[]) => idx.map((i) => shards[i]!.marker.index).join(', ');
  for (const [rel, idx] of [...writers].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const rule = rules.find((r) => r.owns(rel));
    if (rule) {
      for (const i of idx) ruled.get(rule)![i]!.files.set(rel, readFileSync(join(shards[i]!.dir, rel)));
      continue;
    }
    const source = join(shards[idx[0]!]!.dir, rel);
    if (idx.length === 1 && shards.length > 1) {
      report.pages++;
    } else if (idx.length === shards.length || isBuildAsset(rel)) {
      const first = readFileSync(source);
      for (const i of idx.slice(1)) {
        if (!first.equals(readFileSync(join(shards[i]!.dir, rel))))
          throw new MergeError(
            `${rel} differs between shard ${shards[idx[0]!]!.marker.index} and shard ${shards[i]!.marker.index}: a file every shard writes must be the same in each (or have a merge rule in src/lib/build/merge.ts)`,
          );
      }
      report.shared++;
    } else {
      throw new MergeError(`${rel} is written by shard(s) ${names(idx)} only: a page belongs to one shard, a shared file to all ${shards.length}`);
    }
    put(rel, (target) => copyFileSync(source, target, constants.COPYFILE_FICLONE));
  }
  for (const [rule, parts] of ruled) {
    for (const [rel, buf] of rule.merge(parts)) {
      put(rel, (target) => writeFileSync(target, buf));
      report.merged++;
    }
  }
  for (const rule of rules) await rule.finish?.(outDir);
  return report;
}
