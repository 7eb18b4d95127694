/** Step 2: the shipping address and the delivery method (the §9 list, or collection from a shop); once done, their summary. */
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $storeView } from '../../lib/state/stores/store-view';
import { chosenShipping, collectionShopName, isStoreCollection, shippingChoices, shippingPrice, type CheckoutValues } from '../../lib/checkout/state';
import { chooseShipping } from '../../lib/checkout/store';
import { config } from '../../lib/config';
import { formatPrice } from '../../lib/messages/format';
import { messages } from '../../lib/messages';
import type { ShippingMethod } from '../../lib/schemas';
import { Messages } from '../kit/form-kit';
import { AddressFields } from './address-fields';
import type { FormState } from '../kit/use-form';
import { ContinueForm } from './CheckoutStep';

/** The checkout ships to the store's own country. */
const SHIPPING_COUNTRIES = [config.storeViews.default.i18n.defaultCountry];

export function ShippingStep({
  open,
  done,
  form: shipping,
  methods: shippingMethods,
  shippingMethod,
  errors: shippingErrors,
  onContinue,
}: {
  open: boolean;
  done: boolean;
  form: FormState<CheckoutValues['shipping']>;
  /** The shipping methods offered. */
  methods: ShippingMethod[];
  shippingMethod: CheckoutValues['shippingMethod'];
  /** The method's messages, once Continue was tried. */
  errors: string[];
  onContinue: (e: FormEvent<HTMLFormElement>) => void;
}) {
  const chosen = chosenShipping(shippingMethods, shippingMethod);
  return open ? (
    <ContinueForm step="shipping" onContinue={onContinue}>
      <AddressFields form={shipping} countries={SHIPPING_COUNTRIES} section="shipping" />
      <ShippingMethods methods={shippingMethods} shippingMethod={shippingMethod} errors={shippingErrors} />
    </ContinueForm>
  ) : done ? (
    <p className="co-summary">
      {shipping.values.street}, {shipping.values.city} {shipping.values.postcode.toUpperCase()}
      <br />
      {chosen ? (isStoreCollection(shippingMethod) ? `${messages.checkoutCollectInStore}: ${collectionShopName(chosen)}` : chosen.method_title) : null}
    </p>
  ) : null;
}

/** The delivery methods with their carriers and prices, then collection in a shop with its shop list. */
function ShippingMethods({
  methods: shippingMethods,
  shippingMethod,
  errors: shippingErrors,
}: {
  methods: ShippingMethod[];
  shippingMethod: CheckoutValues['shippingMethod'];
  errors: string[];
}) {
  const { delivery, collection } = shippingChoices(shippingMethods);
  const collectionChosen = isStoreCollection(shippingMethod);
  // The API quotes the methods in the currency of the page's store view (as the §9 defaults are converted).
  const store = useStore($storeView);
  return (
    <fieldset className="co-methods" aria-describedby={shippingErrors.length ? 'co-shipping-errors' : undefined}>
      <legend>{messages.orderShippingMethod}</legend>
      {delivery.map((m) => {
        const id = `co-ship-${m.carrier_code}-${m.method_code}`;
        const price = shippingPrice(m);
        return (
          <label key={id} className="co-method" htmlFor={id}>
            <input
              id={id}
              type="radio"
              name="shippingMethod"
              checked={shippingMethod?.carrier_code === m.carrier_code && shippingMethod.method_code === m.method_code}
              onChange={() => chooseShipping({ carrier_code: m.carrier_code, method_code: m.method_code })}
            />
            <span className="co-method__title">
              {m.method_title}
              {/* The carrier that delivers (Royal Mail, DPD Courier: §9) when it is not the method's own name. */}
              {m.carrier_title && m.carrier_title !== m.method_title ? <span className="co-method__carrier">{m.carrier_title}</span> : null}
            </span>
            <span className="co-method__price">{price === 0 ? messages.shippingFree : formatPrice(price, store)}</span>
          </label>
        );
      })}
      {collection.length ? (
        <div className={`co-method co-method--collect${collectionChosen ? ' co-method--open' : ''}`}>
          <label htmlFor="co-ship-collect" className="co-method__row">
            <input
              id="co-ship-collect"
              type="radio"
              name="shippingMethod"
              checked={collectionChosen}
              onChange={() => chooseShipping({ carrier_code: collection[0]!.carrier_code, method_code: collection[0]!.method_code })}
            />
            <span className="co-method__title">{messages.checkoutCollectInStore}</span>
            <span className="co-method__price">{messages.shippingFree}</span>
          </label>
          {collectionChosen ? (
            <div className="fk-field co-method__shop">
              <label htmlFor="co-ship-shop">{messages.checkoutCollectShop}</label>
              <select
                id="co-ship-shop"
                value={shippingMethod?.method_code}
                onChange={(e) => chooseShipping({ carrier_code: collection[0]!.carrier_code, method_code: e.target.value })}
              >
                {collection.map((m) => (
                  <option key={m.method_code} value={m.method_code}>
                    {collectionShopName(m)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
      ) : null}
      <Messages id="co-shipping-errors" messages={shippingErrors} />
    </fieldset>
  );
}
