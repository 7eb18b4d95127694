/**
 * Rich results over the built sample: every product, blog post and content page of dist/ carries
 * structured data with the fields Google's rich-result rules require (and, where the issue of
 * merchant listings asks for them, recommend): Product (merchant listings and product snippets),
 * Offer and AggregateOffer, OfferShippingDetails, MerchantReturnPolicy, BlogPosting (Article),
 * BreadcrumbList, WebPage and FAQPage. The rules are written here from Google's documentation
 * (developers.google.com/search/docs/appearance/structured-data/*), not from the builders.
 * Reads files only: no browser, no server.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixture';
import { jsonLdOf, pageFile, sitemapPaths } from './dist-pages';
import { catalog, hasProductPage } from '../../src/lib/routing/routes';
import { productUrl } from '../../src/lib/catalog/urls';
import { readBlogPosts, readCmsPages } from '../../src/lib/snapshot/read';
import { cmsCanonicalPath } from '../../src/lib/routing/content-routes';
import { config } from '../../src/lib/config';

type Ld = Record<string, any>;
const str = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const num = (v: unknown) => v !== '' && v !== null && v !== undefined && Number.isFinite(Number(v));
const url = (v: unknown) => typeof v === 'string' && /^https:\/\/[^/]+/.test(v);
const isoDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v);
const one = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

function days(v: Ld | undefined, what: string, out: string[]) {
  if (!v || !num(v.minValue) || !num(v.maxValue) || v.unitCode !== 'DAY' || Number(v.minValue) > Number(v.maxValue))
    out.push(`${what}: minValue, maxValue and unitCode DAY`);
}

function offerProblems(o: Ld, out: string[]) {
  if (o['@type'] === 'AggregateOffer') {
    if (!num(o.lowPrice)) out.push('AggregateOffer.lowPrice');
    if (!num(o.highPrice) || Number(o.highPrice) < Number(o.lowPrice)) out.push('AggregateOffer.highPrice');
    if (!(Number(o.offerCount) >= 1)) out.push('AggregateOffer.offerCount');
  } else if (o['@type'] === 'Offer') {
    if (!num(o.price) || !(Number(o.price) > 0)) out.push('Offer.price (above 0)');
  } else out.push(`offers @type ${o['@type']}`);
  if (!/^[A-Z]{3}$/.test(o.priceCurrency ?? '')) out.push('offers.priceCurrency');
  if (!/^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder)$/.test(o.availability ?? '')) out.push('offers.availability');
  const shipping = one(o.shippingDetails);
  if (shipping.length === 0) out.push('offers.shippingDetails');
  for (const s of shipping) {
    if (s['@type'] !== 'OfferShippingDetails') out.push('shippingDetails @type');
    if (!num(s.shippingRate?.value) || !/^[A-Z]{3}$/.test(s.shippingRate?.currency ?? '')) out.push('shippingDetails.shippingRate value and currency');
    if (!/^[A-Z]{2}$/.test(s.shippingDestination?.addressCountry ?? '')) out.push('shippingDetails.shippingDestination.addressCountry');
    days(s.deliveryTime?.handlingTime, 'shippingDetails.deliveryTime.handlingTime', out);
    days(s.deliveryTime?.transitTime, 'shippingDetails.deliveryTime.transitTime', out);
  }
  const r = o.hasMerchantReturnPolicy as Ld | undefined;
  if (!r) out.push('offers.hasMerchantReturnPolicy');
  else {
    if (!/^[A-Z]{2}$/.test(one(r.applicableCountry)[0] ?? '')) out.push('hasMerchantReturnPolicy.applicableCountry');
    if (!/^https:\/\/schema\.org\/MerchantReturn(FiniteReturnWindow|NotPermitted|UnlimitedWindow)$/.test(r.returnPolicyCategory ?? ''))
      out.push('hasMerchantReturnPolicy.returnPolicyCategory');
    if (r.returnPolicyCategory?.endsWith('FiniteReturnWindow') && !(Number(r.merchantReturnDays) > 0)) out.push('hasMerchantReturnPolicy.merchantReturnDays');
  }
}

/** What a JSON-LD object lacks, by its type's rules. */
function problems(ld: Ld): string[] {
  const out: string[] = [];
  switch (ld['@type']) {
    case 'Product':
      if (!str(ld.name)) out.push('name');
      if (one(ld.image).length === 0 || !one(ld.image).every(url)) out.push('image');
      if (!str(ld.brand?.name)) out.push('brand.name');
      if (!ld.offers) out.push('offers');
      else offerProblems(ld.offers, out);
      if (ld.aggregateRating && !(num(ld.aggregateRating.ratingValue) && Number(ld.aggregateRating.reviewCount) > 0)) out.push('aggregateRating');
      break;
    case 'BlogPosting':
    case 'Article':
      if (!str(ld.headline) || ld.headline.length > 110) out.push('headline');
      if (one(ld.image).length === 0 || !one(ld.image).every(url)) out.push('image');
      if (!isoDate(ld.datePublished)) out.push('datePublished');
      if (!isoDate(ld.dateModified)) out.push('dateModified');
      if (!one(ld.author).every((a: Ld) => str(a?.name))) out.push('author.name');
      if (!str(ld.publisher?.name)) out.push('publisher.name');
      if (!url(ld.publisher?.logo?.url)) out.push('publisher.logo.url');
      break;
    case 'BreadcrumbList': {
      const items = one(ld.itemListElement) as Ld[];
      if (items.length === 0) out.push('itemListElement');
      items.forEach((it, i) => {
        if (it.position !== i + 1) out.push(`itemListElement[${i}].position`);
        if (!str(it.name)) out.push(`itemListElement[${i}].name`);
        if (i < items.length - 1 && !url(it.item)) out.push(`itemListElement[${i}].item`);
      });
      break;
    }
    case 'FAQPage': {
      const qs = one(ld.mainEntity) as Ld[];
      if (qs.length === 0) out.push('mainEntity');
      qs.forEach((q, i) => {
        if (q['@type'] !== 'Question' || !str(q.name)) out.push(`mainEntity[${i}].name`);
        if (q.acceptedAnswer?.['@type'] !== 'Answer' || !str(q.acceptedAnswer?.text)) out.push(`mainEntity[${i}].acceptedAnswer.text`);
      });
      break;
    }
    case 'WebPage':
      if (!str(ld.name)) out.push('name');
      if (!url(ld.url)) out.push('url');
      break;
  }
  return out;
}

const SITE = config.shop.siteUrl.replace(/\/+$/, '');
const pageOf = (path: string): { html: string; ld: Ld[] } => {
  const file = pageFile(path);
  expect(file, `${path} is a page of the build`).not.toBeNull();
  const html = readFileSync(file!, 'utf8');
  return { html, ld: jsonLdOf(html, path) };
};
const typesOf = (ld: Ld[]) => ld.map((d) => d['@type']);

test.describe('rich results of the built sample', () => {
  test('every product page: a Product valid for merchant listings (brand, offer or aggregate offer, shipping, returns) and its breadcrumbs', () => {
    const products = catalog().products.filter(hasProductPage);
    expect(products.length).toBeGreaterThan(200);
    const failures: string[] = [];
    const types = new Set<string>();
    for (const p of products) {
      const path = new URL(productUrl(p, p.type_id === 'configurable' ? { childSku: p.sku } : {}), SITE).pathname;
      const { ld } = pageOf(path);
      const product = ld.filter((d) => d['@type'] === 'Product');
      if (product.length !== 1) failures.push(`${path}: ${product.length} Product objects`);
      if (!typesOf(ld).includes('BreadcrumbList')) failures.push(`${path}: no BreadcrumbList`);
      for (const d of ld) for (const x of problems(d)) failures.push(`${path} ${d['@type']}: ${x}`);
      if (p.type_id === 'grouped' && product[0]?.offers?.['@type'] !== 'AggregateOffer') failures.push(`${path}: grouped without an AggregateOffer`);
      types.add(p.type_id);
    }
    expect(failures).toEqual([]);
    expect([...types].sort()).toEqual(['bundle', 'configurable', 'downloadable', 'grouped', 'simple', 'virtual']);
  });

  test('every blog post: a BlogPosting with headline, image, dates, author and the publisher with its logo', () => {
    const posts = readBlogPosts();
    expect(posts.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const post of posts) {
      const path = `/${config.shop.blogPath}/post/${post.slug}`;
      const { ld } = pageOf(path);
      if (!typesOf(ld).includes('BlogPosting')) failures.push(`${path}: no BlogPosting`);
      for (const d of ld) for (const x of problems(d)) failures.push(`${path} ${d['@type']}: ${x}`);
    }
    expect(failures).toEqual([]);
  });

  test('every indexable content page of the sitemap: a WebPage; /faq, whose content is questions and answers, a FAQPage too', () => {
    const sitemap = new Set(sitemapPaths());
    const paths = readCmsPages()
      .map((p) => cmsCanonicalPath(p.identifier))
      .filter((path) => sitemap.has(path));
    expect(paths.length).toBeGreaterThan(30);
    expect(paths).toContain('/faq');
    const failures: string[] = [];
    for (const path of paths) {
      const { ld } = pageOf(path);
      if (!typesOf(ld).includes('WebPage')) failures.push(`${path}: no WebPage`);
      for (const d of ld) for (const x of problems(d)) failures.push(`${path} ${d['@type']}: ${x}`);
    }
    expect(failures).toEqual([]);
    const faq = pageOf('/faq').ld.find((d) => d['@type'] === 'FAQPage');
    expect(faq?.mainEntity?.length).toBeGreaterThanOrEqual(3);
  });
});
