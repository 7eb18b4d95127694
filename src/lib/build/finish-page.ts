/**
 * A rendered HTML page as the site serves it (src/middleware.ts): Astro's island `<style>` in the
 * head (./island-styles.ts), during a build the head's stylesheets as one file (./page-css.ts), and
 * in production builds the module scripts started after the first paint (./page-scripts.ts).
 *
 * Worked on as the bytes Astro rendered, never decoded as UTF-8 and encoded again: the page is read as
 * Latin-1, one character per byte, so the rules' string functions see each byte as one character and
 * their output turns back into the same bytes. That holds because every pattern they look for is
 * ASCII and every text they insert is ASCII (a tag, an asset's URL, the loader); the inline CSS they
 * move into a stylesheet file is decoded as UTF-8 on its way (`decodeInline`). Decoding every page,
 * then encoding the rewritten text for its Response, cost a 50,000-product build about 6 % of its time
 * (the Response's text checked for lone surrogates and encoded, byte by byte, for each of 80,000 pages).
 */
import { hoistIslandStyles } from './island-styles';
import { mergeRenderedPage } from './page-css';
import { deferPageScripts, pageScriptLoader } from './page-scripts';

/** Inline CSS taken from a page read as Latin-1, as the text it is (UTF-8). */
const decodeInline = (latin1: string): string => Buffer.from(latin1, 'latin1').toString('utf8');

/** Only ASCII: what a rule inserts must be, to come out of a Latin-1 string as the same bytes. */
const ASCII = /^[^\u0080-\uffff]*$/;

/**
 * The page's bytes as served: `prod` (a production build) starts its scripts after the first paint;
 * `env` tells a build where merged stylesheets go (none: the dev server, which leaves them).
 */
export function finishPage(page: Uint8Array<ArrayBuffer>, prod: boolean, env: Record<string, string | undefined> = process.env): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const text = bytes.toString('latin1');
  let html = mergeRenderedPage(hoistIslandStyles(text), env, decodeInline);
  if (prod) {
    if (!ASCII.test(pageScriptLoader())) throw new Error('the page script loader is not ASCII: it cannot be put in a page read as Latin-1');
    html = deferPageScripts(html);
  }
  return html === text ? page : Buffer.from(html, 'latin1');
}
