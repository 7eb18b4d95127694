/**
 * The wishlist panel (spec §3 Wishlist, §4 Wishlist and Panels): a drawer listing the wishlist
 * (loaded once from the cache), each product with its image, price, options chosen, sku and page, removable (with the
 * store's notice). Opened by the header's wishlist button (the one dialog, ../kit/Dialog.tsx); links to
 * the compare view.
 */
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { storeMoney } from '../../lib/catalog/price';
import { $storeView } from '../../lib/state/stores/store-view';
import { messages, fill } from '../../lib/messages';
import { localizedPath } from '../../lib/catalog/urls';
import { asListProduct, listImage, listPrices } from '../../lib/catalog/product/summary-view';
import { $wishlist, removeFromWishlist } from '../../lib/state/stores/wishlist';
import { $compare } from '../../lib/state/stores/compare';
import { $ui, setPanel } from '../../lib/state/stores/ui';
import { CloseIcon } from '../bag/Microcart';
import { Dialog } from '../kit/Dialog';

/** The wishlist drawer. */
export default function WishlistPanel() {
  const ui = useStore($ui);
  const wishlist = useStore($wishlist);
  const compare = useStore($compare);
  // The wishlist holds catalogue prices: shown in the page's currency, as its product pages show them.
  const store = useStore($storeView);
  const money = storeMoney(store.storeCode);
  const titleId = useId();
  const close = () => setPanel('wishlist', false);
  if (!ui.wishlist) return null;
  const items = wishlist.items.map(asListProduct);
  return (
    <Dialog open panel labelledBy={titleId} onClose={close} data={{ 'data-wishlist-panel': '' }}>
      <div className="hp-drawer" tabIndex={-1}>
        <div className="hp-drawer__head">
          <h2 className="hp-drawer__title" id={titleId}>
            {messages.wishlistTitle}
            {items.length > 0 && <span className="hp-drawer__count">({items.length})</span>}
          </h2>
          <button type="button" className="icon-btn hp-drawer__close" aria-label={messages.closePanel} onClick={close}>
            <CloseIcon />
          </button>
        </div>
        <div className="hp-drawer__body">
          {items.length === 0 ? (
            <div className="hp-drawer__empty">
              <p>{wishlist.loaded ? messages.wishlistEmpty : messages.listLoading}</p>
              {wishlist.loaded && <p className="muted">{messages.wishlistEmptyHelp}</p>}
              <button type="button" className="btn btn--ghost" onClick={close}>
                {messages.continueShopping}
              </button>
            </div>
          ) : (
            <ul className="hp-lines">
              {items.map((item) => {
                const img = listImage(item);
                const listed = listPrices(item);
                const prices = listed && money.prices(listed);
                return (
                  <li className="hp-line" key={item.sku} data-wishlist-item={item.sku}>
                    {img ? (
                      <img className="hp-line__img" src={img} alt="" width={76} height={74} loading="lazy" decoding="async" />
                    ) : (
                      <span className="hp-line__img" aria-hidden="true" />
                    )}
                    <div className="hp-line__body">
                      <div className="hp-line__top">
                        {item.url ? (
                          <a className="hp-line__name" href={item.url}>
                            {item.name}
                          </a>
                        ) : (
                          <span className="hp-line__name">{item.name}</span>
                        )}
                        {prices && (
                          <span className="hp-line__price">
                            {prices.special !== null ? (
                              <>
                                <span className="visually-hidden">{messages.specialPrice} </span>
                                {money.format(prices.special)}
                              </>
                            ) : (
                              money.format(prices.final)
                            )}
                          </span>
                        )}
                      </div>
                      {item.options && <p className="hp-line__opts">{item.options}</p>}
                      <p className="hp-line__sku">
                        {messages.skuLabel}: {item.sku}
                      </p>
                      <div className="hp-line__row">
                        {item.url && (
                          <a className="hp-text-btn" href={item.url}>
                            {messages.viewProduct}
                          </a>
                        )}
                        <button
                          type="button"
                          className="hp-line__remove"
                          aria-label={fill(messages.removeFromWishlistLabel, { name: item.name })}
                          onClick={() => removeFromWishlist(item)}
                        >
                          {messages.removeItem}
                        </button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {compare.items.length > 0 && (
          <div className="hp-drawer__foot">
            <a className="btn btn--ghost" href={localizedPath('/compare', { storeCode: store.storeCode })}>
              {fill(messages.compareLink, { count: compare.items.length })}
            </a>
          </div>
        )}
      </div>
    </Dialog>
  );
}
