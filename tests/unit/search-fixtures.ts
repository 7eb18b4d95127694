/** Small catalogues for the search tests: products through the real schemas, an index through the real builder. */
import { CategorySchema, type Category, type Product } from '../../src/lib/schemas';
import { buildSearchIndex } from '../../src/lib/search/build';
import { createSearchEngine, type SearchEngine } from '../../src/lib/search/engine';
import { createSplitEngine } from '../../src/lib/search/split-engine';
import { splitSearchIndex } from '../../src/lib/search/split';
import { isDeepStrictEqual } from 'node:util';
import { createMiniSearchEngine } from '../../scripts/bench/engine-minisearch';
import type { SearchSettings } from '../../src/lib/search/query';
import type { SearchIndexFile } from '../../src/lib/search/types';
import { config } from '../../src/lib/config';
import { product } from './catalog-fixtures';

export { product };

/** A category (level 2 unless said otherwise). */
export function category(id: number, name: string, over: Record<string, unknown> = {}): Category {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return CategorySchema.parse({
    id,
    name,
    url_key: slug,
    url_path: slug,
    slug,
    parent_id: 2,
    level: 2,
    is_active: true,
    include_in_menu: true,
    path: `1/2/${id}`,
    ...over,
  });
}

export const CATEGORIES: Category[] = [
  category(2, 'Default Category', { level: 1, parent_id: 1, path: '1/2' }),
  category(10, 'Rings'),
  category(20, 'Necklaces'),
  category(60, 'Watches'),
  category(92, 'Thomas Sabo', { level: 3, parent_id: 90 }),
  category(94, 'Raymond Weil', { level: 3, parent_id: 90 }),
];

/** Products named as in the sample data, in stock and searchable unless said otherwise. */
export function catalogue(): Product[] {
  let id = 5000;
  const p = (name: string, over: Record<string, unknown> = {}) =>
    product({ id: ++id, sku: `SK${id}`, name, url_key: `p-${id}`, url_path: `x/p-${id}`, slug: `p-${id}`, ...over });
  return [
    p('Thomas Sabo Charm Club 9ct White Gold Pearl Pendant', { category_ids: [20, 92] }),
    p('Thomas Sabo Together Sterling Silver Charm Bracelet', { category_ids: [92] }),
    p("Raymond Weil Maestro Men's Automatic White Dial Bracelet Watch 38mm", { category_ids: [60, 94] }),
    p("Raymond Weil Freelancer Ladies' Automatic Blue Dial Watch 28mm", { category_ids: [60, 94] }),
    p('Evermore Heritage Platinum Diamond Solitaire Engagement Ring', { category_ids: [10] }),
    p('Clogau Cariad 9ct Rose Gold Diamond Halo Ring', { category_ids: [10] }),
    p('Daisy London Sterling Silver Star Necklace', { category_ids: [20] }),
    p("Sekonda Sports Men's Quartz Blue Dial Watch 43mm", { category_ids: [60] }),
  ];
}

export const SETTINGS: SearchSettings = config.constants.search;

export function indexOf(products: Product[], categories: Category[] = CATEGORIES): SearchIndexFile {
  return buildSearchIndex(products, categories, { generatedAt: '2026-11-01T00:00:00.000Z' });
}

/** Both engines, so every semantic test runs against the shipped one and the MiniSearch contender. */
export const ENGINES = [
  ['hand-written engine', createSearchEngine],
  ['minisearch engine', createMiniSearchEngine],
  ['split index', createSplitCheckedEngine],
] as const;

/**
 * The split index's engine answering every query from files served in memory (tiny files, so a query
 * spans many), checked against the whole index's engine on each query: any difference in totals,
 * order, scores or records throws, so every engine test is also an agreement test of the split.
 */
export function createSplitCheckedEngine(file: SearchIndexFile, settings: SearchSettings, sizes = { recordsPerFile: 2, postingsPerFile: 8 }): SearchEngine {
  const whole = createSearchEngine(file, settings);
  const { index, files } = splitSearchIndex(file, sizes);
  const split = createSplitEngine(JSON.parse(JSON.stringify(index)), settings);
  return {
    count: split.count,
    search(query, paging) {
      let r = split.step(query, paging);
      for (let round = 0; 'need' in r; round++) {
        if (round > 3) throw new Error(`split index: "${query}" still needs ${r.need.join(', ')}`);
        for (const name of r.need) split.add(name, JSON.parse(files.get(name) ?? 'null'));
        r = split.step(query, paging);
      }
      const expected = whole.search(query, paging);
      if (!isDeepStrictEqual(r, expected)) {
        throw new Error(`split index disagrees on "${query}": ${JSON.stringify(r).slice(0, 300)} != ${JSON.stringify(expected).slice(0, 300)}`);
      }
      return r;
    },
  };
}
