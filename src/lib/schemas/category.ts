/** Category tree node (spec §3 Category). */
import { z, opt, OptImageRef } from './common';

export interface CategoryInput {
  id: number;
  children_data?: CategoryInput[] | null;
  [key: string]: unknown;
}

const CategoryBase = z.looseObject({
  id: z.number().int(),
  name: z.string().min(1),
  url_key: z.string().min(1),
  url_path: z.string().min(1),
  slug: z.string().min(1),
  parent_id: z.number().int(),
  level: z.number().int(),
  position: opt(z.number()),
  children_count: z.number().int().default(0),
  is_active: z.boolean(),
  include_in_menu: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean),
  product_count: z.number().int().default(0),
  /** Ids from the root down to this category, "1/2/10/12". */
  path: z.string().regex(/^\d+(\/\d+)*$/),
  image: OptImageRef,
  description: opt(z.string()),
  meta_title: opt(z.string()),
  meta_description: opt(z.string()),
  meta_keywords: opt(z.string()),
  button_title: opt(z.string()),
  takeover_banner: opt(z.string()),
  takeover_banner_identifier: opt(z.string()),
  /** Optional layout hint for the grid (§2: one column, three per row, double-column). */
  display_mode: opt(z.enum(['single', 'grid', 'double'])),
});

export type Category = z.output<typeof CategoryBase> & { children_data?: Category[] | null };

export const CategorySchema: z.ZodType<Category> = CategoryBase.extend({
  children_data: z.lazy(() => z.array(CategorySchema)).nullish(),
}) as unknown as z.ZodType<Category>;
