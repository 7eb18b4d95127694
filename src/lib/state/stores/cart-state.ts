/**
 * The cart's state (spec §3 client state "cart", §9 Cart): the store and its count. Its actions and
 * reactions are in ./cart.ts, its server sync in ./cart-sync.ts; both change this one store.
 */
import { computed, map } from 'nanostores';
import type { CartItem, CartTotals } from '../../schemas';

export interface CartState {
  items: CartItem[];
  /** The server cart id (cart token) from cart/create; null until one exists. */
  token: string | null;
  /** Totals as the server computed them (tax is calculated server side). */
  totals: CartTotals | null;
  /** True once the stored cart has been read. */
  loaded: boolean;
}

const initial = (): CartState => ({ items: [], token: null, totals: null, loaded: false });

/** The cart. */
export const $cart = map<CartState>(initial());
/** The minicart count: the sum of quantities (§9). */
export const $cartCount = computed($cart, (c) => c.items.reduce((sum, i) => sum + i.qty, 0));
