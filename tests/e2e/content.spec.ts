/**
 * Content pages of the built site: CMS content pages, /i and /p, blog,
 * shops, brands, the account and checkout shells, order success, not found, gone, error and the
 * AMP examples. Expected texts come from the snapshot the site was built from (SNAPSHOT_DIR).
 */
import { expect, test } from './fixture';
import AxeBuilder from '@axe-core/playwright';
import { contentPages, cmsRoutes, blogData, snapshotShops, goneUrls, TOKEN_PAGE_IDENTIFIERS, ACCOUNT_SHELLS } from '../../src/lib/routing/content-routes';
import { brandCategories } from '../../src/lib/build/brand-page-data';
import { formatDate } from '../../src/lib/messages/format';
import { messages, fill } from '../../src/lib/messages';
import { config } from '../../src/lib/config';
import { htmlToText } from '../../src/lib/content/sanitize';
import { expectCanonical, expectOneH1, facts, ld, open, screenshots, SITE } from './content-helpers';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

const pages = contentPages();
const byPath = (path: string) => {
  const c = pages.find((p) => p.path === path);
  if (!c) throw new Error(`no content page ${path} in the snapshot`);
  return c.page;
};
const firstParagraph = (html: string) => htmlToText(/<p>(.*?)<\/p>/s.exec(html)?.[1] ?? html, 60).replace(/…$/, '');
const DATE = /^\d{2}:\d{2} \d{1,2}\/\d{1,2}\/\d{4}$/;

test.describe('cms content pages', () => {
  test('the finance page shows its representative example, the campaign page its offers and small print', async ({ page }) => {
    // 36 months at 19.9% APR on £1,080 of credit: £39.20 a month, £1,531.20 payable with the £120 deposit.
    await page.goto('/finance-options');
    const main = page.locator('main');
    await expect(main.getByRole('heading', { name: 'Representative example' })).toBeVisible();
    await expect(main).toContainText('£39.20');
    await expect(main).toContainText('£1,531.20');
    await expect(main).toContainText('19.9%');
    await page.goto('/black-friday');
    for (const h of ['The offers', 'When', 'How it works', 'The small print']) await expect(main.getByRole('heading', { name: h, exact: true })).toBeVisible();
  });

  test('a content page shows its cms page with title canonical and one h1', async ({ page }) => {
    const cms = byPath('/clearance');
    await open(page, '/clearance');
    const f = await facts(page);
    expect(f.title).toContain(cms.meta_title || cms.title);
    expectCanonical(f, '/clearance');
    expectOneH1(f, cms.content_heading || cms.title);
    expect(f.robots).toBeNull();
    await expect(page.locator('main .cms-content')).toContainText(firstParagraph(cms.content));
    await expect(page.getByRole('navigation', { name: messages.breadcrumbsLabel })).toContainText(cms.title);
  });

  test('every content path of the spec answers', async ({ request }) => {
    for (const { path } of pages) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(await res.text(), path).toContain(`<link rel="canonical" href="${SITE}${path}"`);
    }
  });

  test('the two token pages are cms pages served by identifier', async ({ page }) => {
    for (const id of TOKEN_PAGE_IDENTIFIERS) {
      await open(page, `/${id}`);
      expectOneH1(await facts(page), byPath(`/${id}`).content_heading || byPath(`/${id}`).title);
    }
  });

  test('a nested content path renders its cms page', async ({ page }) => {
    const cms = byPath('/launch-campaign/terms-and-conditions');
    await open(page, '/launch-campaign/terms-and-conditions');
    const f = await facts(page);
    expectCanonical(f, '/launch-campaign/terms-and-conditions');
    expectOneH1(f, cms.content_heading || cms.title);
  });

  test('scripts handlers and javascript urls never reach the page', async ({ page }) => {
    const unsafe = pages.find((c) => /<script|onclick=|javascript:/i.test(c.page.content));
    expect(unsafe, 'the sample has a cms page with unsafe markup').toBeTruthy();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await open(page, unsafe!.path);
    const content = page.locator('.cms-content');
    await expect(content).toBeVisible();
    expect(await content.locator('script').count()).toBe(0);
    const unsafeAttributes = await page.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes]
          .filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value))
          .map((a) => `${el.tagName.toLowerCase()} ${a.name}=${a.value}`),
      ),
    );
    expect(unsafeAttributes).toEqual([]);
    expect(await page.title()).not.toBe('injected');
    expect(dialogs).toEqual([]);
    await expect(content).toContainText('Text after the unsafe markup stays visible.');
  });

  test('a noindex cms page says so', async ({ page }) => {
    const hidden = pages.find((c) => c.page.noindex);
    test.skip(!hidden, 'no noindex cms page in the snapshot');
    await open(page, hidden!.path);
    expect((await facts(page)).robots).toContain('noindex');
  });

  test('service pages carry the booking form placeholder', async ({ page }) => {
    const service = pages.find((c) => c.page.booking_form)!;
    await open(page, service.path);
    const booking = page.getByRole('region', { name: messages.bookingTitle });
    await expect(booking).toBeVisible();
    await expect(booking.locator('#booking-form')).toHaveAttribute('data-page', service.page.identifier);
    await expect(booking).toContainText(snapshotShops()[0]!.telephone);
  });

  test('a campaign video is a link and loads nothing from another site', async ({ page }) => {
    const withVideo = pages.find((c) => c.page.video);
    test.skip(!withVideo, 'no cms page with a video');
    const external: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://localhost') && !r.url().startsWith('http://127.0.0.1')) external.push(r.url());
    });
    await open(page, withVideo!.path);
    await expect(page.getByRole('link', { name: messages.watchVideo })).toBeVisible();
    expect(external).toEqual([]);
  });

  test('cms route /i answers for every page with one canonical link', async ({ page }) => {
    const own = cmsRoutes().find((r) => r.canonical.startsWith('/i/'))!;
    await open(page, `/i/${own.slug}`);
    let f = await facts(page);
    expectCanonical(f, `/i/${own.slug}`);
    expectOneH1(f, own.page.content_heading || own.page.title);

    await open(page, '/i/clearance');
    f = await facts(page);
    expectCanonical(f, '/clearance');
  });

  test('fallback content /p/{slug} shows the cms page with its canonical link', async ({ page }) => {
    const own = cmsRoutes().find((r) => r.canonical.startsWith('/i/'))!;
    await open(page, `/p/${own.slug}`);
    const f = await facts(page);
    expectCanonical(f, `/i/${own.slug}`);
    expectOneH1(f, own.page.content_heading || own.page.title);
  });

  test('screenshots of a cms page', async ({ page }) => {
    const service = pages.find((c) => c.page.booking_form)!;
    await screenshots(page, service.path, 'content-cms');
  });
});

test.describe('blog', () => {
  const blog = blogData();
  const blogTitle = fill(messages.blogTitle, { shop: config.shop.name });

  test('the blog lists every post with author date and excerpt', async ({ page }) => {
    await open(page, `/${config.shop.blogPath}`);
    const f = await facts(page);
    expectCanonical(f, `/${config.shop.blogPath}`);
    expectOneH1(f, blogTitle);
    expect(ld(f, 'BreadcrumbList')).toBeTruthy();
    const cards = page.locator('.blog-card');
    await expect(cards).toHaveCount(blog.posts.length);
    const first = cards.first();
    const post = blog.posts[0]!;
    await expect(first.getByRole('heading', { name: post.title })).toBeVisible();
    await expect(first).toContainText(fill(messages.blogByAuthor, { name: post.author.name }));
    await expect(first.locator('time')).toHaveText(formatDate(post.date));
    expect(await first.locator('time').textContent()).toMatch(DATE);
    if (post.excerpt) await expect(first).toContainText(htmlToText(post.excerpt).slice(0, 40));
  });

  test('a blog category lists only its posts', async ({ page }) => {
    const category = blog.categories.find((c) => blog.postsOf(c).length > 0)!;
    await open(page, `/${config.shop.blogPath}/${category.slug}`);
    const f = await facts(page);
    expectCanonical(f, `/${config.shop.blogPath}/${category.slug}`);
    expectOneH1(f, category.name);
    await expect(page.locator('.blog-card')).toHaveCount(blog.postsOf(category).length);
    await expect(page.getByRole('navigation', { name: messages.blogCategoriesLabel }).getByRole('link', { name: category.name })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('a blog post shows author date featured image and content', async ({ page }) => {
    const post = blog.posts.find((p) => p.featuredImage) ?? blog.posts[0]!;
    const path = `/${config.shop.blogPath}/post/${post.slug}`;
    await open(page, path);
    const f = await facts(page);
    expectCanonical(f, path);
    expectOneH1(f, post.title);
    const article = page.locator('article.post');
    await expect(article.locator('.post__meta')).toContainText(fill(messages.blogByAuthor, { name: post.author.name }));
    await expect(article.locator('.post__meta time')).toHaveText(formatDate(post.date));
    if (post.featuredImage) {
      const img = article.locator('.post__figure img');
      await expect(img).toHaveAttribute('alt', post.featuredImage.altText);
      expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(article.locator('.post__content')).toContainText(firstParagraph(post.content));
    const posting = ld(f, 'BlogPosting')!;
    expect(posting.headline).toBe(post.title);
    expect((posting.author as { name: string }).name).toBe(post.author.name);
    expect(ld(f, 'BreadcrumbList')).toBeTruthy();
  });

  test('screenshots of a blog post', async ({ page }) => {
    await screenshots(page, `/${config.shop.blogPath}/post/${blog.posts[0]!.slug}`, 'content-blog-post');
  });
});

test.describe('shops', () => {
  const shop = snapshotShops()[0]!;
  const path = `/stores/jewellers-${shop.location}`;

  test('a shop page shows address opening hours phone and booking', async ({ page }) => {
    await open(page, path);
    const f = await facts(page);
    expectCanonical(f, path);
    expectOneH1(f, shop.name);
    await expect(page.locator('address').first()).toContainText(shop.postcode);
    await expect(page.locator('address').first()).toContainText(shop.street[0]!);
    await expect(page.getByRole('link', { name: shop.telephone }).first()).toHaveAttribute('href', `tel:${shop.telephone.replace(/\s+/g, '')}`);
    const hours = page.locator('.shop__hours tbody tr');
    await expect(hours).toHaveCount(7);
    const monday = shop.opening_hours.find((h) => h.day === 'Monday')!;
    await expect(hours.first()).toContainText(monday.open ? `${monday.open} – ${monday.close}` : messages.storeClosed);
    await expect(page.getByRole('region', { name: messages.bookingTitle })).toBeVisible();
    await expect(page.locator('#booking-form')).toHaveAttribute('data-shop', shop.location);
  });

  test('a shop page carries jewelry store structured data', async ({ page }) => {
    await open(page, path);
    const store = ld(await facts(page), 'JewelryStore')!;
    expect(store.name).toBe(shop.name);
    expect(store.telephone).toBe(shop.telephone);
    expect((store.address as Record<string, string>).postalCode).toBe(shop.postcode);
    expect(store.url).toBe(`${SITE}${path}`);
  });

  test('every shop has a page', async ({ request }) => {
    for (const s of snapshotShops()) expect((await request.get(`/stores/jewellers-${s.location}`)).status()).toBe(200);
  });

  test('screenshots of a shop page', async ({ page }) => {
    await screenshots(page, path, 'content-shop');
  });
});

test.describe('brands', () => {
  const brand = brandCategories().find((b) => b.product_count > 0) ?? brandCategories()[0]!;

  test('a brand page shows the brand and links to its listing', async ({ page }) => {
    await open(page, `/brands/${brand.url_key}`);
    const f = await facts(page);
    expectCanonical(f, `/brands/${brand.url_key}`);
    expectOneH1(f, brand.name);
    await expect(page.getByRole('link', { name: fill(messages.brandShopAll, { brand: brand.name }) })).toHaveAttribute(
      'href',
      `/brands/${brand.url_key}/all-products`,
    );
    expect(await page.locator('.tile').count()).toBeGreaterThan(0);
  });

  test('the brand listing shows filters sorts and tiles', async ({ page }) => {
    await open(page, `/brands/${brand.url_key}/all-products`);
    const f = await facts(page);
    expectCanonical(f, `/brands/${brand.url_key}/all-products`);
    expectOneH1(f, fill(messages.brandAllProductsTitle, { brand: brand.name }));
    const tiles = page.locator('#product-grid .tile');
    expect(await tiles.count()).toBeGreaterThan(0);
    expect(await tiles.count()).toBeLessThanOrEqual(config.constants.categoryPageSize);
    await expect(page.locator('#category-filters')).toHaveCount(1);
    expect(ld(f, 'BreadcrumbList')).toBeTruthy();
  });
});

test.describe('account shells as built (no script: the login guard sends a logged-out visitor home)', () => {
  test.use({ javaScriptEnabled: false });

  test('account routes are noindex shells with a mount point', async ({ page }) => {
    for (const shell of ACCOUNT_SHELLS) {
      await open(page, shell.path);
      const f = await facts(page);
      expect(f.robots, shell.path).toContain('noindex');
      expectOneH1(f, messages[shell.title]);
      await expect(page.locator('#account-root')).toHaveAttribute('data-section', shell.section);
    }
  });

  test('an order id answers with the order shell', async ({ page }) => {
    await open(page, '/my-account/orders/000000123');
    await expect(page.locator('#account-root')).toHaveAttribute('data-section', 'order');
  });
});

test.describe('shells and service routes', () => {
  test('checkout is a minimal noindex shell', async ({ page }) => {
    await open(page, '/checkout');
    const f = await facts(page);
    expect(f.robots).toContain('noindex');
    expectOneH1(f, messages.checkoutTitle);
    await expect(page.locator('#checkout-root')).toHaveCount(1);
    await expect(page.locator('body')).toHaveClass(/layout-minimal/);
    await expect(page.locator('footer')).toHaveCount(0);
  });

  test('order success shows the order confirmation texts', async ({ page }) => {
    await open(page, '/order-success');
    const f = await facts(page);
    expectOneH1(f, messages.orderConfirmationTitle);
    expect(f.robots).toContain('noindex');
    for (const key of ['orderConfirmationPlaced', 'orderConfirmationDelivery', 'orderConfirmationEmail', 'orderConfirmationLogin'] as const) {
      await expect(page.getByText(messages[key])).toBeVisible();
    }
  });

  test('the error route says internal server error', async ({ page }) => {
    await open(page, '/error');
    const f = await facts(page);
    expectOneH1(f, messages.internalServerError);
    await expect(page.getByText(messages.renderError)).toBeVisible();
  });
});

test.describe('not found and gone', () => {
  test('page-not-found route shows the not found page, with a 404 as Vue Storefront answers it', async ({ page }) => {
    await open(page, '/page-not-found', 404);
    const f = await facts(page);
    expectOneH1(f, messages.notFound404);
    expect(f.robots).toContain('noindex');
    // The heading says 404; nothing above it says it again.
    expect((await page.locator('[data-page-not-found]').innerText()).match(/404/g)).toHaveLength(1);
  });

  test('an unknown url answers 404 with the not found page', async ({ page }) => {
    await open(page, '/no-such-page-anywhere', 404);
    expectOneH1(await facts(page), messages.notFound404);
  });

  test('a discontinued product answers 410 with the not found page and cache tag', async ({ page }) => {
    const gone = goneUrls();
    expect(gone.length).toBeGreaterThan(0);
    const res = await open(page, gone[0]!, 410);
    expect(res.headers()['x-cache-tags']).toContain('page-not-found');
    expectOneH1(await facts(page), messages.notFound404);
  });

  test('every URL of every discontinued product answers 410', async ({ request }) => {
    for (const url of goneUrls()) expect((await request.get(url, { maxRedirects: 0 })).status(), url).toBe(410);
  });
});

test.describe('amp examples', () => {
  test('raw output example is xml', async ({ request }) => {
    const res = await request.get('/raw-output-example.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/xml/);
    const body = await res.text();
    expect(body.startsWith('<?xml')).toBe(true);
    expect(body).toContain(`<title>${messages.exampleRawOutputTitle}</title>`);
  });

  test('append-prepend uses the empty layout', async ({ page }) => {
    await open(page, '/append-prepend.html');
    expectOneH1(await facts(page), messages.exampleAppendPrependTitle);
    await expect(page.locator('body')).toHaveClass(/layout-empty/);
    await expect(page.locator('[data-prepend]')).toHaveCount(1);
    await expect(page.locator('[data-append]')).toHaveCount(1);
  });

  test('no-js uses the default layout', async ({ page }) => {
    await open(page, '/no-js.html');
    expectOneH1(await facts(page), messages.exampleNoJsTitle);
    await expect(page.locator('body')).toHaveClass(/layout-default/);
    await expect(page.locator('footer.site-footer')).toHaveCount(1);
  });
});

test.describe('accessibility', () => {
  // One scan a test (16 axe scans in one test ran past 2 minutes beside the other worker).
  const service = pages.find((c) => c.page.booking_form)!;
  const blog = blogData();
  const paths = [
    service.path,
    `/${config.shop.blogPath}`,
    `/${config.shop.blogPath}/post/${blog.posts[0]!.slug}`,
    `/stores/jewellers-${snapshotShops()[0]!.location}`,
    `/brands/${brandCategories()[0]!.url_key}`,
    // the account pages are checked logged in (tests/e2e/account.spec.ts): logged out they send the visitor home
    '/checkout',
    '/order-success',
    '/page-not-found',
  ];
  for (const width of [1280, 375]) {
    for (const path of paths) {
      test(`${path} at ${width}px has no serious or critical violations`, async ({ page }) => {
        test.slow();
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const problems = violations
          .filter((x) => x.impact === 'serious' || x.impact === 'critical')
          .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
        expect(problems).toEqual([]);
      });
    }
  }
});
