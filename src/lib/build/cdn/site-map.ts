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
import { wholeCatalogueFileKeys } from '../cache-keys';

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
 * The files' names with their keys (../cache-keys.ts wholeCatalogueFileKeys): the rules and tags read
 * every product (routes, aliases, discontinued ones, listings) and of the CMS pages only which routes
 * there are (a content page's tag is its path), so a CMS page's text does not work them out again
 * (seconds at 100,000 products).
 */
export const edgeFileKeys = (): [string, string][] => wholeCatalogueFileKeys('cdn-files', edgeFiles);
