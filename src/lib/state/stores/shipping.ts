/**
 * Shipping (spec §3 client state "shipping", §4 Panels): the shipping country and the methods
 * available for it. Opening the microcart loads the methods for the shipping country, or the store
 * view's default tax country (cart/shipping-methods); until the server answers, §9's methods apply.
 */
import { atom } from 'nanostores';
import { config } from '../../config';
import { z } from 'zod';
import { ShippingMethodSchema, type ShippingMethod } from '../../schemas';
import { executeTask } from '../sync/tasks';
import { $cart } from './cart';
import { $storeView } from './store-view';
import { storeMoney } from '../../catalog/price';
import { $ui } from './ui';

/** The §9 shipping methods in the shape the API answers, their amounts in the store view's currency (as the API quotes them). */
export function defaultShippingMethods(storeCode: string = $storeView.get().storeCode): ShippingMethod[] {
  const money = storeMoney(storeCode);
  return config.constants.shippingMethods.map((m) => ({
    carrier_code: m.carrier_code,
    method_code: m.method_code,
    carrier_title: m.title,
    method_title: m.title,
    amount: money.convert(m.amount),
    base_amount: m.amount,
    available: true,
    error_message: '',
    price_excl_tax: money.convert(m.amount),
    price_incl_tax: money.convert(m.amount),
  }));
}

/** The country chosen for shipping (checkout); null until chosen. */
export const $shippingCountry = atom<string | null>(null);
/** The shipping methods for the cart. */
export const $shippingMethods = atom<ShippingMethod[]>(defaultShippingMethods());

/** Sets the shipping country. */
export function setShippingCountry(country: string | null): void {
  $shippingCountry.set(country);
}

/** Asks the server for the cart's shipping methods to a country (default: the shipping country, else the default tax country). */
export async function loadShippingMethods(country: string = $shippingCountry.get() ?? $storeView.get().tax.defaultCountry): Promise<void> {
  if (!$cart.get().token) return;
  const t = await executeTask({
    url: 'cart/shipping-methods?token={{token}}&cartId={{cartId}}',
    method: 'POST',
    body: { address: { country_id: country } },
    silent: true,
  });
  if (Number(t.resultCode) !== 200) return;
  const parsed = z.array(ShippingMethodSchema).safeParse(t.result);
  if (parsed.success) $shippingMethods.set(parsed.data);
  else console.error('[shipping] wrong answer of cart/shipping-methods', parsed.error.issues[0]);
}

let microcartOpen = $ui.get().microcart;
$ui.listen((ui) => {
  if (ui.microcart && !microcartOpen) void loadShippingMethods();
  microcartOpen = ui.microcart;
});
