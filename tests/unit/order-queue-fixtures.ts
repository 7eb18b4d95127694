/**
 * What the order-queue tests share (tests/unit/order-queue*.test.ts): an order payload, the signed-in
 * customer, the API's recorded calls and answers, and the hooks that reset the queue between tests.
 * Exported `let`s are live: a test reads the current test's calls.
 */
import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';
import { config } from '../../src/lib/config';
import type { OfflineOrder, OrderPayload } from '../../src/lib/schemas';
import { collection } from '../../src/lib/state/storage';
import { configureOrderQueue, setThankYouShowing } from '../../src/lib/state/sync/order-queue';
import { setOrderLockSources } from '../../src/lib/state/sync/order-lock';
import { freshState, json } from './stores-fixtures';
import { $user, setCurrentUser, setUserToken } from '../../src/lib/state/stores/user';

/** Signs a customer in as the user store does (token, refresh token, current customer). */
export async function signIn(id: number, token: string, refreshToken: string | null = null) {
  setUserToken(token, refreshToken);
  setCurrentUser({ id, email: `c${id}@example.com`, firstname: 'C', lastname: String(id) } as never);
  expect($user.get().token).toBe(token);
}

export const address = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['1 Fishergate'],
  city: 'Preston',
  postcode: 'PR1 2AB',
  country_id: 'GB',
  telephone: '01772 000000',
  email: 'ada@example.com',
};

let n = 0;
export function payload(over: Partial<OrderPayload> = {}): OrderPayload {
  n++;
  return {
    order_id: `client-order-${String(n).padStart(4, '0')}`,
    created_at: new Date(Date.UTC(2026, 0, 1, 10, 0, n)).toISOString(),
    transmited: false,
    products: [{ sku: 'PJ-RING-1', qty: 1 }],
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_method_code: 'freeshipping',
      shipping_carrier_code: 'freeshipping',
      payment_method_code: 'cashondelivery',
    },
    ...over,
  } as OrderPayload;
}

export const stored = (id: string) => collection('orders').getItem<OfflineOrder>(id);
export const html = () => new Response('<!doctype html><h1>502 Bad Gateway</h1>', { status: 200, headers: { 'content-type': 'text/html' } });

export type Call = { url: string; body: { order_id: string } };
export let calls: Call[];
export let registerSync: Mock<() => Promise<void>>;
export let systemNotes: string[];

export function api(answer: (call: Call, i: number) => Response | Promise<Response>) {
  configureOrderQueue({
    fetch: async (url, init) => {
      const call = { url: String(url), body: JSON.parse(String(init?.body)) };
      calls.push(call);
      return answer(call, calls.length - 1);
    },
    registerSync,
    showSystemNotification: async (title) => void systemNotes.push(title),
    thankYouShowing: () => false,
  });
}

/** Registers the hooks every order-queue test file runs with: fresh state, the API answering 200, the settings put back. */
export function useOrderQueueHarness(): void {
  beforeEach(() => {
    freshState();
    calls = [];
    systemNotes = [];
    registerSync = vi.fn(async () => {});
    setOrderLockSources(null);
    setThankYouShowing(false);
    api(() => json({ code: 200, result: { order_id: 'x', increment_id: 'PJ100000001' } }));
  });
  afterEach(() => {
    configureOrderQueue();
    setOrderLockSources(null);
    config.orders.offline_orders.automatic_transmission_enabled = true;
    config.orders.offline_orders.notification.enabled = true;
    vi.restoreAllMocks();
  });
}
