/**
 * The listing of every searchable product per store view, /search-listing.json (format:
 * src/lib/catalog/listing/client.ts): the search results page lists a query's matches from it
 * (src/lib/search/results.ts). Precached with the search index, so the page works offline.
 */
import type { APIRoute } from 'astro';
import { onePagePerStore } from '../../lib/routing/content-routes';
import { searchListingFile } from '../../lib/catalog/listing/file';

export const prerender = true;

export const getStaticPaths = onePagePerStore;

export const GET: APIRoute = ({ props }) => {
  const file = searchListingFile((props as { storeCode: string }).storeCode);
  return new Response(JSON.stringify(file), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
