/**
 * Responsive images per page type: every <img> sized (width/height), decoding async,
 * srcset with sizes when the picture can be resized, lazy below the fold; exactly one priority
 * picture above the fold (eager, fetchpriority high, preloaded with the same srcset) with its
 * placeholder colour; gallery zoom fetches the 2x size only when opened; AMP uses amp-img srcset.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { visit, pagePath, sampleProduct } from './helpers';
import { SAMPLE_DIR, readBlogPosts } from '../../src/lib/snapshot/read';
import { ampProductUrl } from '../../src/lib/catalog/urls';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

const placeholders = JSON.parse(readFileSync(join(SAMPLE_DIR, 'placeholders.json'), 'utf8')) as Record<string, string>;

interface ImgFacts {
  src: string;
  srcset: string | null;
  sizes: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  decoding: string | null;
  fetchpriority: string | null;
  background: string;
  top: number;
  selector: string;
}

async function images(page: Page): Promise<{ imgs: ImgFacts[]; preloads: { href: string; srcset: string | null; sizes: string | null }[]; viewport: number }> {
  // Measured in the page's own fonts: before they arrive, the wider fallback moves a tile by some 20 px.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate(() => {
    const imgs = [...document.querySelectorAll('img')]
      // Not the closed zoom's placeholder (a data: URL of nothing): it is no picture.
      .filter((i) => i.getAttribute('src') && !i.getAttribute('src')!.startsWith('data:') && !i.closest('template') && !i.closest('astro-island'))
      .map((i) => ({
        src: i.getAttribute('src')!,
        srcset: i.getAttribute('srcset'),
        sizes: i.getAttribute('sizes'),
        width: i.getAttribute('width'),
        height: i.getAttribute('height'),
        loading: i.getAttribute('loading'),
        decoding: i.getAttribute('decoding'),
        fetchpriority: i.getAttribute('fetchpriority'),
        background: i.style.backgroundColor,
        top: i.getBoundingClientRect().top + window.scrollY,
        selector: `${i.className} ${i.closest('[class]')?.className ?? ''}`,
      }));
    const preloads = [...document.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => ({
      href: l.getAttribute('href')!,
      srcset: l.getAttribute('imagesrcset'),
      sizes: l.getAttribute('imagesizes'),
    }));
    return { imgs, preloads, viewport: window.innerHeight };
  });
}

const rgb = (hex: string) => `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;

/** The checks every page type shares; returns the priority picture. */
async function expectResponsive(page: Page): Promise<ImgFacts> {
  const { imgs, preloads, viewport } = await images(page);
  expect(imgs.length).toBeGreaterThan(0);
  for (const i of imgs) {
    expect(i.width && i.height, `${i.src} width/height`).toBeTruthy();
    expect(i.decoding, `${i.src} decoding`).toBe('async');
    // Nothing loads from the internet: every picture is the shop's own (the proxy or a local file).
    expect(i.src.startsWith('/'), i.src).toBe(true);
    if (i.src.startsWith('/img/')) {
      expect(i.srcset, `${i.src} srcset`).toMatch(/^\/img\/\d+\/\d+\/resize\/\S+ \d+w(, \/img\/\d+\/\d+\/resize\/\S+ \d+w)*$/);
      expect(i.sizes, `${i.src} sizes`).toBeTruthy();
    }
    // Below the first screen (with a screen of slack for scrolling): lazy.
    if (i.top > viewport * 2) expect(i.loading, `${i.src} at ${i.top}px is below the fold`).toBe('lazy');
  }
  const high = imgs.filter((i) => i.fetchpriority === 'high');
  expect(high, 'one priority picture').toHaveLength(1);
  const hero = high[0]!;
  expect(hero.loading).not.toBe('lazy');
  expect(hero.top).toBeLessThan(viewport);
  expect(preloads, 'the priority picture is preloaded').toEqual([{ href: hero.src, srcset: hero.srcset, sizes: hero.sizes }]);
  // ...before the fonts, so the browser asks for it first.
  const order = await page.evaluate(() => [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => l.getAttribute('as')));
  expect(order, 'preloads in the head').toEqual(['image', 'font', 'font']);
  return hero;
}

const pathOf = (proxyUrl: string) => proxyUrl.replace(/^\/img\/\d+\/\d+\/resize/, '');

test.describe('responsive images per page type', () => {
  test('home: the main banner is the priority picture, with its placeholder colour', async ({ page }) => {
    await visit(page, '/');
    const hero = await expectResponsive(page);
    // 1600x735 scaled to the image host's 1024 px limit.
    expect(hero.src).toMatch(/^\/img\/1024\/470\/resize\/banners\//);
    expect(hero.background).toBe(rgb(placeholders[pathOf(hero.src)]!));
  });

  test('category without a takeover: the first tile is the priority picture, later tiles lazy', async ({ page }) => {
    await visit(page, '/bracelets');
    const hero = await expectResponsive(page);
    expect(hero.src).toMatch(/^\/img\/310\/300\/resize\/catalog\/product\//);
    expect(hero.sizes).toBe('(max-width: 767px) calc(50vw - 24px), 310px');
    const { imgs } = await images(page);
    const tiles = imgs.filter((i) => i.selector.includes('tile__img') && !i.selector.includes('tile__img--hover'));
    expect(tiles[0]!.fetchpriority).toBe('high');
    expect(tiles.slice(1, 4).every((t) => t.loading !== 'lazy')).toBe(true);
    expect(tiles.slice(4).every((t) => t.loading === 'lazy')).toBe(true);
  });

  test('category with a takeover banner: the banner is the priority picture', async ({ page }) => {
    await visit(page, '/watches');
    const hero = await expectResponsive(page);
    expect(hero.src).toMatch(/^\/img\/1024\/230\/resize\/banners\/takeover-/);
  });

  test('product: the first gallery image (600x744) is the priority picture; thumbnails small', async ({ page }) => {
    const p = sampleProduct(
      (x) => x.type_id === 'simple' && (x.media_gallery?.length ?? 0) > 2 && x.id % 3 === 0,
      'a simple product with absolute gallery urls',
    );
    await visit(page, pagePath(p));
    const hero = await expectResponsive(page);
    expect(hero.src).toMatch(/^\/img\/600\/744\/resize\/catalog\/product\//);
    expect(hero.srcset).toContain('/img/826/1024/resize/catalog/product/');
    expect(hero.srcset).not.toContain(' 1200w');
    const { imgs } = await images(page);
    // The later gallery pictures arrive as absolute URLs on the shop's media address: resized all the same.
    const second = imgs.filter((i) => i.src.startsWith('/img/600/744/'))[1]!;
    expect(second.loading).toBe('lazy');
    expect(p.media_gallery![1]!.image).toMatch(/^https:\/\/www\.pendleandjames\.co\.uk\/media\//);
    expect(second.src).toBe(`/img/600/744/resize${p.media_gallery![1]!.image.replace('https://www.pendleandjames.co.uk/media', '')}`);
    const thumbs = imgs.filter((i) => i.src.startsWith('/img/72/89/'));
    expect(thumbs.length).toBe(p.media_gallery!.length);
  });

  test('product: the zoom fetches its large picture (within the 1024 px limit) only when opened', async ({ page }) => {
    const p = sampleProduct((x) => x.type_id === 'simple' && (x.media_gallery?.length ?? 0) > 1, 'a simple product with a gallery');
    const zoomRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/img\/826\/1024\//.test(r.url()) && r.resourceType() === 'image') zoomRequests.push(r.url());
    });
    await page.setViewportSize({ width: 600, height: 900 }); // a viewport whose srcset pick is not the 2x size
    await visit(page, pagePath(p));
    await page.waitForLoadState('load');
    expect(zoomRequests).toEqual([]);
    await page.locator('[data-zoom]').first().click();
    await expect(page.locator('[data-zoom-img]')).toHaveAttribute('src', /^\/img\/826\/1024\/resize\//);
    await expect.poll(() => zoomRequests.length).toBe(1);
  });

  test('store page: the shop photograph is the priority picture', async ({ page }) => {
    await visit(page, '/stores/jewellers-preston');
    const hero = await expectResponsive(page);
    expect(hero.src).toMatch(/^\/img\/800\/500\/resize\/stores\//);
  });

  test('blog post: the featured picture (an absolute URL from the blog) is the priority picture', async ({ page }) => {
    const post = readBlogPosts(SAMPLE_DIR)[0]!;
    expect(post.featuredImage!.sourceUrl).toMatch(/^https:\/\//);
    await visit(page, `/pjworld/post/${post.slug}`);
    const hero = await expectResponsive(page);
    expect(hero.src).toBe(`/img/800/500/resize${post.featuredImage!.sourceUrl.replace('https://www.pendleandjames.co.uk/media', '')}`);
  });

  test('phone width: the gallery picks a phone-sized picture, not the 2x one', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const p = sampleProduct((x) => x.type_id === 'simple', 'a simple product');
    await visit(page, pagePath(p));
    const current = await page
      .locator('.gallery img')
      .first()
      .evaluate((i: HTMLImageElement) => i.currentSrc);
    expect(current).toMatch(/\/img\/(360\/446|600\/744)\/resize\//);
  });

  test('phone widths: a tile picture’s sizes is the width it is drawn at (grids, home, the related slider)', async ({ page }) => {
    const product = sampleProduct((x) => x.type_id === 'simple', 'a simple product');
    for (const width of [360, 390, 430]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of ['/', '/rings', pagePath(product)]) {
        await visit(page, path);
        // Each picture's sizes evaluated as the browser does: the first entry whose media condition
        // matches (or the last, which has none), its length measured on a probe element.
        const drawn = await page.$$eval('img.tile__img:not(.tile__img--hover), .cat__media img', (imgs) =>
          imgs.map((img) => {
            const entries = img
              .getAttribute('sizes')!
              .split(/,(?![^(]*\))/)
              .map((e) => e.trim());
            const parsed = entries.map((e) => /^(\([^)]*\))\s+(.+)$/.exec(e) ?? [e, null, e]);
            const [, , length] = parsed.find(([, media]) => media === null || matchMedia(media!).matches)!;
            const probe = document.body.appendChild(document.createElement('div'));
            probe.style.cssText = `position:absolute;width:${length}`;
            const sized = probe.getBoundingClientRect().width;
            probe.remove();
            return { src: img.getAttribute('src'), drawn: img.getBoundingClientRect().width, sized };
          }),
        );
        expect(drawn.length, path).toBeGreaterThan(0);
        for (const d of drawn) expect(Math.abs(d.sized - d.drawn), `${width} px ${path} ${d.src}: sizes ${d.sized}, drawn ${d.drawn}`).toBeLessThanOrEqual(4);
      }
    }
  });

  test('amp product: amp-img at 450x500 with srcset', async ({ request }) => {
    const p = sampleProduct((x) => x.type_id === 'simple', 'a simple product');
    const html = await (await request.get(ampProductUrl(p))).text();
    const tag = /<amp-img[^>]*>/.exec(html)![0];
    expect(tag).toMatch(/src="\/img\/450\/500\/resize\//);
    expect(tag).toMatch(/srcset="\/img\/450\/500\/resize\/\S+ 450w, \/img\/900\/1000\/resize\/\S+ 900w"/);
    expect(tag).toMatch(/width="450" height="500"/);
  });
});
