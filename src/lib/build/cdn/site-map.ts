/**
 * The files of dist/_cdn/ made from the snapshot during the build ("[cdn]/[...file].ts"): the redirect
 * map (./edge-map.ts) of the dispatcher's rules and the pages' tags, and CloudFront's tag manifest.
 * Build time only.
 */
import { createHash } from 'node:crypto';
import { once } from '../../routing/routes';
import { edgeRules } from '../../routing/redirects';
import { keepTagsAsBefore, pageTagMap, tagsAsBefore } from '../cache-tags';
import { buildEdgeMap, EDGE_INDEX, bucketFile } from './edge-map';
import { tagManifest } from './tag-manifest';
import { everyProductDigest, routesAsBefore, wholeCatalogueFileKeys } from '../cache-keys';

const rel = (file: string, dir: string) => file.slice(dir.length + 1);

/** Every page's cache tags (read for the files' key, then for the files when they are worked out). */
const tagMap = once(pageTagMap);

/** The files by their path under `_cdn/` (`edge/index.json`, `edge/0.json`, …, `cache-tags.json`). */
export const edgeFiles = once((): Map<string, string> => {
  const tags = tagMap();
  const { index, buckets } = buildEdgeMap(edgeRules(), tags);
  const out = new Map<string, string>();
  const under = '_cdn';
  out.set(rel(EDGE_INDEX, under), `${JSON.stringify(index)}\n`);
  buckets.forEach((b, i) => out.set(rel(bucketFile(i), under), `${JSON.stringify(b)}\n`));
  out.set('cache-tags.json', tagManifest(tags));
  return out;
});

/**
 * The files' names with their keys (../cache-keys.ts wholeCatalogueFileKeys): the rules read of the
 * products only their routes, and of the CMS pages only which routes there are (a content page's tag is
 * its path); the tags, which read listings and related products, are in the key as they are now (each
 * page's taken again when none of its records changed, ../cache-tags.ts). So neither a CMS page's text
 * nor a price that changes no page's tags works the rules and the map out again (seconds at 100,000
 * products).
 */
export const edgeFileKeys = (): [string, string][] => wholeCatalogueFileKeys('cdn-files', edgeFiles, tagMapKey);

/**
 * A digest of every page's path and tags, in path order: taken again when no product changed, or when
 * the routes and every tag list a changed product reaches are as before (a price, mostly). When no
 * product changed, no tag list is asked for: those before are kept for the next change, which
 * compares only the lists it reaches.
 */
const tagMapKey = once(() => {
  let asked = false;
  const key = everyProductDigest(
    'cdn-tags',
    () => {
      asked = true;
      const h = createHash('sha256');
      for (const [path, tags] of tagMap()) h.update(`${path}\u0000${tags.join(' ')}\n`);
      return h.digest('base64url');
    },
    () => {
      asked = true;
      return routesAsBefore() && tagsAsBefore();
    },
  );
  if (!asked) keepTagsAsBefore();
  return key;
});
