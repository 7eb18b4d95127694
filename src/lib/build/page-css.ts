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
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** A stylesheet Astro put in a page's head: a linked build asset or an inline block without attributes. */
const HEAD_CSS = /<link rel="stylesheet" href="(\/_astro\/[^"<>]+\.css)"\s*\/?>|<style>([^<]*)<\/style>/g;

export interface MergedCss {
  html: string;
  /** The merged file, when the page had two stylesheets or more: its path under the site root and its text. */
  file?: { href: string; css: string };
}

/**
 * The page with one stylesheet in place of the head's stylesheets, and that stylesheet's CSS.
 * `readCss` gives a linked file's text by its href. A page with fewer than two stylesheets, or an
 * inline block with a relative url() (it would resolve against another folder once moved), is left as it is.
 */
export function mergePageCss(html: string, readCss: (href: string) => string, memo?: Map<string, MergedCss['file'] | null>): MergedCss {
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
    file = mergedFile(found, readCss);
    if (key !== undefined) memo!.set(key, file);
  }
  if (file === null) return { html };
  const { href } = file;
  let i = 0;
  const merged = head.replace(HEAD_CSS, () => (i++ === 0 ? `<link rel="stylesheet" href="${href}">` : ''));
  return { html: merged + html.slice(headEnd), file };
}

/** The one file for a head's stylesheets; null when one of them must stay where it is (an inline block with a relative url()). */
function mergedFile(found: RegExpMatchArray[], readCss: (href: string) => string): { href: string; css: string } | null {
  const parts: string[] = [];
  for (const m of found) {
    if (m[1] !== undefined) parts.push(readCss(m[1]));
    else {
      const css = m[2]!;
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
 * Drops from the store the merged files no page of the finished build links (`linked`: the site's
 * `_astro/…` paths its pages link, found by the CDN step): a code change gives new merged files and
 * re-renders the pages that linked the old ones, which the store would otherwise keep, and copy into
 * every later build, for good. Returns the names dropped.
 */
export function prunePageCss(cacheDir: string, linked: ReadonlySet<string>): string[] {
  const store = pageCssStore(cacheDir);
  if (!existsSync(store)) return [];
  const dropped = readdirSync(store).filter((name) => !linked.has(`_astro/${name}`));
  for (const name of dropped) rmSync(join(store, name), { force: true });
  return dropped;
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

/** Merges a rendered page's stylesheets during a build (no-op in the dev server). */
export function mergeRenderedPage(html: string, env: Record<string, string | undefined> = process.env): string {
  const raw = env[ENV];
  if (!raw) return html;
  const dirs = JSON.parse(raw) as Dirs;
  const read = (href: string) => {
    let css = sources.get(href);
    if (css === undefined) sources.set(href, (css = readFileSync(join(dirs.readDir ?? dirs.outDir, href), 'utf8')));
    return css;
  };
  const r = mergePageCss(html, read, mergedByCombination);
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

/** The integration: points the middleware at the build's folders, then restores merged files the restored pages link. */
export function pageCss(): AstroIntegration {
  let dirs: Dirs | undefined;
  return {
    name: 'pj-page-css',
    hooks: {
      'astro:config:done': ({ config }) => {
        dirs = { outDir: fileURLToPath(config.outDir), keepDir: pageCssStore(fileURLToPath(config.cacheDir)) };
      },
      'astro:build:start': () => {
        if (dirs) process.env[ENV] = JSON.stringify(dirs);
      },
      'astro:build:done': ({ dir }) => {
        if (!dirs || !existsSync(dirs.keepDir)) return;
        const out = join(fileURLToPath(dir), '_astro');
        mkdirSync(out, { recursive: true });
        // A page restored from the incremental cache links the merged file of the build that rendered it
        for (const name of readdirSync(dirs.keepDir)) if (!existsSync(join(out, name))) copyFileSync(join(dirs.keepDir, name), join(out, name));
      },
    },
  };
}
