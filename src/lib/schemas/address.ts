/**
 * Postal address as used in checkout and orders (§5 rules: zip and tax id at least 3); the account's
 * saved addresses are `CustomerAddressSchema` (vue-storefront-api: `region` an object there, a string
 * in an order).
 */
import { z } from './common';

/** UK postcode, e.g. "PR1 2AB", "M1 1AE", "EC1A 1BB" (space optional, any case). */
export const UK_POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

export const AddressSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    firstname: z.string().trim().min(2, 'firstname must have at least 2 letters'),
    lastname: z.string().trim().min(1, 'lastname is required'),
    company: z.string().optional(),
    street: z
      .array(z.string())
      .min(1, 'street is required')
      .refine((s) => (s[0] ?? '').trim().length > 0, 'street is required'),
    city: z.string().trim().min(1, 'city is required'),
    region: z.string().optional(),
    postcode: z.string().trim().min(3, 'postcode must have at least 3 characters'),
    country_id: z.string().length(2, 'country_id must be a 2-letter country code'),
    telephone: z.string().trim().min(1, 'telephone is required'),
    email: z.email('email must be a valid e-mail address').optional(),
    vat_id: z.string().trim().min(3, 'vat_id must have at least 3 characters').optional(),
  }))();
export type Address = z.output<typeof AddressSchema>;

/** A customer address's region as Magento and vue-storefront-api's `userProfile.schema.json` have it. */
export const RegionSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    region: z.string().nullable(),
    region_code: z.string().nullish(),
    region_id: z.number().int().nullish(),
  }))();
export type Region = z.output<typeof RegionSchema>;

/**
 * A saved address of the customer (user/me): `region` is VSFA's object (a region written as a bare
 * string by an older backend is read as `{ region }`), and the default flags.
 */
export const CustomerAddressSchema = /*#__PURE__*/ (() =>
  AddressSchema.extend({
    id: z.number().int().optional(),
    region: z.union([RegionSchema, z.string().transform((region) => ({ region }))]).optional(),
    default_shipping: z.boolean().optional(),
    default_billing: z.boolean().optional(),
  }))();
export type CustomerAddress = z.output<typeof CustomerAddressSchema>;

/** The name of an address's region, whichever form it has (an order's string, a customer address's object). */
export function regionName(region: string | Region | null | undefined): string {
  return (typeof region === 'string' ? region : region?.region) ?? '';
}
