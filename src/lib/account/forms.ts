/** The account's own forms, built from the §5 fields of src/lib/forms/rules. */
import { fields, form, forms } from '../forms/rules';

/** Profile: name (at least 2 letters) and a valid e-mail. */
export const profileForm = form({
  firstname: forms.register.shape.firstname,
  lastname: forms.register.shape.lastname,
  email: forms.register.shape.email,
});

/**
 * The account's shipping details: the address form with the street in two filled lines (street, then
 * house number or name) and an optional county, as a saved address has them (src/lib/account/address.ts).
 */
export const accountAddressForm = forms.address.safeExtend({ house: fields.required(), region: fields.text() });
