/**
 * The last step of a build (astro:build:done, after the service worker is written; also run on a
 * merged folder of a sharded build, which gives the same bytes): writes into the site folder what a
 * CDN needs besides the pages and the redirect map (`_cdn/edge/`, written by the build itself):
 * - `_headers`: the headers of every answer (./headers.ts), the CSP allowing the inline scripts found
 *   in the pages by their hashes;
 * - `_worker.js` (./worker.ts bundled) and `_routes.json` (hashed assets skip it): Cloudflare Pages;
 * - `_cdn/files.json`: a digest of every file, which the next build's deploy plan compares with;
 * - `_cdn/deploy-plan.json` when the build before is given (./deploy-plan.ts).
 * Every file is made from sorted inputs: the same folder gives the same bytes. Build time only.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { enabledStoreViews } from '../../config';
import { envOverrides } from '../../config/schema';
import { localizedPath } from '../../catalog/urls';
import { formatHeaders, siteHeaderRules } from './headers';
import { BUILD_CONFIG_FILE, byName, DEPLOY_PLAN, deployPlan, FILES_MANIFEST, filesManifestSchema, type DeployPlan, type FilesManifest } from './deploy-plan';
import { parseTagManifest, TAG_MANIFEST, type TagManifest } from './tag-manifest';
import { readHeld } from '../held-json';
import { FileScans, type FileScan } from './file-scans';
import { fileIdentity } from '../file-identity';
import { storeRoots } from './store-roots';
import { openTree } from '../render/overlay';
import { phaseTimer } from '../phases';

/** The files of a folder, relative and sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const e of readdirSync(join(dir, sub), { withFileTypes: true }).sort((a, b) => byName(a.name, b.name))) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (e.isFile()) out.push(rel);
    }
  };
  walk('');
  return out;
}

/** What a page needs of the CDN step: the hashed assets it links and its inline scripts' hashes. */
export interface PageScan {
  /** The hashed assets (`_astro/…`) the page links: scripts, module preloads, islands' component and renderer URLs, stylesheets. */
  assets: string[];
  /**
   * The sha256 sources of the page's inline scripts (`'sha256-…'`), as a CSP names them. Scripts with a
   * `src` and data blocks (JSON-LD, application/json) are not executed inline and need none.
   */
  inlineHashes: string[];
}

/** `<script` (a tag, not `<scripts`), or a quoted or url() link to a hashed asset (its name up to a quote, bracket, space, `?` or `#`). */
const PAGE_TOKENS = /<script(?=[\s/>])|["'(]\/_astro\/([^"'()\t\n\f\r\v ?#]+)/g;

/**
 * One pass over a page's bytes for both: the bytes are read as latin1 (one character a byte, no
 * UTF-8 decoding), so a match's offsets are byte offsets, a script's hash is that of its UTF-8 bytes
 * as the browser computes it, and an asset's name is decoded from its own bytes. Links inside inline
 * scripts count (a hydration script may name a chunk); a `<script` inside a script's text does not.
 * The CDN step runs it on every page (16,500 files at 10,000 products).
 */
export function scanPage(page: Buffer | string): PageScan {
  const buf = typeof page === 'string' ? Buffer.from(page, 'utf8') : page;
  const text = buf.toString('latin1');
  const assets = new Set<string>();
  const hashes = new Set<string>();
  /** Where the last script element ends: a `<script` before it is text inside that script. */
  let scriptEnd = 0;
  const tokens = new RegExp(PAGE_TOKENS);
  for (let m = tokens.exec(text); m; m = tokens.exec(text)) {
    if (m[1] !== undefined) {
      const start = m.index + '"/_astro/'.length;
      assets.add(`_astro/${buf.toString('utf8', start, start + m[1].length)}`);
      continue;
    }
    if (m.index < scriptEnd) continue;
    const tagEnd = text.indexOf('>', m.index + 7);
    if (tagEnd < 0) break;
    const close = text.indexOf('</script', tagEnd);
    if (close < 0) break;
    scriptEnd = close + 8;
    const attrs = text.slice(m.index + 7, tagEnd);
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(buf.subarray(tagEnd + 1, close))
        .digest('base64')}'`,
    );
  }
  return { assets: [...assets], inlineHashes: [...hashes] };
}

/** What the CDN step learns of a file from its bytes: its digest and, for a page (`name` ends in `.html`), its links, inline scripts and whether it is an AMP page. */
export function scanFile(name: string, buf: Buffer): FileScan {
  const digest = digestOf(buf);
  if (!name.endsWith('.html')) return { digest };
  const { assets, inlineHashes } = scanPage(buf);
  return { digest, assets, hashes: inlineHashes, amp: isAmp(buf) };
}

/** The hashed assets a page links (`scanPage`'s `assets`). */
export const linkedAssets = (page: Buffer | string): string[] => scanPage(page).assets;

/** The sha256 sources of a page's inline scripts (`scanPage`'s `inlineHashes`). */
export const inlineScriptHashes = (page: Buffer | string): string[] => scanPage(page).inlineHashes;

/** An AMP page: `<html amp` or `<html ⚡` at the top of the file. */
export const isAmp = (buf: Buffer) => /<html\b[^>]*\s(amp|\u26a1)(\s|=|>)/i.test(buf.toString('utf8', 0, Math.min(buf.length, 4096)));

/** Path prefixes of the AMP pages of every store view (`/amp`, `/de/amp`). */
export const ampPrefixes = (): string[] => [...new Set(enabledStoreViews().map((s) => localizedPath('/amp', { storeCode: s.storeCode })))].sort(byName);

/** The header lines of `_headers`. */
export const HEADERS_HEADER = [
  'Headers of every answer, generated by src/lib/build/cdn/build-files.ts (rules: src/lib/build/cdn/headers.ts).',
  'Read by Cloudflare Pages, Netlify and the shop server (server/static.ts). Every matching rule applies, in order; "! Name" removes.',
];

/** The `_headers` file of these rules. */
export const headersFile = (rules: ReturnType<typeof siteHeaderRules>): string => formatHeaders(rules, HEADERS_HEADER);

/** The Cloudflare Pages routes: hashed assets are served without the edge function. */
export const ROUTES_JSON = `${JSON.stringify({ version: 1, include: ['/*'], exclude: ['/_astro/*'] })}\n`;

/** The Pages worker (./worker.ts) bundled into one ES module, with the store views' homes it keeps a slash on and the build's configuration overrides. */
export async function workerBundle(): Promise<Uint8Array> {
  const out = await build({
    entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    // The worker has no process environment: it reads the build's `PUBLIC_*` overrides from `import.meta.env`, as the pages' bundle does, so its answers are made with the build's settings.
    define: { STORE_ROOTS: JSON.stringify(storeRoots()), 'import.meta.env': JSON.stringify(envOverrides()) },
    write: false,
  });
  return out.outputFiles[0]!.contents;
}

export const digestOf = (body: Uint8Array) => createHash('sha256').update(body).digest('base64url').slice(0, 32);

export interface CdnFilesResult {
  headerRules: number;
  pageHashes: number;
  files: number;
  plan: DeployPlan | null;
  /** Assets pages link that the folder does not hold (a page restored from the cache of a build with other client code). */
  missing: { page: string; asset: string }[];
  /** The pages (relative paths) linking each stylesheet (`_astro/….css`), for the merged stylesheets kept in the cache (../page-css.ts). */
  stylesheetPages: Map<string, string[]>;
  /** The inline script hashes of the pages, and of the AMP pages (`_headers`' CSP sources). */
  hashes: { pageHashes: string[]; ampHashes: string[] };
  /** Where the time went, in ms, and how many files were read (the others were known from the build before, or from their writing). */
  timings: Record<string, number>;
}

/** Reads a build's files manifest (null when the folder has none). */
export function readFilesManifest(dir: string): FilesManifest | null {
  const p = join(dir, FILES_MANIFEST);
  if (!existsSync(p)) return null;
  return readHeld(p, (text) => {
    const r = filesManifestSchema.safeParse(JSON.parse(text));
    if (!r.success) throw new Error(`${p}: not a files manifest: ${r.error.issues[0]?.message}`);
    return r.data;
  });
}

/**
 * A generation's tag manifest (none: no pages tagged). Either folder may be an overlay generation
 * (../render/overlay.ts): its tag manifest may be its parent's. An overlay and the generation before
 * it often hold the same tag manifest file: read once, and held for the next change (../held-json.ts).
 */
export function tagManifestOf(dir: string): TagManifest {
  const file = openTree(dir).file(TAG_MANIFEST);
  return file ? readHeld(file, (text) => parseTagManifest(text, file)) : { version: 1 as const, pages: {} };
}

/**
 * The deploy plan of the folder `after` against the folder `before` (null: a first deploy); written
 * into `after`. `known`: their files manifests when the caller holds them already (an overlay has
 * just read the one and written the other), so neither is read and checked again, and the files
 * that alone can differ between them (deployPlan's `mayDiffer`).
 */
export function writeDeployPlan(
  before: string | null,
  after: string,
  known: { before?: FilesManifest; after?: FilesManifest; mayDiffer?: Iterable<string> } = {},
): DeployPlan {
  const now = known.after ?? readFilesManifest(after);
  if (!now) throw new Error(`${after}: no ${FILES_MANIFEST}: not a finished build`);
  const plan = deployPlan(
    before ? (known.before ?? readFilesManifest(before)) : null,
    now,
    before ? tagManifestOf(before) : null,
    tagManifestOf(after),
    known.mayDiffer,
  );
  writeFileSync(join(after, DEPLOY_PLAN), `${JSON.stringify(plan, null, 1)}\n`);
  return plan;
}

/** The files this step writes from the whole folder (a sharded build's merge writes them again on the merged folder). */
export const CDN_DERIVED_FILES: ReadonlySet<string> = new Set(['_headers', '_routes.json', '_worker.js', BUILD_CONFIG_FILE, FILES_MANIFEST, DEPLOY_PLAN]);

/**
 * Writes the CDN files of a finished site folder; `before` is the folder of the build before, for the
 * deploy plan; `scans` what the build before learnt of its files (./file-scans.ts): a file that is
 * still the same file is not read again.
 */
export async function writeCdnFiles(dir: string, before: string | null = null, scans: FileScans = FileScans.none()): Promise<CdnFilesResult> {
  // One read of each new file: its digest, and one scan of a page for its links and inline scripts.
  const timings: Record<string, number> = {};
  const lap = phaseTimer(timings);
  let read = 0;
  const pageHashes = new Set<string>();
  const ampHashes = new Set<string>();
  const files: Record<string, string> = {};
  // Only the links to assets the folder lacks are kept: every page's every link (about a million at
  // 10,000 products) held to the end took the build out of its heap.
  const names = listFiles(dir);
  lap('list');
  const present = new Set(names);
  const links: [page: string, asset: string][] = [];
  const stylesheetPages = new Map<string, string[]>();
  for (const f of names) {
    if (CDN_DERIVED_FILES.has(f)) continue;
    const path = join(dir, f);
    // Listed a moment ago: a file gone since fails on its read below.
    const identity = fileIdentity(path) ?? path;
    let scan = scans.take(identity);
    if (!scan) {
      read++;
      scan = scanFile(f, readFileSync(path));
    }
    scans.set(identity, scan);
    files[f] = scan.digest;
    if (!f.endsWith('.html')) continue;
    for (const a of scan.assets ?? []) {
      if (a.endsWith('.css')) {
        const pages = stylesheetPages.get(a);
        if (pages) pages.push(f);
        else stylesheetPages.set(a, [f]);
      }
      if (!present.has(a)) links.push([f, a]);
    }
    for (const h of scan.hashes ?? []) (scan.amp ? ampHashes : pageHashes).add(h);
  }
  lap('scan');
  timings.read = read;
  scans.save();
  lap('keep scans');
  const rules = siteHeaderRules({ pageHashes: [...pageHashes], ampHashes: [...ampHashes], ampPrefixes: ampPrefixes() });
  mkdirSync(join(dir, '_cdn'), { recursive: true });
  const written: [string, string | Uint8Array][] = [
    ['_headers', headersFile(rules)],
    ['_routes.json', ROUTES_JSON],
    ['_worker.js', await workerBundle()],
    [BUILD_CONFIG_FILE, `${JSON.stringify({ version: 1, overrides: envOverrides() })}\n`],
  ];
  for (const [name, body] of written) {
    writeFileSync(join(dir, name), body);
    files[name] = digestOf(Buffer.from(body));
  }
  lap('headers and worker');
  const sortedFiles = Object.fromEntries(Object.entries(files).sort(([a], [b]) => byName(a, b)));
  writeFileSync(join(dir, FILES_MANIFEST), `${JSON.stringify({ version: 1, files: sortedFiles } satisfies FilesManifest)}\n`);
  lap('manifest');
  const plan = before && existsSync(join(before, FILES_MANIFEST)) ? writeDeployPlan(before, dir) : null;
  if (plan) lap('deploy plan');
  const missing = links.filter(([, asset]) => !(asset in files)).map(([page, asset]) => ({ page, asset }));
  const hashes = { pageHashes: [...pageHashes], ampHashes: [...ampHashes] };
  return { headerRules: rules.length, pageHashes: pageHashes.size, files: Object.keys(files).length, plan, missing, stylesheetPages, hashes, timings };
}
