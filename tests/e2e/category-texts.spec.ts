/**
 * What a category listing says to the shopper (spec §2 category page, §4 category listing, §9): each
 * price filter's label names exactly the products it lists (a price at a range's bound included), and
 * an empty category shows its own text and that nothing is found, without a toolbar or advice about
 * criteria the shopper never chose. Against the built site; expected products are read from the page.
 */
import { expect, test } from './fixture';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import { catalog, hasCategoryPage, pricesFor } from '../../src/lib/routing/routes';
import { PER_PAGE, SHOTS, checkbox, countText, expected, tileSkus } from './category-helpers';

// These pages are tested without the service worker (it is tested by the offline specs).
test.use({ serviceWorkers: 'block' });

/**
 * How a shopper reads a price filter's label: the amounts it names, both ends included unless the
 * label says an end is left out ('Under £100', '£100 to under £250').
 */
function shopperReading(label: string): (price: number) => boolean {
  const amount = (s: string) => Number(s.replace(/[£,]/g, ''));
  let m: RegExpExecArray | null;
  if ((m = /^Under (£[\d,]+)$/.exec(label))) {
    const to = amount(m[1]!);
    return (p) => p < to;
  }
  if ((m = /^(£[\d,]+) to under (£[\d,]+)$/.exec(label))) {
    const [from, to] = [amount(m[1]!), amount(m[2]!)];
    return (p) => p >= from && p < to;
  }
  if ((m = /^(£[\d,]+) - (£[\d,]+)$/.exec(label))) {
    const [from, to] = [amount(m[1]!), amount(m[2]!)];
    return (p) => p >= from && p <= to;
  }
  if ((m = /^(£[\d,]+) and above$/.exec(label))) {
    const from = amount(m[1]!);
    return (p) => p >= from;
  }
  throw new Error(`no shopper's reading of the price filter label '${label}'`);
}

/** A category of at most one page whose products include one priced exactly at a price range's upper amount. */
function categoryWithBoundaryPrice(): { path: string; price: number } {
  const bounds = new Set(config.priceFilterRanges.flatMap((r) => (r.to === undefined ? [] : [r.to])));
  for (const c of catalog().categories) {
    const listed = expected(c.id);
    if (!listed.length || listed.length > PER_PAGE) continue;
    const at = listed.map((p) => pricesFor(p).final).find((v) => bounds.has(v));
    if (at !== undefined) return { path: `/${c.url_path}`, price: at };
  }
  throw new Error('the sample has no category with a product priced at a price range bound');
}

test.describe('what a category listing says', () => {
  test('each price filter lists exactly the products its label names, one priced at a range bound included', async ({ page }) => {
    const { path, price } = categoryWithBoundaryPrice();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    // Every product of the category, with the price its tile shows (one page: all of them).
    const tiles = page.locator('#product-grid .tile');
    const all = await tiles.evaluateAll((t) => t.map((x) => ({ sku: (x as HTMLElement).dataset.sku!, price: Number((x as HTMLElement).dataset.finalPrice) })));
    expect(all.some((t) => t.price === price)).toBe(true);
    const labels = await page.locator('[data-facet="price"] .facet__label').allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) {
      const names = shopperReading(label.trim());
      const wanted = all.filter((t) => names(t.price)).map((t) => t.sku);
      await checkbox(page, 'price', label.trim()).check();
      await expect(page).toHaveURL(/[?&]price=/);
      // The chip says what the filter does, in the same words.
      await expect(page.getByRole('button', { name: `Remove filter: ${messages.priceFilterLabel}: ${label.trim()}` })).toBeVisible();
      await expect(page.locator('[data-listing-count]'), `the count under '${label.trim()}'`).toHaveText(countText(wanted.length));
      expect((await tileSkus(page)).sort(), `the products '${label.trim()}' names`).toEqual([...wanted].sort());
      await checkbox(page, 'price', label.trim()).uncheck();
      await expect(page).toHaveURL(path);
    }
  });

  test('an empty category lets its own text speak: no count, filters, sorts or advice to change criteria the shopper never chose', async ({ page }) => {
    const empty = catalog().categories.find((c) => hasCategoryPage(c) && expected(c.id).length === 0);
    test.skip(!empty, 'the sample has no empty category');
    const own = (empty!.description ?? '').replace(/<[^>]+>/g, '').trim();
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${empty!.url_path}`);
      await expect(page.getByRole('heading', { level: 1, name: empty!.name })).toBeVisible();
      if (own) await expect(page.getByText(own)).toBeVisible();
      await expect(page.getByText(messages.noProductsFound)).toBeVisible();
      await expect(page.getByText(messages.changeSearchCriteria)).toHaveCount(0);
      await expect(page.locator('[data-listing-count]')).toHaveCount(0);
      await expect(page.getByText(/^0 items$/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: messages.filtersButton })).toHaveCount(0);
      await expect(page.getByRole('combobox')).toHaveCount(0);
      // A page of its text only: kept out of search engines until products arrive.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await page.screenshot({ path: `${SHOTS}/category-empty-${width}.png` });
    }
  });
});
