/**
 * Product tiles made in the browser for the category listing: copies of the tile the page rendered
 * in its <template data-tile-template> (ProductTile, Badge and Price components, with their scoped
 * styles), filled from a listing file item, so appended tiles look exactly like the static ones. The
 * template's prices are the one price markup (src/lib/catalog/price-markup.ts) with {original} and
 * {special} in place of the amounts: only the amounts are written here.
 */
import { formatPrice } from '../../lib/messages/format';
import { responsiveImage, type ResponsiveImage } from '../../lib/catalog/image-slots';
import type { StoreView } from '../../lib/config';
import type { ListingItem } from '../../lib/catalog/listing/client';

interface Protos {
  cell: HTMLElement;
  sale: Element | null;
  isNew: Element | null;
  special: Element | null;
  plain: Element | null;
}

/** Makes tile cells from listing items; null when the page has no tile template. */
export function tileMaker(template: HTMLTemplateElement | null, store: StoreView): ((item: ListingItem, eager: boolean) => HTMLElement) | null {
  const content = template?.content;
  const cell = content?.querySelector<HTMLElement>('li');
  if (!content || !cell || !cell.querySelector('.tile')) return null;
  // The template's top-level parts: the tile cell, then the badges and prices (a fragment has no :scope).
  const top = Array.from(content.children);
  const part = (test: (el: Element) => boolean) => top.find(test) ?? null;
  const protos: Protos = {
    cell,
    sale: part((el) => el.matches('.badge--sale')),
    isNew: part((el) => el.matches('.badge--new')),
    special: part((el) => el.matches('.price.price--special')),
    plain: part((el) => el.matches('.price:not(.price--special)')),
  };
  return (item, eager) => fillCell(protos, item, eager, store);
}

// Scoped styles select on data-astro-cid-* attributes: a new element takes them from its neighbour.
function scopedLike<K extends keyof HTMLElementTagNameMap>(tag: K, like: Element): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const a of Array.from(like.attributes)) if (a.name.startsWith('data-astro-cid')) el.setAttribute(a.name, a.value);
  return el;
}

// Writes the amounts where the template's price holds their placeholders ('{original}', '{special}').
function fillAmounts(price: Element, original: string, special: string): void {
  const walk = document.createTreeWalker(price, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const text = walk.currentNode;
    text.nodeValue = text.nodeValue!.replace('{original}', original).replace('{special}', special);
  }
}

function fillCell(protos: Protos, item: ListingItem, eager: boolean, store: StoreView): HTMLElement {
  const cell = protos.cell.cloneNode(true) as HTMLElement;
  const tile = cell.querySelector<HTMLElement>('.tile')!;
  tile.dataset.productId = String(item.id);
  tile.dataset.sku = item.sku;
  tile.dataset.type = item.type;
  tile.dataset.finalPrice = String(item.price[2]);
  if (item.kids?.length) tile.dataset.childSkus = item.kids.join(',');
  else delete tile.dataset.childSkus;

  const link = tile.querySelector<HTMLAnchorElement>('.tile__link');
  link?.setAttribute('href', item.url);

  const media = tile.querySelector<HTMLElement>('.tile__media');
  if (media) {
    media.querySelector('.tile__img--hover')?.remove();
    const current = media.querySelector<HTMLElement>('.tile__img');
    let main: HTMLElement;
    if (item.img) {
      const img = current instanceof HTMLImageElement ? current : scopedLike('img', current ?? media);
      img.className = 'tile__img';
      setPicture(img, responsiveImage(item.img, 'tile'), item.ph);
      // The link names the product (its heading): the picture is not announced twice.
      img.alt = '';
      img.loading = eager ? 'eager' : 'lazy';
      img.decoding = 'async';
      main = img;
    } else {
      const empty = scopedLike('span', current ?? media);
      empty.className = 'tile__img tile__img--empty';
      empty.removeAttribute('role');
      empty.removeAttribute('aria-label');
      empty.setAttribute('aria-hidden', 'true');
      main = empty;
    }
    if (current && current !== main) current.replaceWith(main);
    else if (!current) media.prepend(main);
    if (item.hover && main instanceof HTMLImageElement) {
      const hover = main.cloneNode() as HTMLImageElement;
      hover.className = 'tile__img tile__img--hover';
      setPicture(hover, responsiveImage(item.hover, 'tileHover'), undefined);
      hover.alt = '';
      hover.loading = 'lazy';
      main.after(' ', hover);
    }
    const badgeSlot = media.querySelector('.tile__badge');
    if (badgeSlot) {
      badgeSlot.replaceChildren();
      const badge = item.badge === 'sale' ? protos.sale : item.badge === 'new' ? protos.isNew : null;
      if (badge) badgeSlot.appendChild(badge.cloneNode(true));
    }
  }

  const name = tile.querySelector('.tile__name');
  if (name) name.textContent = item.name;

  const [original, special, final] = item.price;
  const oldPrice = tile.querySelector('.price');
  const proto = special !== null ? protos.special : protos.plain;
  if (oldPrice && proto) {
    const price = proto.cloneNode(true) as HTMLElement;
    price.dataset.price = String(final);
    fillAmounts(price, formatPrice(original, store), special === null ? '' : formatPrice(special, store));
    oldPrice.replaceWith(price);
  }
  return cell;
}

/** src, srcset, sizes and placeholder of a cloned tile picture (the template's belong to another product). */
function setPicture(img: HTMLImageElement, r: ResponsiveImage, placeholder: string | undefined): void {
  if (r.srcset) {
    img.srcset = r.srcset;
    img.sizes = r.sizes ?? '';
  } else {
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
  }
  img.src = r.src;
  // Written as the static tile writes it (Img.astro), so a tile made here is the same markup.
  if (placeholder) img.setAttribute('style', `background-color:${placeholder}`);
  else img.removeAttribute('style');
}
