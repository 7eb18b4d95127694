/**
 * One CMS page or block record of the VSF index to the snapshot's, for this store view. Part of the VSF import's mapping
 * (common.ts).
 */
import type { CmsBlock, CmsPage } from '../../schemas';
import { PAGE_LAYOUTS } from '../to-vsf';
import { type Rec, MapError, toInt, toBool, str, required, stripUrl, clean } from './common';

/** `store_id` as Magento writes it (a number or an array; 0 = every store view): this store's, or null when the record is another store's. */
function storeOf(v: unknown, storeId: number): number | undefined | null {
  if (v === undefined || v === null) return undefined;
  const ids = (Array.isArray(v) ? v : [v]).map(toInt);
  if (!ids.length) return undefined;
  if (ids.includes(storeId)) return storeId;
  if (ids.includes(0)) return 0;
  return null;
}

const layoutOf = (v: unknown): CmsPage['layout'] | undefined =>
  (Object.entries(PAGE_LAYOUTS) as [CmsPage['layout'], string[]][]).find(([k, names]) => k === v || names.includes(String(v)))?.[0];

export function cmsPageFromVsf(src: Rec, storeId: number): CmsPage {
  const id = required(toInt(src.id ?? src.page_id), 'id', 'expected a numeric id');
  const identifier = required(str(src.identifier), 'identifier', 'a CMS page needs an identifier');
  const store = storeOf(src.store_id, storeId);
  if (store === null) throw new MapError('store_id', `the page belongs to store views ${JSON.stringify(src.store_id)}, not ${storeId} (nor 0, all)`);
  const { page_layout, is_active, ...rest } = src;
  return clean({
    ...rest,
    id,
    identifier: stripUrl(identifier),
    title: str(src.title) || identifier,
    content: str(src.content) ?? '',
    layout: layoutOf(src.layout ?? page_layout) ?? 'default',
    active: toBool(src.active ?? is_active) ?? true,
    store_id: store,
  }) as unknown as CmsPage;
}

export function cmsBlockFromVsf(src: Rec, storeId: number): CmsBlock {
  const id = required(toInt(src.id ?? src.block_id), 'id', 'expected a numeric id');
  const identifier = required(str(src.identifier), 'identifier', 'a CMS block needs an identifier');
  const store = storeOf(src.store_id, storeId);
  if (store === null) throw new MapError('store_id', `the block belongs to store views ${JSON.stringify(src.store_id)}, not ${storeId} (nor 0, all)`);
  const { is_active, ...rest } = src;
  const out: Rec = {
    ...rest,
    id,
    identifier,
    title: str(src.title) ?? identifier,
    content: str(src.content) ?? '',
    active: toBool(src.active ?? is_active) ?? true,
  };
  if (store === undefined) delete out.store_id;
  else out.store_id = store;
  return clean(out) as unknown as CmsBlock;
}
