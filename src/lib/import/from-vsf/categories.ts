/**
 * One category record of the VSF index to the snapshot's category (and the nested categories to map next). Part of the VSF import's mapping
 * (common.ts).
 */
import type { Category } from '../../schemas';
import { slugify } from '../../catalog/slug';
import { type Rec, type MapNotes, isObj, toInt, toNum, toBool, str, required, stripUrl, clean } from './common';

/** One category; `children_data` that hold whole categories are returned in `children` to be mapped too. */
export function categoryFromVsf(src: Rec, notes: MapNotes): { category: Category; children: Rec[] } {
  const id = required(toInt(src.id), 'id', 'expected a numeric id');
  const name = required(str(src.name), 'name', 'a category needs a name');
  const parent = toInt(src.parent_id) ?? 0;
  const rawPath = str(src.url_path);
  const key = stripUrl(str(src.url_key) || str(src.slug) || slugify(name));
  const url = rawPath ? stripUrl(rawPath) : key;
  if (rawPath && url !== rawPath.replace(/^\/+|\/+$/g, '')) notes.urlMap.push({ from: `/${rawPath.replace(/^\/+/, '')}`, to_type: 'category', to_id: id });
  const kids = Array.isArray(src.children_data) ? src.children_data.filter((c): c is Rec => isObj(c)) : [];
  const full = kids.filter((c) => typeof c.name === 'string');
  const display = ['single', 'grid', 'double'].includes(String(src.display_mode)) ? src.display_mode : undefined;
  const out: Rec = {
    ...src,
    id,
    name,
    parent_id: parent,
    url_key: key,
    url_path: url || key,
    slug: str(src.slug) ? stripUrl(String(src.slug)) : key,
    level: toInt(src.level) ?? 0,
    position: toNum(src.position),
    children_count: toInt(src.children_count) ?? kids.length,
    is_active: toBool(src.is_active) ?? true,
    include_in_menu: toBool(src.include_in_menu) ?? true,
    product_count: toInt(src.product_count) ?? 0,
    // Without a path, a placeholder the import replaces with the path of the parent_id chain (../category-tree.ts).
    path: str(src.path) || (parent > 0 ? `${parent}/${id}` : String(id)),
    display_mode: display,
    image: src.image === null || src.image === '' ? undefined : src.image,
    children_data: undefined,
  };
  return { category: clean(out) as unknown as Category, children: full };
}
