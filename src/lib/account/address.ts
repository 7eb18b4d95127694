/**
 * The account's saved address in vue-storefront-api's shape (`userProfileUpdate.schema.json`): two
 * street lines, both filled (street name, then house number or name, as Vue Storefront's own account
 * form writes them), `region` an object, at most two addresses per customer. Pure.
 */
import { regionName, type CustomerAddress } from '../schemas';

/** At most this many addresses go in one user/me update (VSFA's `maxItems`). */
export const MAX_SAVED_ADDRESSES = 2;

/** The fields every address form has (the account's shipping details, the checkout's address). */
export interface AddressFieldValues {
  firstname: string;
  lastname: string;
  city: string;
  postcode: string;
  telephone: string;
}

/**
 * The shared address fields as they are sent: spaces around each removed, the postcode in capitals
 * (as UK postcodes are written, and as the §5 postcode rule reads them). The one normalisation of the
 * account's address (`accountAddress`) and the order's (src/lib/checkout/payload.ts `orderAddress`).
 */
export function addressFields(v: AddressFieldValues): AddressFieldValues {
  return {
    firstname: v.firstname.trim(),
    lastname: v.lastname.trim(),
    city: v.city.trim(),
    postcode: v.postcode.trim().toUpperCase(),
    telephone: v.telephone.trim(),
  };
}

/** The account address form's values. */
export interface AccountAddressValues extends AddressFieldValues {
  street: string;
  house: string;
  region: string;
  country_id: string;
  vat_id: string;
}

/**
 * The saved address from the account's form: the shared fields normalised, two street lines, the
 * saved region object kept (its code and id) while its name is unchanged, no empty tax ID.
 */
export function accountAddress(v: AccountAddressValues, saved: CustomerAddress | null): CustomerAddress {
  const region = v.region.trim();
  return {
    ...(saved?.id !== undefined ? { id: saved.id } : {}),
    ...addressFields(v),
    street: accountStreet(v.street, v.house),
    region: region === regionName(saved?.region) && saved?.region ? saved.region : { region: region || null },
    country_id: v.country_id,
    ...(v.vat_id.trim() ? { vat_id: v.vat_id.trim() } : {}),
  };
}

/** The street lines of a saved address: the street, then the house number or name. */
export function accountStreet(street: string, house: string): string[] {
  return [street.trim(), house.trim()];
}

/** The form's street and house fields from a saved address (one-line addresses keep their line as the street). */
export function streetFields(street: readonly string[] | undefined): { street: string; house: string } {
  return { street: street?.[0] ?? '', house: street?.[1] ?? '' };
}

/**
 * A saved address's street as one line for a form with a single street field (the checkout): the
 * house number or name first, as written in the UK ('12 High Street').
 */
export function streetText(street: readonly string[] | undefined): string {
  const [name = '', house = '', ...rest] = (street ?? []).map((l) => String(l).trim());
  return [[house, name].filter(Boolean).join(' '), ...rest].filter(Boolean).join(', ');
}

/** One address as the update sends it: the schema's fields only, no empty company or tax ID, region an object. */
export function profileAddress(a: CustomerAddress): CustomerAddress {
  return {
    ...(a.id !== undefined ? { id: a.id } : {}),
    firstname: a.firstname,
    lastname: a.lastname,
    street: a.street.map((l) => l.trim()).filter(Boolean),
    city: a.city,
    region: a.region ?? { region: null },
    postcode: a.postcode,
    country_id: a.country_id,
    telephone: a.telephone,
    ...(a.company?.trim() ? { company: a.company.trim() } : {}),
    ...(a.vat_id?.trim() ? { vat_id: a.vat_id.trim() } : {}),
    default_shipping: a.default_shipping ?? false,
    default_billing: a.default_billing ?? false,
  };
}

/** The customer as user/me takes it: e-mail and names always (VSFA requires them), addresses when given. */
export interface ProfileUpdate {
  email: string;
  firstname: string;
  lastname: string;
  addresses?: CustomerAddress[];
}

/**
 * The body of user/me for a change of the customer `current`: the names and e-mail (changed or as
 * they are) and, when addresses change, the default address first and at most one other.
 */
export function profileUpdate(
  current: { email: string; firstname: string; lastname: string },
  change: { email?: string; firstname?: string; lastname?: string; addresses?: readonly CustomerAddress[] },
): ProfileUpdate {
  return {
    email: (change.email ?? current.email).trim(),
    firstname: (change.firstname ?? current.firstname).trim(),
    lastname: (change.lastname ?? current.lastname).trim(),
    ...(change.addresses ? { addresses: change.addresses.slice(0, MAX_SAVED_ADDRESSES).map(profileAddress) } : {}),
  };
}
