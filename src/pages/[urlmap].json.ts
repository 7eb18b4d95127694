/**
 * dist/_url-map.json and dist/_url-map-{n}.json: the URL dispatcher's map and product shards
 * (src/lib/routing/url-map.ts), read by the page-not-found page's script (src/lib/routing/dispatcher.ts).
 * (A file name starting with '_' is private in Astro, hence the parameter.)
 */
import type { APIRoute } from 'astro';
import { urlMap } from '../lib/routing/url-map';
import { wholeSiteOnly } from '../lib/build/shard';

export function getStaticPaths() {
  // Made of the whole catalogue: a prepared build's site part writes it (src/lib/build/shard.ts).
  return wholeSiteOnly(() => [{ params: { urlmap: '_url-map' } }, ...urlMap().shards.map((_, n) => ({ params: { urlmap: `_url-map-${n}` } }))]);
}

export const GET: APIRoute = ({ params }) => {
  const { map, shards } = urlMap();
  const n = /^_url-map-(\d+)$/.exec(params.urlmap ?? '')?.[1];
  const body = n === undefined ? map : shards[Number(n)];
  return new Response(`${JSON.stringify(body)}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
