/**
 * Structured data (JSON-LD) and absolute URLs for the head of every page: Product with its offer
 * (shipping and returns from the shop's own data), BreadcrumbList, Organization, JewelryStore,
 * WebPage and FAQPage. Each builder gives the fields Google's rich-result rules ask for; the build
 * checks every page of the sample against those rules (tests/e2e/rich-results.spec.ts).
 */
import { config, enabledStoreViews, type StoreView } from '../config';
import { localizedPath, storeOfPath } from '../catalog/urls';
import type { Review, Shop, ShippingMethod } from '../schemas';
import { htmlToText } from './sanitize';

/** An absolute URL on the shop's public origin for a path ('/rings' -> 'https://…/rings'); absolute URLs pass through. */
export function absoluteUrl(pathOrUrl: string, siteUrl: string = config.shop.siteUrl): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = siteUrl.replace(/\/$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** One `<link rel="alternate" hreflang>` of a page. */
export interface StoreAlternate {
  hreflang: string;
  href: string;
}

/**
 * The same page in every enabled store view, for `<link rel="alternate" hreflang>`: the page at
 * `canonical` (a path, or a URL on the shop's origin) of the store view `storeCode`, moved to each
 * store view's prefix (`/de/rings` -> `/rings`, `/it/rings`), named by the store view's language,
 * and `x-default` for the default store view's. For store views that share the default catalogue,
 * where every page has the same path under each prefix; none with one store view or for a URL
 * elsewhere.
 */
export function storeAlternates(canonical: string, storeCode: string | undefined, views: readonly StoreView[] = enabledStoreViews()): StoreAlternate[] {
  if (views.length < 2) return [];
  const site = new URL(config.shop.siteUrl);
  const url = new URL(canonical, site);
  if (url.origin !== site.origin) return [];
  // Two store views or more: multistore is on, and each but the default has its prefix.
  const own = storeOfPath(url.pathname, views);
  const path = own.view?.storeCode === storeCode ? own.rest : url.pathname;
  const at = (code: string) => absoluteUrl(localizedPath(path, { storeCode: code, multistore: true }));
  return [
    ...views.map((v) => ({ hreflang: v.i18n.defaultLocale, href: at(v.storeCode) })),
    { hreflang: 'x-default', href: at(config.storeViews.default.storeCode) },
  ];
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

/** What one offer asks: a price, or (a grouped product's members) the lowest and highest and how many. */
export type OfferPrice = { price: number } | { lowPrice: number; highPrice: number; offerCount: number };

export interface ProductLdInput {
  name: string;
  sku: string;
  url: string;
  description?: string;
  images: string[];
  offer: OfferPrice;
  currency?: string;
  inStock: boolean;
  /** The product's brand; the shop's own name for its own products (gift sets, services, guides). */
  brand?: string;
  reviews?: Review[];
  /** Last day a special price is valid (ISO date), when one applies. */
  priceValidUntil?: string;
  /** The shop's shipping methods (snapshot's shipping-methods.json): the delivered ones become shippingDetails. */
  shippingMethods?: readonly ShippingMethod[];
}

/**
 * Product with an Offer (an AggregateOffer for several prices): price, currency, availability,
 * shipping details and return policy; sku, brand (the shop's for its own products) and the aggregate
 * rating of approved reviews.
 */
export function productJsonLd(p: ProductLdInput) {
  const rating = aggregateRating(p.reviews ?? []);
  const currency = p.currency ?? config.storeViews.default.i18n.currencyCode;
  const shipping = shippingDetailsJsonLd(p.shippingMethods ?? [], currency);
  const priced =
    'price' in p.offer
      ? { '@type': 'Offer', price: p.offer.price.toFixed(2) }
      : { '@type': 'AggregateOffer', lowPrice: p.offer.lowPrice.toFixed(2), highPrice: p.offer.highPrice.toFixed(2), offerCount: p.offer.offerCount };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    url: absoluteUrl(p.url),
    ...(p.description ? { description: p.description } : {}),
    ...(p.images.length ? { image: p.images.map((i) => absoluteUrl(i)) } : {}),
    brand: { '@type': 'Brand', name: p.brand || config.shop.name },
    offers: {
      ...priced,
      priceCurrency: currency,
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(p.priceValidUntil ? { priceValidUntil: p.priceValidUntil } : {}),
      ...(shipping.length ? { shippingDetails: shipping } : {}),
      hasMerchantReturnPolicy: returnPolicyJsonLd(),
    },
    ...(rating
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.ratingValue, reviewCount: rating.reviewCount, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

/**
 * The shop's delivery and returns, as its /delivery-and-shipping and /returns-info pages say them:
 * delivery in the UK only; Free 2nd Class Delivery in 3 to 5 working days, Express Delivery the next
 * working day (ordered before 2pm, dispatched the same day); unworn items returned within 30 days, by
 * post with the prepaid label or in a shop, for a full refund. Prices come from the shipping methods.
 */
export const MERCHANT_POLICY = {
  country: 'GB',
  /** Working days, by method_code; methods not listed (store collection) are not deliveries. */
  delivery: {
    freeshipping: { handling: [0, 1], transit: [3, 5] },
    express: { handling: [0, 0], transit: [1, 1] },
  } as Record<string, { handling: [number, number]; transit: [number, number] }>,
  returnDays: 30,
} as const;

const days = ([minValue, maxValue]: readonly [number, number]) => ({ '@type': 'QuantitativeValue', minValue, maxValue, unitCode: 'DAY' });

/** OfferShippingDetails for each delivered shipping method the shop offers (rate, destination, handling and transit days). */
export function shippingDetailsJsonLd(methods: readonly ShippingMethod[], currency: string = config.storeViews.default.i18n.currencyCode) {
  return methods
    .filter((m) => m.available !== false && MERCHANT_POLICY.delivery[m.method_code])
    .map((m) => {
      const time = MERCHANT_POLICY.delivery[m.method_code]!;
      return {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: m.price_incl_tax.toFixed(2), currency },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: MERCHANT_POLICY.country },
        deliveryTime: { '@type': 'ShippingDeliveryTime', handlingTime: days(time.handling), transitTime: days(time.transit) },
      };
    });
}

/** MerchantReturnPolicy: a finite window of 30 days in the UK, free, by post or in a shop. */
export function returnPolicyJsonLd() {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: MERCHANT_POLICY.country,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: MERCHANT_POLICY.returnDays,
    returnMethod: ['https://schema.org/ReturnByMail', 'https://schema.org/ReturnInStore'],
    returnFees: 'https://schema.org/FreeReturn',
  };
}

/** The shop's logo, as structured data names it (Organization, publishers). */
const LOGO_PATH = '/icons/logo-512.png';

/** The shop as the publisher of its pages and posts: name, address and logo. */
export function publisherJsonLd() {
  return {
    '@type': 'Organization',
    name: config.shop.name,
    url: absoluteUrl('/'),
    logo: { '@type': 'ImageObject', url: absoluteUrl(LOGO_PATH), width: 512, height: 512 },
  };
}

/** One question and its answer, as a FAQ page shows them. */
export interface Faq {
  question: string;
  answer: string;
}

/**
 * The questions and answers of a page whose content is a FAQ: every second-level heading is a
 * question (ends with '?') followed by its answer. Null when the content is anything else.
 */
export function faqOf(html: string): Faq[] | null {
  const parts = html.split(/<h2\b[^>]*>/i).slice(1);
  if (parts.length === 0) return null;
  const faqs: Faq[] = [];
  for (const part of parts) {
    const end = part.search(/<\/h2>/i);
    if (end < 0) return null;
    const question = htmlToText(part.slice(0, end));
    const answer = htmlToText(part.slice(end + 5));
    if (!question.endsWith('?') || !answer) return null;
    faqs.push({ question, answer });
  }
  return faqs;
}

/** WebPage for a content page: name, description, address and publisher. */
export function webPageJsonLd(page: { name: string; description?: string; url: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: page.name,
    url: absoluteUrl(page.url),
    ...(page.description ? { description: page.description } : {}),
    publisher: publisherJsonLd(),
  };
}

/** A content page's structured data: WebPage, and FAQPage too when its content is questions and answers. */
export function cmsPageJsonLd(page: { name: string; description?: string; url: string; content: string }) {
  const faqs = faqOf(page.content);
  return [webPageJsonLd(page), ...(faqs ? [faqPageJsonLd(faqs, page.url)] : [])];
}

/** FAQPage: one Question with its accepted Answer per question of the page. */
export function faqPageJsonLd(faqs: readonly Faq[], url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: absoluteUrl(url),
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
  };
}

/** Organization for the home page. */
export function organizationJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.shop.name,
    url: absoluteUrl('/'),
    logo: absoluteUrl(LOGO_PATH),
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
