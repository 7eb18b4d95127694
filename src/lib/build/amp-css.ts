/**
 * The AMP pages' one inline stylesheet (`<style amp-custom>`): the hand-minified amp.css and the
 * price's stylesheet shared with the other pages (src/styles/price.css), minified like it. Made once
 * per build: minifying it in the layout ran esbuild once per AMP page (about 10 s of a 10,000-product
 * build). Build time only.
 */
import { transformSync } from 'esbuild';
import ampOwnCss from '../../styles/amp.css?raw';
import priceCss from '../../styles/price.css?raw';

let css: string | undefined;

export function ampCss(): string {
  return (css ??= ampOwnCss + transformSync(priceCss, { loader: 'css', minify: true }).code);
}
