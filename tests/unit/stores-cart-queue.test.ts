/**
 * The bag's lines through the sync queue when sends fail, wait or are answered late: offline changes,
 * lost answers, refusals nobody waited for, removals still waiting when the server cart is pulled.
 * Bag and server cart must agree once the queue has run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notifications } from '../../src/lib/state/stores/notifications';
import { $cart, $cartCount, addToCart, cartSettled, loadCart, removeFromCart, syncCart, updateCartQuantity } from '../../src/lib/state/stores/cart';
import { loadUser } from '../../src/lib/state/stores/user';
import { setOnline } from '../../src/lib/state/stores/network';
import { setSyncFetch, unsentTasks } from '../../src/lib/state/sync';
import { knownServerLines, setServerLines } from '../../src/lib/state/stores/cart-sync';
import { deferred, fakeCartApi, flush, freshState } from './stores-fixtures';

const ring = { sku: 'R-1042', name: 'Evermore Platinum Solitaire Ring', price: 1250 };
const watch = { sku: 'W-77', name: 'Halden Automatic Watch', price: 540 };

let api: ReturnType<typeof fakeCartApi>;
beforeEach(async () => {
  freshState();
  api = fakeCartApi({ refuse: (sku, qty) => (sku === 'SOLD-OUT' || qty > 5 ? 'The requested qty is not available' : null) });
  setSyncFetch(api.handler);
  await loadUser();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const serverLines = () => [...(api.carts.get(String($cart.get().token))?.values() ?? [])].map((l) => [l.sku, l.qty]);

/** The queue is empty, and the server cart and the bag hold these lines, [sku, qty] in order. */
async function expectAgreed(lines: Array<[string, number]>): Promise<void> {
  expect(await unsentTasks()).toEqual([]);
  expect(serverLines()).toEqual(lines);
  expect($cart.get().items.map((i) => [i.sku, i.qty])).toEqual(lines);
}

describe('cart lines through the sync queue', () => {
  it('keeps changes made offline and sends them when back online', async () => {
    await loadCart();
    addToCart(ring);
    await cartSettled();
    api.setOnline(false);
    setOnline(false);
    addToCart(watch);
    await cartSettled();
    expect($cartCount.get()).toBe(2);
    expect((await unsentTasks()).map((t) => t.url)).toEqual(['cart/update?token={{token}}&cartId={{cartId}}']);
    api.setOnline(true);
    setOnline(true);
    await flush();
    await cartSettled();
    expect(await unsentTasks()).toEqual([]);
    expect(serverLines()).toEqual([
      ['R-1042', 1],
      ['W-77', 1],
    ]);
  });

  it('a line whose answer was lost is not added again when its send is repeated (Magento adds a line sent without an item id)', async () => {
    api = fakeCartApi({ loseUpdateAnswers: 1 });
    setSyncFetch(api.handler);
    await loadCart();
    addToCart({ ...ring, qty: 2 });
    await cartSettled();
    // The server made the line; the tab never heard so, and keeps the task to send again.
    expect(serverLines()).toEqual([['R-1042', 2]]);
    expect(await unsentTasks()).toHaveLength(1);
    setOnline(false);
    setOnline(true);
    await flush();
    await cartSettled();
    expect(await unsentTasks()).toEqual([]);
    // Sent again, the line is named: its qty is set, never put on top of the line the lost send made.
    expect(api.updates).toEqual([
      { sku: 'R-1042', qty: 2 },
      { sku: 'R-1042', qty: 2, item_id: 1 },
    ]);
    expect(serverLines()).toEqual([['R-1042', 2]]);
    expect($cart.get().items.map((i) => [i.sku, i.qty])).toEqual([['R-1042', 2]]);
  });

  it('a line the server refuses when a later run sends it (its own round had stopped) leaves the bag, so bag and server cart agree', async () => {
    await loadCart();
    addToCart(ring);
    await cartSettled();
    // The connection drops (the page still thinks it is online): the line's send fails and waits.
    api.setOnline(false);
    addToCart({ sku: 'SOLD-OUT', name: 'Gone', price: 10 });
    await cartSettled();
    expect(await unsentTasks()).toHaveLength(1);
    api.setOnline(true);
    // The next change's run sends the waiting line first: refused, with no round waiting for its answer.
    addToCart(watch);
    await cartSettled();
    await expectAgreed([
      ['R-1042', 1],
      ['W-77', 1],
    ]);
    expect($notifications.get().some((n) => n.message === 'The requested qty is not available')).toBe(true);
  });

  it('a pull while a removal waits to be sent does not bring the removed line back into the bag', async () => {
    await loadCart();
    addToCart(ring);
    addToCart(watch);
    await cartSettled();
    // The connection drops: the removal's send fails and waits in the queue.
    api.setOnline(false);
    removeFromCart({ sku: 'W-77' });
    await cartSettled();
    expect((await unsentTasks()).map((t) => t.url)).toEqual(['cart/delete?token={{token}}&cartId={{cartId}}']);
    api.setOnline(true);
    // A round pulls the server cart, which still holds the line.
    await syncCart();
    expect($cart.get().items.map((i) => i.sku)).toEqual(['R-1042']);
    // The next run sends the removal: bag and server cart agree.
    addToCart({ sku: 'R-2001', name: 'Aurora Band', price: 300 });
    await cartSettled();
    await expectAgreed([
      ['R-1042', 1],
      ['R-2001', 1],
    ]);
  });

  it('a new line whose quantity changes offline reaches the server with the quantity the bag holds', async () => {
    await loadCart();
    addToCart(ring);
    await cartSettled();
    api.setOnline(false);
    setOnline(false);
    addToCart(watch);
    await cartSettled();
    updateCartQuantity({ sku: 'W-77' }, 3);
    await cartSettled();
    // Two sends of the line wait, neither with an item id (the server has not made the line yet).
    expect(await unsentTasks()).toHaveLength(2);
    api.setOnline(true);
    setOnline(true);
    await flush();
    await cartSettled();
    expect(api.updates.filter((u) => u.sku === 'W-77')).toEqual([
      { sku: 'W-77', qty: 1 },
      { sku: 'W-77', qty: 3, item_id: 2 },
    ]);
    expect(serverLines()).toEqual([
      ['R-1042', 1],
      ['W-77', 3],
    ]);
  });

  it("a line's answer that comes after another tab's state replaced what the server holds is kept whole, and the next change removes nothing", async () => {
    await loadCart();
    // The server's answer to the ring's update is held ...
    const held = deferred<void>();
    let holding = true;
    setSyncFetch(async (url, init) => {
      if (holding && url.includes('/cart/update')) await held.promise;
      return api.handler(url, init);
    });
    addToCart(ring);
    await flush();
    await flush();
    // ... while another tab's state arrives: its server lines (none yet) replace this tab's (what the
    // cart store does with a tab message, src/lib/state/stores/cart.ts).
    setServerLines([]);
    holding = false;
    held.resolve();
    await cartSettled();
    expect(knownServerLines()).toEqual([{ sku: 'R-1042', qty: 1, item_id: expect.any(Number) }]);
    // A line known by its item id alone was sent as a removal of that item with the next change.
    updateCartQuantity({ sku: 'R-1042' }, 2);
    await cartSettled();
    await expectAgreed([['R-1042', 2]]);
  });

  it('a server line told without its sku (another tab, an older version) is not known, and is never sent as a removal', async () => {
    await loadCart();
    addToCart(ring);
    await cartSettled();
    const itemId = knownServerLines()[0]!.item_id;
    setServerLines([{ item_id: itemId }]);
    expect(knownServerLines()).toEqual([]);
    updateCartQuantity({ sku: 'R-1042' }, 2);
    await cartSettled();
    await expectAgreed([['R-1042', 2]]);
  });
});
