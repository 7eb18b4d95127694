/**
 * The checkout's cart calls (spec §7 cart/payment-methods, cart/shipping-information, cart/collect-totals),
 * sent at once through the sync layer (token and cartId filled in, token refresh included). A missing
 * cart, a refused call or a wrong answer gives null: the checkout then shows its local estimate.
 */
import { z } from 'zod';
import { CartTotalsSchema, PaymentMethodSchema, type CartTotals, type PaymentMethod } from '../schemas';
import { executeTask } from '../state/sync/tasks';
import { orderAddress } from './payload';
import type { CheckoutValues } from './state';

const cartPath = (call: string) => `cart/${call}?token={{token}}&cartId={{cartId}}`;

function answer<T extends z.ZodType>(t: { resultCode?: unknown; result?: unknown }, schema: T): z.output<T> | null {
  if (Number(t.resultCode) !== 200) return null;
  const parsed = schema.safeParse(t.result);
  return parsed.success ? parsed.data : null;
}

/** The cart's payment methods (cart/payment-methods), or null. */
export async function fetchPaymentMethods(): Promise<PaymentMethod[] | null> {
  const t = await executeTask({ url: cartPath('payment-methods'), silent: true });
  return answer(t, z.array(PaymentMethodSchema));
}

/** Sends the address and shipping method (cart/shipping-information): the payment methods and totals, or null. */
export async function sendShippingInformation(v: CheckoutValues): Promise<{ payment_methods: PaymentMethod[]; totals: CartTotals } | null> {
  if (!v.shippingMethod) return null;
  const address = orderAddress(v);
  const t = await executeTask({
    url: cartPath('shipping-information'),
    method: 'POST',
    body: {
      addressInformation: {
        shippingAddress: address,
        billingAddress: address,
        shipping_method_code: v.shippingMethod.method_code,
        shipping_carrier_code: v.shippingMethod.carrier_code,
      },
    },
    silent: true,
  });
  return answer(t, z.looseObject({ payment_methods: z.array(PaymentMethodSchema), totals: CartTotalsSchema }));
}

/** Totals with the chosen payment and shipping methods (cart/collect-totals), or null. */
export async function collectTotals(v: CheckoutValues): Promise<CartTotals | null> {
  const t = await executeTask({
    url: cartPath('collect-totals'),
    method: 'POST',
    body: {
      methods: {
        ...(v.paymentMethod ? { paymentMethod: { method: v.paymentMethod } } : {}),
        ...(v.shippingMethod ? { shippingCarrierCode: v.shippingMethod.carrier_code, shippingMethodCode: v.shippingMethod.method_code } : {}),
      },
    },
    silent: true,
  });
  return answer(t, CartTotalsSchema);
}
