/**
 * The buying row of the product form (quantity and add-to-cart button) and the wishlist and compare
 * toggles (spec §2 product page "quantity input, add-to buttons", §4 Wishlist, compare list).
 */
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { messages, fill } from '../../lib/messages';
import { localizedPath } from '../../lib/catalog/urls';
import { $wishlist, toggleWishlist } from '../../lib/state/stores/wishlist';
import { $compare, toggleCompare } from '../../lib/state/stores/compare';
import { listedEntry } from '../../lib/state/stores/product-summary';
import { $storeView } from '../../lib/state/stores/store-view';
import type { ListProduct } from '../../lib/catalog/product/summary-view';
import { useHydrated } from '../kit/use-hydrated';

export interface AddToCartButtonProps {
  showQty: boolean;
  qty: number | string;
  qtyError?: string;
  busy?: boolean;
  onQty: (qty: string) => void;
}

/** Quantity (90px, above 0) and the add-to-cart button; the form's submit adds. */
export function AddToCartButton({ showQty, qty, qtyError, busy, onQty }: AddToCartButtonProps) {
  const id = useId();
  const errId = `${id}-error`;
  return (
    <div className="buy-wrap">
      <div className="buy">
        {showQty && (
          <label className="qty">
            <span className="qty__label">{messages.quantityLabel}</span>
            <input
              type="number"
              inputMode="numeric"
              name="qty"
              min={1}
              step={1}
              value={qty}
              data-qty
              aria-invalid={qtyError ? 'true' : undefined}
              aria-describedby={qtyError ? errId : undefined}
              onChange={(e) => onQty(e.target.value)}
            />
          </label>
        )}
        <button type="submit" className="btn buy__cart" data-add-to-cart aria-busy={busy ? 'true' : undefined}>
          {busy ? messages.addingToCart : messages.addToCart}
        </button>
      </div>
      {qtyError && (
        <p className="opt__error" id={errId}>
          {qtyError}
        </p>
      )}
    </div>
  );
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 7.9 3.6 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.4 0 5.6 3.4 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
      />
    </svg>
  );
}

// ProductOptions takes the hook from here with the buttons.
export { useHydrated };

/**
 * 'Add to wishlist' and 'Add to compare', each a toggle showing whether the product as configured (the
 * chosen variant of a configurable: src/lib/catalog/product/list-entry.ts) is on the list; removing
 * removes the entry that holds it. In the static HTML they are enabled: a click there wakes the island
 * (`client:interact`) and is replayed; once live, a toggle waits for its list to be read.
 */
export function ListToggles({ product }: { product: ListProduct }) {
  const wishlist = useStore($wishlist);
  const compare = useStore($compare);
  const store = useStore($storeView);
  const live = useHydrated();
  // The hydrating render is the build's (the lists read nothing at build time); the lists show once live.
  const onWishlist = live && !!listedEntry(wishlist.items, product);
  const inCompare = live && !!listedEntry(compare.items, product);
  return (
    <div className="secondary">
      <button type="button" className="link-btn" data-add-to-wishlist disabled={live && !wishlist.loaded} onClick={() => toggleWishlist(product)}>
        <Heart filled={onWishlist} />
        {onWishlist ? messages.removeFromWishlist : messages.addToWishlist}
      </button>
      <button type="button" className="link-btn" data-add-to-compare disabled={live && !compare.loaded} onClick={() => toggleCompare(product)}>
        {inCompare ? messages.removeFromCompare : messages.addToCompare}
      </button>
      {live && compare.items.length > 0 && (
        <a className="link-btn" href={localizedPath('/compare', { storeCode: store.storeCode })} data-compare-link>
          {fill(messages.compareLink, { count: compare.items.length })}
        </a>
      )}
    </div>
  );
}
