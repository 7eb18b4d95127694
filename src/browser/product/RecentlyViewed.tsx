/**
 * Recently viewed products (spec §2 product page 'My Recently viewed products', §3, §4 "viewing adds
 * to recently viewed", §5 unique by sku): the stored list, newest first, as small tiles; 'No products
 * yet' when empty. On a product page the product itself is left out; the account area shows all.
 */
import { useStore } from '@nanostores/react';
import { messages } from '../../lib/messages';
import { asListProduct, listImage, listPrices, withoutSku } from '../../lib/catalog/product/summary-view';
import { $recentlyViewed, clearRecentlyViewed } from '../../lib/state/stores/recently-viewed';
import { $storeView } from '../../lib/state/stores/store-view';
import { storeMoney } from '../../lib/catalog/price';
import { PriceTag } from '../kit/PriceTag';
import { useHydrated } from '../kit/use-hydrated';
import './RecentlyViewed.css';

export interface RecentlyViewedProps {
  /** The sku of the product page it is on (left out of the list). */
  exclude?: string;
  /** 'account' adds a button that forgets the list. */
  variant?: 'product' | 'account';
  /** How many to show (default all). */
  max?: number;
}

/** The recently viewed list. */
export default function RecentlyViewed({ exclude, variant = 'product', max }: RecentlyViewedProps) {
  const state = useStore($recentlyViewed);
  // The list holds catalogue prices: shown in the page's currency, as its product pages show them.
  const money = storeMoney(useStore($storeView).storeCode);
  // The first render matches the build's HTML (the empty text): hydrating straight into the list left
  // the server's 'No products yet' beside it. The list replaces it in a normal render right after.
  const hydrated = useHydrated();
  const items = hydrated ? withoutSku(state.items, exclude).map(asListProduct).slice(0, max) : [];
  if (items.length === 0) {
    return (
      <p className="rcv__empty" data-recently-viewed-empty>
        {messages.noProductsYet}
      </p>
    );
  }
  return (
    <div className={`rcv rcv--${variant}`}>
      <ul className="rcv__list rail" data-recently-viewed-list>
        {items.map((item) => {
          const img = listImage(item);
          const listed = listPrices(item);
          const prices = listed && money.prices(listed);
          return (
            <li className="rcv__cell" key={item.sku} data-recently-viewed-item={item.sku}>
              <a className="rcv__tile" href={item.url ?? '#'}>
                {img ? (
                  <img className="rcv__img tile-img" src={img} alt="" width={310} height={300} loading="lazy" decoding="async" />
                ) : (
                  <span className="rcv__img tile-img" aria-hidden="true" />
                )}
                <span className="rcv__name">{item.name}</span>
                {prices && <PriceTag className="rcv__price" prices={prices} format={money.format} />}
              </a>
            </li>
          );
        })}
      </ul>
      {variant === 'account' && (
        <button type="button" className="rcv__clear" onClick={() => clearRecentlyViewed()}>
          {messages.recentlyViewedClear}
        </button>
      )}
    </div>
  );
}
