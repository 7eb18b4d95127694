/** The sample's shipping and payment methods, tax rates, coupons, social feed and url map. */
import { config } from '../../../src/lib/config';
import { round2, type Json } from './common';
import type { Write } from './files';

export function writeStoreData(write: Write, visible: Json[]): void {
  write(
    'shipping-methods.json',
    config.constants.shippingMethods.map((m) => ({
      carrier_code: m.carrier_code,
      method_code: m.method_code,
      carrier_title:
        m.carrier_code === 'storecollection' ? 'Store Collection' : m.carrier_code === 'flatrate' ? config.constants.dpdCourierLabel : 'Royal Mail',
      method_title: m.title,
      amount: m.amount,
      base_amount: m.amount,
      available: true,
      error_message: '',
      price_excl_tax: round2(m.amount / (1 + config.constants.vatRate)),
      price_incl_tax: m.amount,
      ...(m.carrier_code === 'storecollection' ? { store: m.method_code } : {}),
    })),
  );
  write('payment-methods.json', [
    { title: 'Credit or debit card', code: 'card', cost: 0, costInclTax: 0, default: true, offline: false, is_server_method: true },
    {
      title: 'Klarna: pay in 3 interest-free instalments',
      code: 'klarna_pay_later',
      cost: 0,
      costInclTax: 0,
      default: false,
      offline: false,
      is_server_method: true,
    },
    {
      title: 'Cash on delivery',
      code: config.constants.cashOnDelivery.code,
      cost: config.constants.cashOnDelivery.cost,
      costInclTax: config.constants.cashOnDelivery.cost,
      default: false,
      offline: true,
      is_server_method: false,
    },
  ]);
  write('tax-rates.json', [
    {
      rate: config.constants.vatRate * 100,
      code: `GB VAT ${config.constants.vatRate * 100}%`,
      tax_country_id: 'GB',
      region_name: '*',
      tax_region_id: 0,
      product_tax_class_ids: [2],
    },
  ]);
  write('coupons.json', [
    {
      code: config.constants.newsletterCouponCode,
      type: 'percent',
      amount: config.constants.newsletterCouponPercent,
      description: `Newsletter welcome offer: ${config.constants.newsletterCouponPercent}% off your first order`,
      active: true,
    },
    { code: 'STUDENT15', type: 'percent', amount: 15, description: 'Student discount: 15% off full-price items', active: true },
    { code: 'TAKE25', type: 'fixed', amount: 25, description: '£25 off orders over £250', active: true },
    { code: 'SUMMER2025', type: 'percent', amount: 20, description: 'Summer 2025 offer (ended)', active: false },
  ]);
  const handle = config.shop.themeName.replace(/-/g, '');
  write('social.json', {
    title: 'Follow us on Instagram',
    handle: `@${handle}`,
    profileUrl: `https://www.instagram.com/${handle}/`,
    images: Array.from({ length: config.constants.socialFeedImages }, (_, i) => ({
      image: `/social/post-${i + 1}.jpg`,
      link: `https://www.instagram.com/${handle}/`,
      caption: [
        'Stacking season',
        'New in: Evermore halos',
        'Watch of the week',
        'Behind the bench in Bury',
        'Charm Club favourites',
        'Gift wrapping for December',
        'Preston shop window',
      ][i % 7]!,
    })),
  });
  const firstRing = visible.find((p) => String(p.url_path).startsWith('rings/'));
  const firstWatch = visible.find((p) => String(p.url_path).startsWith('watches/'));
  write('url-map.json', [
    { from: '/engagement-rings.html', to_type: 'category', to_id: 11 },
    { from: '/watches/mens.html', to_type: 'category', to_id: 61 },
    { from: '/jewellery/charms.html', to_type: 'category', to_id: 50 },
    ...(firstRing ? [{ from: `/${String(firstRing.slug)}.html`, to_type: 'product', to_id: firstRing.id }] : []),
    ...(firstWatch ? [{ from: `/${String(firstWatch.slug)}.html`, to_type: 'product', to_id: firstWatch.id }] : []),
    { from: '/about', to_type: 'cms', to_id: 'about-us' },
    { from: '/delivery', to_type: 'cms', to_id: 'delivery-and-shipping' },
  ]);
}
