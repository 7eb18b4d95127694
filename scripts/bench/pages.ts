/**
 * One page of each page type the budgets and the benchmark measure, chosen from the snapshot the
 * site was built from (SNAPSHOT_DIR or the committed sample) with the routing module's own lists,
 * so the URLs are exactly the ones the build wrote.
 */
import { catalog, primaryCategory } from '../../src/lib/routing/routes';
import { ampRoutes, catchAllRoutes } from '../../src/lib/routing/page-routes';
import { blogData } from '../../src/lib/routing/content-routes';
import { config } from '../../src/lib/config';
import { blogUrl, searchUrl } from '../../src/lib/catalog/urls';
import { chromium } from '@playwright/test';
import { BUDGET_VIEWPORTS, IDLE_MS, budgets, jsEventualBudget, jsInitialBudget, type BudgetPageType } from '../../budgets.config';
import type { BenchContext } from './lib/context';
import { kb } from './lib/stats';
import { table } from './lib/table';
import { eventualJsGzip, initialCssGzip, initialJsGzip, measurePage, type PageWeight } from './page-weight';
import type { Results } from './results';

/** The search results page is measured for a query with more than one batch of matches in the sample. */
const SEARCH_SAMPLE_QUERY = 'ring';

export const PAGE_TYPES = ['home', 'category', 'product', 'cms', 'blog', 'amp', 'search'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export interface PageSample {
  type: PageType;
  path: string;
  /** What the page is, for the report ("product 1001 EV1001"). */
  label: string;
}

const PREFERRED_CMS = ['about-us', 'delivery-and-shipping', 'faq'];

/**
 * Home; the primary category of the first product (a full listing); the first product with a page
 * (the sample's configurable ring: options, gallery, reviews); a §2 content page (about-us); the
 * first blog post; the AMP page of the first simple product with a page; the search results page.
 */
export function pageSamples(): PageSample[] {
  const store = config.storeViews.default.storeCode;
  const routes = catchAllRoutes().filter((r) => r.storeCode === store);
  const { byId } = catalog();
  const products = routes.filter((r) => r.kind === 'product');
  const firstProduct = products[0];
  if (!firstProduct) throw new Error('no product page in the routes');
  const product = byId.get(Number(firstProduct.key));
  const cat = product ? primaryCategory(product) : undefined;
  const categoryRoute = (cat && routes.find((r) => r.kind === 'category' && Number(r.key) === cat.id)) ?? routes.find((r) => r.kind === 'category');
  if (!categoryRoute) throw new Error('no category page in the routes');
  const content = routes.filter((r) => r.kind === 'content');
  const cmsRoute = PREFERRED_CMS.map((id) => content.find((r) => r.path === `/${id}`)).find(Boolean) ?? content[0];
  if (!cmsRoute) throw new Error('no content page in the routes');
  const post = blogData().posts[0];
  if (!post) throw new Error('no blog post in the snapshot');
  const amp = ampRoutes().filter((r) => r.kind === 'amp-product' && r.storeCode === store);
  const ampSimple = amp.find((r) => byId.get(Number(r.key))?.type_id === 'simple') ?? amp[0];
  if (!ampSimple) throw new Error('no AMP product page in the routes');
  const ampProduct = byId.get(Number(ampSimple.key));
  const category = cat ?? catalog().categoryById.get(Number(categoryRoute.key));
  return [
    { type: 'home', path: '/', label: 'home' },
    { type: 'category', path: categoryRoute.path, label: `category ${categoryRoute.key}${category ? ` ${category.name}` : ''}` },
    { type: 'product', path: firstProduct.path, label: `product ${firstProduct.key} ${product?.sku ?? ''} (${product?.type_id ?? '?'})` },
    { type: 'cms', path: cmsRoute.path, label: `content page ${cmsRoute.path}` },
    { type: 'blog', path: blogUrl({ post: post.slug }), label: `blog post ${post.slug}` },
    { type: 'amp', path: ampSimple.path, label: `AMP product ${ampSimple.key} ${ampProduct?.sku ?? ''}` },
    { type: 'search', path: searchUrl(SEARCH_SAMPLE_QUERY), label: `search results for '${SEARCH_SAMPLE_QUERY}'` },
  ];
}

export interface PageSummary extends PageSample {
  viewports: Record<string, PageWeight>;
  /** Worst over the viewports, gzipped bytes. */
  jsInitialGzip: number;
  jsEventualGzip: number;
  cssInitialGzip: number;
  htmlGzip: number;
  budgets: { name: string; value: number; max: number; ok: boolean }[];
}

export async function sectionPages(ctx: BenchContext, res: Results, baseUrl: string): Promise<void> {
  const { log } = ctx;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const pages: PageSummary[] = [];
  try {
    for (const sample of pageSamples()) {
      const viewports: Record<string, PageWeight> = {};
      for (const vp of BUDGET_VIEWPORTS) {
        log(`page weight: ${sample.type} ${sample.path} at ${vp.name} ...`);
        const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
        try {
          viewports[vp.name] = await measurePage(context, baseUrl, sample.path, { idleMs: IDLE_MS });
        } finally {
          await context.close();
        }
      }
      const all = Object.values(viewports);
      const worst = (f: (w: PageWeight) => number) => Math.max(...all.map(f));
      const type = sample.type as BudgetPageType;
      const jsInitial = worst(initialJsGzip);
      const jsEventual = worst(eventualJsGzip);
      const css = worst(initialCssGzip);
      const html = worst((w) => w.html.gzip);
      const checks: PageSummary['budgets'] = [
        { name: 'js initial', value: jsInitial, max: jsInitialBudget(type).max, ok: jsInitial <= jsInitialBudget(type).max },
        { name: 'js eventual', value: jsEventual, max: jsEventualBudget(type).max, ok: jsEventual <= jsEventualBudget(type).max },
        type === 'amp'
          ? {
              name: 'amp inline css (raw)',
              value: worst((w) => w.cssInline.raw),
              max: budgets.ampCss.max,
              ok: worst((w) => w.cssInline.raw) <= budgets.ampCss.max && worst((w) => w.cssInitial.count) === 0,
            }
          : { name: 'css initial', value: css, max: budgets.cssInitial.max, ok: css <= budgets.cssInitial.max },
        ...(type === 'product' ? [{ name: 'html', value: html, max: budgets.htmlProduct.max, ok: html <= budgets.htmlProduct.max }] : []),
      ];
      pages.push({ ...sample, viewports, jsInitialGzip: jsInitial, jsEventualGzip: jsEventual, cssInitialGzip: css, htmlGzip: html, budgets: checks });
    }
  } finally {
    await browser.close();
  }
  res.sections.pages = { measuredAt: new Date().toISOString(), idleMs: IDLE_MS, pages };
  console.log(`\nPage weight, gzipped KB (worst of ${BUDGET_VIEWPORTS.map((v) => `${v.name} ${v.width}px`).join(' and ')}; budgets in budgets.config.ts)\n`);
  const budgetCell = (v: number, max: number) => `${kb(v)}${v > max ? ` OVER ${kb(max)}` : ''}`;
  console.log(
    table(
      ['page', 'path', `JS load+${IDLE_MS / 1000}s`, 'JS eventual', 'CSS', 'HTML', 'HTML raw', 'islands', 'fonts', 'images mobile', 'images desktop'],
      pages.map((p) => {
        const ji = p.budgets.find((b) => b.name === 'js initial')!;
        const je = p.budgets.find((b) => b.name === 'js eventual')!;
        return [
          p.type,
          p.path.length > 48 ? `${p.path.slice(0, 45)}...` : p.path,
          budgetCell(ji.value, ji.max),
          budgetCell(je.value, je.max),
          p.type === 'amp'
            ? `${kb(Math.max(...Object.values(p.viewports).map((w) => w.cssInline.raw)))} raw inline`
            : budgetCell(p.cssInitialGzip, budgets.cssInitial.max),
          p.type === 'product' ? budgetCell(p.htmlGzip, budgets.htmlProduct.max) : kb(p.htmlGzip),
          kb(Math.max(...Object.values(p.viewports).map((w) => w.html.raw))),
          Math.max(...Object.values(p.viewports).map((w) => w.islands)),
          kb(Math.max(...Object.values(p.viewports).map((w) => w.fonts.raw))),
          p.viewports.mobile?.images ? `${kb(p.viewports.mobile.images.raw)} (${p.viewports.mobile.images.count})` : '-',
          p.viewports.desktop?.images ? `${kb(p.viewports.desktop.images.raw)} (${p.viewports.desktop.images.count})` : '-',
        ];
      }),
    ),
  );
}
