/** Postal address as used in checkout, the account and orders (§5 rules: zip and tax id at least 3). */
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
