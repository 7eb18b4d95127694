/** Checkout values filled as a shopper would (tests of src/lib/checkout). */
import type { CheckoutValues } from '../../src/lib/checkout/state';

/** Every step filled and valid; `over` replaces parts. */
export function filledCheckout(over: Partial<CheckoutValues> = {}): CheckoutValues {
  return {
    personal: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.org' },
    shipping: {
      firstname: 'Ada',
      lastname: 'Lovelace',
      street: '1 Fishergate',
      city: 'Preston',
      postcode: 'pr1 2ad',
      country_id: 'GB',
      telephone: '01772 203481',
    },
    shippingMethod: { carrier_code: 'flatrate', method_code: 'express' },
    paymentMethod: 'cashondelivery',
    terms: true,
    ...over,
  };
}
