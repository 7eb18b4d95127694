/**
 * Structured data (JSON-LD) and absolute URLs for the head of every page (issue 3, item 8):
 * Product with offers, BreadcrumbList, Organization and JewelryStore.
 */
import { config } from '../config';
import type { Review, Shop } from '../schemas';

/** An absolute URL on the shop's public origin for a path ('/rings' -> 'https://…/rings'); absolute URLs pass through. */
export function absoluteUrl(pathOrUrl: string, siteUrl: string = config.shop.siteUrl): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = siteUrl.replace(/\/$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** JSON for a `<script type="application/ld+json">`, with `<` escaped so content cannot close the script. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface Crumb {
  name: string;
  href?: string;
}

/** BreadcrumbList: one ListItem per crumb, positions from 1; the active last item carries no link of its own. */
export function breadcrumbJsonLd(items: Crumb[], currentUrl?: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => {
      const href = c.href ?? (i === items.length - 1 ? currentUrl : undefined);
      return {
        '@type': 'ListItem',
        position: i + 1,
        name: c.name,
        ...(href ? { item: absoluteUrl(href) } : {}),
      };
    }),
  };
}

/** Average star rating (1 to 5) and count of approved reviews (review_status 1); null when there is none. */
export function aggregateRating(reviews: Review[]): { ratingValue: number; reviewCount: number } | null {
  const approved = reviews.filter((r) => r.review_status === 1);
  if (approved.length === 0) return null;
  const stars = approved.map((r) => {
    if (r.ratings.length === 0) return 5;
    return r.ratings.reduce((s, x) => s + x.value, 0) / r.ratings.length;
  });
  const avg = stars.reduce((s, x) => s + x, 0) / stars.length;
  return { ratingValue: Math.round(avg * 10) / 10, reviewCount: approved.length };
}

export interface ProductLdInput {
  name: string;
  sku: string;
  url: string;
  description?: string;
  images: string[];
  price: number;
  currency?: string;
  inStock: boolean;
  brand?: string;
  reviews?: Review[];
  /** Last day a special price is valid (ISO date), when one applies. */
  priceValidUntil?: string;
}

/** Product with an Offer (price, currency, availability), sku, brand and the aggregate rating of approved reviews. */
export function productJsonLd(p: ProductLdInput) {
  const rating = aggregateRating(p.reviews ?? []);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    url: absoluteUrl(p.url),
    ...(p.description ? { description: p.description } : {}),
    ...(p.images.length ? { image: p.images.map((i) => absoluteUrl(i)) } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url: absoluteUrl(p.url),
      priceCurrency: p.currency ?? config.storeViews.default.i18n.currencyCode,
      price: p.price.toFixed(2),
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(p.priceValidUntil ? { priceValidUntil: p.priceValidUntil } : {}),
      seller: { '@type': 'Organization', name: config.shop.name },
    },
    ...(rating
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.ratingValue, reviewCount: rating.reviewCount, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

/** Organization for the home page. */
export function organizationJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.shop.name,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/icons/logo-512.png'),
    email: config.mailer.contactAddress,
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: config.mailer.contactAddress, areaServed: 'GB' },
  };
}

const DAY_URI: Record<string, string> = {
  Monday: 'https://schema.org/Monday',
  Tuesday: 'https://schema.org/Tuesday',
  Wednesday: 'https://schema.org/Wednesday',
  Thursday: 'https://schema.org/Thursday',
  Friday: 'https://schema.org/Friday',
  Saturday: 'https://schema.org/Saturday',
  Sunday: 'https://schema.org/Sunday',
};

/** JewelryStore for one of the shops: address, phone, geo position and opening hours (closed days omitted). */
export function jewelryStoreJsonLd(shop: Shop, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'JewelryStore',
    name: shop.name,
    url: absoluteUrl(url),
    telephone: shop.telephone,
    email: shop.email,
    ...(shop.image ? { image: absoluteUrl(shop.image) } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.street.join(', '),
      addressLocality: shop.city,
      postalCode: shop.postcode,
      addressCountry: shop.country_id,
    },
    geo: { '@type': 'GeoCoordinates', latitude: shop.latitude, longitude: shop.longitude },
    openingHoursSpecification: shop.opening_hours
      .filter((h) => h.open && h.close)
      .map((h) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: DAY_URI[h.day], opens: h.open, closes: h.close })),
    parentOrganization: { '@type': 'Organization', name: config.shop.name, url: absoluteUrl('/') },
  };
}
