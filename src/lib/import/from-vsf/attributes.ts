/**
 * One attribute record of the VSF index to the snapshot's attribute, with the labels of this store view. Part of the VSF import's mapping
 * (common.ts).
 */
import type { Attribute } from '../../schemas';
import { type Rec, MapError, isObj, toInt, toNum, toBool, str, required, clean } from './common';

const INPUTS = ['select', 'multiselect', 'text', 'textarea', 'price', 'boolean', 'date', 'swatch_visual', 'swatch_text'];

export function attributeFromVsf(src: Rec, storeId: number): Attribute {
  const code = required(str(src.attribute_code), 'attribute_code', 'an attribute needs a code');
  const attributeId = required(toInt(src.attribute_id ?? src.id), 'attribute_id', 'expected a numeric id');
  const input = String(src.frontend_input ?? 'text');
  if (!INPUTS.includes(input)) throw new MapError('frontend_input', `input '${input}' is not shown by the shop`);
  const labels = Array.isArray(src.frontend_labels) ? src.frontend_labels.filter((l): l is Rec => isObj(l)) : [];
  const storeLabel = labels.find((l) => toInt(l.store_id) === storeId) ?? labels[0];
  const label = str(src.frontend_label) || str(src.default_frontend_label) || str(storeLabel?.label) || code;
  const { default_frontend_label: _d, frontend_labels: _f, ...rest } = src;
  void _d;
  void _f;
  return clean({
    ...rest,
    attribute_code: code,
    attribute_id: attributeId,
    id: toInt(src.id),
    frontend_label: label,
    frontend_input: input,
    is_visible_on_front: toBool(src.is_visible_on_front) ?? false,
    is_comparable: toBool(src.is_comparable) ?? false,
    // Magento: 0 no, 1 filterable with results, 2 filterable without.
    is_filterable:
      src.is_filterable === undefined || src.is_filterable === null ? undefined : (toInt(src.is_filterable) ?? (toBool(src.is_filterable) ? 1 : 0)) > 0,
    position: toNum(src.position),
    // Magento's first option of a select is the empty choice { value: '', label: ' ' }: not a value.
    options: (Array.isArray(src.options) ? src.options : []).flatMap((o: unknown) =>
      isObj(o) && str(o.value)?.trim() && str(o.label)?.trim()
        ? [clean({ ...o, value: String(o.value), label: String(o.label), sort_order: toNum(o.sort_order) })]
        : [],
    ),
  }) as unknown as Attribute;
}
