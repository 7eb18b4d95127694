/** The sample's category tree (CATEGORY_DEFS under the root), with ancestors and child counts. */
import { config } from '../../../src/lib/config';
import { CATEGORY_DEFS, ROOT_ID } from '../sample-catalog-data';
import type { Json } from './common';

export interface CategoryRow extends Json {
  id: number;
  name: string;
  url_key: string;
  url_path: string;
  parent_id: number;
  level: number;
  path: string;
  children_count: number;
  product_count: number;
}

export type Categories = ReturnType<typeof buildCategories>;

export function buildCategories(): { rows: CategoryRow[]; byId: Map<number, CategoryRow>; ancestors: (id: number) => number[] } {
  const byId = new Map<number, CategoryRow>();
  const root: CategoryRow = {
    id: ROOT_ID,
    parent_id: 1,
    name: 'Default Category',
    url_key: 'default-category',
    url_path: 'default-category',
    slug: 'default-category',
    level: 1,
    position: 1,
    children_count: 0,
    is_active: true,
    include_in_menu: true,
    product_count: 0,
    path: `1/${ROOT_ID}`,
  };
  byId.set(ROOT_ID, root);
  const rows: CategoryRow[] = [root];
  CATEGORY_DEFS.forEach((d, i) => {
    const parent = byId.get(d.parent)!;
    const url_path = parent.id === ROOT_ID ? d.key : `${parent.url_path}/${d.key}`;
    const row: CategoryRow = {
      id: d.id,
      parent_id: d.parent,
      name: d.name,
      url_key: d.key,
      url_path,
      slug: d.key,
      level: parent.level + 1,
      position: i + 1,
      children_count: 0,
      is_active: true,
      include_in_menu: d.menu ?? true,
      product_count: 0,
      path: `${parent.path}/${d.id}`,
      ...(d.image ? { image: `/catalog/category/${d.key}.jpg` } : {}),
      description: `<p>${d.description ?? `Shop ${d.name.toLowerCase()} online or in our shops, with free UK delivery and 30-day returns.`}</p>`,
      meta_title: `${d.name} | ${config.shop.name}`,
      meta_description: d.description ?? `${d.name} from ${config.shop.name}: free UK delivery, 30-day returns and interest-free finance.`,
      ...(d.button ? { button_title: d.button } : {}),
      ...(d.takeover ? { takeover_banner: `/banners/takeover-${d.key}.jpg`, takeover_banner_identifier: d.takeover } : {}),
      // brand listings show two to four tiles a row; gift cards one a row (the three grid modes of §2)
      display_mode: d.parent === 90 ? 'double' : d.key === 'gift-cards' ? 'single' : 'grid',
    };
    byId.set(d.id, row);
    rows.push(row);
  });
  const ancestors = (id: number) =>
    byId
      .get(id)!
      .path.split('/')
      .map(Number)
      .filter((x) => x !== 1 && x !== ROOT_ID);
  for (const row of rows) for (const a of row.path.split('/').map(Number)) if (a !== row.id && byId.has(a)) byId.get(a)!.children_count++;
  return { rows, byId, ancestors };
}
