/** The search index, written at build time to /search-index.json (format: src/lib/search/types.ts). */
import type { APIRoute } from 'astro';
import { iterateProducts, readAttributes, readCategories, readManifest } from '../lib/snapshot';
import { buildSearchIndex } from '../lib/search/build';

export const prerender = true;

export const GET: APIRoute = () => {
  const file = buildSearchIndex(iterateProducts(), readCategories(), {
    attributes: readAttributes(),
    generatedAt: readManifest().generated_at,
  });
  return new Response(JSON.stringify(file), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
