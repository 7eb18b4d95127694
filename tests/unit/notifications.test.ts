import { describe, expect, it } from 'vitest';
import {
  addNotification,
  timeToLive,
  expiresAt,
  removeExpired,
  nextExpiry,
  removeNotificationAt,
  type ShownNotification,
} from '../../src/lib/state/notifications';

const n = (message: string, extra: Partial<ShownNotification> = {}) => ({ message, type: 'success' as const, ...extra });

describe('notifications', () => {
  it('a notification is added when the list is empty', () => {
    expect(addNotification([], n('Product has been added to the cart!'), 1000)).toEqual([{ ...n('Product has been added to the cart!'), addedAt: 1000 }]);
  });

  it('a notification with the same message as the last one is not added', () => {
    const list = addNotification([], n('Product has been added to the cart!'), 1000);
    expect(addNotification(list, n('Product has been added to the cart!'), 2000)).toBe(list);
  });

  it('the same message is added again when it is not the last one', () => {
    let list = addNotification([], n('A'), 1);
    list = addNotification(list, n('B'), 2);
    list = addNotification(list, n('A'), 3);
    expect(list.map((x) => x.message)).toEqual(['A', 'B', 'A']);
  });

  it('the default time to live is 5000 ms', () => {
    expect(timeToLive(n('A'))).toBe(5000);
    expect(expiresAt({ ...n('A'), addedAt: 1000 })).toBe(6000);
  });

  it('a notification keeps its own time to live', () => {
    expect(timeToLive(n('A', { timeToLive: 12000 }))).toBe(12000);
  });

  it('a notification without timeout never expires', () => {
    expect(timeToLive(n('Order waiting!', { hasNoTimeout: true, timeToLive: 100 }))).toBeNull();
  });

  it('is removed after its time to live unless it has no timeout', () => {
    const list = [
      { ...n('A'), addedAt: 0 },
      { ...n('B', { hasNoTimeout: true }), addedAt: 0 },
      { ...n('C', { timeToLive: 8000 }), addedAt: 0 },
    ];
    expect(removeExpired(list, 4999)).toBe(list);
    expect(removeExpired(list, 5000).map((x) => x.message)).toEqual(['B', 'C']);
    expect(removeExpired(list, 60_000).map((x) => x.message)).toEqual(['B']);
  });

  it('tells when the next notification expires', () => {
    expect(
      nextExpiry([
        { ...n('A', { timeToLive: 8000 }), addedAt: 0 },
        { ...n('B'), addedAt: 1000 },
      ]),
    ).toBe(6000);
    expect(nextExpiry([{ ...n('B', { hasNoTimeout: true }), addedAt: 0 }])).toBeNull();
  });

  it('removes a notification closed by the shopper', () => {
    const list = [
      { ...n('A'), addedAt: 0 },
      { ...n('B'), addedAt: 0 },
    ];
    expect(removeNotificationAt(list, 0).map((x) => x.message)).toEqual(['B']);
  });
});
