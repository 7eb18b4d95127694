/**
 * dist/_gone.json: the URL paths of discontinued products (discontinued = 1), which the shop's
 * server answers with 410, the page-not-found body and `X-Cache-Tags: page-not-found` (§8).
 * (A file name starting with '_' is private in Astro, hence the parameter.) The products come from
 * the build's catalogue index, already in memory: reading the shards again cost 1-2 s per build.
 */
import type { APIRoute } from 'astro';
import { goneUrlsOf } from '../lib/routing/content-routes';
import { catalog } from '../lib/routing/routes';

export function getStaticPaths() {
  return [{ params: { gone: '_gone' } }];
}

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(goneUrlsOf(catalog().products), null, 0)}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
