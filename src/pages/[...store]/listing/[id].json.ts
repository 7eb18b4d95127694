/** Per-category listing files, /listing/{categoryId}.json (format: src/lib/catalog/listing/client.ts), read by the category page's script. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { perStore } from '../../../lib/routing/content-routes';
import { listedCategoryIds, listingFile } from '../../../lib/build/listing-file';
import { listingFileKey } from '../../../lib/build/cache-keys';
import { listingFileUrl } from '../../../lib/catalog/urls';
import { shardedFiles } from '../../../lib/build/shard';

export const prerender = true;

// Self-contained shards render their share of the files, by the file's URL; a prepared build's site part all of them (src/lib/build/shard.ts).
export const getStaticPaths = (() =>
  perStore((storeCode) =>
    shardedFiles(listedCategoryIds(), (id) => listingFileUrl(id, storeCode)).map((id) => ({
      params: { id: String(id) },
      cacheKey: listingFileKey(id, storeCode),
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params, props }) => {
  const file = listingFile(Number(params.id), (props as { storeCode: string }).storeCode);
  return new Response(JSON.stringify(file), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
