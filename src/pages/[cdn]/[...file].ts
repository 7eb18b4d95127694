/**
 * dist/_cdn/: what CDNs read besides `_headers` (src/lib/build/cdn/): the redirect map's index and buckets
 * (`edge/index.json`, `edge/{n}.json`: the dispatcher's 200/301 rules, the 410s of discontinued
 * products, each page's cache tags) and CloudFront's tag manifest (`cache-tags.json`: each page's
 * tags, sorted by path). (A folder name starting with '_' is private in Astro, hence the parameter.)
 */
import type { APIRoute } from 'astro';
import { edgeFileKeys, edgeFiles } from '../../lib/build/cdn/site-map';
import { wholeSiteOnly } from '../../lib/build/shard';

export function getStaticPaths() {
  // Made of every page's route: a prepared build's site part writes them (src/lib/build/shard.ts).
  // Keyed by their text: a file that did not change is not written again (nor, when no product and
  // no content route changed, worked out again: edgeFileKeys).
  return wholeSiteOnly(() => edgeFileKeys().map(([file, key]) => ({ params: { cdn: '_cdn', file }, cacheKey: key })));
}

export const GET: APIRoute = ({ params }) =>
  new Response(edgeFiles().get(params.file ?? '') ?? '', { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
