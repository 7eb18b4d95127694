/**
 * A price as the islands draw it: the pages' one price markup (src/lib/catalog/price-markup.ts,
 * styled by src/styles/price.css), so the shop shows one price everywhere.
 */
import type { ProductPrices } from '../../lib/catalog/price';
import { priceClass, priceInnerHtml, priceText, type PriceSize } from '../../lib/catalog/price-markup';
import { formatPrice } from '../../lib/messages/format';

export interface PriceTagProps {
  prices: Pick<ProductPrices, 'original' | 'special'>;
  /** How an amount is written (default: the default store's currency); a store view's page passes its `StoreMoney.format`. */
  format?: (n: number) => string;
  /** The island's own class (place, colour), beside the price's. */
  className?: string;
  /** None: the size of the text around it. */
  size?: PriceSize;
  /** A paragraph of its own, where the price stands alone (default: inside a line of text). */
  block?: boolean;
}

export function PriceTag({ prices, format = formatPrice, className, size, block = false }: PriceTagProps) {
  const text = priceText(prices, format);
  const Tag = block ? 'p' : 'span';
  // The markup is the pages' own HTML, not JSX written a second time.
  return (
    <Tag
      className={`${priceClass(text, { size, inline: !block })}${className ? ` ${className}` : ''}`}
      dangerouslySetInnerHTML={{ __html: priceInnerHtml(text) }}
    />
  );
}
