/**
 * The AMP pages' one inline stylesheet (`<style amp-custom>`): the hand-minified amp.css and the
 * price's stylesheet shared with the other pages (src/styles/price.css), minified like it. Made once
 * per build: minifying it in the layout ran esbuild once per AMP page (about 10 s of a 10,000-product
 * build). The layout passes the two files' text (Vite's `?raw`). Build time only.
 */
import { transformSync } from 'esbuild';

let last: { own: string; price: string; css: string } | undefined;

export function ampCss(own: string, price: string): string {
  if (last?.own !== own || last.price !== price) last = { own, price, css: own + transformSync(price, { loader: 'css', minify: true }).code };
  return last.css;
}
