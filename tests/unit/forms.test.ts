import { describe, expect, it } from 'vitest';
import { forms, formErrors, fieldErrors, isFormValid, invalidFields, rules } from '../../src/lib/forms/rules';

describe('form rules', () => {
  it('field required shows while the field is empty', () => {
    expect(fieldErrors(forms.address, 'city', { city: '' })).toEqual(['Field is required']);
    expect(fieldErrors(forms.address, 'city', { city: '   ' })).toEqual(['Field is required']);
    expect(fieldErrors(forms.address, 'city', {})).toEqual(['Field is required']);
    expect(fieldErrors(forms.address, 'city', { city: 'Preston' })).toEqual([]);
  });

  it('name must have at least 2 letters', () => {
    expect(fieldErrors(forms.register, 'firstname', { firstname: 'J' })).toEqual(['Name must have at least 2 letters.']);
    expect(fieldErrors(forms.register, 'firstname', { firstname: ' J ' })).toEqual(['Name must have at least 2 letters.']);
    expect(fieldErrors(forms.register, 'firstname', { firstname: 'Jo' })).toEqual([]);
  });

  it('an empty field shows only field required, not the length rule', () => {
    expect(fieldErrors(forms.register, 'firstname', { firstname: '' })).toEqual(['Field is required']);
  });

  it('zip-code must have at least 3 letters', () => {
    expect(fieldErrors(forms.address, 'postcode', { postcode: 'PR', country_id: 'DE' })).toEqual(['Zip-code must have at least 3 letters.']);
    expect(fieldErrors(forms.address, 'postcode', { postcode: '10115', country_id: 'DE' })).toEqual([]);
  });

  it('tax id must have at least 3 letters when given', () => {
    expect(fieldErrors(forms.address, 'vat_id', { vat_id: 'GB' })).toEqual(['Tax ID must have at least 3 letters.']);
    expect(fieldErrors(forms.address, 'vat_id', { vat_id: '' })).toEqual([]);
    expect(fieldErrors(forms.address, 'vat_id', { vat_id: 'GB123' })).toEqual([]);
  });

  it('password must have at least 8 letters', () => {
    expect(fieldErrors(forms.register, 'password', { password: 'short7!' })).toEqual(['Password must have at least 8 letters.']);
    expect(fieldErrors(forms.register, 'password', { password: 'longer8!' })).toEqual([]);
  });

  it('passwords must be identical', () => {
    expect(fieldErrors(forms.register, 'rPassword', { password: 'secret123', rPassword: 'secret124' })).toEqual(['Passwords must be identical.']);
    expect(fieldErrors(forms.register, 'rPassword', { password: 'secret123', rPassword: 'secret123' })).toEqual([]);
    expect(fieldErrors(forms.changePassword, 'rPassword', { password: 'secret123', rPassword: 'secret123 ' })).toEqual(['Passwords must be identical.']);
  });

  it('a valid e-mail address is required', () => {
    expect(fieldErrors(forms.newsletter, 'email', { email: '' })).toEqual(['Field is required']);
    expect(fieldErrors(forms.newsletter, 'email', { email: 'jo@' })).toEqual(['Please provide valid e-mail address.']);
    expect(fieldErrors(forms.newsletter, 'email', { email: 'jo.smith@example.co.uk' })).toEqual([]);
  });

  it('quantity must be above 0', () => {
    expect(fieldErrors(forms.quantity, 'qty', { qty: 0 })).toEqual(['Quantity must be above 0']);
    expect(fieldErrors(forms.quantity, 'qty', { qty: '-1' })).toEqual(['Quantity must be above 0']);
    expect(fieldErrors(forms.quantity, 'qty', { qty: '' })).toEqual(['Quantity must be above 0']);
    expect(fieldErrors(forms.quantity, 'qty', { qty: 'abc' })).toEqual(['Quantity must be above 0']);
    expect(fieldErrors(forms.quantity, 'qty', { qty: '2' })).toEqual([]);
  });

  it('search term must have at least 3 characters', () => {
    expect(fieldErrors(forms.search, 'search', { search: 'ri' })).toEqual(['Search term must have at least 3 characters']);
    expect(fieldErrors(forms.search, 'search', { search: 'rin' })).toEqual([]);
    expect(fieldErrors(forms.search, 'search', { search: '' })).toEqual([]);
  });

  it('terms and conditions must be accepted', () => {
    expect(fieldErrors(forms.register, 'terms', { terms: false })).toEqual(['You must accept the terms and conditions.']);
    expect(fieldErrors(forms.register, 'terms', {})).toEqual(['You must accept the terms and conditions.']);
    expect(fieldErrors(forms.register, 'terms', { terms: 'on' })).toEqual([]);
    expect(fieldErrors(forms.checkoutTerms, 'terms', { terms: true })).toEqual([]);
  });

  it('a uk postcode must be valid for a gb address', () => {
    expect(fieldErrors(forms.address, 'postcode', { postcode: 'ABC 123', country_id: 'GB' })).toEqual(['Please provide a valid UK postcode.']);
    for (const ok of ['PR1 2AB', 'pr12ab', 'M1 1AE', 'EC1A 1BB', 'CA3 8NX']) {
      expect(fieldErrors(forms.address, 'postcode', { postcode: ok, country_id: 'GB' })).toEqual([]);
    }
  });

  it('the uk postcode rule applies when no country is chosen', () => {
    expect(fieldErrors(forms.address, 'postcode', { postcode: '12345' })).toEqual(['Please provide a valid UK postcode.']);
  });

  it('several messages show together while their conditions hold', () => {
    expect(fieldErrors(forms.address, 'postcode', { postcode: 'P1', country_id: 'GB' })).toEqual([
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
      date: '2026-07-03',
      time: '10:00',
      store: 'Preston',
    });
    expect(isFormValid(errors)).toBe(true);
  });

  it('reads checkbox and number inputs', () => {
    expect(fieldErrors(forms.checkoutTerms, 'terms', { terms: 'on' })).toEqual([]);
    expect(fieldErrors(forms.checkoutTerms, 'terms', { terms: 'true' })).toEqual([]);
    expect(fieldErrors(forms.checkoutTerms, 'terms', {})).toEqual(['You must accept the terms and conditions.']);
    expect(fieldErrors(forms.quantity, 'qty', { qty: '3' })).toEqual([]);
    expect(fieldErrors(forms.quantity, 'qty', { qty: '' })).toEqual(['Quantity must be above 0']);
  });

  it('custom rules take their own message', () => {
    expect(rules.required('Please choose a shop.').when('', {})).toBe(true);
  });
});
