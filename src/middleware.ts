/**
 * Every page as rendered (at build, and by `astro dev`): HTML pages get Astro's island `<style>`
 * in the head instead of the body (src/lib/build/island-styles.ts says why); during a build, the
 * head's stylesheets then become one file (src/lib/build/page-css.ts), here so the incremental
 * cache keeps the final page. In builds, the page's module scripts start after its first paint
 * (src/lib/build/page-scripts.ts); the dev server keeps Astro's tags, which its module reloading needs.
 */
import { defineMiddleware } from 'astro:middleware';
import { hoistIslandStyles } from './lib/build/island-styles';
import { mergeRenderedPage } from './lib/build/page-css';
import { deferPageScripts } from './lib/build/page-scripts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const res = await next();
  if (!(res.headers.get('content-type') ?? '').includes('text/html')) return res;
  const html = mergeRenderedPage(hoistIslandStyles(await res.text()));
  return new Response(import.meta.env.PROD ? deferPageScripts(html) : html, { status: res.status, statusText: res.statusText, headers: res.headers });
});
