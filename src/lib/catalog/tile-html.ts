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
import { attrsStartingWith, closeOf, escapeText, findTag, hasClasses, setAttrs, tagName, tokenize, topElements } from './markup';

/** A page's tile template, cut up once: the cell's tokens with the places a fill rewrites, and the badges and prices. */
export interface TileTemplate {
  cell: readonly string[];
  /** Token indexes in `cell` (-1: the template has no such part). */
  at: {
    tile: number;
    link: number;
    media: number;
    mediaEnd: number;
    badge: number;
    badgeEnd: number;
    name: number;
    nameEnd: number;
    price: number;
    priceEnd: number;
  };
  sale: string;
  isNew: string;
  special: readonly string[];
  plain: readonly string[];
}

/** The template's content (its inner markup) cut up; null when it holds no tile cell. */
export function parseTileTemplate(html: string): TileTemplate | null {
  const top = topElements(html);
  const cellHtml = top.find((el) => tagName(el) === 'li');
  if (!cellHtml) return null;
  const cell = tokenize(cellHtml);
  const tile = findTag(cell, (t) => hasClasses(t, 'tile'));
  if (tile < 0) return null;
  const part = (test: (first: string) => boolean) => top.find((el) => test(tokenize(el)[0]!)) ?? '';
  const media = findTag(cell, (t) => hasClasses(t, 'tile__media'));
  const badge = media < 0 ? -1 : findTag(cell, (t) => hasClasses(t, 'tile__badge'), media, closeOf(cell, media));
  const name = findTag(cell, (t) => hasClasses(t, 'tile__name'));
  const price = findTag(cell, (t) => hasClasses(t, 'price'));
  return {
    cell,
    at: {
      tile,
      link: findTag(cell, (t) => hasClasses(t, 'tile__link')),
      media,
      mediaEnd: media < 0 ? -1 : closeOf(cell, media),
      badge,
      badgeEnd: badge < 0 ? -1 : closeOf(cell, badge),
      name,
      nameEnd: name < 0 ? -1 : closeOf(cell, name),
      price,
      priceEnd: price < 0 ? -1 : closeOf(cell, price),
    },
    sale: part((t) => hasClasses(t, 'badge--sale')),
    isNew: part((t) => hasClasses(t, 'badge--new')),
    special: tokenize(part((t) => hasClasses(t, 'price', 'price--special'))),
    plain: tokenize(part((t) => hasClasses(t, 'price') && !hasClasses(t, 'price--special'))),
  };
}

/** A picture's attributes as the static tile writes them (Img.astro): src, srcset and sizes, the placeholder colour. */
function pictureAttrs(r: ResponsiveImage, placeholder: string | undefined): Record<string, string | null> {
  return {
    srcset: r.srcset ?? null,
    sizes: r.srcset ? (r.sizes ?? '') : null,
    src: r.src,
    style: placeholder ? `background-color:${placeholder}` : null,
  };
}

/** The markup of one tile cell for a listing item; `eager` for the first row (their pictures load at once). */
export function tileHtml(t: TileTemplate, item: ListingItem, eager: boolean, store: StoreView): string {
  const out = t.cell.slice();
  const { at } = t;
  out[at.tile] = setAttrs(out[at.tile]!, {
    'data-product-id': String(item.id),
    'data-sku': item.sku,
    'data-type': item.type,
    'data-final-price': String(item.price[2]),
    'data-child-skus': item.kids?.length ? item.kids.join(',') : null,
  });
  if (at.link >= 0) out[at.link] = setAttrs(out[at.link]!, { href: item.url });

  if (at.media >= 0) {
    // The pictures: what stands between the media's start and its badge (or its end).
    const stop = at.badge >= 0 ? at.badge : at.mediaEnd;
    const first = findTag(out, () => true, at.media + 1, stop);
    // Scoped styles select on data-astro-cid-* attributes: a new element takes them from its neighbour.
    const like = first >= 0 ? out[first]! : out[at.media]!;
    const scoped = attrsStartingWith(like, 'data-astro-cid');
    let pictures: string;
    if (item.img) {
      const img = first >= 0 && tagName(out[first]!) === 'img' ? out[first]! : `<img${scoped}>`;
      // The link names the product (its heading): the picture is not announced twice.
      const main = setAttrs(img, {
        class: 'tile__img',
        ...pictureAttrs(responsiveImage(item.img, 'tile'), item.ph),
        alt: '',
        loading: eager ? 'eager' : 'lazy',
        decoding: 'async',
      });
      pictures = main;
      if (item.hover) {
        const hover = setAttrs(main, {
          class: 'tile__img tile__img--hover',
          ...pictureAttrs(responsiveImage(item.hover, 'tileHover'), undefined),
          loading: 'lazy',
        });
        pictures += ` ${hover}`;
      }
    } else {
      pictures = `<span${scoped} class="tile__img tile__img--empty" aria-hidden="true"></span>`;
    }
    for (let i = at.media + 1; i < stop; i++) out[i] = '';
    out[at.media] += pictures;
    if (at.badge >= 0) {
      for (let i = at.badge + 1; i < at.badgeEnd; i++) out[i] = '';
      out[at.badge] += item.badge === 'sale' ? t.sale : item.badge === 'new' ? t.isNew : '';
    }
  }

  if (at.name >= 0) {
    for (let i = at.name + 1; i < at.nameEnd; i++) out[i] = '';
    out[at.name] += escapeText(item.name);
  }

  const [original, special, final] = item.price;
  const proto = special !== null ? t.special : t.plain;
  if (at.price >= 0 && proto.length) {
    // Only the amounts of the template's price are written (in its texts, not its attributes).
    const amounts = { original: escapeText(formatPrice(original, store)), special: special === null ? '' : escapeText(formatPrice(special, store)) };
    const price = proto.map((tok, i) =>
      i === 0
        ? setAttrs(tok, { 'data-price': String(final) })
        : tok[0] === '<'
          ? tok
          : tok.replace('{original}', () => amounts.original).replace('{special}', () => amounts.special),
    );
    for (let i = at.price + 1; i <= at.priceEnd; i++) out[i] = '';
    out[at.price] = price.join('');
  }
  return out.join('');
}
