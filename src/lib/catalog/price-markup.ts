/**
 * The one price markup (§2 product tile and product page, §2 AMP product page, §4 price rule):
 * which parts a price has, in which order, with which element, class and screen-reader label.
 * Price.astro and AmpPrice.astro write it at build time; the product page's script (a child named
 * in the address) and the category listing's appended tiles write it in the browser; PriceTag (the
 * islands) sets the same HTML. src/styles/price.css is the one stylesheet of its classes.
 *
 *   <p class="price price--lg price--special" data-price="115">
 *     <del class="price__original"><span class="visually-hidden">Regular price </span>£139.00</del>
 *     <span class="price__special"><span class="visually-hidden">Special price </span>£115.00</span>
 *   </p>
 */
import { messages } from '../messages';
import type { ProductPrices } from './price';

/** The amounts as the shopper reads them, already written in the store view's currency. */
export interface PriceText {
  /** The regular price (struck through when a special price applies). */
  original: string;
  /** The special price when one applies, else null. */
  special: string | null;
}

/** The size of a price: a tile's (sm), the default (md), a product page's (lg). */
export type PriceSize = 'sm' | 'md' | 'lg';

/** How the price's box is drawn. */
export interface PriceBox {
  /** None: the size of the text around it. */
  size?: PriceSize;
  /** Inside a line of text (the islands' lists and tables) rather than a paragraph of its own. */
  inline?: boolean;
}

/** The amounts of `prices` written with `format` (a store view's money format, times a quantity on AMP pages). */
export function priceText(prices: Pick<ProductPrices, 'original' | 'special'>, format: (n: number) => string): PriceText {
  return { original: format(prices.original), special: prices.special === null ? null : format(prices.special) };
}

/** The classes of a price's box. */
export function priceClass(text: PriceText, box: PriceBox = {}): string {
  return `price${box.size ? ` price--${box.size}` : ''}${box.inline ? ' price--inline' : ''}${text.special === null ? '' : ' price--special'}`;
}

// One part: its element, its class (price__{name}) and its label read by screen readers only. The
// texts are the shop's own (amounts its money format wrote, labels of the message catalogue): no markup.
const part = (tag: 'del' | 'span', name: 'original' | 'special' | 'final', text: string, label?: string) =>
  `<${tag} class="price__${name}">${label ? `<span class="visually-hidden">${label} </span>` : ''}${text}</${tag}>`;

/**
 * The HTML inside a price's box, its parts in reading order: the regular price struck through and
 * the special price, each named for screen readers, when a special price applies; else the one price.
 */
export function priceInnerHtml(text: PriceText): string {
  return text.special === null
    ? part('span', 'final', text.original)
    : part('del', 'original', text.original, messages.regularPrice) + part('span', 'special', text.special, messages.specialPrice);
}

/** A whole price: its box (a paragraph, or a span inside a line) with data-price, the amount paid, when given. */
export function priceHtml(text: PriceText, box: PriceBox & { price?: number } = {}): string {
  const tag = box.inline ? 'span' : 'p';
  const price = box.price === undefined ? '' : ` data-price="${box.price}"`;
  return `<${tag} class="${priceClass(text, box)}"${price}>${priceInnerHtml(text)}</${tag}>`;
}
