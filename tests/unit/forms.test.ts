import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fields, form, forms, formErrors, isFormValid, invalidFields } from '../../src/lib/forms/rules';
import { EMAIL_PATTERN, isEmail } from '../../src/lib/forms/email';

describe('form rules', () => {
  it('field required shows while the field is empty', () => {
    expect(formErrors(forms.address, { city: '' }).city).toEqual(['Field is required']);
    expect(formErrors(forms.address, { city: '   ' }).city).toEqual(['Field is required']);
    expect(formErrors(forms.address, {}).city).toEqual(['Field is required']);
    expect(formErrors(forms.address, { city: 'Preston' }).city).toEqual([]);
  });

  it('name must have at least 2 letters', () => {
    expect(formErrors(forms.register, { firstname: 'J' }).firstname).toEqual(['Name must have at least 2 letters.']);
    expect(formErrors(forms.register, { firstname: ' J ' }).firstname).toEqual(['Name must have at least 2 letters.']);
    expect(formErrors(forms.register, { firstname: 'Jo' }).firstname).toEqual([]);
  });

  it('an empty field shows only field required, not the length rule', () => {
    expect(formErrors(forms.register, { firstname: '' }).firstname).toEqual(['Field is required']);
  });

  it('zip-code must have at least 3 letters', () => {
    expect(formErrors(forms.address, { postcode: 'PR', country_id: 'DE' }).postcode).toEqual(['Zip-code must have at least 3 letters.']);
    expect(formErrors(forms.address, { postcode: '10115', country_id: 'DE' }).postcode).toEqual([]);
  });

  it('tax id must have at least 3 letters when given', () => {
    expect(formErrors(forms.address, { vat_id: 'GB' }).vat_id).toEqual(['Tax ID must have at least 3 letters.']);
    expect(formErrors(forms.address, { vat_id: '' }).vat_id).toEqual([]);
    expect(formErrors(forms.address, { vat_id: 'GB123' }).vat_id).toEqual([]);
  });

  it('password must have at least 8 letters', () => {
    expect(formErrors(forms.register, { password: 'short7!' }).password).toEqual(['Password must have at least 8 letters.']);
    expect(formErrors(forms.register, { password: 'longer8!' }).password).toEqual([]);
  });

  it('passwords must be identical', () => {
    expect(formErrors(forms.register, { password: 'secret123', rPassword: 'secret124' }).rPassword).toEqual(['Passwords must be identical.']);
    expect(formErrors(forms.register, { password: 'secret123', rPassword: 'secret123' }).rPassword).toEqual([]);
    expect(formErrors(forms.changePassword, { password: 'secret123', rPassword: 'secret123 ' }).rPassword).toEqual(['Passwords must be identical.']);
  });

  it('a valid e-mail address is required', () => {
    expect(formErrors(forms.newsletter, { email: '' }).email).toEqual(['Field is required']);
    expect(formErrors(forms.newsletter, { email: 'jo@' }).email).toEqual(['Please provide valid e-mail address.']);
    expect(formErrors(forms.newsletter, { email: 'jo.smith@example.co.uk' }).email).toEqual([]);
  });

  it("one e-mail check for the forms and the footer's newsletter script, the same addresses as zod's z.email()", () => {
    const samples = [
      'jo@example.com',
      ' jo.smith@example.co.uk ',
      "o'neil+shop@mail.example.org",
      'jo@shop.c', // a one-letter top-level domain (the footer's own pattern took it)
      'jo..smith@example.com',
      '.jo@example.com',
      'jo@-example.com',
      'jo@example',
      'jo smith@example.com',
      'jo@',
      '',
    ];
    const zodEmail = z.email();
    expect(samples.map((v) => isEmail(v))).toEqual(samples.map((v) => zodEmail.safeParse(v.trim()).success));
    expect(isEmail('jo@shop.c')).toBe(false);
    expect(isEmail(' jo@example.com ')).toBe(true);
    // not a copy held equal by the samples: the script's pattern is zod's own regex object
    expect(EMAIL_PATTERN).toBe(z.regexes.email);
  });

  it('quantity must be above 0', () => {
    expect(formErrors(forms.quantity, { qty: 0 }).qty).toEqual(['Quantity must be above 0']);
    expect(formErrors(forms.quantity, { qty: '-1' }).qty).toEqual(['Quantity must be above 0']);
    expect(formErrors(forms.quantity, { qty: '' }).qty).toEqual(['Quantity must be above 0']);
    expect(formErrors(forms.quantity, { qty: 'abc' }).qty).toEqual(['Quantity must be above 0']);
    expect(formErrors(forms.quantity, { qty: '2' }).qty).toEqual([]);
  });

  it('terms and conditions must be accepted', () => {
    expect(formErrors(forms.register, { terms: false }).terms).toEqual(['You must accept the terms and conditions.']);
    expect(formErrors(forms.register, {}).terms).toEqual(['You must accept the terms and conditions.']);
    expect(formErrors(forms.register, { terms: 'on' }).terms).toEqual([]);
    expect(formErrors(forms.checkoutTerms, { terms: true }).terms).toEqual([]);
  });

  it('a uk postcode must be valid for a gb address', () => {
    expect(formErrors(forms.address, { postcode: 'ABC 123', country_id: 'GB' }).postcode).toEqual(['Please provide a valid UK postcode.']);
    for (const ok of ['PR1 2AB', 'pr12ab', 'M1 1AE', 'EC1A 1BB', 'CA3 8NX']) {
      expect(formErrors(forms.address, { postcode: ok, country_id: 'GB' }).postcode).toEqual([]);
    }
  });

  it('the uk postcode rule applies when no country is chosen', () => {
    expect(formErrors(forms.address, { postcode: '12345' }).postcode).toEqual(['Please provide a valid UK postcode.']);
  });

  it('several messages show together while their conditions hold', () => {
    expect(formErrors(forms.address, { postcode: 'P1', country_id: 'GB' }).postcode).toEqual([
      'Zip-code must have at least 3 letters.',
      'Please provide a valid UK postcode.',
    ]);
  });

  it('lists every field of a form with its messages', () => {
    const errors = formErrors(forms.register, { email: 'jo@example.com', firstname: 'J', lastname: '', password: 'abc', rPassword: 'abd' });
    expect(errors).toEqual({
      email: [],
      firstname: ['Name must have at least 2 letters.'],
      lastname: ['Field is required'],
      password: ['Password must have at least 8 letters.'],
      rPassword: ['Passwords must be identical.'],
      terms: ['You must accept the terms and conditions.'],
    });
    expect(isFormValid(errors)).toBe(false);
    expect(invalidFields(errors)).toEqual(['firstname', 'lastname', 'password', 'rPassword', 'terms']);
  });

  it('a filled form has no messages', () => {
    const errors = formErrors(forms.booking, {
      name: 'Jo Smith',
      phone: '01772 000000',
      email: 'jo@example.com',
      date: '2099-07-03',
      time: '10:00',
      store: 'Preston',
    });
    expect(isFormValid(errors)).toBe(true);
  });

  it('reads checkbox and number inputs', () => {
    expect(formErrors(forms.checkoutTerms, { terms: 'on' }).terms).toEqual([]);
    expect(formErrors(forms.checkoutTerms, { terms: 'true' }).terms).toEqual([]);
    expect(formErrors(forms.checkoutTerms, {}).terms).toEqual(['You must accept the terms and conditions.']);
    expect(formErrors(forms.quantity, { qty: '3' }).qty).toEqual([]);
    expect(formErrors(forms.quantity, { qty: '' }).qty).toEqual(['Quantity must be above 0']);
  });

  it('custom rules take their own message', () => {
    expect(formErrors(form({ shop: fields.required('Please choose a shop.') }), { shop: '' }).shop).toEqual(['Please choose a shop.']);
  });
});
