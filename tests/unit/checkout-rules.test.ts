/** The checkout's rules (src/lib/checkout/state.ts, payload.ts, handoff.ts, place.ts). */
import { describe, expect, it, vi } from 'vitest';
import { filledCheckout } from './checkout-fixtures';
import { ADDRESS } from '../../scripts/lib/sample-order';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import { OrderPayloadSchema, type CartTotals, type OfflineOrder, type PaymentMethod } from '../../src/lib/schemas';
import { defaultShippingMethods } from '../../src/lib/state/stores/shipping';
import { externalCheckoutEnabled, externalCheckoutUrl, handOffToExternalCheckout } from '../../src/lib/checkout/handoff';
import { buildOrderPayload, newOrderId } from '../../src/lib/checkout/payload';
import { orderSuccessUrl, placeCheckoutOrder } from '../../src/lib/checkout/place';
import { answerOrderNumber, placedOrderKey } from '../../src/lib/checkout/order-success';
import {
  canPlaceOrder,
  collectionShopName,
  defaultPaymentMethod,
  emptyCheckout,
  estimateTotals,
  firstOpenStep,
  handedToBackend,
  isCashOnDelivery,
  pickTotals,
  prefillFromCustomer,
  proceedsDirectly,
  shippingChoices,
  stepErrors,
  stepValid,
} from '../../src/lib/checkout/state';

const PAYMENTS: PaymentMethod[] = [
  { title: 'Credit or debit card', code: 'card', cost: 0, costInclTax: 0, default: true, offline: false, is_server_method: true },
  { title: 'Cash on delivery', code: 'cashondelivery', cost: 0, costInclTax: 0, default: false, offline: true, is_server_method: false },
];

const filled = filledCheckout;

const ITEMS = [
  { sku: 'RING-1', qty: 2, name: 'Silver Ring', price: 120 },
  { sku: 'WATCH-2', qty: 1, name: 'Watch', price: 199.99, product_option: { extension_attributes: { custom_options: [] } } },
];

describe('checkout steps and forms', () => {
  it('personal details need a name of at least 2 letters and a valid e-mail', () => {
    const v = filled({ personal: { firstname: 'A', lastname: '', email: 'not-an-email' } });
    expect(stepErrors('personal', v)).toEqual({
      firstname: [messages.nameMinLength],
      lastname: [messages.fieldRequired],
      email: [messages.emailInvalid],
    });
    expect(stepValid('personal', filled())).toBe(true);
  });

  it('the shipping step checks UK postcodes and asks for a shipping method', () => {
    const bad = filled({ shipping: { ...filled().shipping, postcode: 'ZZ' }, shippingMethod: null });
    const e = stepErrors('shipping', bad);
    expect(e.postcode).toEqual([messages.zipMinLength, messages.postcodeInvalid]);
    expect(e.shippingMethod).toEqual([messages.chooseShippingMethod]);
    expect(stepErrors('shipping', filled({ shipping: { ...filled().shipping, postcode: 'ABC 123' } })).postcode).toEqual([messages.postcodeInvalid]);
    expect(stepValid('shipping', filled())).toBe(true);
  });

  it('payment needs a method and the review needs the terms accepted', () => {
    expect(stepErrors('payment', filled({ paymentMethod: null }))).toEqual({ paymentMethod: [messages.choosePaymentMethod] });
    expect(stepErrors('review', filled({ terms: false }))).toEqual({ terms: [messages.termsRequired] });
  });

  it('the first open step is the first invalid one; the order can be placed only when all are valid and the cart has lines', () => {
    expect(firstOpenStep(emptyCheckout())).toBe('personal');
    expect(firstOpenStep(filled({ paymentMethod: null }))).toBe('payment');
    expect(firstOpenStep(filled({ terms: false }))).toBe('review');
    expect(canPlaceOrder(filled(), ITEMS)).toBe(true);
    expect(canPlaceOrder(filled(), [])).toBe(false);
    expect(canPlaceOrder(filled({ terms: false }), ITEMS)).toBe(false);
  });

  it('a logged-in customer fills the empty fields, never what was typed', () => {
    const typed = { ...emptyCheckout(), personal: { firstname: 'Typed', lastname: '', email: '' } };
    const c = {
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.org',
      addresses: [
        { firstname: 'Other', lastname: 'Person', street: ['2 Lane'], city: 'Bury', postcode: 'BL9 0AA', country_id: 'GB', telephone: '1' },
        { ...ADDRESS, telephone: '01772', default_shipping: true },
      ],
    };
    const v = prefillFromCustomer(typed, c);
    expect(v.personal).toEqual({ firstname: 'Typed', lastname: 'Lovelace', email: 'ada@example.org' });
    expect(v.shipping).toMatchObject({ street: '1 Fishergate', city: 'Preston', postcode: 'PR1 2AD', telephone: '01772' });
  });
});

describe('shipping and payment choices', () => {
  it('the §9 methods split into delivery (with prices) and the four store collections', () => {
    const { delivery, collection } = shippingChoices(defaultShippingMethods());
    expect(delivery.map((m) => [m.method_title, m.price_incl_tax])).toEqual([
      ['Free 2nd Class Delivery', 0],
      ['Express Delivery', 6],
      ['Free Express Delivery', 0],
    ]);
    expect(collection.map(collectionShopName)).toEqual(['Preston', 'Blackburn', 'Bury', 'Carlisle']);
    expect(collectionShopName({ method_title: 'Preston', method_code: 'preston' })).toBe('Preston');
  });

  it('unavailable methods are not offered', () => {
    const methods = defaultShippingMethods().map((m) => (m.method_code === 'express' ? { ...m, available: false } : m));
    expect(shippingChoices(methods).delivery.map((m) => m.method_code)).not.toContain('express');
  });

  it('cash on delivery that is not a server method proceeds directly; the card is handed to the backend', () => {
    expect(isCashOnDelivery(config.constants.cashOnDelivery.code)).toBe(true);
    expect(proceedsDirectly('cashondelivery', PAYMENTS)).toBe(true);
    expect(handedToBackend('cashondelivery', PAYMENTS)).toBe(false);
    expect(proceedsDirectly('card', PAYMENTS)).toBe(false);
    expect(handedToBackend('card', PAYMENTS)).toBe(true);
    // a backend that makes cash on delivery a server method: no direct placing
    const server = PAYMENTS.map((p) => ({ ...p, is_server_method: true }));
    expect(proceedsDirectly('cashondelivery', server)).toBe(false);
  });

  it('the default payment method is the one flagged default, else the first', () => {
    expect(defaultPaymentMethod(PAYMENTS)).toBe('card');
    expect(defaultPaymentMethod(PAYMENTS.map((p) => ({ ...p, default: false })))).toBe('card');
    expect(defaultPaymentMethod([])).toBeNull();
  });
});

describe('totals', () => {
  const serverTotals = (over: Partial<CartTotals> = {}): CartTotals => ({
    grand_total: 445.99,
    subtotal: 366.66,
    subtotal_incl_tax: 439.99,
    discount_amount: 0,
    shipping_amount: 5,
    shipping_incl_tax: 6,
    tax_amount: 74.33,
    base_currency_code: 'GBP',
    quote_currency_code: 'GBP',
    items_qty: 3,
    items: [
      { item_id: 1, sku: 'RING-1', qty: 2, price: 120, row_total_incl_tax: 240, name: 'Silver Ring' },
      { item_id: 2, sku: 'WATCH-2', qty: 1, price: 199.99, row_total_incl_tax: 199.99, name: 'Watch' },
    ],
    total_segments: [],
    ...over,
  });

  it('server totals are shown when they describe the cart and the chosen shipping', () => {
    expect(pickTotals([serverTotals()], ITEMS, 6)).toEqual({
      subtotal: 439.99,
      shipping: 6,
      shippingChosen: true,
      discount: 0,
      couponCode: null,
      tax: 74.33,
      grandTotal: 445.99,
      fromServer: true,
      currency: 'GBP',
    });
  });

  it('stale server totals (other lines or other shipping) give way to the local estimate', () => {
    const stale = serverTotals({ items: [{ item_id: 1, sku: 'RING-1', qty: 1, price: 120, row_total_incl_tax: 120, name: 'Silver Ring' }] });
    expect(pickTotals([stale], ITEMS, 6).fromServer).toBe(false);
    expect(pickTotals([serverTotals()], ITEMS, 0).fromServer).toBe(false);
    expect(pickTotals([null, serverTotals()], ITEMS, null).fromServer).toBe(true);
  });

  it('the estimate adds the shipping and shows the VAT included at the §9 rate', () => {
    expect(estimateTotals(ITEMS, 6)).toEqual({
      subtotal: 439.99,
      shipping: 6,
      shippingChosen: true,
      discount: 0,
      tax: 74.33,
      grandTotal: 445.99,
      fromServer: false,
    });
  });

  it("the estimate of a store view in another currency converts each line as its pages do; the server's totals name their currency", () => {
    // 1.17 EUR a pound, each unit to the cent before the quantity: 2 × 140.40 + 233.99 (199.99 × 1.17 = 233.9883).
    const line = (unit: number, qty: number) => Math.round(Math.round(unit * 1.17 * 100) * qty) / 100;
    expect(estimateTotals(ITEMS, 7.02, undefined, line)).toMatchObject({ subtotal: 514.79, shipping: 7.02, grandTotal: 521.81, fromServer: false });
    expect(pickTotals([serverTotals({ quote_currency_code: 'EUR' })], ITEMS, 6).currency).toBe('EUR');
    const estimate = pickTotals([], ITEMS, 7.02, line);
    expect([estimate.subtotal, estimate.currency]).toEqual([514.79, undefined]);
  });

  it('before a shipping method is chosen the shipping is 0 and not a chosen price (so it does not read Free)', () => {
    expect(estimateTotals(ITEMS, null)).toMatchObject({ shipping: 0, shippingChosen: false, grandTotal: 439.99 });
    expect(pickTotals([serverTotals({ shipping_incl_tax: 0, grand_total: 439.99 })], ITEMS, null)).toMatchObject({
      shipping: 0,
      shippingChosen: false,
      fromServer: true,
    });
  });
});

describe('order payload', () => {
  it('is a valid order with the client id, cart, customer, lines, address and methods', () => {
    const p = buildOrderPayload({
      values: filled(),
      items: ITEMS,
      cartToken: 'cart-1',
      userId: 7,
      storeCode: 'gb',
      orderId: 'order-0001',
      now: new Date('2026-11-22T10:00:00Z'),
    });
    expect(OrderPayloadSchema.safeParse(p).success).toBe(true);
    expect(p).toMatchObject({
      order_id: 'order-0001',
      created_at: '2026-11-22T10:00:00.000Z',
      transmited: false,
      cart_id: 'cart-1',
      user_id: '7', // a string: vue-storefront-api's order schema
      store_code: 'gb',
      products: [
        { sku: 'RING-1', qty: 2, name: 'Silver Ring', price: 120 },
        { sku: 'WATCH-2', qty: 1, product_option: { extension_attributes: { custom_options: [] } } },
      ],
      addressInformation: {
        shipping_method_code: 'express',
        shipping_carrier_code: 'flatrate',
        payment_method_code: 'cashondelivery',
      },
    });
    // The form's address (postcode 'pr1 2ad') as the API wants it: the postcode upper-cased, the street a list.
    expect(p.addressInformation.shippingAddress).toEqual(ADDRESS);
    expect(p.addressInformation.billingAddress).toEqual(p.addressInformation.shippingAddress);
  });

  it("each product of the order carries its cart line's sgn (vue-storefront-api checks it with usePlatformTotals off)", () => {
    const p = buildOrderPayload({ values: filled(), items: [{ ...ITEMS[0]!, sgn: 'sgn-of-RING-1' }, ITEMS[1]!] });
    expect(p.products.map((x) => (x as { sgn?: string }).sgn)).toEqual(['sgn-of-RING-1', undefined]);
  });

  it('a guest order has no customer and, without a server cart, no cart id', () => {
    const p = buildOrderPayload({ values: filled(), items: ITEMS });
    expect(p).not.toHaveProperty('user_id');
    expect(p).not.toHaveProperty('cart_id');
    expect(p.order_id.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses to build without methods or lines', () => {
    expect(() => buildOrderPayload({ values: filled({ shippingMethod: null }), items: ITEMS })).toThrow(/shipping/);
    expect(() => buildOrderPayload({ values: filled({ paymentMethod: null }), items: ITEMS })).toThrow(/payment/);
    expect(() => buildOrderPayload({ values: filled(), items: [] })).toThrow(/empty/);
  });

  it('order ids are unique', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newOrderId()));
    expect(ids.size).toBe(200);
  });
});

describe('placing the order', () => {
  const order = { order_id: 'order-0001' } as OfflineOrder;
  const payload = buildOrderPayload({ values: filled(), items: ITEMS, orderId: 'order-0001' });

  it("sent: goes to the order confirmation keyed by the client's order id (vue-storefront-api answers no token)", async () => {
    const result = { magentoOrderId: 17, orderNumber: '000000017', backendOrderId: 17, transferedAt: '2026-11-26T10:00:00Z' };
    const place = vi.fn(async () => ({ status: 'sent' as const, order, result }));
    expect(await placeCheckoutOrder(payload, place)).toEqual({ kind: 'confirmation', url: '/order-success?o=order-0001', order, result });
    expect(place).toHaveBeenCalledWith(payload);
    expect(orderSuccessUrl('abc', '/de')).toBe('/de/order-success?o=abc');
  });

  it("with an order lookup configured, the key is the answer's lookup token", () => {
    expect(placedOrderKey(payload, { token: 'tok/1' }, '/api/ext/order-info/')).toBe('tok/1');
    expect(placedOrderKey(payload, { token: 'tok/1' }, '')).toBe('order-0001');
    expect(placedOrderKey(payload, { magentoOrderId: 17 }, '/api/ext/order-info/')).toBe('order-0001');
  });

  it("the confirmation's order number: VSFA's orderNumber, else the reference API's increment id, the backend id or a queue job id", () => {
    expect(answerOrderNumber({ magentoOrderId: 17, orderNumber: '000000017', backendOrderId: 17 }, 'x')).toBe('000000017');
    expect(answerOrderNumber({ magentoOrderId: 17, orderNumber: null, backendOrderId: 17 }, 'x')).toBe('17');
    expect(answerOrderNumber({ increment_id: 'PJ100000001', backendOrderId: 'PJ100000001' }, 'x')).toBe('PJ100000001');
    expect(answerOrderNumber(42, 'x')).toBe('42');
    expect(answerOrderNumber(null, 'order-0001')).toBe('order-0001');
  });

  it('queued: shows the queued confirmation; cancelled: the §8 message', async () => {
    const queued = await placeCheckoutOrder(payload, async () => ({ status: 'queued', order, message: messages.offlineOrderQueued }));
    expect(queued).toEqual({ kind: 'queued', message: messages.offlineOrderQueued, order });
    // Not taken by the browser storage: the heading says it waits, never that it is saved.
    const inPage = await placeCheckoutOrder(payload, async () => ({ status: 'queued', order, message: messages.offlineOrderNotSaved, onDevice: false }));
    expect(inPage).toEqual({ kind: 'queued', title: 'Your order is waiting to be sent', message: messages.offlineOrderNotSaved, order });
    const cancelled = await placeCheckoutOrder(payload, async () => ({ status: 'cancelled', order, message: messages.orderProductsOutOfStock }));
    expect(cancelled).toEqual({ kind: 'cancelled', message: "Some products you've ordered are out of stock. Your order has been canceled.", order });
  });
});

describe('external checkout hand-off', () => {
  it('builds {external shop}/vue/cart/sync/token/{userToken}/cart/{cartServerToken}', () => {
    expect(externalCheckoutUrl('https://checkout.example.org/', 'user.tok', 'cart1')).toBe(
      'https://checkout.example.org/vue/cart/sync/token/user.tok/cart/cart1',
    );
    expect(externalCheckoutUrl('https://checkout.example.org', null, 'cart1')).toBe('https://checkout.example.org/vue/cart/sync/token//cart/cart1');
  });

  it('is on only when switched on with an address', () => {
    const cfg = (enabled: boolean, url: string) => ({ checkout: { ...config.checkout, external: { enabled, url } } });
    expect(externalCheckoutEnabled(cfg(true, 'https://x.example'))).toBe(true);
    expect(externalCheckoutEnabled(cfg(false, 'https://x.example'))).toBe(false);
    expect(externalCheckoutEnabled(cfg(true, ''))).toBe(false);
  });

  it('waits for the cart to settle, then replaces the location', async () => {
    const steps: string[] = [];
    const url = await handOffToExternalCheckout({
      settle: async () => void steps.push('settle'),
      tokens: () => (steps.push('tokens'), { userToken: 'u1', cartToken: 'c1' }),
      replace: (u) => void steps.push(`replace ${u}`),
      cfg: { checkout: { ...config.checkout, external: { enabled: true, url: 'https://shop.example' } } },
    });
    expect(url).toBe('https://shop.example/vue/cart/sync/token/u1/cart/c1');
    expect(steps).toEqual(['settle', 'tokens', 'replace https://shop.example/vue/cart/sync/token/u1/cart/c1']);
  });
});
