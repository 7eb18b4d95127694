/**
 * The schemas of the snapshot folder's own files (docs/snapshot.md): its manifest, the legacy URL map
 * and the placeholder colours. The entity files (products, categories, CMS, ...) are validated by the
 * entity schemas of src/lib/schemas/, which the API client and the reference API share.
 */
import { z } from '../schemas/common';

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

/** `placeholders.json`: media path -> the picture's placeholder colour (its mean colour, '#rrggbb'). */
export const PlaceholdersSchema = z.record(z.string().startsWith('/'), z.string().regex(/^#[0-9a-f]{6}$/, 'expected a colour #rrggbb'));
