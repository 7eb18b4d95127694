import { describe, expect, it } from 'vitest';
import { categoryTag } from '../../src/lib/catalog/category-tag';
import { cmsErrorCode } from '../../src/lib/catalog/cms';
import { checkOrderTracking } from '../../src/lib/catalog/order-tracking';
import { CmsErrorSchema } from '../../src/lib/schemas';

describe('category tag', () => {
  it('a category path containing watch gives watch', () => {
    expect(categoryTag('watches/mens-watches')).toBe('watch');
    expect(categoryTag(['Home', 'Watches', 'Smart'])).toBe('watch');
    expect(categoryTag('brands/raymond-weil-watch')).toBe('watch');
  });

  it('any other path gives jewellery', () => {
    expect(categoryTag('rings/engagement-rings')).toBe('jewellery');
    expect(categoryTag('')).toBe('jewellery');
    expect(categoryTag(undefined)).toBe('jewellery');
  });
});

describe('cms error code', () => {
  it('is 0 on success', () => {
    expect(cmsErrorCode(200)).toBe(0);
    expect(cmsErrorCode(204)).toBe(0);
    expect(cmsErrorCode(304)).toBe(0);
  });

  it('is 400 on 4xx', () => {
    for (const s of [400, 401, 404, 499]) expect(cmsErrorCode(s)).toBe(400);
  });

  it('is 500 on 5xx', () => {
    for (const s of [500, 502, 503, 599]) expect(cmsErrorCode(s)).toBe(500);
  });

  it('a failed request counts as a server error', () => {
    expect(cmsErrorCode(0)).toBe(500);
  });

  it('every code it gives is a valid cmsError', () => {
    for (const s of [0, 200, 404, 503]) expect(CmsErrorSchema.safeParse(cmsErrorCode(s)).success).toBe(true);
  });
});

describe('order tracking guard', () => {
  it('accepts a non-empty cart with an order token in o', () => {
    expect(checkOrderTracking([{ sku: 'A' }], new URLSearchParams('o=abc123'))).toEqual({ ok: true, token: 'abc123' });
    expect(checkOrderTracking(2, '?o=abc123&x=1')).toEqual({ ok: true, token: 'abc123' });
    expect(checkOrderTracking(1, { o: 'abc123' })).toEqual({ ok: true, token: 'abc123' });
  });

  it('rejects an empty cart', () => {
    expect(checkOrderTracking([], '?o=abc123')).toEqual({ ok: false, reason: 'empty-cart' });
    expect(checkOrderTracking(0, '?o=abc123')).toEqual({ ok: false, reason: 'empty-cart' });
    expect(checkOrderTracking(null, '?o=abc123')).toEqual({ ok: false, reason: 'empty-cart' });
  });

  it('rejects a missing or empty o', () => {
    expect(checkOrderTracking(1, '')).toEqual({ ok: false, reason: 'no-token' });
    expect(checkOrderTracking(1, '?o=')).toEqual({ ok: false, reason: 'no-token' });
    expect(checkOrderTracking(1, '?order=abc')).toEqual({ ok: false, reason: 'no-token' });
    expect(checkOrderTracking(1, null)).toEqual({ ok: false, reason: 'no-token' });
  });
});
