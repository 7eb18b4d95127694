/** Product review (spec §3 Review: review_status 1 = approved). */
import { z, DateString, opt } from './common';

/** review_status of an approved review (§3) and of one waiting for moderation. */
export const REVIEW_APPROVED = 1;
export const REVIEW_PENDING = 2;

export const ReviewSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.number().int(),
    product_id: z.number().int(),
    title: z.string().min(1),
    detail: z.string().min(1),
    nickname: z.string().min(1),
    review_status: z.number().int(),
    review_entity: z.literal('product').default('product'),
    review_type: opt(z.number().int()),
    ratings: z.array(z.looseObject({ percent: z.number().min(0).max(100), value: z.number().int().min(1).max(5), rating_name: opt(z.string()) })).default([]),
    created_at: DateString,
    entity_type: z.literal('review').default('review'),
  }))();
export type Review = z.output<typeof ReviewSchema>;

/** A review as a shopper submits it (review/create body). */
export const ReviewInputSchema = /*#__PURE__*/ (() =>
  z.object({
    product_id: z.number().int().positive(),
    title: z.string().trim().min(1, 'title is required'),
    detail: z.string().trim().min(1, 'detail is required'),
    nickname: z.string().trim().min(1, 'nickname is required'),
    rating: z.number().int().min(1).max(5).default(5),
    customer_id: z.number().int().nullish(),
    /** vue-storefront-api's review.schema.json names the product `entity_pk_value` (Magento's column), VSF's own `product_id`: the shop sends both. */
    entity_pk_value: z.number().int().positive().optional(),
    review_entity: z.literal('product'),
    /** Set by the API (vue-storefront-api overwrites it with its default status; the reference API stores 2, pending). */
    review_status: z.number().int().optional(),
  }))();
export type ReviewInput = z.output<typeof ReviewInputSchema>;
