/**
 * A price as the islands write it (§2 tile, §4 price rule): the original struck through and the
 * special price when one applies, each named for screen readers; the markup of the pages' own
 * Price.astro, so the shop shows one price everywhere.
 */
import type { ProductPrices } from '../lib/catalog/price';
import { formatPrice } from '../lib/format';
import { messages } from '../lib/messages';
import './PriceTag.css';

export interface PriceTagProps {
  prices: Pick<ProductPrices, 'original' | 'special' | 'final'>;
  /** How an amount is written (default: the default store's currency). */
  format?: (n: number) => string;
  /** The wrapper's classes (the island's own, for size and place). */
  className?: string;
  /** The wrapper element: a paragraph where the price stands alone. */
  as?: 'span' | 'p';
}

export function PriceTag({ prices, format = formatPrice, className, as: Tag = 'span' }: PriceTagProps) {
  const special = prices.special !== null;
  const classes = ['ptag', className, special ? 'price--special' : ''].filter(Boolean).join(' ');
  return (
    <Tag className={classes} data-price={prices.final}>
      {special ? (
        <>
          <del className="price__original">
            <span className="visually-hidden">{messages.regularPrice} </span>
            {format(prices.original)}
          </del>{' '}
          <span className="price__special">
            <span className="visually-hidden">{messages.specialPrice} </span>
            {format(prices.special!)}
          </span>
        </>
      ) : (
        <span className="price__final">{format(prices.final)}</span>
      )}
    </Tag>
  );
}
