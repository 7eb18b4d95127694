/**
 * The order-success page's start (spec §2 'Order confirmation', §4, §5 order tracking), the I/O of its
 * island: while the page shows, the queue knows the thank-you page is up and notifications stay hidden
 * under an external thank-you element; the cart is read, the external order fetched by the token in
 * `o`, the purchase pushed to the data layer and the cart cleared (the rules: ./order-success).
 */
import { createApiClient } from '../api/client';
import { config } from '../config';
import { trackPurchase } from '../analytics/datalayer';
import { $cart, clearCart, loadCart } from '../state/stores/cart';
import { $notifications, clearNotifications } from '../state/stores/notifications';
import { syncFetch } from '../state/sync/fetch';
import { setThankYouShowing } from '../state/sync/order-queue';
import { hideNotificationsOnThankYou, loadOrderSuccess, PLACED_ORDER_KEY, readPlacedOrder, type OrderSuccessState } from './order-success';

/** Starts the page: `show` gets the page's state once it is known. Returns the stop (the page's island unmounting). */
export function startOrderSuccess(show: (state: OrderSuccessState) => void): () => void {
  setThankYouShowing(true);
  const stopHiding = hideNotificationsOnThankYou(document, $notifications, clearNotifications);
  let live = true;
  // The cart stays started while the page loads the order (its reactions empty the stored bag).
  const keepCart = $cart.listen(() => {});
  void (async () => {
    await loadCart();
    const next = await loadOrderSuccess({
      cartItems: $cart.get().items,
      placed: readPlacedOrder(sessionStorage),
      search: location.search,
      fetchOrder: config.checkout.externalOrderUrl ? (token) => createApiClient({ fetch: syncFetch }).order.info(token) : null,
      track: (o) => trackPurchase(o),
      clearCart,
      forgetPlaced: () => sessionStorage.removeItem(PLACED_ORDER_KEY),
    });
    if (live) show(next);
  })();
  return () => {
    live = false;
    keepCart();
    stopHiding?.();
    setThankYouShowing(false);
  };
}
