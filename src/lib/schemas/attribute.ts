/** Attribute metadata and filter values (spec §3 Attribute, Filter value). */
import { z, opt } from './common';

export const AttributeOptionSchema = /*#__PURE__*/ (() => z.looseObject({ value: z.string(), label: z.string(), sort_order: opt(z.number()) }))();

export const AttributeSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    attribute_code: z.string().min(1),
    attribute_id: z.number().int(),
    id: opt(z.number().int()),
    options: z.array(AttributeOptionSchema).default([]),
    frontend_label: z.string(),
    frontend_input: z.enum(['select', 'multiselect', 'text', 'textarea', 'price', 'boolean', 'date', 'swatch_visual', 'swatch_text']),
    is_visible_on_front: z.boolean(),
    is_comparable: z.boolean(),
    is_filterable: opt(z.boolean()),
    position: opt(z.number()),
  }))();
export type Attribute = z.output<typeof AttributeSchema>;

export const FilterValueSchema = /*#__PURE__*/ (() =>
  z.object({
    attribute_code: z.string(),
    /** Option id for equality filters, or "from-to" for price ranges. */
    id: z.string(),
    label: z.string(),
    from: z.number().optional(),
    to: z.number().optional(),
  }))();
export type FilterValue = z.output<typeof FilterValueSchema>;
