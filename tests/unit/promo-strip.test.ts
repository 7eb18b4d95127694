/** src/lib/content/promo-strip.ts: closing the strip turns the UI flag off and remembers it for the visit. */
import { describe, expect, test } from 'vitest';
import { PROMO_STRIP_KEY, closePromoStrip } from '../../src/lib/content/promo-strip';
import { $ui, setPromoStrip } from '../../src/lib/state/stores/ui';

describe('closePromoStrip', () => {
  test('hides the strip and records the close in session storage', () => {
    setPromoStrip(true);
    const saved = new Map<string, string>();
    closePromoStrip({ setItem: (k, v) => void saved.set(k, v) });
    expect($ui.get().showPromoStrip).toBe(false);
    expect(saved.get(PROMO_STRIP_KEY)).toBe('closed');
  });

  test('without usable storage (private mode) the strip still closes for this page', () => {
    setPromoStrip(true);
    closePromoStrip({
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    });
    expect($ui.get().showPromoStrip).toBe(false);
  });
});
