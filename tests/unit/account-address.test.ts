/** The address rules (src/lib/account/address.ts): one normalisation for the account's address and the order's. */
import { describe, expect, it } from 'vitest';
import { accountAddress, addressFields } from '../../src/lib/account/address';
import { orderAddress } from '../../src/lib/checkout/payload';
import { emptyCheckout } from '../../src/lib/checkout/state';

const typed = { firstname: ' Ann ', lastname: ' Smith ', city: ' Preston ', postcode: ' pr1 2ab ', telephone: ' 01772 000000 ' };

describe('address fields', () => {
  it('are sent without spaces around them and with the postcode in capitals', () => {
    expect(addressFields(typed)).toEqual({ firstname: 'Ann', lastname: 'Smith', city: 'Preston', postcode: 'PR1 2AB', telephone: '01772 000000' });
  });

  it("the account's address and the order's read the same fields the same way", () => {
    const account = accountAddress({ ...typed, street: ' High Street ', house: ' 12 ', region: ' Lancashire ', country_id: 'GB', vat_id: ' ' }, null);
    expect(account).toEqual({
      firstname: 'Ann',
      lastname: 'Smith',
      city: 'Preston',
      postcode: 'PR1 2AB',
      telephone: '01772 000000',
      street: ['High Street', '12'],
      region: { region: 'Lancashire' },
      country_id: 'GB',
    });
    const c = emptyCheckout();
    const order = orderAddress({
      ...c,
      personal: { ...c.personal, email: ' ann@example.org ' },
      shipping: { ...c.shipping, ...typed, street: ' 12 High Street ', country_id: 'GB' },
    });
    expect(order).toEqual({ ...addressFields(typed), street: ['12 High Street'], country_id: 'GB', email: 'ann@example.org' });
  });

  it('the saved region keeps its code and id while its name is unchanged; a tax ID is kept when given', () => {
    const saved = {
      id: 7,
      firstname: 'Ann',
      lastname: 'Smith',
      street: ['High Street', '12'],
      city: 'Preston',
      postcode: 'PR1 2AB',
      country_id: 'GB',
      telephone: '1',
      region: { region: 'Lancashire', region_code: 'LAN', region_id: 12 },
    };
    const v = { ...typed, street: 'High Street', house: '12', region: 'Lancashire', country_id: 'GB', vat_id: ' GB123 ' };
    expect(accountAddress(v, saved)).toMatchObject({ id: 7, region: saved.region, vat_id: 'GB123' });
    expect(accountAddress({ ...v, region: 'Cumbria' }, saved).region).toEqual({ region: 'Cumbria' });
    expect(accountAddress({ ...v, region: '' }, null).region).toEqual({ region: null });
  });
});
