/**
 * The product page's reviews island: the approved reviews (at most 50, optional sort, average rating),
 * rendered at build time from the snapshot and refreshed from the API once hydrated, and the review
 * form (name, summary, text, rating) with its progress, moderation and error texts (§4, §8).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { messages, fill } from '../../lib/messages';
import { formatDate } from '../../lib/messages/format';
import { REVIEW_SORTS, emptyReview, reviewForm, type ReviewList, type ShownReview, type ReviewSort, type ReviewValues } from '../../lib/content/reviews';
import { FormActions, FormStatus, RequiredMark, TextField } from '../kit/form-kit';
import { useForm, useFormAction } from '../kit/use-form';
import { useHydrated } from '../kit/use-hydrated';
// Linked with the product page's CSS (cached), not inlined into its HTML as a React <style precedence>
// would be: the island is rendered on the server, and the page's HTML has a 14 KB budget.
import '../kit/forms.css';
import './Reviews.css';
import { loadReviews, sendReview } from '../../lib/content/review-actions';

export interface ReviewsProps {
  productId: number;
  /** The list as the snapshot has it at build time (reviewList). */
  initial: ReviewList;
}

const SORT_LABELS: Record<ReviewSort, string> = {
  'created_at:desc': messages.reviewsSortNewest,
  'created_at:asc': messages.reviewsSortOldest,
  'rating:desc': messages.reviewsSortHighest,
  'rating:asc': messages.reviewsSortLowest,
};

function Stars({ value }: { value: number }) {
  const full = Math.round(value);
  return (
    <span className="rv-stars" role="img" aria-label={fill(messages.reviewStars, { count: Math.round(value * 10) / 10 })}>
      {'★'.repeat(full)}
      <span className="rv-stars__off">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

function ReviewItem({ review }: { review: ShownReview }) {
  const rating = review.rating;
  return (
    <li className="rv-item">
      <h3 className="rv-item__title">{review.title}</h3>
      {rating !== null && <Stars value={rating} />}
      <p className="rv-item__text">{review.detail}</p>
      <p className="rv-item__meta">
        {fill(messages.reviewBy, { name: review.nickname })} · <time dateTime={review.created_at.replace(' ', 'T')}>{formatDate(review.created_at)}</time>
      </p>
    </li>
  );
}

export default function Reviews({ productId, initial }: ReviewsProps) {
  const uid = useId();
  // The live mark: a press held by client:interact while the island woke is replayed once it is set.
  const live = useHydrated();
  const [sort, setSort] = useState<ReviewSort | ''>('');
  const [list, setList] = useState<ReviewList>(initial);
  // The form opens on request (its fields stay out of the page's first 14 KB: budgets.config.ts htmlProduct).
  const [writing, setWriting] = useState(false);
  const form = useForm<ReviewValues & Record<string, string>>(reviewForm, emptyReview as () => ReviewValues & Record<string, string>);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (writing) formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [writing]);

  // Hydrated: the live list replaces the build-time one (new approvals, removals).
  useEffect(() => {
    let live = true;
    void loadReviews(productId, sort || null).then((fresh) => {
      if (live && fresh) setList(fresh);
    });
    return () => {
      live = false;
    };
  }, [productId, sort]);

  const send = useFormAction(
    async () => {
      const result = await sendReview(productId, form.values);
      if (result.ok) form.reset();
      return { kind: result.ok ? 'success' : 'error', message: result.message };
    },
    messages.reviewAdding,
    form.check,
  );

  const rating = Number(form.values.rating) || 0;
  const ratingErrors = form.shown('rating');

  return (
    <section className="rv" aria-labelledby={`${uid}-title`} data-reviews-island data-live={live ? 'true' : undefined}>
      <header className="rv__head">
        <h2 id={`${uid}-title`}>{messages.reviewsTitle}</h2>
        {list.average !== null && (
          <p className="rv__summary">
            <Stars value={list.average} /> {fill(messages.reviewsAverage, { average: list.average })} ·{' '}
            {list.total === 1 ? messages.reviewsCountOne : fill(messages.reviewsCount, { count: list.total })}
          </p>
        )}
      </header>
      <div className="rv__grid">
        <div className="rv__list">
          {list.items.length > 1 && (
            <div className="fk-field rv__sort">
              <label htmlFor={`${uid}-sort`}>{messages.reviewsSort}</label>
              <select id={`${uid}-sort`} value={sort} onChange={(e) => setSort(e.target.value as ReviewSort | '')}>
                <option value="">{messages.reviewsSortNewest}</option>
                {REVIEW_SORTS.filter((s) => s !== 'created_at:desc').map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          )}
          {list.items.length === 0 ? (
            <p className="rv__none">{messages.reviewsNone}</p>
          ) : (
            <ul className="rv__items">
              {list.items.map((r) => (
                <ReviewItem key={r.id} review={r} />
              ))}
            </ul>
          )}
        </div>
        {!writing ? (
          <div className="rv__form rv__write">
            <button type="button" className="btn" aria-expanded="false" aria-controls={`${uid}-form`} onClick={() => setWriting(true)}>
              {messages.reviewFormTitle}
            </button>
          </div>
        ) : (
          <form
            ref={formRef}
            id={`${uid}-form`}
            className="fk-form rv__form"
            noValidate
            action={send.action}
            onSubmit={send.onSubmit}
            aria-labelledby={`${uid}-form-title`}
          >
            <h3 id={`${uid}-form-title`}>{messages.reviewFormTitle}</h3>
            <TextField form={form} name="nickname" label={messages.reviewName} autoComplete="given-name" required />
            <TextField form={form} name="title" label={messages.reviewSummary} required />
            <TextField form={form} name="detail" label={messages.reviewText} multiline required />
            <fieldset className="fk-stars" aria-describedby={ratingErrors.length ? `${uid}-rating-errors` : undefined}>
              <legend className="fk-legend">
                {messages.reviewRating} <RequiredMark />
              </legend>
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className={`fk-star${n <= rating ? ' fk-star--on' : ''}`}>
                  <input
                    type="radio"
                    name="rating"
                    value={String(n)}
                    checked={rating === n}
                    required
                    aria-label={fill(messages.reviewStars, { count: n })}
                    onChange={() => form.set('rating', String(n))}
                  />
                  <span aria-hidden="true">★</span>
                </label>
              ))}
            </fieldset>
            {ratingErrors.length > 0 && (
              <ul className="fk-errors" id={`${uid}-rating-errors`}>
                {ratingErrors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
            <FormActions label={messages.reviewSubmit} disabled={send.pending} />
            <FormStatus status={send.status} />
          </form>
        )}
      </div>
    </section>
  );
}
