/**
 * The site's response headers as one `_headers` file (the format Cloudflare Pages and Netlify share):
 * the security headers of docs/api.md, the Content-Security-Policy and the cache lifetimes. The build
 * writes it (./build-files.ts); CDNs apply it; the shop's server (server/static.ts) reads the same file
 * and applies it with the same rules, so `npm start` serves what a CDN serves.
 *
 * Matching follows Cloudflare Pages: every rule whose pattern matches the request path applies, in file
 * order; a header set by two rules is joined with ", "; a `! Name` line removes what earlier rules set.
 * The file uses that detach line so that no header is ever joined (a CSP joined with another is two
 * policies, both enforced). Pure: no Node APIs.
 */
import { config } from '../../config';

/** Headers of every answer (pages, files, API): see docs/api.md, Headers. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Legacy twin of frame-ancestors 'none' for old browsers: no page of the shop may be framed.
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  // HTTPS only for a year once a browser has seen the shop over HTTPS (it ignores the header over plain
  // HTTP, so `npm start` on localhost is unaffected). Without includeSubDomains: the shop cannot know
  // every subdomain of the retailer's domain is on HTTPS; docs/deploy.md says how to add it and preload.
  'Strict-Transport-Security': 'max-age=31536000',
};

/** The CSP of everything that is not a page or a script (API JSON): nothing runs, nothing frames it. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Files of public/ every page names in its head (icons, the web app manifest): fetched beside the page's first picture. */
const SHELL_FILES = ['/favicon.svg', '/favicon.ico', '/icons/*', '/manifest.webmanifest'] as const;

/** Hashed build assets: their name changes with their content, so caches keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Pages and every other file: browsers revalidate (ETag) on each use; a CDN keeps them a day, and a
 * deploy purges what changed by tag or path (docs/deploy.md), so an editor's change is live at once.
 */
export const REVALIDATE = 'public, max-age=0, must-revalidate, s-maxage=86400';
/** The service worker script: never from a cache without asking (browsers cap it at a day anyway). */
export const NO_CACHE = 'no-cache';

const origin = (url: string): string | null => {
  try {
    return /^https?:\/\//.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** Origins besides the shop's own that pages and the service worker talk to: the API and the external checkout. */
const connectOrigins = (): string[] => [origin(config.api.baseUrl), origin(config.checkout.externalOrderUrl)].filter((o): o is string => !!o);

/**
 * The CSP of a script answer. It matters only when the script runs as a worker (sw.js): a worker's own
 * fetches (precache, pages, the order queue's API calls) obey the policy of its script's response, so
 * 'none' would stop the service worker from fetching anything.
 */
export function scriptCsp(): string {
  return [
    "default-src 'self'",
    `connect-src 'self'${connectOrigins()
      .map((o) => ` ${o}`)
      .join('')}`,
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The Content-Security-Policy of the site's pages: the inline scripts the build found in them
 * (`'sha256-…'` sources, `inlineScriptHashes` of ./build-files.ts) are allowed by their hash, nothing else inline runs. They are few
 * and made by code, not data (Astro's island loaders, the promo strip, the form guard), so one policy
 * fits every page. AMP pages may also load the AMP runtime.
 */
export function pagePolicy(hashes: readonly string[], amp = false): string {
  const connect = connectOrigins();
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].sort().join(' ')} https://www.googletagmanager.com${amp ? ' https://cdn.ampproject.org' : ''}`.replace(/\s+/g, ' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${connect.map((o) => ` ${o}`).join('')} https://www.googletagmanager.com https://*.google-analytics.com${amp ? ' https://cdn.ampproject.org' : ''}`,
    "media-src 'self' https:",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://www.googletagmanager.com',
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** One rule of a `_headers` file: a path pattern, the headers it removes (`! Name`), then those it sets. */
export interface HeaderRule {
  pattern: string;
  detach: string[];
  set: [string, string][];
}

/** What the site's `_headers` is made from: the inline-script hashes of ordinary pages and of AMP pages. */
export interface SiteHeaderInput {
  pageHashes: readonly string[];
  ampHashes: readonly string[];
  /** Path prefixes of AMP pages (`/amp`, `/de/amp`). */
  ampPrefixes: readonly string[];
}

/**
 * The site's header rules: everything (`/*`) gets the security headers, the page policy and the
 * revalidating lifetime; AMP pages their own policy; hashed assets a year and the script policy; the
 * shell's icons and manifest the non-page policy; the service worker its script policy and no-cache.
 * Well under any CDN's rule limit (Cloudflare Pages: 100).
 */
export function siteHeaderRules(input: SiteHeaderInput): HeaderRule[] {
  const rules: HeaderRule[] = [
    {
      pattern: '/*',
      detach: [],
      set: [...Object.entries(SECURITY_HEADERS), ['Content-Security-Policy', pagePolicy(input.pageHashes)], ['Cache-Control', REVALIDATE]],
    },
  ];
  for (const prefix of [...input.ampPrefixes].sort()) {
    rules.push({ pattern: `${prefix}/*`, detach: ['Content-Security-Policy'], set: [['Content-Security-Policy', pagePolicy(input.ampHashes, true)]] });
  }
  // Build assets: the worker's policy instead of the page's (a module a worker loads runs under its own
  // answer's policy; a stylesheet, font or picture under none), 117 bytes instead of about 900 on each.
  rules.push({
    pattern: '/_astro/*',
    detach: ['Cache-Control', 'Content-Security-Policy'],
    set: [
      ['Cache-Control', IMMUTABLE],
      ['Content-Security-Policy', scriptCsp()],
    ],
  });
  // The shell's icons and manifest are never pages: the policy of every non-page answer (an SVG opened
  // by itself runs nothing).
  for (const pattern of SHELL_FILES) rules.push({ pattern, detach: ['Content-Security-Policy'], set: [['Content-Security-Policy', NON_HTML_CSP]] });
  rules.push({
    pattern: '/sw.js',
    detach: ['Content-Security-Policy', 'Cache-Control'],
    set: [
      ['Content-Security-Policy', scriptCsp()],
      ['Cache-Control', NO_CACHE],
    ],
  });
  return rules;
}

/** Writes rules as a `_headers` file. */
export function formatHeaders(rules: readonly HeaderRule[], header: readonly string[] = []): string {
  const lines = header.map((h) => `# ${h}`);
  for (const r of rules) {
    lines.push(r.pattern, ...r.detach.map((d) => `  ! ${d}`), ...r.set.map(([k, v]) => `  ${k}: ${v}`));
  }
  return `${lines.join('\n')}\n`;
}

/** A `_headers` file that does not read as rules: the line and what is wrong with it. */
export class HeadersFileError extends Error {}

/** Reads a `_headers` file: a pattern line starting with `/`, then indented `Name: value` or `! Name` lines; `#` comments. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trimEnd();
    if (!line.trim() || line.trim().startsWith('#')) return;
    if (!/^\s/.test(line)) {
      if (!line.startsWith('/')) throw new HeadersFileError(`_headers line ${i + 1}: a rule's path must start with '/': ${line}`);
      rules.push({ pattern: line, detach: [], set: [] });
      return;
    }
    const rule = rules.at(-1);
    if (!rule) throw new HeadersFileError(`_headers line ${i + 1}: a header before any path`);
    const t = line.trim();
    if (t.startsWith('!')) {
      rule.detach.push(t.slice(1).trim());
      return;
    }
    const colon = t.indexOf(':');
    if (colon <= 0) throw new HeadersFileError(`_headers line ${i + 1}: expected 'Name: value': ${t}`);
    rule.set.push([t.slice(0, colon).trim(), t.slice(colon + 1).trim()]);
  });
  return rules;
}

const patternRe = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split(/(\*|:[A-Za-z]\w*)/)
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') && part.length > 1 ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );

/** Rules ready for matching: `headersFor(path)` gives the headers of a path (names as the file writes them). */
export class HeaderTable {
  private compiled: { re: RegExp; rule: HeaderRule }[];
  constructor(rules: readonly HeaderRule[]) {
    this.compiled = rules.map((rule) => ({ re: patternRe(rule.pattern), rule }));
  }

  headersFor(path: string): [string, string][] {
    const out = new Map<string, [string, string]>();
    for (const { re, rule } of this.compiled) {
      if (!re.test(path)) continue;
      for (const d of rule.detach) out.delete(d.toLowerCase());
      for (const [k, v] of rule.set) {
        const had = out.get(k.toLowerCase());
        out.set(k.toLowerCase(), [k, had ? `${had[1]}, ${v}` : v]);
      }
    }
    return [...out.values()];
  }
}
