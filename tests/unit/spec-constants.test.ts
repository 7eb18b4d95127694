/**
 * The §9 layout constants live in config.constants.layout and, where CSS needs them, in the
 * stylesheets: these tests fail when the two drift apart.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { config } from '../../src/lib/config';

const ROOT = resolve(__dirname, '../..');
const css = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const L = config.constants.layout;
const globalCss = css('src/styles/global.css');

describe('§9 layout constants in the stylesheets', () => {
  it('swatch 40px, size selector 40x40, badge 40x40, qty input 90px and the fades are the global custom properties', () => {
    expect(globalCss).toContain(`--swatch: ${L.swatchPx}px;`);
    expect(globalCss).toContain(`--size-selector: ${L.sizeSelectorPx}px;`);
    expect(globalCss).toContain(`--badge: ${L.badgePx}px;`);
    expect(globalCss).toContain(`--qty: ${L.qtyInputPx}px;`);
    expect(globalCss).toContain(`--fade: ${L.fadesS[0]}s;`);
    expect(globalCss).toContain(`--fade-fast: ${L.fadesS[1]}s;`);
    expect(css('src/components/catalogue/Badge.astro')).toMatch(/width: var\(--badge\);\s*height: var\(--badge\)/);
  });

  it('the mobile breakpoint is 767px and filters switch at 770px', () => {
    expect(L.mobileMaxPx).toBe(767);
    expect(globalCss).toContain(`@media (max-width: ${L.mobileMaxPx}px)`);
    expect(css('src/components/catalogue/CategoryListing.astro')).toContain(`@media (max-width: ${L.filtersMaxPx}px)`);
    expect(css('src/components/catalogue/FilterSidebar.astro')).toContain(`@media (max-width: ${L.filtersMaxPx}px)`);
  });

  it('the wider breakpoints 1024, 1200 and 1600px are used by the grid and tiles', () => {
    expect(L.breakpointsPx).toEqual([767, 768, 1024, 1200, 1600]);
    const listing = css('src/components/catalogue/CategoryListing.astro');
    expect(listing).toContain('@media (min-width: 1600px)');
    expect(css('src/components/Header.astro')).toContain('@media (max-width: 1023px)');
    expect(css('src/components/catalogue/ProductTile.astro')).toContain('@media (min-width: 1200px)');
  });

  it('the list width is 64em (the listing switches there) and tablets start at 768px', () => {
    expect(L.listWidthEm).toBe(64);
    expect(L.tabletMinPx).toBe(768);
    const listing = css('src/components/catalogue/CategoryListing.astro');
    expect(listing).toContain(`@media (min-width: ${L.listWidthEm}em)`);
    expect(css('src/components/catalogue/ProductPage.astro')).toContain(`@media (min-width: ${L.tabletMinPx}px) and (max-width: 1023px)`);
  });

  it('product images are at most 300px high, 275px and 400px in double-column mode', () => {
    const tile = css('src/components/catalogue/ProductTile.astro');
    expect(tile).toContain(`max-height: ${L.productImageMaxHeightPx}px`);
    for (const h of L.productImageMaxHeightDoublePx) expect(tile).toContain(`max-height: ${h}px`);
  });

  it('details collapse at 140px on mobile', () => {
    expect(css('src/components/catalogue/ProductDetails.astro')).toContain(`max-height: ${L.detailsCollapsedPx}px`);
  });

  it('offer banners read their heights 735, 360, 330 and 200px from the config', () => {
    expect(L.offerBannerHeightsPx).toEqual({ main: 735, small: 360, product: 330, mobile: 200 });
    expect(css('src/components/catalogue/OffersBlock.astro')).toContain('config.constants.layout.offerBannerHeightsPx');
  });
});
