/** The account's own forms, built from the §5 fields of src/lib/forms/rules. */
import { form, forms } from '../forms/rules';

/** Profile: name (at least 2 letters) and a valid e-mail. */
export const profileForm = form({
  firstname: forms.register.shape.firstname,
  lastname: forms.register.shape.lastname,
  email: forms.register.shape.email,
});
