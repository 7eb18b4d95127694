import { describe, expect, it } from 'vitest';
import { absoluteUrl, aggregateRating, breadcrumbJsonLd, jewelryStoreJsonLd, jsonLdScript, organizationJsonLd, productJsonLd } from '../../src/lib/content/seo';
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
      price: 1234.5,
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
    const ld = productJsonLd({ name: 'Ring', sku: 'R1', url: '/r', images: [], price: 10, inStock: true, reviews: [review(1, 2, 5)] });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld.offers.availability).toBe('https://schema.org/InStock');
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
