/**
 * Product tiles made from a listing item: copies of the tile a page rendered in its
 * `<template data-tile-template>` (ProductTile, Badge and Price components, with their scoped
 * styles), filled from a listing file item, so a tile made this way is the same markup as a static
 * one. The one tile filler: the browser makes the cells it appends from this markup
 * (src/browser/listing/CategoryTiles.ts) and the server fills the search results page's first
 * screen with it (server/search-page.ts), so theirs cannot drift. The template's prices are the one price
 * markup (src/lib/catalog/price-markup.ts) with {original} and {special} in place of the amounts:
 * only the amounts are written here. Pure (strings in, string out).
 */
import { formatPrice } from '../messages/format';
import { responsiveImage, type ResponsiveImage } from './image-slots';
import type { StoreView } from '../config';
import type { ListingItem } from './listing/client';
import { closeOf, escapeText, findTag, hasClasses, setAttrs, tagName, tokenize, topElements } from './markup';

/** An element of the cell: its start tag's token index and its end tag's (open -1: the template has none). */
type Place = [open: number, close: number];

/** A page's tile template, cut up once: the cell's tokens with the elements a fill rewrites, and the badges and prices. */
export interface TileTemplate {
  cell: readonly string[];
  tile: Place;
  link: Place;
  media: Place;
  badge: Place;
  name: Place;
  price: Place;
  sale: string;
  isNew: string;
  special: readonly string[];
  plain: readonly string[];
}

/** The template's content (its inner markup) cut up; null when it holds no tile cell. */
export function parseTileTemplate(html: string): TileTemplate | null {
  const top = topElements(html);
  const cell = tokenize(top.find((el) => tagName(el) === 'li') ?? '');
  const place = (cls: string, from = 0, to = cell.length): Place => {
    const at = findTag(cell, (t) => hasClasses(t, cls), from, to);
    return [at, at < 0 ? -1 : closeOf(cell, at)];
  };
  const part = (test: (tag: string) => boolean) => top.find((el) => test(el.slice(0, el.indexOf('>') + 1))) ?? '';
  const tile = place('tile');
  if (tile[0] < 0) return null;
  const media = place('tile__media');
  return {
    cell,
    tile,
    media,
    link: place('tile__link'),
    badge: place('tile__badge', media[0] + 1, media[1]),
    name: place('tile__name'),
    price: place('price'),
    sale: part((tag) => hasClasses(tag, 'badge--sale')),
    isNew: part((tag) => hasClasses(tag, 'badge--new')),
    special: tokenize(part((tag) => hasClasses(tag, 'price', 'price--special'))),
    plain: tokenize(part((tag) => hasClasses(tag, 'price') && !hasClasses(tag, 'price--special'))),
  };
}

/** A picture's attributes as the static tile writes them (Img.astro): src, srcset and sizes, the placeholder colour. */
const pictureAttrs = (r: ResponsiveImage, placeholder?: string) => ({
  srcset: r.srcset ?? null,
  sizes: r.srcset ? (r.sizes ?? '') : null,
  src: r.src,
  style: placeholder ? `background-color:${placeholder}` : null,
});

/** The markup of one tile cell for a listing item; `eager` for the first row (their pictures load at once). */
export function tileHtml(t: TileTemplate, item: ListingItem, eager: boolean, store: StoreView): string {
  const out = t.cell.slice();
  /** Puts `html` in place of the tokens after `open` up to `close` (not included). */
  const fill = (open: number, close: number, html: string) => {
    if (open < 0) return;
    for (let i = open + 1; i < close; i++) out[i] = '';
    out[open] += html;
  };
  const attrs = (i: number, set: Record<string, string | null>) => i >= 0 && (out[i] = setAttrs(out[i]!, set));
  attrs(t.tile[0], {
    'data-product-id': String(item.id),
    'data-sku': item.sku,
    'data-type': item.type,
    'data-final-price': String(item.price[2]),
    'data-child-skus': item.kids?.length ? item.kids.join(',') : null,
  });
  attrs(t.link[0], { href: item.url });

  const [media, mediaEnd] = t.media;
  if (media >= 0) {
    // The pictures: what stands between the media's start and its badge (or its end).
    const stop = t.badge[0] >= 0 ? t.badge[0] : mediaEnd;
    const first = findTag(out, () => true, media + 1, stop);
    // Scoped styles select on data-astro-cid-* attributes: a new element takes them from its neighbour.
    const scoped = (out[first] ?? out[media]!).match(/\sdata-astro-cid[^\s>]*/g)?.join('') ?? '';
    let pictures = `<span${scoped} class="tile__img tile__img--empty" aria-hidden="true"></span>`;
    if (item.img) {
      // The link names the product (its heading): the picture is not announced twice.
      const main = setAttrs(tagName(out[first] ?? '') === 'img' ? out[first]! : `<img${scoped}>`, {
        class: 'tile__img',
        ...pictureAttrs(responsiveImage(item.img, 'tile'), item.ph),
        alt: '',
        loading: eager ? 'eager' : 'lazy',
        decoding: 'async',
      });
      pictures = item.hover
        ? `${main} ${setAttrs(main, { class: 'tile__img tile__img--hover', ...pictureAttrs(responsiveImage(item.hover, 'tileHover')), loading: 'lazy' })}`
        : main;
    }
    fill(media, stop, pictures);
    fill(t.badge[0], t.badge[1], item.badge === 'sale' ? t.sale : item.badge === 'new' ? t.isNew : '');
  }
  fill(t.name[0], t.name[1], escapeText(item.name));

  const [original, special, final] = item.price;
  const proto = special !== null ? t.special : t.plain;
  if (t.price[0] >= 0 && proto.length) {
    // Only the amounts of the template's price are written (in its texts, not its attributes).
    const amount = (v: number | null) => (v === null ? '' : escapeText(formatPrice(v, store)));
    const price = proto.map((tok, i) =>
      i === 0
        ? setAttrs(tok, { 'data-price': String(final) })
        : tok[0] === '<'
          ? tok
          : tok.replace('{original}', () => amount(original)).replace('{special}', () => amount(special)),
    );
    // The price element itself replaced: its tokens emptied, the new one after the token before it.
    fill(t.price[0] - 1, t.price[1] + 1, price.join(''));
  }
  return out.join('');
}
