/**
 * The search index of each store view (spec §7: a search index per store), written at build time to
 * /search-index.json, and /de/search-index.json, /it/search-index.json with multistore on: links with
 * the store's prefix, prices in its currency (format: src/lib/search/types.ts). The products are the
 * build's catalogue index, already in memory (the catalogue pages load it), not the shards read again.
 * A large catalogue's index is split: this file then holds its statistics and vocabulary, and
 * search-index/[h]/[file].json.ts writes the rest (src/lib/build/search-site-index.ts).
 */
import type { APIRoute } from 'astro';
import { storeSearchFiles } from '../../lib/build/search-site-index';
import { perStore } from '../../lib/routing/content-routes';
import { searchKeys } from '../../lib/build/cache-keys';
import { wholeSiteOnly } from '../../lib/build/shard';

export const prerender = true;

// The search files read the whole catalogue: a prepared build's site part writes them (src/lib/build/shard.ts).
export const getStaticPaths = () => wholeSiteOnly(() => perStore((storeCode) => [{ params: {}, cacheKey: searchKeys(storeCode).index }]));

export const GET: APIRoute = ({ props }) => {
  const { storeCode } = props as { storeCode: string };
  return new Response(JSON.stringify(storeSearchFiles(storeCode).index), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
