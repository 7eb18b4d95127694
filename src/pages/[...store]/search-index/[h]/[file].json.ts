/**
 * The files of a split search index (a large catalogue, docs/search.md "At scale"):
 * /search-index/{h}/p-{i}.json (postings) and /search-index/{h}/d-{i}.json (records), per store view,
 * and /search-index/{h}/bundle-{i}.json, the same files in bundles for the offline warming; {h} is the
 * folder of the file's part (src/lib/search/bundles.ts).
 * None when the index is whole (src/lib/build/search-site-index.ts decides).
 */
import type { APIRoute } from 'astro';
import { storeSearchFiles } from '../../../../lib/build/search-site-index';
import { perStore } from '../../../../lib/routing/content-routes';
import { wholeSiteOnly } from '../../../../lib/build/shard';
import { searchKeys } from '../../../../lib/build/cache-keys';

export const prerender = true;

export function getStaticPaths() {
  // A prepared build's site part writes the search files (src/lib/build/shard.ts). A file's text is
  // fixed by its path (its folder digests its part of the split, src/lib/search/bundles.ts), so its
  // cache key is its folder: a part that did not change is never rendered again (the persistent
  // renderer and the incremental build would otherwise render every file, 24,000 at 100,000
  // products, on any change). searchKeys takes them from the generation before when no product changed.
  return wholeSiteOnly(() => perStore((storeCode) => (searchKeys(storeCode).indexFiles ?? []).map(([h, file]) => ({ params: { h, file }, cacheKey: h }))));
}

export const GET: APIRoute = ({ props, params }) => {
  const { storeCode } = props as { storeCode: string };
  const { files, bundles } = storeSearchFiles(storeCode);
  const text = files.get(String(params.file)) ?? bundles.get(String(params.file));
  // Every path listed is a file of the split; one not made here (a part that kept its folder) is never asked for.
  if (text === undefined) throw new Error(`search-index/${String(params.h)}/${String(params.file)}.json: not made by this build`);
  return new Response(text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
