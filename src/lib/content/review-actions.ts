/**
 * The review block's actions in a page (§4 Review submit, §7 reviews): the live list of a product's
 * approved reviews, and the send of a shopper's review with the signed-in shopper's token and the
 * page's store view (the rules and texts: ./reviews).
 */
import { createApiClient } from '../api/client';
import { notify, removeNotification } from '../state/stores/notifications';
import { storeViewForPath } from '../state/stores/store-view';
import { $user, loadUser } from '../state/stores/user';
import { fetchReviews, submitReview, type ReviewSort, type ReviewValues } from './reviews';

let client: ReturnType<typeof createApiClient> | null = null;
const api = () => (client ??= createApiClient());

/** The product's approved reviews as the API has them now (null when it cannot say). */
export function loadReviews(productId: number, sort: ReviewSort | null) {
  return fetchReviews(api(), productId, sort);
}

/** Sends the shopper's review (the progress, moderation or error notice shows meanwhile). */
export async function sendReview(productId: number, values: ReviewValues) {
  await loadUser().catch(() => {});
  return submitReview(productId, values, {
    create: (review, token, storeCode) => api().review.create(review, token, storeCode),
    notify,
    dismiss: removeNotification,
    token: $user.get().token,
    storeCode: storeViewForPath(location.pathname).storeCode,
  });
}
