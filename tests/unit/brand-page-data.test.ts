/** What both brand pages start from (src/lib/build/brand-page-data.ts `brandPageData`). */
import { describe, expect, it } from 'vitest';
import { brandCategories, brandPageData } from '../../src/lib/build/brand-page-data';
import { categoryListing } from '../../src/lib/build/page-data';

describe('brand page data', () => {
  it("a brand's slug, the URLs of its page and of its full listing, and its listing", () => {
    const evermore = brandCategories().find((b) => b.url_key === 'evermore')!;
    const d = brandPageData(evermore);
    expect(d.slug).toBe('evermore');
    expect(d.pageUrl).toBe('/brands/evermore');
    expect(d.allProductsUrl).toBe('/brands/evermore/all-products');
    expect(d.listing.total).toBe(categoryListing(evermore.id).total);
    expect(d.listing.total).toBeGreaterThan(0);
  });
});
