/**
 * Every page as rendered (at build, and by `astro dev`): HTML pages get Astro's island `<style>`
 * in the head instead of the body (src/lib/build/island-styles.ts says why); during a build, the
 * head's stylesheets then become one file (src/lib/build/page-css.ts), here so the incremental
 * cache keeps the final page. In builds, the page's module scripts start after its first paint
 * (src/lib/build/page-scripts.ts); the dev server keeps Astro's tags, which its module reloading needs.
 * The page's bytes are rewritten as bytes (src/lib/build/finish-page.ts says why).
 */
import { defineMiddleware } from 'astro:middleware';
import { finishPage } from './lib/build/finish-page';

export const onRequest = defineMiddleware(async (_context, next) => {
  const res = await next();
  if (!(res.headers.get('content-type') ?? '').includes('text/html')) return res;
  const page = finishPage(new Uint8Array(await res.arrayBuffer()), import.meta.env.PROD);
  return new Response(page, { status: res.status, statusText: res.statusText, headers: res.headers });
});
