/**
 * An order's lines as a table (an account order, the order confirmation): the product's name heads
 * each row, then its figures. Two layouts: 'columns' gives the sku and the row total columns of their
 * own and labels every cell for the phone layout (the account's table turns its rows into cards);
 * 'compact' writes the sku under the name and shows quantity and unit price only. The lines come from
 * src/lib (`orderLines`, `externalOrderLines`), the amounts written by `format` (the order's currency:
 * `priceFormatter`).
 */
import type { OrderLineView } from '../../lib/checkout/totals';
import { messages } from '../../lib/messages';

export interface OrderLinesTableProps {
  lines: readonly OrderLineView[];
  className: string;
  layout: 'columns' | 'compact';
  /** The class of the sku under the name ('compact'). */
  skuClassName?: string;
  /** The class of the line's chosen options under the name. */
  optionsClassName?: string;
  /** How an amount of the order is written (`priceFormatter` of its currency and the page's store view). */
  format: (amount: number) => string;
}

interface Column {
  label: string;
  numeric: boolean;
  value: (l: OrderLineView, format: (amount: number) => string) => string | number;
}

const sku: Column = { label: messages.skuLabel, numeric: false, value: (l) => l.sku };
const qty: Column = { label: messages.orderQty, numeric: true, value: (l) => l.qty };
const price: Column = { label: messages.orderPrice, numeric: true, value: (l, format) => format(l.price) };
const subtotal: Column = { label: messages.orderSubtotal, numeric: true, value: (l, format) => (l.rowTotal === undefined ? '' : format(l.rowTotal)) };

export function OrderLinesTable({ lines, className, layout, skuClassName, optionsClassName, format }: OrderLinesTableProps) {
  const labelled = layout === 'columns';
  const columns = labelled ? [sku, qty, price, subtotal] : [qty, price];
  const num = (c: Column) => (c.numeric ? 'num' : undefined);
  return (
    <table className={className}>
      <thead>
        <tr>
          <th scope="col">{messages.orderProductName}</th>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={num(c)}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((l, at) => (
          // A product may have several lines (other options): the row's place tells them apart.
          <tr key={at}>
            <th scope="row" data-label={labelled ? messages.orderProductName : undefined}>
              {l.name}
              {l.options ? <span className={optionsClassName}>{l.options}</span> : null}
              {!labelled && (
                <span className={skuClassName}>
                  {messages.skuLabel}: {l.sku}
                </span>
              )}
            </th>
            {columns.map((c) => (
              <td key={c.label} data-label={labelled ? c.label : undefined} className={num(c)}>
                {c.value(l, format)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
