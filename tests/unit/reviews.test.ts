import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { createApiClient } from '../../src/lib/api/client';
import { formErrors } from '../../src/lib/forms/rules';
import { readReviews } from '../../src/lib/snapshot/read';
import type { Review } from '../../src/lib/schemas';
import {
  approvedReviews,
  averageRating,
  emptyReview,
  fetchReviews,
  reviewForm,
  reviewList,
  sortReviews,
  submitReview,
  type SubmitReviewDeps,
} from '../../src/lib/content/reviews';
import Reviews from '../../src/browser/product/Reviews';
import { useTestShop } from '../api/fixture';

const review = (id: number, over: Partial<Review> = {}): Review => ({
  id,
  product_id: 7,
  title: `Title ${id}`,
  detail: `Detail ${id}`,
  nickname: `Nick ${id}`,
  review_status: 1,
  review_entity: 'product',
  entity_type: 'review',
  ratings: [{ percent: 80, value: 4 }],
  created_at: `2026-01-${String(id).padStart(2, '0')} 10:00:00`,
  ...over,
});

describe('review list', () => {
  it('shows approved reviews only', () => {
    const list = [review(1), review(2, { review_status: 2 }), review(3, { review_status: 3 }), review(4)];
    expect(approvedReviews(list).map((r) => r.id)).toEqual([1, 4]);
    expect(reviewList(list).items.map((r) => r.id)).toEqual([1, 4]);
  });

  it('shows at most 50 reviews and counts them all', () => {
    const many = Array.from({ length: 60 }, (_, i) => review(i + 1, { created_at: '2026-01-01 10:00:00' }));
    const list = reviewList(many, { total: 60 });
    expect(list.items).toHaveLength(50);
    expect(list.total).toBe(60);
  });

  it('averages the ratings to one decimal and ignores unrated reviews', () => {
    const list = [
      review(1, { ratings: [{ percent: 100, value: 5 }] }),
      review(2, { ratings: [{ percent: 80, value: 4 }] }),
      review(3, { ratings: [{ percent: 80, value: 4 }] }),
      review(4, { ratings: [] }),
    ];
    expect(averageRating(list)).toBe(4.3);
    expect(averageRating([review(1, { ratings: [] })])).toBeNull();
    expect(reviewList([]).average).toBeNull();
  });

  it('sorts by date or rating when asked and keeps the given order otherwise', () => {
    const list = [
      review(2, { ratings: [{ percent: 60, value: 3 }] }),
      review(1, { ratings: [{ percent: 100, value: 5 }] }),
      review(3, { ratings: [{ percent: 100, value: 5 }] }),
    ];
    expect(sortReviews(list).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortReviews(list, 'created_at:desc').map((r) => r.id)).toEqual([3, 2, 1]);
    expect(sortReviews(list, 'created_at:asc').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(sortReviews(list, 'rating:desc').map((r) => r.id)).toEqual([1, 3, 2]);
    expect(sortReviews(list, 'rating:asc').map((r) => r.id)).toEqual([2, 1, 3]);
  });

  it('the sample snapshot has products with approved and pending reviews', () => {
    const all = readReviews();
    const approved = approvedReviews(all);
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.length).toBeLessThan(all.length);
  });
});

describe('review form rules', () => {
  it('asks for every field and a name of at least 2 letters', () => {
    expect(formErrors(reviewForm, emptyReview())).toEqual({
      nickname: ['Field is required'],
      title: ['Field is required'],
      detail: ['Field is required'],
      rating: ['Field is required'],
    });
    const errors = formErrors(reviewForm, { nickname: 'A', title: 'Nice', detail: 'Very nice', rating: '4' });
    expect(errors.nickname).toEqual(['Name must have at least 2 letters.']);
    expect(errors.title).toEqual([]);
    expect(errors.rating).toEqual([]);
  });
});

describe('submitting a review', () => {
  const values = { nickname: 'Ann', title: 'Lovely', detail: 'Lovely ring', rating: '4' };
  const setup = (create: SubmitReviewDeps['create']) => {
    const shown: { type: string; message: string; hasNoTimeout?: boolean }[] = [];
    const dismissed: number[] = [];
    const deps: SubmitReviewDeps = {
      create,
      notify: (n) => {
        shown.push(n);
        return { id: shown.length };
      },
      dismiss: (id) => dismissed.push(id),
      token: 'tok',
      storeCode: 'gb',
    };
    return { shown, dismissed, deps };
  };

  it('shows the progress notice, then the moderation notice', async () => {
    const create = vi.fn(async () => ({ ok: true as const, code: 200 as const, result: { id: 1, review_status: 2 } }));
    const { shown, dismissed, deps } = setup(create);
    const result = await submitReview(7, values, deps);
    expect(result).toEqual({ ok: true, message: 'You submitted your review for moderation.' });
    expect(shown.map((n) => n.message)).toEqual(['Adding a review ...', 'You submitted your review for moderation.']);
    expect(shown[0]).toMatchObject({ type: 'info', hasNoTimeout: true });
    expect(shown[1]).toMatchObject({ type: 'success' });
    expect(dismissed).toEqual([1]);
    expect(create).toHaveBeenCalledWith({ product_id: 7, nickname: 'Ann', title: 'Lovely', detail: 'Lovely ring', rating: 4 }, 'tok', 'gb');
  });

  it('shows the error notice when the api refuses or cannot be reached', async () => {
    for (const create of [
      async () => ({ ok: false as const, code: 500, result: 'Internal Server Error' }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      const { shown, dismissed, deps } = setup(create);
      const result = await submitReview(7, values, deps);
      expect(result).toEqual({ ok: false, message: 'Something went wrong. Try again in a few seconds.' });
      expect(shown.map((n) => n.message)).toEqual(['Adding a review ...', 'Something went wrong. Try again in a few seconds.']);
      expect(shown[1]).toMatchObject({ type: 'error' });
      expect(dismissed).toEqual([1]);
    }
  });
});

describe('reviews against the reference api', () => {
  const shop = useTestShop();

  it('lists approved reviews from 0 with size 50 and stores a submitted review as pending', async () => {
    const urls: string[] = [];
    const api = createApiClient({
      baseUrl: shop().url,
      fetch: (input, init) => {
        urls.push(input);
        return fetch(input, init);
      },
    });
    const before = await fetchReviews(api, 101);
    expect(urls[0]).toContain('/api/catalog/vue_storefront_catalog/review/_search?from=0&size=50');
    expect(before?.items.map((r) => r.title)).toEqual(['Lovely']);
    expect(before?.average).toBe(5);

    const shown: string[] = [];
    const result = await submitReview(
      101,
      { nickname: 'Ann', title: 'Great', detail: 'Great ring', rating: '5' },
      {
        create: (r, token) => api.review.create(r, token),
        notify: (n) => (shown.push(n.message), { id: shown.length }),
      },
    );
    expect(result.ok).toBe(true);
    const after = await fetchReviews(api, 101);
    expect(after?.items.map((r) => r.title)).toEqual(['Lovely']);
  });
});

describe('reviews island (server render)', () => {
  it('renders the approved reviews, their average and the button that opens the review form (the form opens on request)', () => {
    const html = renderToString(
      createElement(Reviews, { productId: 7, initial: reviewList([review(1, { title: 'Stunning' }), review(2, { title: 'Hidden', review_status: 2 })]) }),
    );
    expect(html).toContain('Customer reviews');
    expect(html).toContain('Stunning');
    expect(html).not.toContain('Hidden');
    expect(html).toContain('Rated 4 out of 5');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Write a review<\/button>/);
    // The form's fields are not in the page's first HTML (the product page's 14 KB budget); e2e opens it.
    for (const label of ['Summary', 'Rating']) expect(html).not.toContain(`>${label}<`);
  });

  it('says there are no reviews yet when none is approved', () => {
    const html = renderToString(createElement(Reviews, { productId: 7, initial: reviewList([]) }));
    expect(html).toContain('There are no reviews yet. Be the first to write one.');
  });
});
