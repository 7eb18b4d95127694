/**
 * The checkout's rules (spec §2 checkout, §4 Cash on delivery, §5 forms, §9 shipping and payment):
 * the steps and their forms, the shipping choices (delivery methods and store collection), the payment
 * rules and the totals shown. Pure: the island holds the state and calls these.
 */
import { config } from '../config';
import { messages } from '../messages';
import { across, form, forms, formErrors, isFormValid } from '../forms/rules';
import type { CartItem, CartTotals, PaymentMethod, ShippingMethod } from '../schemas';
import { streetText } from '../account/address';
import { cartTotalsFigures, type TotalsFigures } from './totals';
import { bagVat } from '../catalog/price';

/** The checkout's steps, in order. */
export const STEPS = ['personal', 'shipping', 'payment', 'review'] as const;
export type Step = (typeof STEPS)[number];

/** Personal details: name and e-mail (the §5 name and e-mail rules). */
export const personalForm = form({
  firstname: forms.address.shape.firstname,
  lastname: forms.address.shape.lastname,
  email: forms.register.shape.email,
});

const address = forms.address.shape;
/** Shipping address: the address form without the tax ID (UK postcode checked when the country is GB). */
export const shippingForm = form(
  {
    firstname: address.firstname,
    lastname: address.lastname,
    street: address.street,
    city: address.city,
    postcode: address.postcode,
    country_id: address.country_id,
    telephone: address.telephone,
  },
  across.ukPostcode(),
);

/** Order review: the terms must be accepted. */
export const reviewForm = forms.checkoutTerms;

/** The values the checkout collects. */
export interface CheckoutValues {
  personal: { firstname: string; lastname: string; email: string };
  shipping: { firstname: string; lastname: string; street: string; city: string; postcode: string; country_id: string; telephone: string };
  /** Chosen shipping method: carrier and method code. */
  shippingMethod: { carrier_code: string; method_code: string } | null;
  paymentMethod: string | null;
  terms: boolean;
}

/** Empty values (country: the store's default). */
export function emptyCheckout(country: string = config.storeViews.default.i18n.defaultCountry): CheckoutValues {
  return {
    personal: { firstname: '', lastname: '', email: '' },
    shipping: { firstname: '', lastname: '', street: '', city: '', postcode: '', country_id: country, telephone: '' },
    shippingMethod: null,
    paymentMethod: null,
    terms: false,
  };
}

/** The messages of a step's form that hold now (field name to messages). */
export function stepErrors(step: Step, v: CheckoutValues): Record<string, string[]> {
  switch (step) {
    case 'personal':
      return formErrors(personalForm, v.personal);
    case 'shipping':
      return { ...formErrors(shippingForm, v.shipping), shippingMethod: v.shippingMethod ? [] : [chooseMessage('shipping')] };
    case 'payment':
      return { paymentMethod: v.paymentMethod ? [] : [chooseMessage('payment')] };
    case 'review':
      return formErrors(reviewForm, { terms: v.terms });
  }
}

function chooseMessage(what: 'shipping' | 'payment'): string {
  return what === 'shipping' ? messages.chooseShippingMethod : messages.choosePaymentMethod;
}

/** True when a step's form has no message. */
export function stepValid(step: Step, v: CheckoutValues): boolean {
  return isFormValid(stepErrors(step, v));
}

/** The first step that is not valid (the one to show), or 'review' when all before it are. */
export function firstOpenStep(v: CheckoutValues): Step {
  for (const s of STEPS) if (s !== 'review' && !stepValid(s, v)) return s;
  return 'review';
}

/** The step after `step` (review stays review). */
export function nextStep(step: Step): Step {
  return STEPS[Math.min(STEPS.indexOf(step) + 1, STEPS.length - 1)]!;
}

/** True when every step, the review included, is valid: the order can be placed. */
export function canPlaceOrder(v: CheckoutValues, cartItems: readonly CartItem[]): boolean {
  return cartItems.length > 0 && STEPS.every((s) => stepValid(s, v));
}

/** Fills the personal details and the address from the logged-in customer, keeping what was typed. */
export function prefillFromCustomer(
  v: CheckoutValues,
  c: { firstname?: string; lastname?: string; email?: string; addresses?: Array<Record<string, unknown>> } | null | undefined,
): CheckoutValues {
  if (!c) return v;
  const a = (c.addresses ?? []).find((x) => x.default_shipping) ?? c.addresses?.[0];
  const pick = (typed: string, from: unknown) => typed || (typeof from === 'string' ? from : '');
  const street = Array.isArray(a?.street) ? streetText(a.street.map(String)) : '';
  return {
    ...v,
    personal: {
      firstname: pick(v.personal.firstname, c.firstname),
      lastname: pick(v.personal.lastname, c.lastname),
      email: pick(v.personal.email, c.email),
    },
    shipping: {
      firstname: pick(v.shipping.firstname, a?.firstname ?? c.firstname),
      lastname: pick(v.shipping.lastname, a?.lastname ?? c.lastname),
      street: pick(v.shipping.street, street),
      city: pick(v.shipping.city, a?.city),
      postcode: pick(v.shipping.postcode, a?.postcode),
      country_id: a && typeof a.country_id === 'string' && !v.shipping.street ? a.country_id : v.shipping.country_id,
      telephone: pick(v.shipping.telephone, a?.telephone),
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Shipping

/** The carrier code of the store collections (§9: four shops at 0). */
export const STORE_COLLECTION_CARRIER = 'storecollection';

/** Shipping methods split into home delivery methods and store collections (available ones only). */
export function shippingChoices(methods: readonly ShippingMethod[]): { delivery: ShippingMethod[]; collection: ShippingMethod[] } {
  const usable = methods.filter((m) => m.available !== false);
  return {
    delivery: usable.filter((m) => m.carrier_code !== STORE_COLLECTION_CARRIER),
    collection: usable.filter((m) => m.carrier_code === STORE_COLLECTION_CARRIER),
  };
}

/** The shop name of a store collection method ('Store Collection - Preston' gives 'Preston'). */
export function collectionShopName(m: Pick<ShippingMethod, 'method_title' | 'method_code'>): string {
  const t = m.method_title.replace(/^store collection\s*[-–:]\s*/i, '').trim();
  return t || m.method_code[0]!.toUpperCase() + m.method_code.slice(1);
}

/** The chosen method among the list, or null. */
export function chosenShipping(methods: readonly ShippingMethod[], chosen: CheckoutValues['shippingMethod']): ShippingMethod | null {
  if (!chosen) return null;
  return methods.find((m) => m.carrier_code === chosen.carrier_code && m.method_code === chosen.method_code) ?? null;
}

/** True when the chosen method is a store collection. */
export function isStoreCollection(chosen: CheckoutValues['shippingMethod']): boolean {
  return chosen?.carrier_code === STORE_COLLECTION_CARRIER;
}

/** The shipping price shown (incl. VAT). */
export function shippingPrice(m: Pick<ShippingMethod, 'price_incl_tax' | 'amount'>): number {
  return Number.isFinite(m.price_incl_tax) ? m.price_incl_tax : m.amount;
}

// ------------------------------------------------------------------------------------------------
// Payment

/** The §9 cash-on-delivery method as the API describes payment methods (used until the server answers). */
export function cashOnDeliveryMethod(): PaymentMethod {
  const c = config.constants.cashOnDelivery;
  return { title: messages.cashOnDeliveryTitle, code: c.code, cost: c.cost, costInclTax: c.cost, default: false, offline: true, is_server_method: false };
}

/** The method shown as chosen at first: the one flagged default, else the first. */
export function defaultPaymentMethod(methods: readonly PaymentMethod[]): string | null {
  return (methods.find((m) => m.default) ?? methods[0])?.code ?? null;
}

/** True for cash on delivery (config.constants.cashOnDelivery.code). */
export function isCashOnDelivery(code: string | null | undefined): boolean {
  return code === config.constants.cashOnDelivery.code;
}

/**
 * §4 Cash on delivery: when it is chosen and not a server method, its info panel shows and placing
 * the order proceeds directly. True in that case.
 */
export function proceedsDirectly(code: string | null | undefined, methods: readonly PaymentMethod[]): boolean {
  if (!isCashOnDelivery(code)) return false;
  const m = methods.find((x) => x.code === code);
  return !(m?.is_server_method ?? false);
}

/** True when the chosen method is handed to the backend (a server method, e.g. the card). */
export function handedToBackend(code: string | null | undefined, methods: readonly PaymentMethod[]): boolean {
  const m = methods.find((x) => x.code === code);
  return Boolean(m?.is_server_method);
}

// ------------------------------------------------------------------------------------------------
// Totals

/** The totals the order review shows (the figures of its totals rows, ./totals.ts). */
export interface ReviewTotals extends TotalsFigures {
  /** Items incl. VAT. */
  subtotal: number;
  /** Negative or 0. */
  discount: number;
  /** True when computed by the server (cart/totals); false for the local estimate. */
  fromServer: boolean;
  /** The currency of the amounts (the server's quote_currency_code); absent for the estimate, which is in the page's. */
  currency?: string;
}

/** The review totals from the server's cart totals; `shippingChosen`: their shipping is a chosen method's price. */
export function totalsFromServer(t: CartTotals, shippingChosen = true): ReviewTotals {
  return {
    ...cartTotalsFigures(t, shippingChosen),
    subtotal: t.subtotal_incl_tax,
    discount: t.discount_amount,
    fromServer: true,
    currency: t.quote_currency_code,
  };
}

/**
 * A local estimate when the server's totals are not available (offline): item prices include VAT,
 * so the VAT shown is the part of the total at the §9 VAT rate. `shipping` is the chosen method's
 * price, or null while none is chosen (counted as 0). Item prices are the catalogue's, each line
 * in the page's currency by `line` (StoreMoney's; default: the catalogue's currency as it is).
 */
export function estimateTotals(
  items: readonly Pick<CartItem, 'price' | 'qty'>[],
  shipping: number | null,
  vatRate: number = config.constants.vatRate,
  line: (unit: number, qty: number) => number = (unit, qty) => unit * qty,
): ReviewTotals {
  const round = (n: number) => Math.round(n * 100) / 100;
  const subtotal = round(items.reduce((sum, i) => sum + line(i.price ?? 0, i.qty), 0));
  const grandTotal = round(subtotal + (shipping ?? 0));
  // The VAT as the totals work it out (src/lib/catalog/price.ts `bagVat`), line by line, not as a part of the grand total.
  const tax = bagVat(
    items.map((i) => ({ gross: round(line(i.price ?? 0, i.qty)), rate: vatRate })),
    { gross: round(shipping ?? 0), rate: vatRate },
  );
  return { subtotal, shipping: round(shipping ?? 0), shippingChosen: shipping !== null, discount: 0, tax, grandTotal, fromServer: false };
}

/** True when server totals describe exactly the cart's lines (same skus and quantities). */
export function totalsMatchCart(t: Pick<CartTotals, 'items'> | null | undefined, items: readonly Pick<CartItem, 'sku' | 'qty'>[]): boolean {
  if (!t) return false;
  if (t.items.length !== items.length) return false;
  return items.every((i) => t.items.some((l) => l.sku === i.sku && l.qty === i.qty));
}

/**
 * The totals to show: the first server totals that describe the cart's lines and, once a shipping
 * method is chosen, its price; else the local estimate.
 */
export function pickTotals(
  candidates: readonly (CartTotals | null | undefined)[],
  items: readonly Pick<CartItem, 'sku' | 'qty' | 'price'>[],
  chosenShippingPrice: number | null,
  line?: (unit: number, qty: number) => number,
): ReviewTotals {
  for (const t of candidates) {
    if (!t || !totalsMatchCart(t, items)) continue;
    if (chosenShippingPrice !== null && Math.abs(t.shipping_incl_tax - chosenShippingPrice) > 0.005) continue;
    return totalsFromServer(t, chosenShippingPrice !== null);
  }
  return estimateTotals(items, chosenShippingPrice, undefined, line);
}
