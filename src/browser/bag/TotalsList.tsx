/**
 * The totals of a bag or an order as a description list (microcart, checkout, order confirmation,
 * account order): one row per amount, each with `data-total={key}` and the class `{prefix}__{key}`
 * for the island's own styling (its grand total and VAT rows stand out there). The rows, their
 * order and texts come from one rule, src/lib/checkout/totals.ts `totalsRows`.
 */
import type { TotalsRow } from '../../lib/checkout/totals';

export interface TotalsListProps {
  rows: readonly TotalsRow[];
  /** The list's class (the island's block). */
  className: string;
  /** The rows' class prefix (default: the list's class). */
  prefix?: string;
  /** True while the amounts wait for the server's answer. */
  busy?: boolean;
}

export function TotalsList({ rows, className, prefix = className, busy }: TotalsListProps) {
  return (
    <dl className={className} data-totals aria-busy={busy ? 'true' : undefined}>
      {rows.map((r) => (
        <div key={r.key} className={`${prefix}__${r.key}`} data-total={r.key}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
