/**
 * Measures the CDN files a build of the snapshot in SNAPSHOT_DIR (default: the sample) would write,
 * against the deploy targets' limits (src/lib/build/cdn/limits.ts), without building the pages: prints one
 * JSON line `{ products, rules, gone, summary, violations }`. `_headers` is made with ten stand-in
 * inline-script hashes (the pages have six; their number does not grow with the catalogue).
 *   SNAPSHOT_DIR=/tmp/snap-50000 npm exec -- tsx scripts/cdn-limits.ts
 */
import { edgeFiles } from '../src/lib/build/cdn/site-map';
import { formatHeaders, siteHeaderRules } from '../src/lib/build/cdn/headers';
import { ampPrefixes, HEADERS_HEADER, ROUTES_JSON, workerBundle } from '../src/lib/build/cdn/build-files';
import { limitViolations, summarize } from '../src/lib/build/cdn/limits';
import { edgeRules } from '../src/lib/routing/redirects';
import { catalog } from '../src/lib/routing/routes';

const started = performance.now();
const hashes = Array.from({ length: 10 }, (_, i) => `'sha256-${String(i).repeat(43)}='`);
const headers = formatHeaders(siteHeaderRules({ pageHashes: hashes, ampHashes: hashes.slice(0, 2), ampPrefixes: ampPrefixes() }), HEADERS_HEADER);
const files = edgeFiles();
const summary = summarize(files, headers, ROUTES_JSON, null, (await workerBundle()).length);
const rules = edgeRules();
console.log(
  JSON.stringify({
    products: catalog().products.length,
    rules: rules.length,
    moved: rules.filter((r) => r.status === 301).length,
    rewrites: rules.filter((r) => r.status === 200).length,
    gone: rules.filter((r) => r.status === 410).length,
    summary,
    violations: limitViolations(summary),
    ms: Math.round(performance.now() - started),
  }),
);
