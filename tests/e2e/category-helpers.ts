/** Helpers of the category listing e2e tests: the products the §5 query rules list, and the grid and filters as the page shows them. */
import { type Page } from '@playwright/test';
import { buildTime, catalog, descendantIds } from '../../src/lib/routing/routes';
import { applyQuery, buildCatalogQuery, initialQueryState } from '../../src/lib/catalog/query';
import { config } from '../../src/lib/config';
import type { Product } from '../../src/lib/schemas';

export const PER_PAGE = config.constants.categoryPageSize;
export const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';
export const byPath = (url_path: string) => catalog().categories.find((c) => c.url_path === url_path)!;

/** The products the §5 query rules list for a state, in order. */
export function expected(categoryId: number, filters: Record<string, string[]> = {}, sort = config.constants.sorts[0]!.value): Product[] {
  const { productIdsOf, byId, categories } = catalog();
  const ids = new Set<number>();
  for (const cid of descendantIds(categoryId)) for (const pid of productIdsOf.get(cid) ?? []) ids.add(pid);
  const candidates = [...ids].map((id) => byId.get(id)!);
  const q = buildCatalogQuery(initialQueryState({ filters, sort }), { categoryId, categories });
  return applyQuery(candidates, { ...q, from: 0, size: candidates.length }, buildTime()).items;
}

export const countText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
export const tileSkus = (page: Page) => page.locator('#product-grid .tile').evaluateAll((t) => t.map((x) => (x as HTMLElement).dataset.sku));
export const checkbox = (page: Page, code: string, label: string) =>
  page.locator(`[data-facet="${code}"]`).getByRole('checkbox', { name: new RegExp(`^${label} \\(\\d+\\)$`) });

/** The child skus the page asks the stock list endpoint for, as they are asked. */
export function stockAsks(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/stock/list') asked.push(...(u.searchParams.get('skus') ?? '').split(','));
  });
  return asked;
}
