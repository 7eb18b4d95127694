/**
 * One stylesheet per page. Astro links one file per component's CSS (the product page had ten,
 * each a render-blocking request) and inlines the small ones as `<style>` blocks between them.
 * As each page is rendered, `mergePageCss` replaces every stylesheet of its `<head>` (linked
 * `/_astro/*.css` files and plain `<style>` blocks) by one file holding the same CSS in the same
 * order, so the cascade is unchanged; the file is named by its content, so pages that share their
 * stylesheets share the file (and the browser's cache). The middleware (src/middleware.ts) calls it
 * during builds; the integration `pageCss` (below) tells it where the build writes, and keeps the
 * merged files of earlier builds for the pages an incremental build restores instead of rendering.
 * Build time only (node:fs, node:crypto).
 */
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { z } from 'zod';

/** A stylesheet Astro put in a page's head: a linked build asset or an inline block without attributes. */
const HEAD_CSS = /<link rel="stylesheet" href="(\/_astro\/[^"<>]+\.css)"\s*\/?>|<style>([^<]*)<\/style>/g;

export interface MergedCss {
  html: string;
  /** The merged file, when the page had two stylesheets or more: its path under the site root and its text. */
  file?: { href: string; css: string };
}

/**
 * The page with one stylesheet in place of the head's stylesheets, and that stylesheet's CSS.
 * `readCss` gives a linked file's text by its href, `decodeInline` an inline block's as text (a page
 * read as Latin-1 bytes, ./finish-page.ts, decodes it as UTF-8). A page with fewer than two stylesheets, or an
 * inline block with a relative url() (it would resolve against another folder once moved), is left as it is.
 */
export function mergePageCss(
  html: string,
  readCss: (href: string) => string,
  memo?: Map<string, MergedCss['file'] | null>,
  decodeInline: (css: string) => string = (css) => css,
): MergedCss {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return { html };
  const head = html.slice(0, headEnd);
  const found = [...head.matchAll(HEAD_CSS)];
  if (found.length < 2) return { html };
  // Pages with the same stylesheets (linked files are named by their content) share one merged file:
  // it is made, and its CSS hashed, once per combination, not once per page.
  const key = memo && found.map((m) => m[0]).join('\0');
  let file = key === undefined ? undefined : memo!.get(key);
  if (file === undefined) {
    file = mergedFile(found, readCss, decodeInline);
    if (key !== undefined) memo!.set(key, file);
  }
  if (file === null) return { html };
  const { href } = file;
  let i = 0;
  const merged = head.replace(HEAD_CSS, () => (i++ === 0 ? `<link rel="stylesheet" href="${href}">` : ''));
  return { html: merged + html.slice(headEnd), file };
}

/** The one file for a head's stylesheets; null when one of them must stay where it is (an inline block with a relative url()). */
function mergedFile(found: RegExpMatchArray[], readCss: (href: string) => string, decodeInline: (css: string) => string): { href: string; css: string } | null {
  const parts: string[] = [];
  for (const m of found) {
    if (m[1] !== undefined) parts.push(readCss(m[1]));
    else {
      const css = decodeInline(m[2]!);
      if (/url\(\s*['"]?(?![a-z]+:|\/|#)/i.test(css)) return null;
      parts.push(css);
    }
  }
  const css = parts.map((p) => p.trim()).join('\n');
  const href = `/_astro/page.${createHash('sha256').update(css).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x')}.css`;
  return { href, css };
}

/** The merged files of every build with this cache folder (`cacheDir`), for the pages an incremental build restores. */
export const pageCssStore = (cacheDir: string): string => join(cacheDir, 'page-css');

/**
 * Beside the store: which pages of the last finished build linked each of its files (written with the
 * store's pruning, read when the next build restores pages).
 */
export const pageCssLinksFile = (cacheDir: string): string => join(cacheDir, 'page-css-links.json');

const LinksSchema = z.object({ version: z.literal(1), pages: z.record(z.string(), z.array(z.string())) });

/**
 * Drops from the store the merged files no page of the finished build links, and records the pages
 * that link each file kept (`stylesheetPages`: each stylesheet's `_astro/…` path and the pages that
 * link it, found by the CDN step). A code change gives new merged files and re-renders the pages that
 * linked the old ones, which the store would otherwise keep, and copy into every later build, for
 * good. Returns the names dropped.
 */
export function prunePageCss(cacheDir: string, stylesheetPages: ReadonlyMap<string, readonly string[]>): string[] {
  const store = pageCssStore(cacheDir);
  if (!existsSync(store)) return [];
  const pages: Record<string, string[]> = {};
  const dropped: string[] = [];
  for (const name of readdirSync(store)) {
    const linking = stylesheetPages.get(`_astro/${name}`);
    if (linking?.length) pages[name] = [...linking];
    else {
      rmSync(join(store, name), { force: true });
      dropped.push(name);
    }
  }
  const file = pageCssLinksFile(cacheDir);
  writeFileSync(`${file}.tmp`, JSON.stringify({ version: 1, pages } satisfies z.infer<typeof LinksSchema>));
  renameSync(`${file}.tmp`, file);
  return dropped;
}

/** Whether the page at `path` links `href` in its head (false when there is no such page). Reads up to the head's end only. */
function headLinks(path: string, href: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const chunk = Buffer.alloc(16 * 1024);
    let head = '';
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      head += chunk.toString('latin1', 0, n);
      const end = head.indexOf('</head>');
      if (end >= 0) return head.slice(0, end).includes(`href="${href}"`);
    }
    return head.includes(`href="${href}"`);
  } finally {
    closeSync(fd);
  }
}

/** Which pages linked each stored file at the end of the build before. */
export type PageCssLinks = Record<string, string[]>;

/**
 * The record `prunePageCss` wrote at the end of the build before, taken at a build's start: read,
 * then removed, so that a build stopped before its end leaves no record that its own files are
 * missing from (the next build then copies every stored file). Null when there is none or it is not one.
 */
export function takePageCssLinks(cacheDir: string): PageCssLinks | null {
  const file = pageCssLinksFile(cacheDir);
  if (!existsSync(file)) return null;
  try {
    const parsed = LinksSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data.pages : null;
  } catch {
    return null;
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * The store's merged files to copy into a finished build at `outDir`: those a page this build did not
 * render links (a page restored from the incremental cache links the merged file of the build that
 * rendered it). A page this build rendered links only files this build wrote, which are there already.
 * For each stored file not in the output, the pages that linked it at the end of the build before
 * (`links`) are asked in turn: one this build did not render (`rendered`, Astro's output names) whose
 * head still links the file keeps it. Without a record (no finished build before), or for a file the
 * record does not name, the file is copied: a missing stylesheet breaks a page, a spare one costs bytes.
 */
export function storedCssToCopy(cacheDir: string, outDir: string, links: PageCssLinks | null, rendered: ReadonlySet<string> = new Set()): string[] {
  const store = pageCssStore(cacheDir);
  if (!existsSync(store)) return [];
  const names = readdirSync(store).filter((name) => !existsSync(join(outDir, '_astro', name)));
  if (!links) return names;
  return names.filter((name) => {
    const pages = links[name];
    return !pages || pages.some((page) => !rendered.has(page) && headLinks(join(outDir, page), `/_astro/${name}`));
  });
}

/** Where the running build writes: set by the `pageCss` integration, read by the middleware. */
const ENV = 'PJ_PAGE_CSS';
interface Dirs {
  outDir: string;
  /** The merged files of every build with this cache folder, for restored pages. */
  keepDir: string;
  /** Where the linked component stylesheets are read (default: outDir); the persistent renderer reads the full build's. */
  readDir?: string;
}

const written = new Set<string>();
const sources = new Map<string, string>();
/** The merged file of each combination of stylesheets met in this build (see `mergePageCss`). */
const mergedByCombination = new Map<string, MergedCss['file'] | null>();

/** Merges a rendered page's stylesheets during a build (no-op in the dev server); `decodeInline` as for `mergePageCss`. */
export function mergeRenderedPage(html: string, env: Record<string, string | undefined> = process.env, decodeInline?: (css: string) => string): string {
  const raw = env[ENV];
  if (!raw) return html;
  const dirs = JSON.parse(raw) as Dirs;
  const read = (href: string) => {
    let css = sources.get(href);
    if (css === undefined) sources.set(href, (css = readFileSync(join(dirs.readDir ?? dirs.outDir, href), 'utf8')));
    return css;
  };
  const r = mergePageCss(html, read, mergedByCombination, decodeInline);
  if (r.file && !written.has(r.file.href)) {
    const name = r.file.href.slice('/_astro/'.length);
    mkdirSync(join(dirs.outDir, '_astro'), { recursive: true });
    writeFileSync(join(dirs.outDir, '_astro', name), r.file.css);
    mkdirSync(dirs.keepDir, { recursive: true });
    writeFileSync(join(dirs.keepDir, name), r.file.css);
    written.add(r.file.href);
  }
  return r.html;
}

/**
 * The integration: points the middleware at the build's folders, then copies in the merged files the
 * pages this build restored link. `rendered` gives the output files Astro rendered in this build
 * (./link-restore.ts records them); without it every page's head is read.
 */
export function pageCss(rendered: () => ReadonlySet<string> = () => new Set()): AstroIntegration {
  let dirs: Dirs | undefined;
  let cacheDir = '';
  let links: PageCssLinks | null = null;
  return {
    name: 'pj-page-css',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
        dirs = { outDir: fileURLToPath(config.outDir), keepDir: pageCssStore(cacheDir) };
      },
      'astro:build:start': () => {
        if (!dirs) return;
        process.env[ENV] = JSON.stringify(dirs);
        links = takePageCssLinks(cacheDir);
      },
      'astro:build:done': ({ dir }) => {
        if (!dirs) return;
        const outDir = fileURLToPath(dir);
        const copy = storedCssToCopy(cacheDir, outDir, links, rendered());
        if (!copy.length) return;
        const out = join(outDir, '_astro');
        mkdirSync(out, { recursive: true });
        for (const name of copy) copyFileSync(join(dirs.keepDir, name), join(out, name));
      },
    },
  };
}
