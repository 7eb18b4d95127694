/** Wishlist, compare and recently-viewed client state (spec §3). */
import { z, NumberLike, DateString, opt, OptImageRef } from './common';

/**
 * A product as the wishlist and the compare list keep it in browser storage: the summary the product
 * page stores (src/lib/catalog/product/summary-view.ts `ListProduct`). A configurable product is kept
 * as the variant chosen, its child's sku with the product's in `parentSku` and its options in words in
 * `options`; entries stored before the lists kept the variant have neither. The browser reads entries
 * leniently (`asListProduct`) without zod; this is the contract the writers are tested against.
 */
export const ListEntrySchema = /*#__PURE__*/ (() =>
  z.looseObject({
    sku: z.string().min(1),
    parentSku: opt(z.string().min(1)),
    name: z.string().min(1),
    options: opt(z.string()),
    type_id: opt(z.string()),
    price: opt(NumberLike),
    special_price: opt(NumberLike),
    special_from_date: opt(DateString),
    special_to_date: opt(DateString),
    final_price: opt(NumberLike),
    image: OptImageRef,
    url: opt(z.string().min(1)),
    compare: opt(z.array(z.looseObject({ code: z.string(), label: z.string(), value: z.string() }))),
  }))();
export type ListEntry = z.output<typeof ListEntrySchema>;

export const WishlistItemSchema = /*#__PURE__*/ (() => ListEntrySchema.extend({ qty: z.literal(1).default(1) }))();
export const WishlistSchema = /*#__PURE__*/ (() => z.object({ loaded: z.boolean(), items: z.array(WishlistItemSchema) }))();
export type Wishlist = z.output<typeof WishlistSchema>;
export type WishlistItem = z.output<typeof WishlistItemSchema>;

/** The compare list's entries are list entries as they are. */
export const CompareItemSchema = ListEntrySchema;
export const CompareSchema = /*#__PURE__*/ (() => z.object({ loaded: z.boolean(), items: z.array(CompareItemSchema) }))();
