/**
 * dist/_rewrites.json: `[{ from: '^/regex$', to: '/path/' }]`, applied by the shop's server before
 * static lookup: configurable child URLs answer with their parent's page (which preselects the
 * child), and the named product route answers when the URL dispatcher puts pages at url_path.
 * (A file name starting with '_' is private in Astro, hence the parameter.)
 */
import type { APIRoute } from 'astro';
import { rewrites } from '../lib/routing/page-routes';
import { contentRewrites } from '../lib/routing/content-routes';

export function getStaticPaths() {
  return [{ params: { rewrites: '_rewrites' } }];
}

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify([...rewrites(), ...contentRewrites()])}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
