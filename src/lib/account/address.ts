/**
 * The account's saved address in vue-storefront-api's shape (`userProfileUpdate.schema.json`): two
 * street lines, both filled (street name, then house number or name, as Vue Storefront's own account
 * form writes them), `region` an object, at most two addresses per customer. Pure.
 */
import type { CustomerAddress } from '../schemas';

/** At most this many addresses go in one user/me update (VSFA's `maxItems`). */
export const MAX_SAVED_ADDRESSES = 2;

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
