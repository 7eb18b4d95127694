/** The products of a grouped set (spec §4, §5), each with its price and a quantity to add. */
import { messages } from '../../../lib/messages';
import type { GroupedItem } from '../../../lib/catalog/product/form';
import { FieldError, SmallPrice } from './parts';

export interface GroupedProductsProps {
  items: GroupedItem[];
  /** Quantity by sku, as typed. */
  qty: Record<string, number | string>;
  errors: Record<string, string> | undefined;
  onQty: (sku: string, qty: string) => void;
}

export function GroupedProducts({ items, qty, errors, onQty }: GroupedProductsProps) {
  return (
    <fieldset className="opt linked" data-grouped>
      <legend className="opt__legend">{messages.groupedTitle}</legend>
      <ul className="linked__list">
        {items.map((g) => {
          const err = errors?.[g.product.sku];
          const errId = `pf-grouped-${g.product.id}-error`;
          return (
            <li className="linked__item" data-linked-sku={g.product.sku} key={g.product.sku}>
              <span className="linked__name">{g.href ? <a href={g.href}>{g.product.name}</a> : g.product.name}</span>
              <SmallPrice prices={g.prices} />
              <label className="qty qty--sm">
                <span className="visually-hidden">
                  {messages.quantityLabel}: {g.product.name}
                </span>
                <input
                  type="number"
                  inputMode="numeric"
                  name={`grouped[${g.product.id}]`}
                  min={0}
                  value={qty[g.product.sku] ?? ''}
                  data-grouped-qty={g.product.sku}
                  aria-invalid={err ? 'true' : undefined}
                  aria-describedby={err ? errId : undefined}
                  onChange={(e) => onQty(g.product.sku, e.target.value)}
                />
              </label>
              <FieldError id={errId} text={err} />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
