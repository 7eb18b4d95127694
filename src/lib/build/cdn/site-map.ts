/**
 * The files of dist/_cdn/ made from the snapshot during the build ("[cdn]/[...file].ts"): the redirect
 * map (./edge-map.ts) of the dispatcher's rules and the pages' tags, and CloudFront's tag manifest.
 * Build time only.
 */
import { once } from '../../routing/routes';
import { edgeRules } from '../../routing/redirects';
import { pageTagMap } from '../cache-tags';
import { buildEdgeMap, EDGE_INDEX, bucketFile } from './edge-map';
import { tagManifest } from './tag-manifest';
import { config } from '../../config';
import { catchAllRoutes } from '../../routing/page-routes';
import { goneContentUrls, storeParams } from '../../routing/content-routes';
import { reuseOrCompute } from '../key-reuse';
import { digest } from '../cache-keys';

const rel = (file: string, dir: string) => file.slice(dir.length + 1);

/** The files by their path under `_cdn/` (`edge/index.json`, `edge/0.json`, …, `cache-tags.json`). */
export const edgeFiles = once((): Map<string, string> => {
  const tags = pageTagMap();
  const { index, buckets } = buildEdgeMap(edgeRules(), tags);
  const out = new Map<string, string>();
  const under = '_cdn';
  out.set(rel(EDGE_INDEX, under), `${JSON.stringify(index)}\n`);
  buckets.forEach((b, i) => out.set(rel(bucketFile(i), under), `${JSON.stringify(b)}\n`));
  out.set('cache-tags.json', tagManifest(tags));
  return out;
});

/**
 * The files' names with their keys (their text's digest), as [name, key] pairs. Taken from the
 * generation before (../key-reuse.ts) when no product changed and the content routes did not: the
 * rules and tags read every product (routes, aliases, discontinued ones, listings), and of the CMS
 * pages only which routes there are (a content page's tag is its path), so a CMS paragraph does not
 * work them out again (seconds at 100,000 products). Any other snapshot file changed computes them.
 */
export function edgeFileKeys(): [string, string][] {
  const content = catchAllRoutes()
    .filter((r) => r.kind === 'content')
    .map((r) => [r.path, r.key, r.storeCode]);
  const stores = storeParams();
  const base = digest('cdn', config, stores, content, goneContentUrls());
  const keys = reuseOrCompute('cdn-files', stores[0]?.storeCode ?? config.storeViews.default.storeCode, base, () => ({
    keys: [...edgeFiles()].flatMap(([file, text]) => [file, digest(text)]),
    deps: { all: true },
  }));
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < keys.length; i += 2) out.push([keys[i]!, keys[i + 1]!]);
  return out;
}
