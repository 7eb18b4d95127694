/** Small pieces the product form's option fields share: the page's money, a small price, a field's error. */
import { createContext, useContext } from 'react';
import { storeMoney, type ProductPrices, type StoreMoney } from '../../../lib/catalog/price';
import { PriceTag } from '../../kit/PriceTag';

const MoneyContext = createContext<StoreMoney>(storeMoney(undefined, 1));
/** Gives the form's fields the money of the page's store view (ProductForm). */
export const MoneyProvider = MoneyContext.Provider;
/** The money of the page's store view: catalogue amounts converted to its currency, and formatted. */
export const useMoney = (): StoreMoney => useContext(MoneyContext);

/** A linked product's price (a grouped product, a bundle link), in the store view's currency already. */
export function SmallPrice({ prices }: { prices: ProductPrices }) {
  const money = useMoney();
  return <PriceTag block size="sm" prices={prices} format={money.format} />;
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
