/**
 * The listing of every searchable product per store view, /search-listing.json (format:
 * src/lib/catalog/listing/client.ts): the search results page lists a query's matches from it
 * (src/lib/search/results.ts). Precached with the search index, so the page works offline. When the
 * search index is split (a large catalogue) it holds only the filters and sorts every query shares,
 * and search-listing/[h]/[file].json.ts writes the listing records in buckets (src/lib/search/split-listing.ts).
 */
import type { APIRoute } from 'astro';
import { perStore } from '../../lib/routing/content-routes';
import { searchKeys } from '../../lib/build/cache-keys';
import { wholeSiteOnly } from '../../lib/build/shard';
import { storeSearchListing } from '../../lib/build/search-site-index';

export const prerender = true;

// The search files read the whole catalogue: a prepared build's site part writes them (src/lib/build/shard.ts).
export const getStaticPaths = () => wholeSiteOnly(() => perStore((storeCode) => [{ params: {}, cacheKey: searchKeys(storeCode).listing }]));

export const GET: APIRoute = ({ props }) => {
  const { listing } = storeSearchListing((props as { storeCode: string }).storeCode);
  return new Response(JSON.stringify(listing), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
