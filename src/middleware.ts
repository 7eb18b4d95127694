/** Build-time page post-processing that must happen as each page is rendered (so the incremental cache keeps the result). */
import { defineMiddleware } from 'astro:middleware';
import { mergeRenderedPage } from './lib/build/page-css';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!import.meta.env.PROD || !(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const html = mergeRenderedPage(await response.text());
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
});
