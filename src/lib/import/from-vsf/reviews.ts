/**
 * One review record of the VSF index to the snapshot's review. Part of the VSF import's mapping
 * (common.ts).
 */
import type { Review } from '../../schemas';
import { type Rec, MapError, isObj, toInt, toNum, str, required, clean } from './common';

export function reviewFromVsf(src: Rec): Review {
  const id = required(toInt(src.id ?? src.review_id), 'id', 'expected a numeric id');
  const entity = src.review_entity ?? 'product';
  if (entity !== 'product' && entity !== 1 && entity !== '1')
    throw new MapError('review_entity', `only product reviews are shown (got ${JSON.stringify(entity)})`);
  return clean({
    ...src,
    id,
    product_id: required(toInt(src.product_id ?? src.entity_pk_value), 'product_id', 'expected a numeric product id'),
    title: required(str(src.title), 'title', 'a review needs a title'),
    detail: required(str(src.detail), 'detail', 'a review needs a text'),
    nickname: required(str(src.nickname), 'nickname', 'a review needs a nickname'),
    review_status: required(toInt(src.review_status ?? src.status_id), 'review_status', 'expected 1 (approved), 2 (pending) or 3 (not approved)'),
    review_entity: 'product',
    review_type: toInt(src.review_type),
    ratings: Array.isArray(src.ratings)
      ? src.ratings.flatMap((r: unknown) => {
          const value = isObj(r) ? toInt(r.value) : undefined;
          return value === undefined ? [] : [clean({ ...(r as Rec), value, percent: toNum((r as Rec).percent) ?? value * 20 })];
        })
      : undefined,
    created_at: required(str(src.created_at), 'created_at', 'a review needs its date'),
  }) as unknown as Review;
}
