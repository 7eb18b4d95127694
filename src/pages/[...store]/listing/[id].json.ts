/** Per-category listing files, /listing/{categoryId}.json (format: src/lib/listing/client.ts), read by the category page's script. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { perStore } from '../../../lib/routing/content-routes';
import { listedCategoryIds, listingFile } from '../../../lib/listing/file';
import { listingFileKey } from '../../../lib/build/cache-keys';

export const prerender = true;

export const getStaticPaths = (() =>
  perStore((storeCode) => listedCategoryIds().map((id) => ({ params: { id: String(id) }, cacheKey: listingFileKey(id, storeCode) })))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params, props }) => {
  const file = listingFile(Number(params.id), (props as { storeCode: string }).storeCode);
  return new Response(JSON.stringify(file), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
