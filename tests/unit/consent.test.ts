/** src/lib/analytics/consent.ts: the shopper's cookie answer, mirrored at once and stored as the `cookiesAccepted` claim. */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { answerCookieNotice } from '../../src/lib/analytics/consent';
import { CONSENT_CLAIM, CONSENT_MIRROR_KEY } from '../../src/lib/analytics/datalayer';
import { memoryEngine, setStorageEngine } from '../../src/lib/state/storage';
import { getClaim } from '../../src/lib/state/stores/claims';

beforeEach(() => {
  setStorageEngine(memoryEngine());
});

describe('answerCookieNotice', () => {
  test('an acceptance is mirrored and stored as the claim, with its description', async () => {
    const mirror = new Map<string, string>();
    await answerCookieNotice('accepted', 'Analytics cookies', { setItem: (k, v) => void mirror.set(k, v) });
    expect(mirror.get(CONSENT_MIRROR_KEY)).toBe('accepted');
    expect(await getClaim(CONSENT_CLAIM)).toMatchObject({ code: CONSENT_CLAIM, value: true, description: 'Analytics cookies' });
  });

  test('a refusal is stored too, even when the mirror cannot be written (private mode)', async () => {
    const setItem = vi.fn(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    await answerCookieNotice('declined', 'Analytics cookies', { setItem });
    expect(setItem).toHaveBeenCalledWith(CONSENT_MIRROR_KEY, 'declined');
    expect(await getClaim(CONSENT_CLAIM)).toMatchObject({ value: false });
  });
});
