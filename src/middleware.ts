/**
 * Every page as rendered (at build, and by `astro dev`): HTML pages get Astro's island `<style>`
 * in the head instead of the body (src/lib/build/island-styles.ts says why); during a build, the
 * head's stylesheets then become one file (src/lib/build/page-css.ts), here so the incremental
 * cache keeps the final page.
 */
import { defineMiddleware } from 'astro:middleware';
import { hoistIslandStyles } from './lib/build/island-styles';
import { mergeRenderedPage } from './lib/build/page-css';

export const onRequest = defineMiddleware(async (_context, next) => {
  const res = await next();
  if (!(res.headers.get('content-type') ?? '').includes('text/html')) return res;
  const html = await res.text();
  return new Response(mergeRenderedPage(hoistIslandStyles(html)), { status: res.status, statusText: res.statusText, headers: res.headers });
});
