/**
 * Group price tiers (§6; off by default): with the switch on, the reference API prices cart lines,
 * totals and orders for the customer group: guests (group 0) and customers (group 1), by quantity.
 */
import { describe, expect, it } from 'vitest';
import { orderPayload, useTestShop } from './fixture';

const line = (cartId: string, token: string, qty: number) => ({ query: { token, cartId }, body: { cartItem: { sku: 'RING-101', qty } } });

describe('group price tiers on', () => {
  const shop = useTestShop({ options: { usePriceTiers: true } });

  it('a guest pays the regular price for one and the guest tier from three', async () => {
    const cart = (await shop().call('POST', '/api/cart/create', { query: { token: '' } })).body.result as string;
    const one = await shop().call('POST', '/api/cart/update', line(cart, '', 1));
    expect(one.body.result.price).toBe(120);
    const three = await shop().call('POST', '/api/cart/update', {
      query: { token: '', cartId: cart },
      body: { cartItem: { sku: 'RING-101', qty: 3, item_id: one.body.result.item_id } },
    });
    expect(three.body.result.price).toBe(110);
    const totals = await shop().call('GET', '/api/cart/totals', { query: { token: '', cartId: cart } });
    expect(totals.body.result.grand_total).toBe(330);
  });

  it("a customer's cart and order use the customer group's price", async () => {
    await shop().call('POST', '/api/user/create', {
      body: { customer: { email: 'tier@example.org', firstname: 'Tia', lastname: 'Er' }, password: 'tier password' },
    });
    const token = (await shop().call('POST', '/api/user/login', { body: { username: 'tier@example.org', password: 'tier password' } })).body.result as string;
    const cart = (await shop().call('POST', '/api/cart/create', { query: { token } })).body.result as string;
    const one = await shop().call('POST', '/api/cart/update', line(cart, token, 1));
    expect(one.body.result.price).toBe(114);
    const pull = await shop().call('GET', '/api/cart/pull', { query: { token, cartId: cart } });
    expect(pull.body.result[0].price).toBe(114);
    const order = await shop().call('POST', '/api/order', { query: { token }, body: orderPayload({ products: [{ sku: 'RING-101', qty: 1 }] }) });
    expect(order.body.code).toBe(200);
    expect(order.body.result.grand_total).toBe(114);
    const guest = await shop().call('POST', '/api/order', { body: orderPayload({ products: [{ sku: 'RING-101', qty: 1 }] }) });
    expect(guest.body.result.grand_total).toBe(120);
  });
});

describe('group price tiers off (the default)', () => {
  const shop = useTestShop();

  it('everyone pays the regular price whatever the quantity', async () => {
    const cart = (await shop().call('POST', '/api/cart/create', { query: { token: '' } })).body.result as string;
    const three = await shop().call('POST', '/api/cart/update', line(cart, '', 3));
    expect(three.body.result.price).toBe(120);
  });
});
