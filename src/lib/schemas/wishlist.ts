/** Wishlist, compare and recently-viewed client state (spec §3). */
import { z } from './common';
import { ProductSchema } from './product';

export const WishlistItemSchema = /*#__PURE__*/ (() => ProductSchema.extend({ qty: z.literal(1).default(1) }))();
export const WishlistSchema = /*#__PURE__*/ (() => z.object({ loaded: z.boolean(), items: z.array(WishlistItemSchema) }))();
export type Wishlist = z.output<typeof WishlistSchema>;
export type WishlistItem = z.output<typeof WishlistItemSchema>;
