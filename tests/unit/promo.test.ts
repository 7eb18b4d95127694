import { describe, expect, it } from 'vitest';
import { categoryPromoFor, cmsBlockHtml, financeInfo, firstLink, takeoverFor } from '../../src/lib/build/promo';
import { catalog } from '../../src/lib/routing/routes';
import { contentPaths } from '../../src/lib/routing/content-routes';
import type { CmsBlock } from '../../src/lib/schemas';

const block = (identifier: string, content: string, active = true): CmsBlock => ({ id: 1, identifier, title: `Takeover: ${identifier}`, content, active });

describe('finance on products', () => {
  it("shows 'from £X a month' with lowest_possible_finance when the product can be financed", () => {
    const f = financeInfo({ can_be_financed: 1, klarna_cta_available: 0, lowest_possible_finance: 124.86 })!;
    expect(f.monthlyFrom).toBe(124.86);
    expect(f.klarna).toBe(false);
    expect(f.links).toEqual({ klarnaInfo: '/klarna-info', klarnaFaqs: '/klarna-faqs', financeOptions: '/finance-options' });
  });

  it('shows the klarna call to action only where klarna_cta_available says so', () => {
    expect(financeInfo({ can_be_financed: 0, klarna_cta_available: 1, lowest_possible_finance: null })).toMatchObject({ monthlyFrom: null, klarna: true });
    expect(financeInfo({ can_be_financed: 0, klarna_cta_available: 0, lowest_possible_finance: 20 })).toBeNull();
    expect(financeInfo({ can_be_financed: 1, klarna_cta_available: 0, lowest_possible_finance: 0 })).toBeNull();
  });

  it('links to finance pages that are built content pages', () => {
    const paths = contentPaths();
    for (const p of ['/klarna-info', '/klarna-faqs', '/finance-options']) expect(paths).toContain(p);
  });

  it('the sample has financeable products with a monthly amount', () => {
    const withFinance = catalog().products.filter((p) => financeInfo(p)?.monthlyFrom);
    expect(withFinance.length).toBeGreaterThan(10);
  });
});

describe('category takeover banner', () => {
  it('uses the takeover image, the block named by takeover_banner_identifier and button_title to the block link', () => {
    const tk = takeoverFor(
      { name: 'Engagement rings', takeover_banner: '/banners/t.svg', takeover_banner_identifier: 'takeover-x', button_title: 'Find the one' },
      [block('takeover-x', '<p><strong>Evermore</strong></p><p><a href="/evermore">Discover</a></p>')],
    )!;
    expect(tk.image).toBe('/banners/t.svg');
    expect(tk.html).toContain('<strong>Evermore</strong>');
    expect(tk.button).toEqual({ label: 'Find the one', href: '/evermore' });
  });

  it("titles the banner with the category name, not the block's admin title", () => {
    const b = { ...block('takeover-x', '<p>Evermore</p>'), title: 'Takeover: engagement rings' };
    const tk = takeoverFor({ name: 'Engagement Rings', takeover_banner: '/banners/t.jpg', takeover_banner_identifier: 'takeover-x', button_title: null }, [b])!;
    expect(tk.title).toBe('Engagement Rings');
  });

  it('has no banner without a takeover image or an active block, and sanitises the block', () => {
    expect(takeoverFor({ name: 'Rings', takeover_banner: null, takeover_banner_identifier: null, button_title: 'Shop rings' })).toBeNull();
    expect(
      takeoverFor({ name: 'R', takeover_banner: null, takeover_banner_identifier: 'off', button_title: null }, [block('off', '<p>x</p>', false)]),
    ).toBeNull();
    const tk = takeoverFor({ name: 'R', takeover_banner: null, takeover_banner_identifier: 'x', button_title: null }, [
      block('x', '<p onclick="alert(1)">Hi<script>alert(1)</script></p>'),
    ])!;
    expect(tk.html).toBe('<p>Hi</p>');
    expect(tk.button).toBeNull();
  });

  it('the sample engagement rings and watches categories have takeovers', () => {
    const withTakeover = catalog()
      .categories.filter((c) => takeoverFor(c))
      .map((c) => c.url_path);
    expect(withTakeover).toEqual(expect.arrayContaining(['rings/engagement-rings', 'watches']));
  });

  it('firstLink reads the first href', () => {
    expect(firstLink('<p><a class="x" href="/a?b=1&amp;c=2">A</a><a href="/b">B</a></p>')).toBe('/a?b=1&c=2');
    expect(firstLink('<p>none</p>')).toBeNull();
  });
});

describe('category promo block', () => {
  it('a product with category_promo_block shows that cms block', () => {
    const p = catalog().products.find((x) => x.category_promo_block === 'category-promo-klarna')!;
    expect(categoryPromoFor(p)).toMatchObject({ identifier: 'category-promo-klarna' });
    expect(categoryPromoFor(p)!.html).toContain('/klarna-info');
    expect(categoryPromoFor({ category_promo_block: null })).toBeNull();
    expect(cmsBlockHtml('no-such-block')).toBeNull();
  });
});
