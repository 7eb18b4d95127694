/**
 * What the CDN step (./build-files.ts) learns of one file: its digest and, for a page, the hashed
 * assets it links, its inline scripts' hashes and whether it is an AMP page. Only Node builtins and
 * no TypeScript beyond types, so the scan worker (./scan-worker.mjs) loads this file as it is
 * (Node's type stripping) while the pages are rendered. Build time only.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** One file as the CDN step saw it: its digest and, for a page, its links and inline scripts. */
export interface FileScan {
  digest: string;
  assets?: string[];
  hashes?: string[];
  amp?: boolean;
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

/** The hashed assets a page links (`scanPage`'s `assets`). */
export const linkedAssets = (page: Buffer | string): string[] => scanPage(page).assets;

/** The sha256 sources of a page's inline scripts (`scanPage`'s `inlineHashes`). */
export const inlineScriptHashes = (page: Buffer | string): string[] => scanPage(page).inlineHashes;

/** An AMP page: `<html amp` or `<html ⚡` at the top of the file. */
export const isAmp = (buf: Buffer) => /<html\b[^>]*\s(amp|\u26a1)(\s|=|>)/i.test(buf.toString('utf8', 0, Math.min(buf.length, 4096)));

export const digestOf = (body: Uint8Array) => createHash('sha256').update(body).digest('base64url').slice(0, 32);

/** A file's identity: the same as in an earlier build only if it is the same file, unchanged since. */
export function fileIdentity(path: string): string {
  const s = statSync(path, { bigint: true });
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`;
}

/** Reads a file of the site folder (`name`: its path in the folder, which says whether it is a page) and scans it. */
export function scanFile(path: string, name: string = path): FileScan {
  const buf = readFileSync(path);
  const digest = digestOf(buf);
  if (!name.endsWith('.html')) return { digest };
  const { assets, inlineHashes } = scanPage(buf);
  return { digest, assets, hashes: inlineHashes, amp: isAmp(buf) };
}
