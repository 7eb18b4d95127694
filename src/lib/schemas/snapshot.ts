/** The snapshot folder's manifest (docs/snapshot.md). */
import { z } from './common';

/** The catalogue's root category when a manifest names none (Magento's default category, §9). */
export const DEFAULT_ROOT_CATEGORY_ID = 2;

export const SnapshotManifestSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    version: z.literal(1),
    generated_at: z.string(),
    source: z.string(),
    store_code: z.string(),
    /** The category whose subtree is the shop's catalogue (menus, category pages, listings); DEFAULT_ROOT_CATEGORY_ID when absent. */
    root_category_id: z.number().int().positive().optional(),
    seed: z.number().int().optional(),
    counts: z.record(z.string(), z.number().int()),
    product_shards: z.array(z.string()),
  }))();
export type SnapshotManifest = z.output<typeof SnapshotManifestSchema>;

/** Legacy url_path entries the URL dispatcher maps to current pages. */
export const UrlMapEntrySchema = /*#__PURE__*/ (() =>
  z.object({ from: z.string().startsWith('/'), to_type: z.enum(['product', 'category', 'cms']), to_id: z.union([z.number().int(), z.string()]) }))();
export type UrlMapEntry = z.output<typeof UrlMapEntrySchema>;
