/**
 * Product reviews (spec §3 Review, §4 Review submit, §5 review list, §7 review calls, §8 texts):
 * only approved reviews are listed (review_status 1), at most 50 (config.constants.reviewPageSize),
 * optionally sorted, with their average rating. Submitting shows 'Adding a review ...', then
 * 'You submitted your review for moderation.' (the form is cleared) or 'Something went wrong. Try again in a few seconds.'
 */
import { config } from '../config';
import { messages } from '../messages';
import { fields, forms } from '../forms/rules';
import { REVIEW_APPROVED, type Review } from '../schemas';
import type { ApiResult } from '../api/client';

/** review_status of an approved review (§3). */
export const APPROVED = REVIEW_APPROVED;

/** The sorts the review list offers (field:direction); none keeps the API's order (newest first). */
export const REVIEW_SORTS = ['created_at:desc', 'created_at:asc', 'rating:desc', 'rating:asc'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** The review form (§2 product page): name, summary, text and a rating from 1 to 5. */
export const reviewForm = forms.review.safeExtend({ rating: fields.required() });

/** The form's empty values. */
export const emptyReview = (): ReviewValues => ({ nickname: '', title: '', detail: '', rating: '' });
export type ReviewValues = {
  nickname: string;
  title: string;
  detail: string;
  rating: string;
};

/** Only the approved reviews (§5: the list shows approved ones by default). */
export function approvedReviews(list: readonly Review[]): Review[] {
  return list.filter((r) => r.review_status === APPROVED);
}

/** A review's rating from 1 to 5 (the mean of its rating values), or null when it has none. */
export function reviewRating(r: Pick<Review, 'ratings'>): number | null {
  const values = (r.ratings ?? []).map((x) => x.value).filter((v) => v >= 1 && v <= 5);
  if (!values.length) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** The average rating of the rated reviews, to one decimal; null when none is rated. */
export function averageRating(list: readonly Pick<Review, 'ratings'>[]): number | null {
  const rated = list.map(reviewRating).filter((v): v is number => v !== null);
  if (!rated.length) return null;
  return Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 10) / 10;
}

const time = (r: Review) => Date.parse(r.created_at.replace(' ', 'T')) || 0;

/** The list in the chosen order (stable; ties keep the incoming order); no sort keeps it as it is. */
export function sortReviews(list: readonly Review[], sort?: ReviewSort | null): Review[] {
  const out = [...list];
  if (!sort) return out;
  const [field, dir] = sort.split(':') as ['created_at' | 'rating', 'asc' | 'desc'];
  const key = field === 'rating' ? (r: Review) => reviewRating(r) ?? 0 : time;
  const sign = dir === 'asc' ? 1 : -1;
  return out
    .map((r, i) => ({ r, i }))
    .sort((a, b) => sign * (key(a.r) - key(b.r)) || a.i - b.i)
    .map((x) => x.r);
}

/** A review as the list shows it: what its item needs, its rating worked out (the island's props, built into the product page, carry no more). */
export interface ShownReview {
  id: number;
  title: string;
  detail: string;
  nickname: string;
  created_at: string;
  rating: number | null;
}

export const shownReview = (r: Review): ShownReview => ({
  id: r.id,
  title: r.title,
  detail: r.detail,
  nickname: r.nickname,
  created_at: r.created_at,
  rating: reviewRating(r),
});

/** The approved reviews of a product as the list shows them: at most 50, sorted, with the average. */
export interface ReviewList {
  items: ShownReview[];
  total: number;
  average: number | null;
}

/** Builds the shown list from reviews already at hand (the snapshot at build time, or an API page). */
export function reviewList(list: readonly Review[], opts: { sort?: ReviewSort | null; total?: number } = {}): ReviewList {
  const approved = approvedReviews(list);
  const items = sortReviews(approved, opts.sort).slice(0, config.constants.reviewPageSize).map(shownReview);
  return { items, total: Math.max(opts.total ?? 0, approved.length), average: averageRating(approved) };
}

/** What the list needs from the API client. */
export interface ReviewListApi {
  review: { list: (productId: number, page?: { from?: number; size?: number }) => Promise<ApiResult<{ items: Review[]; total: number }>> };
}

/** Reads the approved reviews of a product from the API (§7: from 0, size 50); null when the call fails. */
export async function fetchReviews(api: ReviewListApi, productId: number, sort?: ReviewSort | null): Promise<ReviewList | null> {
  try {
    const r = await api.review.list(productId, { from: 0, size: config.constants.reviewPageSize });
    if (!r.ok) return null;
    return reviewList(
      r.result.items.filter((x) => x.product_id === productId),
      { sort, total: r.result.total },
    );
  } catch {
    return null;
  }
}

/** What submitting needs: the API call, the notifier and the token of a logged-in shopper. */
export interface SubmitReviewDeps {
  create: (
    review: { product_id: number; nickname: string; title: string; detail: string; rating: number },
    token?: string | null,
    storeCode?: string | null,
  ) => Promise<ApiResult<unknown>>;
  notify: (n: { type: 'info' | 'success' | 'error'; message: string; hasNoTimeout?: boolean }) => { id: number } | null;
  dismiss?: (id: number) => void;
  token?: string | null;
  /** The current store view's code (sent along on multistore). */
  storeCode?: string | null;
}

/** The outcome of a submit and the text to show. */
export type SubmitReviewResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Sends a review (§4 Review submit): the progress notice 'Adding a review ...' while the call runs,
 * then the moderation notice or the error notice. A non-200 answer counts as a failure too.
 */
export async function submitReview(productId: number, values: ReviewValues, deps: SubmitReviewDeps): Promise<SubmitReviewResult> {
  const progress = deps.notify({ type: 'info', message: messages.reviewAdding, hasNoTimeout: true });
  let ok = false;
  try {
    const rating = Math.min(5, Math.max(1, Math.round(Number(values.rating) || 5)));
    const r = await deps.create(
      { product_id: productId, nickname: values.nickname.trim(), title: values.title.trim(), detail: values.detail.trim(), rating },
      deps.token,
      deps.storeCode,
    );
    ok = r.ok;
  } catch {
    ok = false;
  } finally {
    if (progress) deps.dismiss?.(progress.id);
  }
  const message = ok ? messages.reviewSubmitted : messages.reviewFailed;
  deps.notify({ type: ok ? 'success' : 'error', message });
  return { ok, message };
}
