/**
 * Amounts of cart and order data in the currency the data names (a cart's quote_currency_code, an
 * order's order_currency_code), through the one money format (./format.ts `formatPrice`). A module of
 * its own: the catalogue's pages format prices in their own currency and do not carry it.
 */
import { config, type StoreView } from '../config';
import { formatPrice } from './format';

/**
 * How an amount in `currencyCode` is written (ISO 4217, as the API names it: a cart's
 * quote_currency_code, an order's order_currency_code), for a page of store view `store`: that store
 * view's own format when it is in that currency, else the format of the first configured store view
 * that is; without a code, the page's currency. A currency no store view uses keeps the page's digits
 * with its code after them ('1,234.50 USD'), so no amount is ever shown with another currency's sign.
 */
export function priceFormatter(
  currencyCode: string | null | undefined,
  store: StoreView = config.storeViews.default,
  cfg = config,
): (amount: number) => string {
  const code = currencyCode?.trim().toUpperCase();
  if (!code || code === store.i18n.currencyCode) return (n) => formatPrice(n, store);
  const view = [cfg.storeViews.default, ...cfg.storeViews.others].find((s) => s.i18n.currencyCode === code);
  const sign = { currencyCode: code, currencySign: code, currencySignPlacement: 'append' as const };
  const other = view ?? { ...store, i18n: { ...store.i18n, ...sign } };
  return (n) => formatPrice(n, other);
}

/** Formats an amount in the currency the data names (see `priceFormatter`): '1.281,15 €' for 'EUR', '£1,095.00' for 'GBP'. */
export function formatPriceIn(amount: number, currencyCode: string | null | undefined, store: StoreView = config.storeViews.default): string {
  return priceFormatter(currencyCode, store)(amount);
}
