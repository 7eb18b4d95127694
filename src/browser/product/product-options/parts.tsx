/** Small pieces the product form's option fields share: the money format, a small price, a field's error. */
import { formatPrice } from '../../../lib/messages/format';
import type { ProductPrices } from '../../../lib/catalog/price';
import { PriceTag } from '../../kit/PriceTag';

export const money = (n: number) => formatPrice(n);

/** A linked product's price (a grouped product, a bundle link). */
export function SmallPrice({ prices }: { prices: ProductPrices }) {
  return <PriceTag block size="sm" prices={prices} format={money} />;
}

/** A field's error text, under the field (its id is the field's aria-describedby). */
export function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p className="opt__error" id={id}>
      {text}
    </p>
  );
}

/** The required mark after a label. */
export function RequiredMark() {
  return (
    <span className="req" aria-hidden="true">
      {' '}
      *
    </span>
  );
}
