/**
 * dist/_url-map.json and dist/_url-map-{n}.json: the URL dispatcher's map and product shards
 * (src/lib/routing/url-map.ts), read by the page-not-found page's script (src/lib/routing/dispatcher.ts).
 * (A file name starting with '_' is private in Astro, hence the parameter.)
 */
import type { APIRoute } from 'astro';
import { urlMap } from '../lib/routing/url-map';

export function getStaticPaths() {
  const { shards } = urlMap();
  return [{ params: { urlmap: '_url-map' } }, ...shards.map((_, n) => ({ params: { urlmap: `_url-map-${n}` } }))];
}

export const GET: APIRoute = ({ params }) => {
  const { map, shards } = urlMap();
  const n = /^_url-map-(\d+)$/.exec(params.urlmap ?? '')?.[1];
  const body = n === undefined ? map : shards[Number(n)];
  return new Response(`${JSON.stringify(body)}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
