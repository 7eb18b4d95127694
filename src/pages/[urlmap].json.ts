/**
 * dist/_url-map.json and dist/_url-map-{n}.json: the URL dispatcher's map and product shards
 * (src/lib/routing/url-map.ts), read by the page-not-found page's script (src/lib/routing/dispatcher.ts).
 * (A file name starting with '_' is private in Astro, hence the parameter.)
 */
import type { APIRoute } from 'astro';
import { urlMapFiles } from '../lib/routing/url-map';
import { wholeSiteOnly } from '../lib/build/shard';
import { wholeCatalogueFileKeys } from '../lib/build/cache-keys';

export function getStaticPaths() {
  // Made of the whole catalogue: a prepared build's site part writes it (src/lib/build/shard.ts).
  // Keyed by their text, taken again when no product and no content route changed.
  return wholeSiteOnly(() => wholeCatalogueFileKeys('url-map', urlMapFiles).map(([urlmap, key]) => ({ params: { urlmap }, cacheKey: key })));
}

export const GET: APIRoute = ({ params }) =>
  new Response(urlMapFiles().get(params.urlmap ?? '') ?? '', { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
