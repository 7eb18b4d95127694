/**
 * The address fields of the account's shipping details and the checkout, built from the form kit's
 * fields (a module of its own: the other form islands, on every page, do not carry them).
 */
import { countryName } from '../../lib/account/orders';
import { messages } from '../../lib/messages';
import { TextField } from '../kit/form-kit';
import type { FormFieldValues as Values, FormState } from '../kit/use-form';

/** The values of the address form (forms.address; the checkout's has no tax ID). */
export type AddressValues = {
  firstname: string;
  lastname: string;
  street: string;
  city: string;
  postcode: string;
  country_id: string;
  telephone: string;
  vat_id?: string;
  /** The account's second street line (house number or name) and county. */
  house?: string;
  region?: string;
};

/**
 * The address form of the account's shipping details and the checkout: name, street, town, postcode,
 * country (one of `countries`), phone and, when the form has one, the tax ID. `section` prefixes the
 * autocomplete tokens ('shipping' in the checkout).
 */
export function AddressFields<V extends AddressValues & Values>({
  form,
  countries,
  section,
  vatId = false,
  account = false,
}: {
  form: FormState<V>;
  countries: readonly string[];
  section?: string;
  vatId?: boolean;
  /** The account's saved address: street and house number in two fields, and a county. */
  account?: boolean;
}) {
  const auto = (token: string) => (section ? `${section} ${token}` : token);
  return (
    <>
      <div className="fk-row">
        <TextField form={form} name="firstname" label={messages.authFirstName} autoComplete={auto('given-name')} required />
        <TextField form={form} name="lastname" label={messages.authLastName} autoComplete={auto('family-name')} required />
      </div>
      {account ? (
        <div className="fk-row">
          <TextField form={form} name="street" label={messages.addressStreetName} autoComplete={auto('address-line1')} required />
          <TextField form={form} name="house" label={messages.addressHouse} autoComplete={auto('address-line2')} required />
        </div>
      ) : (
        <TextField form={form} name="street" label={messages.addressStreet} autoComplete={auto('address-line1')} required />
      )}
      <div className="fk-row">
        <TextField form={form} name="city" label={messages.addressCity} autoComplete={auto('address-level2')} required />
        <TextField form={form} name="postcode" label={messages.addressPostcode} autoComplete={auto('postal-code')} required />
      </div>
      <div className="fk-row">
        <TextField
          form={form}
          name="country_id"
          label={messages.addressCountry}
          autoComplete={auto('country')}
          required
          options={countries.map((c) => ({ value: c, label: countryName(c) }))}
        />
        <TextField form={form} name="telephone" label={messages.addressPhone} type="tel" autoComplete={auto('tel')} required />
      </div>
      {account ? <TextField form={form} name="region" label={messages.addressRegion} autoComplete={auto('address-level1')} /> : null}
      {vatId ? <TextField form={form} name="vat_id" label={messages.addressVatId} /> : null}
    </>
  );
}
