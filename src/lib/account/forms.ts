/** The account's own forms, built from the §5 fields of src/lib/forms. */
import { forms, type FormDef } from '../forms/rules';

/** Profile: name (at least 2 letters) and a valid e-mail. */
export const profileForm = {
  firstname: forms.register.firstname,
  lastname: forms.register.lastname,
  email: forms.register.email,
} satisfies FormDef;
