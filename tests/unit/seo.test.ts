import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  aggregateRating,
  breadcrumbJsonLd,
  cmsPageJsonLd,
  faqOf,
  jewelryStoreJsonLd,
  jsonLdScript,
  organizationJsonLd,
  productJsonLd,
} from '../../src/lib/content/seo';
import { blogPostingJsonLd } from '../../src/lib/routing/content-routes';
import { offerPrice } from '../../src/lib/build/product-page-data';
import { BlogPostSchema, ShippingMethodSchema } from '../../src/lib/schemas';
import { ReviewSchema, ShopSchema } from '../../src/lib/schemas';
import { config } from '../../src/lib/config';

const SITE = config.shop.siteUrl.replace(/\/$/, '');
const review = (id: number, status: number, value: number) =>
  ReviewSchema.parse({
    id,
    product_id: 1,
    title: 't',
    detail: 'd',
    nickname: 'n',
    review_status: status,
    ratings: [{ percent: value * 20, value }],
    created_at: '2026-01-01 10:00:00',
  });

describe('absolute urls and json-ld text', () => {
  it('paths become absolute on the shop origin and absolute urls pass through', () => {
    expect(absoluteUrl('/rings')).toBe(`${SITE}/rings`);
    expect(absoluteUrl('rings')).toBe(`${SITE}/rings`);
    expect(absoluteUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });

  it('json-ld text cannot close its script element', () => {
    const text = jsonLdScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('breadcrumb list', () => {
  it('numbers the crumbs from 1 and links the last one to the current page', () => {
    const ld = breadcrumbJsonLd([{ name: 'Home', href: '/' }, { name: 'Rings', href: '/rings' }, { name: 'Solitaire' }], '/rings/solitaire');
    expect(ld['@type']).toBe('BreadcrumbList');
    expect(ld.itemListElement.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(ld.itemListElement[1]).toEqual({ '@type': 'ListItem', position: 2, name: 'Rings', item: `${SITE}/rings` });
    expect(ld.itemListElement[2]!.item).toBe(`${SITE}/rings/solitaire`);
  });
});

describe('product json-ld', () => {
  it('aggregate rating counts approved reviews only', () => {
    expect(aggregateRating([review(1, 1, 5), review(2, 1, 4), review(3, 2, 1)])).toEqual({ ratingValue: 4.5, reviewCount: 2 });
    expect(aggregateRating([review(3, 2, 1)])).toBeNull();
  });

  it('carries an offer in gbp with availability, the sku and the brand', () => {
    const ld = productJsonLd({
      name: 'Ring',
      sku: 'R1',
      url: '/rings/r1',
      images: ['/img/600/744/resize/a.svg'],
      offer: { price: 1234.5 },
      inStock: false,
      brand: 'Evermore',
      reviews: [review(1, 1, 4)],
    });
    expect(ld.offers.priceCurrency).toBe('GBP');
    expect(ld.offers.price).toBe('1234.50');
    expect(ld.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(ld.sku).toBe('R1');
    expect(ld.brand).toEqual({ '@type': 'Brand', name: 'Evermore' });
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(ld.image).toEqual([`${SITE}/img/600/744/resize/a.svg`]);
  });

  it('leaves out the rating when no review is approved', () => {
    const ld = productJsonLd({ name: 'Ring', sku: 'R1', url: '/r', images: [], offer: { price: 10 }, inStock: true, reviews: [review(1, 2, 5)] });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld.offers.availability).toBe('https://schema.org/InStock');
  });
});

describe('product json-ld for merchant listings', () => {
  const method = (method_code: string, method_title: string, price: number) =>
    ShippingMethodSchema.parse({
      carrier_code: method_code,
      method_code,
      carrier_title: 'Royal Mail',
      method_title,
      amount: price,
      base_amount: price,
      available: true,
      price_excl_tax: price / 1.2,
      price_incl_tax: price,
    });
  const methods = [method('freeshipping', 'Free 2nd Class Delivery', 0), method('express', 'Express Delivery', 6), method('preston', 'Collect in Preston', 0)];
  const base = { name: 'Gift set', sku: 'G1', url: '/g1', images: [], inStock: true };

  it('a product without a brand of its own is branded by the shop (its own gift sets, services, guides)', () => {
    expect(productJsonLd({ ...base, offer: { price: 10 } }).brand).toEqual({ '@type': 'Brand', name: 'Pendle & James' });
  });

  it("the offer carries the shop's delivered shipping methods (UK, rate, handling and transit days) and its 30-day free return policy", () => {
    const offers = productJsonLd({ ...base, offer: { price: 10 }, shippingMethods: methods }).offers;
    expect(offers.shippingDetails).toEqual([
      {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: '0.00', currency: 'GBP' },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GB' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
          transitTime: { '@type': 'QuantitativeValue', minValue: 3, maxValue: 5, unitCode: 'DAY' },
        },
      },
      expect.objectContaining({ shippingRate: { '@type': 'MonetaryAmount', value: '6.00', currency: 'GBP' } }),
    ]);
    expect(offers.hasMerchantReturnPolicy).toMatchObject({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'GB',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 30,
      returnFees: 'https://schema.org/FreeReturn',
    });
  });

  it('a grouped product offers an AggregateOffer from its lowest to its highest member price', () => {
    const grouped = [{ prices: { final: 450 } }, { prices: { final: 1200 } }, { prices: { final: 799 } }];
    const offer = offerPrice({ type_id: 'grouped' } as never, { final: 0 }, grouped);
    expect(offer).toEqual({ lowPrice: 450, highPrice: 1200, offerCount: 3 });
    const offers = productJsonLd({ ...base, offer }).offers;
    expect(offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '450.00', highPrice: '1200.00', offerCount: 3, priceCurrency: 'GBP' });
    expect(offers).not.toHaveProperty('price');
    expect(offerPrice({ type_id: 'simple' } as never, { final: 99 }, [])).toEqual({ price: 99 });
  });
});

describe('blog posting json-ld', () => {
  const post = BlogPostSchema.parse({
    id: 1,
    title: 'How to stack rings',
    date: '2026-03-01 10:00:00',
    uri: '/how-to-stack-rings',
    link: '/how-to-stack-rings',
    content: '<p>Start with a band.</p>',
    author: { name: 'Hannah Whitaker' },
    slug: 'how-to-stack-rings',
  });

  it("names the publisher with its logo (an ImageObject with a url) and a dateModified (the post's own, else its publication)", () => {
    const ld = blogPostingJsonLd(post, '/pjworld/post/how-to-stack-rings');
    expect(ld.publisher).toMatchObject({
      '@type': 'Organization',
      name: 'Pendle & James',
      logo: { '@type': 'ImageObject', url: `${SITE}/icons/logo-512.png` },
    });
    expect(ld.dateModified).toBe(ld.datePublished);
    expect(blogPostingJsonLd({ ...post, modified: '2026-04-02 08:30:00' }, '/x').dateModified).toBe(new Date('2026-04-02T08:30:00').toISOString());
  });
});

describe('content page json-ld', () => {
  it('a content page is a WebPage; a page of questions and answers is a FAQPage too', () => {
    const faq =
      '<h2>Can I change my order?</h2><p>Call us within an hour.</p><h2>Do you gift wrap?</h2><p>Yes, see <a href="/gift-wrap-service">gift wrap</a>.</p>';
    expect(faqOf(faq)).toEqual([
      { question: 'Can I change my order?', answer: 'Call us within an hour.' },
      { question: 'Do you gift wrap?', answer: 'Yes, see gift wrap.' },
    ]);
    const [page, faqPage] = cmsPageJsonLd({ name: 'FAQ', url: '/faq', content: faq });
    expect(page).toMatchObject({ '@type': 'WebPage', name: 'FAQ', url: `${SITE}/faq` });
    expect(faqPage).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Can I change my order?', acceptedAnswer: { '@type': 'Answer', text: 'Call us within an hour.' } }, {}],
    });
    // Headings that are not questions, or no headings: a WebPage only.
    expect(cmsPageJsonLd({ name: 'About', url: '/about-us', content: '<h2>Our story</h2><p>Since 1921.</p>' })).toHaveLength(1);
    expect(faqOf('<p>Just text.</p>')).toBeNull();
  });
});

describe('organization and jewelry store', () => {
  it('organization names the shop', () => {
    expect(organizationJsonLd()).toMatchObject({ '@type': 'Organization', name: config.shop.name, url: `${SITE}/` });
  });

  it('a jewelry store lists its open days with hours and omits closed days', () => {
    const shop = ShopSchema.parse({
      id: 'preston',
      location: 'preston',
      name: 'Pendle & James Preston',
      street: ['12 Fishergate'],
      city: 'Preston',
      postcode: 'PR1 2AA',
      country_id: 'GB',
      telephone: '01772 000000',
      email: 'preston@pendleandjames.co.uk',
      latitude: 53.75,
      longitude: -2.7,
      opening_hours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
        .map((day) => ({ day, open: '09:30', close: '17:30' }))
        .concat([{ day: 'Sunday', open: null, close: null } as never]),
    });
    const ld = jewelryStoreJsonLd(shop, '/stores/jewellers-preston');
    expect(ld['@type']).toBe('JewelryStore');
    expect(ld.address).toMatchObject({ streetAddress: '12 Fishergate', addressLocality: 'Preston', postalCode: 'PR1 2AA', addressCountry: 'GB' });
    expect(ld.openingHoursSpecification).toHaveLength(6);
    expect(ld.openingHoursSpecification[0]).toMatchObject({ dayOfWeek: 'https://schema.org/Monday', opens: '09:30', closes: '17:30' });
  });
});

describe("Astro's island style", () => {
  it('moves from the body to the end of the head; a page without it is unchanged', async () => {
    const { hoistIslandStyles } = await import('../../src/lib/build/island-styles');
    const style = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
    const page = `<html><head><title>x</title></head><body><div class="info">${style}<script>1</script><astro-island></astro-island></div></body></html>`;
    expect(hoistIslandStyles(page)).toBe(
      `<html><head><title>x</title>${style}</head><body><div class="info"><script>1</script><astro-island></astro-island></div></body></html>`,
    );
    const plain = '<html><head></head><body><p>no islands</p></body></html>';
    expect(hoistIslandStyles(plain)).toBe(plain);
  });
});

describe('the same page in every store view (hreflang alternates)', () => {
  const views = [config.storeViews.default, ...config.storeViews.others];
  const site = config.shop.siteUrl.replace(/\/$/, '');

  it("names each store view's version of a page by its language, and the default one as x-default", async () => {
    const { storeAlternates } = await import('../../src/lib/content/seo');
    const de = views.find((v) => v.storeCode === 'de')!;
    const expected = (path: string) => [
      ...views.map((v) => ({ hreflang: v.i18n.defaultLocale, href: `${site}${v.storeCode === config.storeViews.default.storeCode ? '' : v.url}${path}` })),
      { hreflang: 'x-default', href: `${site}${path}` },
    ];
    // From a de page, a GB page and a URL on the shop's origin: the same set.
    expect(storeAlternates('/de/rings/engagement-rings', 'de', views)).toEqual(expected('/rings/engagement-rings'));
    expect(storeAlternates('/rings/engagement-rings', config.storeViews.default.storeCode, views)).toEqual(expected('/rings/engagement-rings'));
    expect(storeAlternates(`${site}/de/rings/engagement-rings`, 'de', views)).toEqual(expected('/rings/engagement-rings'));
    expect(de.url).toBe('/de');
    // The homes keep their slash: /de/ is the de home's one URL.
    expect(storeAlternates('/de/', 'de', views).map((a) => a.href)).toEqual([`${site}/`, `${site}/de/`, `${site}/it/`, `${site}/`]);
  });

  it('none with one store view, or for a URL elsewhere', async () => {
    const { storeAlternates } = await import('../../src/lib/content/seo');
    expect(storeAlternates('/rings', undefined, [config.storeViews.default])).toEqual([]);
    expect(storeAlternates('https://elsewhere.example/rings', 'de', views)).toEqual([]);
  });
});
