/**
 * The search benchmark's synthetic catalogue (shaped like the sample snapshot, every product searchable:
 * the worst case for the index) and its query mix; shared by `npm run bench:search`
 * (scripts/bench/search-cli.ts), the bench's search section (./search.ts) and the search unit tests.
 */
import type { Category, Product } from '../../src/lib/schemas';
import { createRng } from '../lib/prng';

const BRANDS = [
  'Thomas Sabo',
  'Raymond Weil',
  'Tissot',
  'Seiko',
  'Citizen',
  'Hugo Boss',
  'Clogau',
  'Evermore',
  'Nomination',
  'Links of London',
  'Swarovski',
  'Tag Heuer',
  'Longines',
  'Rotary',
  'Emporio Armani',
  'Michael Kors',
  'Olivia Burton',
  'Daniel Wellington',
  'Garmin',
  'Pendle',
];
const MATERIALS = ['9ct Yellow Gold', '18ct White Gold', 'Platinum', 'Sterling Silver', '9ct Rose Gold', 'Stainless Steel', 'Titanium', 'Two Tone'];
const STONES = ['Diamond', 'Sapphire', 'Ruby', 'Emerald', 'Pearl', 'Amethyst', 'Cubic Zirconia', 'Topaz', 'Opal', ''];
const STYLES = [
  'Classic',
  'Vintage',
  'Halo',
  'Twist',
  'Heart',
  'Star',
  'Infinity',
  'Freelancer',
  'Maestro',
  'Parsifal',
  'Tango',
  'Solitaire',
  'Cluster',
  'Eternity',
  'Charm Club',
  'Glam & Soul',
];
const KINDS: [string, number][] = [
  ['Engagement Ring', 11],
  ['Wedding Ring', 12],
  ['Eternity Ring', 13],
  ['Necklace', 20],
  ['Pendant', 21],
  ['Stud Earrings', 30],
  ['Drop Earrings', 31],
  ['Bracelet', 40],
  ['Bangle', 41],
  ['Charm', 50],
  ["Men's Watch", 61],
  ["Ladies' Watch", 62],
  ['Chronograph Watch', 61],
];
const CATEGORIES: [number, string, number, number][] = [
  [10, 'Rings', 0, 2],
  [11, 'Engagement Rings', 10, 3],
  [12, 'Wedding Rings', 10, 3],
  [13, 'Eternity Rings', 10, 3],
  [19, 'Necklaces', 0, 2],
  [20, 'Necklaces', 19, 3],
  [21, 'Pendants', 19, 3],
  [29, 'Earrings', 0, 2],
  [30, 'Stud Earrings', 29, 3],
  [31, 'Drop Earrings', 29, 3],
  [39, 'Bracelets', 0, 2],
  [40, 'Bracelets', 39, 3],
  [41, 'Bangles', 39, 3],
  [50, 'Charms', 0, 2],
  [60, 'Watches', 0, 2],
  [61, "Men's Watches", 60, 3],
  [62, "Ladies' Watches", 60, 3],
];
const pick = <T>(r: () => number, xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A synthetic catalogue shaped like the sample snapshot, every product searchable (the worst case for the index). */
export function syntheticCatalogue(n: number, seed = 42): { products: Product[]; categories: Category[] } {
  // Deterministic pseudo-random numbers (mulberry32), so runs compare.
  const r = createRng(seed).next;
  const categories = CATEGORIES.map(([id, name, parent, level]) => ({
    id,
    name,
    url_key: slug(name),
    url_path: slug(name),
    slug: slug(name),
    parent_id: parent || 2,
    level,
    children_count: 0,
    is_active: true,
    include_in_menu: true,
    product_count: 0,
    path: `1/2/${id}`,
  })) as unknown as Category[];
  const products: Product[] = [];
  for (let id = 1; id <= n; id++) {
    const [kind, catId] = pick(r, KINDS);
    const brand = pick(r, BRANDS);
    const stone = pick(r, STONES);
    const name = [brand, pick(r, STYLES), pick(r, MATERIALS), stone, kind].filter(Boolean).join(' ');
    const parentCat = CATEGORIES.find((c) => c[0] === catId)![2];
    const price = Math.round(20 + r() * 4000) + 0.5 * Math.round(r());
    const sku = `PJ-${brand.slice(0, 2).toUpperCase()}-${String(100000 + id)}`;
    const url_key = `${slug(name)}-${id}`;
    products.push({
      id,
      sku,
      name,
      type_id: r() < 0.2 ? 'configurable' : 'simple',
      price,
      status: 1,
      visibility: pick(r, [4, 4, 4, 3]),
      discontinued: 0,
      stock: { is_in_stock: r() < 0.9, qty: Math.floor(r() * 20) },
      image: `/catalog/product/${slug(kind)}/${slug(pick(r, MATERIALS))}.svg`,
      media_gallery: [],
      url_key,
      url_path: `${slug(kind)}/${url_key}`,
      slug: slug(name),
      category_ids: [parentCat || catId, catId],
      c2c_supplier_code: `${brand.slice(0, 3).toUpperCase()}${Math.floor(r() * 1e6)}`,
      special_price: r() < 0.2 ? Math.round(price * 0.8) : undefined,
      special_from_date: '2024-01-01 00:00:00',
      special_to_date: '2030-12-31 00:00:00',
      product_links: [],
      tier_prices: [],
      custom_options: [],
      bundle_options: [],
      errors: {},
      sale: 0,
      new: 0,
      can_be_financed: 0,
      klarna_cta_available: 0,
    } as unknown as Product);
  }
  return { products, categories };
}

/** The query mix: exact words, typos within 1-2 edits, SKUs, as-you-type prefixes, long and unmatched queries. */
export const BENCH_QUERIES = [
  'ring',
  'diamond ring',
  'thomas sabo',
  'thomas sabbo',
  'raymnd weil',
  'raymond weil freelancer',
  'tissot watch',
  'seiko',
  'platinum',
  'rose gold',
  'sterling silver bracelet',
  'sapphire pendant',
  'eternity',
  'braclet',
  'neckalce',
  'earings',
  'engagment rings',
  'chronograph',
  'mens watch',
  'clogau',
  'PJ-TH-100042',
  '100042',
  'pjth100777',
  'evermore halo platinum diamond engagement ring',
  'rin',
  'thom',
  'wat',
  'glam soul',
  'swarovsky',
  'longines',
  'xyzzy',
  'gold',
  'silver',
  'watches',
  'hugo boss watch',
  'michael kors',
  'infinity heart',
  'opal',
  'cubic zirconia studs',
  'charm club',
];
