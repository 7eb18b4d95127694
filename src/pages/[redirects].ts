/**
 * dist/_redirects: the URL dispatcher's permanent redirects in the format CDNs read
 * (src/lib/routing/redirects.ts), applied by the shop's server too (server/static.ts).
 * (A file name starting with '_' is private in Astro, hence the parameter.)
 */
import type { APIRoute } from 'astro';
import { REDIRECTS_HEADER, redirectRules } from '../lib/routing/redirects';
import { formatRedirects } from '../lib/routing/redirect-rules';

export function getStaticPaths() {
  return [{ params: { redirects: '_redirects' } }];
}

export const GET: APIRoute = () =>
  new Response(formatRedirects(redirectRules(), REDIRECTS_HEADER), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
