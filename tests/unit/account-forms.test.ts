/** The sign-in modal's forms (§5): each message shows while its condition holds, and goes when it no longer does. */
import { describe, expect, it } from 'vitest';
import { profileForm } from '../../src/lib/account/forms';
import { formErrors, forms, isFormValid } from '../../src/lib/forms/rules';

const messagesOf = (form: Parameters<typeof formErrors>[0], values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(formErrors(form, values)).filter(([, m]) => m.length));

describe('create account form', () => {
  it('names every failing rule of the §5 texts', () => {
    expect(messagesOf(forms.register, { email: 'ada@', firstname: 'A', lastname: 'L', password: 'short', rPassword: 'other', terms: false })).toEqual({
      email: ['Please provide valid e-mail address.'],
      firstname: ['Name must have at least 2 letters.'],
      password: ['Password must have at least 8 letters.'],
      rPassword: ['Passwords must be identical.'],
      terms: ['You must accept the terms and conditions.'],
    });
  });

  it('each message goes as soon as its condition stops holding', () => {
    const v = { email: 'ada@example.org', firstname: 'Ad', lastname: 'L', password: 'password1', rPassword: 'password', terms: true };
    expect(messagesOf(forms.register, v)).toEqual({ rPassword: ['Passwords must be identical.'] });
    expect(isFormValid(formErrors(forms.register, { ...v, rPassword: 'password1' }))).toBe(true);
  });

  it('empty fields say they are required', () => {
    expect(messagesOf(forms.register, { terms: false })).toEqual({
      email: ['Field is required'],
      firstname: ['Field is required'],
      lastname: ['Field is required'],
      password: ['Field is required'],
      rPassword: ['Field is required'],
      terms: ['You must accept the terms and conditions.'],
    });
  });
});

describe('login, reset password and profile forms', () => {
  it('login needs a valid e-mail and a password', () => {
    expect(messagesOf(forms.login, { email: 'nope', password: '' })).toEqual({
      email: ['Please provide valid e-mail address.'],
      password: ['Field is required'],
    });
    expect(messagesOf(forms.login, { email: 'ada@example.org', password: 'x' })).toEqual({});
  });

  it('reset password needs a valid e-mail', () => {
    expect(messagesOf(forms.resetPassword, { email: 'ada' })).toEqual({ email: ['Please provide valid e-mail address.'] });
  });

  it('the profile form checks the name and e-mail, not a password', () => {
    expect(messagesOf(profileForm, { firstname: 'A', lastname: 'Lovelace', email: 'ada@example.org' })).toEqual({
      firstname: ['Name must have at least 2 letters.'],
    });
  });

  it('the shipping details form checks zip-code and tax id lengths and UK postcodes', () => {
    const base = { firstname: 'Ada', lastname: 'L', street: '1 Fishergate', city: 'Preston', postcode: 'PR1 2AD', country_id: 'GB', telephone: '1' };
    expect(messagesOf(forms.address, { ...base, vat_id: 'GB' })).toEqual({ vat_id: ['Tax ID must have at least 3 letters.'] });
    expect(messagesOf(forms.address, { ...base, postcode: 'P1' })).toEqual({
      postcode: ['Zip-code must have at least 3 letters.', 'Please provide a valid UK postcode.'],
    });
    expect(messagesOf(forms.address, { ...base, country_id: 'FR', postcode: '75001' })).toEqual({});
  });
});
