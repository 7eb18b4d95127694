/**
 * Every page as rendered (at build, and by `astro dev`): HTML pages get Astro's island `<style>`
 * in the head instead of the body (src/lib/build/island-styles.ts says why).
 */
import { defineMiddleware } from 'astro:middleware';
import { hoistIslandStyles } from './lib/build/island-styles';

export const onRequest = defineMiddleware(async (_context, next) => {
  const res = await next();
  if (!(res.headers.get('content-type') ?? '').includes('text/html')) return res;
  const html = await res.text();
  return new Response(hoistIslandStyles(html), { status: res.status, statusText: res.statusText, headers: res.headers });
});
