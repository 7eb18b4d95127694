/**
 * The fields every sample product starts from (prices, stock, gallery, urls, categories), and the
 * touches the product steps add: special prices, finance, descriptions, extra categories and the
 * engraving options.
 */
import { config } from '../../../src/lib/config';
import { slugify } from '../../../src/lib/catalog/slug';
import type { Rng } from '../prng';
import { metalOf, variantOf, viewsOf, type Look } from '../sample-photos';
import type { ArtKind } from '../sample-svg';
import { dayString, firstSentence, MEDIA_BASE_URL, round2, weighted, type Json, type LookBase, type ProductContext } from './common';
import type { Planned } from './plan';

/** A simple product's fields: the product steps change what their kind needs. */
export function baseFields(
  ctx: ProductContext,
  pl: Planned,
  r: Rng,
  name: string,
  sku: string,
  leaf: number,
  art: ArtKind,
  colour: string,
  price: number,
  extraCats: number[] = [],
  lookBase: LookBase = { kind: art, design: art },
): Json {
  const { cats, useImage, shopName } = ctx;
  const look: Look = { ...lookBase, metal: lookBase.metal ?? metalOf(colour), v: lookBase.v ?? variantOf(pl.id) };
  const leafRow = cats.byId.get(leaf)!;
  const created = -r.int(3, 720);
  const updated = Math.min(0, created + r.int(0, 120));
  const isNew = created > -60 ? 1 : 0;
  const categoryIds = [...new Set([...cats.ancestors(leaf), ...extraCats.flatMap((c) => cats.ancestors(c))])];
  const galleryCount =
    pl.index === 1
      ? 1
      : pl.index === 2
        ? 4
        : weighted(r, [
            [1, 3],
            [2, 2],
            [3, 3],
            [4, 2],
          ] as [number, number][]);
  const views = viewsOf(look.kind);
  // A real backend sends some pictures as absolute URLs on its own media address: every third
  // product does so here (beyond its first picture), so the pipeline is exercised with both forms.
  const ref = (path: string, i: number) => (pl.id % 3 === 0 && i > 0 ? `${MEDIA_BASE_URL}${path}` : path);
  const gallery = views
    .slice(0, galleryCount)
    .map((v, i) => ({ image: ref(useImage(look, v), i), pos: i + 1, typ: 'image', lab: i === 0 ? name : `${name} (${v} view)` }));
  const slug = slugify(name);
  const url_key = `${slug}-${pl.id}`;
  return {
    id: pl.id,
    sku,
    name,
    type_id: 'simple',
    price,
    final_price: price,
    special_price: null,
    special_from_date: null,
    special_to_date: null,
    priceInclTax: price,
    originalPrice: price,
    originalPriceInclTax: price,
    priceTax: round2(price - price / (1 + config.constants.vatRate)),
    specialPriceTax: null,
    tax_class_id: 2,
    status: 1,
    visibility: 4,
    discontinued: 0,
    stock: { is_in_stock: true, qty: r.int(1, 25), min_sale_qty: 1, max_sale_qty: 10, manage_stock: true },
    image: gallery[0]!.image,
    small_image: gallery[0]!.image,
    thumbnail: gallery[0]!.image,
    hover_image: gallery[1]?.image ?? null,
    media_gallery: gallery,
    url_key,
    url_path: `${leafRow.url_path}/${url_key}`,
    slug,
    description: '',
    short_description: '',
    meta_title: `${name} | ${shopName}`,
    meta_description: '',
    product_links: [],
    tier_prices: [],
    category_ids: categoryIds,
    category: categoryIds.map((id) => ({ category_id: id, name: cats.byId.get(id)!.name })),
    sale: 0,
    new: isNew,
    can_be_financed: 0,
    klarna_cta_available: 0,
    lowest_possible_finance: null,
    custom_options: [],
    bundle_options: [],
    errors: {},
    position: pl.index + 1,
    created_at: dayString(created, 9),
    updated_at: dayString(updated, 15),
    _art: art,
  };
}

/** Special prices with windows relative to the reference date: current, expired or future. */
export function applySpecial(p: Json, r: Rng, window: 'current' | 'expired' | 'future' | null) {
  if (!window) return;
  const price = Number(p.price);
  const sp = price < 100 ? Math.floor(price * (0.7 + r.next() * 0.2)) + 0.99 : Math.round((price * (0.65 + r.next() * 0.25)) / 5) * 5;
  if (!(sp < price)) return;
  const [from, to] =
    window === 'current' ? [-r.int(5, 40), r.int(90, 150)] : window === 'expired' ? [-r.int(150, 240), -r.int(20, 90)] : [r.int(200, 260), r.int(270, 330)];
  p.special_price = round2(sp);
  p.special_from_date = dayString(from);
  p.special_to_date = dayString(to, 23);
  p.specialPriceTax = round2(sp - sp / (1 + config.constants.vatRate));
  if (window === 'current') {
    p.final_price = round2(sp);
    p.sale = 1;
  }
}

export function finance(p: Json, r: Rng) {
  const price = Number(p.final_price || p.price);
  if (price >= 250 && r.chance(0.85)) {
    p.can_be_financed = 1;
    p.klarna_cta_available = r.chance(0.8) ? 1 : 0;
    p.lowest_possible_finance = round2(price / (price >= 1000 ? 36 : 12));
  }
}

export function describe(name: string, brand: string | undefined, lines: [string, string][], intro: string, r: Rng): { description: string; short: string } {
  const care = r.pick([
    'Comes in a presentation box, ready to give.',
    'Free UK delivery and 30-day returns.',
    'Free engraving on selected pieces: ask in store.',
    'Every piece is checked by our workshop before dispatch.',
  ]);
  const specs = lines
    .filter(([, v]) => v)
    .map(([k, v]) => `<li>${k}: ${v}</li>`)
    .join('');
  return {
    description: `<p>${intro}</p>${brand ? `<p>${brand} is one of the brands we sell as an authorised retailer, with the full manufacturer's guarantee.</p>` : ''}<ul>${specs}</ul><p>${care}</p>`,
    short: firstSentence(intro),
  };
}

/** Adds categories (the sale ones) to a product, with their names. */
export function addCategories(ctx: ProductContext, p: Json, ids: number[]) {
  const list = p.category_ids as number[];
  for (const id of ids)
    if (!list.includes(id)) {
      list.push(id);
      (p.category as Json[]).push({ category_id: id, name: ctx.cats.byId.get(id)!.name });
    }
}

/** Engraving text, font, gift wrap and turnaround: every custom option type, fixed and percent prices. */
export function engravingOptions(r: Rng, id: number, required: boolean): Json[] {
  const base = id * 100;
  return [
    {
      option_id: base + 1,
      type: 'field',
      title: 'Engraving text',
      is_require: required,
      sort_order: 1,
      max_characters: 30,
      price: required ? 0 : 10,
      price_type: 'fixed',
      values: [],
    },
    {
      option_id: base + 2,
      type: 'radio',
      title: 'Font',
      is_require: false,
      sort_order: 2,
      values: [
        { option_type_id: base * 10 + 1, title: 'Script', price: 0, price_type: 'fixed', sort_order: 1 },
        { option_type_id: base * 10 + 2, title: 'Block capitals', price: 0, price_type: 'fixed', sort_order: 2 },
        { option_type_id: base * 10 + 3, title: 'Hand-engraved Roman', price: round2(r.pick([15, 20, 25])), price_type: 'fixed', sort_order: 3 },
      ],
    },
    {
      option_id: base + 3,
      type: 'checkbox',
      title: 'Gift wrap',
      is_require: false,
      sort_order: 3,
      values: [{ option_type_id: base * 10 + 4, title: 'Luxury gift wrap and card', price: 3.95, price_type: 'fixed', sort_order: 1 }],
    },
    {
      option_id: base + 4,
      type: 'drop_down',
      title: 'Turnaround',
      is_require: false,
      sort_order: 4,
      values: [
        { option_type_id: base * 10 + 5, title: 'Standard (7 days)', price: 0, price_type: 'fixed', sort_order: 1 },
        { option_type_id: base * 10 + 6, title: 'Express (48 hours)', price: 20, price_type: 'percent', sort_order: 2 },
      ],
    },
  ];
}
