/**
 * The sample shopper's UK address and a minimal order payload in the shape the storefront sends
 * (docs/api.md, POST /api/order): the one copy the API benchmark and the tests (API, unit, e2e) place
 * their orders with.
 */

/** A valid UK address (the shipping step's postcode rule, §4): the benchmark's and the tests' shopper. */
export const ADDRESS = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['1 Fishergate'],
  city: 'Preston',
  postcode: 'PR1 2AD',
  country_id: 'GB',
  telephone: '01772 203481',
  email: 'ada@example.org',
};

export interface SampleOrder {
  /** The client's order id (unique per order: the API refuses one it has seen). */
  id: string;
  products: Array<{ sku: string; qty: number }>;
  /** The shipping method (default free delivery: the total is the lines' sum). */
  shipping?: { carrier: string; method: string };
}

/** An order payload at `ADDRESS` (shipping and billing), paid cash on delivery. */
export function sampleOrder({ id, products, shipping = { carrier: 'freeshipping', method: 'freeshipping' } }: SampleOrder) {
  return {
    order_id: id,
    created_at: new Date().toISOString(),
    transmited: false,
    products,
    addressInformation: {
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      shipping_method_code: shipping.method,
      shipping_carrier_code: shipping.carrier,
      payment_method_code: 'cashondelivery',
    },
  };
}
