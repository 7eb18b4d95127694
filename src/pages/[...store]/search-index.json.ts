/**
 * The search index of each store view (spec §7: a search index per store), written at build time to
 * /search-index.json, and /de/search-index.json, /it/search-index.json with multistore on: links with
 * the store's prefix, prices in its currency (format: src/lib/search/types.ts). The products are the
 * build's catalogue index, already in memory (the catalogue pages load it), not the shards read again.
 */
import type { APIRoute } from 'astro';
import { readAttributes, readCategories, readManifest } from '../../lib/build/snapshot';
import { buildSearchIndex } from '../../lib/search/build';
import { onePagePerStore } from '../../lib/routing/content-routes';
import { catalog, currencyRate, storeViewOf } from '../../lib/routing/routes';

export const prerender = true;

export const getStaticPaths = onePagePerStore;

export const GET: APIRoute = ({ props }) => {
  const { storeCode } = props as { storeCode: string };
  const file = buildSearchIndex(catalog().products, readCategories(), {
    attributes: readAttributes(),
    generatedAt: readManifest().generated_at,
    storeCode,
    rate: currencyRate(storeViewOf(storeCode)),
  });
  return new Response(JSON.stringify(file), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
