/**
 * Writes a deterministic sample snapshot (layout in docs/snapshot.md) for a UK jeweller:
 *   npm run data:sample -- --products 400 --seed 1 --out src/content/sample
 * Same seed and product count give byte-identical files. "Now" is the fixed REFERENCE_DATE.
 * The files written are validated with the readers of src/lib/build/snapshot.ts before the script ends.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { config, defaults } from '../src/lib/config';
import { slugify } from '../src/lib/catalog/slug';
import * as snapshot from '../src/lib/build/snapshot';
import { createRng, mixSeed, type Rng } from './lib/prng';
import { writePlaceholders } from './lib/placeholders';
import { avatarSvg, type ArtKind } from './lib/sample-svg';
import { metalOf, photoPath, shapeOf, stoneLookOf, strapOf, variantOf, watchMetalOf, viewsOf, type Look, type ShotView } from './lib/sample-photos';
import {
  attributeDefs,
  BRANDS,
  CATEGORY_DEFS,
  FAMILIES,
  MATERIAL_COLOUR,
  RING_SIZES,
  BRACELET_SIZES,
  ROOT_ID,
  WATCH_MODELS,
  JEWELLERY_LINES,
  CHARM_MOTIFS,
  BRAND_PRICE_BANDS,
  SERVICES,
  DOWNLOADS,
  REVIEW_NICKNAMES,
  REVIEW_TEXTS,
  type AttrDef,
  type Family,
  type ProductKind,
} from './lib/sample-catalog-data';
import { pageDrafts, blockDrafts, BLOG_AUTHORS, BLOG_CATEGORIES, BLOG_CLOSINGS, BLOG_POSTS, BOOKING_PAGES, type ContentContext } from './lib/sample-content';

/** The fixed "now" of the sample: dates of special prices, news and reviews are relative to it. */
export const REFERENCE_DATE = '2026-11-01T00:00:00.000Z';
const REF = Date.parse(REFERENCE_DATE);
const DAY = 86_400_000;
const SHARD_SIZE = 1000;
/** The shop's own media address (the default `images.mediaBaseUrls`, not the environment's: same seed, same bytes). */
const MEDIA_BASE_URL = defaults.images.mediaBaseUrls[0]!;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface SampleOptions {
  products: number;
  seed: number;
  out: string;
  /** Where the photographs are (default: the committed sample's media/ folder). */
  photos?: string;
  /** Validate the written files with src/lib/build/snapshot.ts readers (default true). */
  validate?: boolean;
  log?: (line: string) => void;
}

export interface SampleResult {
  counts: Record<string, number>;
  writeMs: number;
  validateMs: number;
  /** The product shots used (media path -> look and view) and every photograph referenced. */
  shots: Map<string, Look & { view: ShotView }>;
  pictures: string[];
}

type Json = Record<string, unknown>;

const round2 = (n: number) => Math.round(n * 100) / 100;
/** "2026-11-01 00:00:00" from a day offset to the reference date. */
const dayString = (offsetDays: number, hour = 0) => new Date(REF + offsetDays * DAY + hour * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** A price that looks like a shop's: £x9.00, £x95.00 or £x.99 under £100. */
function shopPrice(rng: Rng, [min, max]: [number, number]): number {
  const raw = min * Math.pow(max / min, rng.next());
  let p: number;
  if (raw < 100) p = Math.floor(raw) + (rng.chance(0.5) ? 0.99 : 0);
  else if (raw < 1000) p = Math.round(raw / 10) * 10 - (rng.chance(0.7) ? 1 : 0);
  else p = Math.round(raw / 50) * 50 - 5;
  return round2(Math.min(Math.max(p, min), max));
}

class Options {
  private byCode = new Map<string, Map<string, number>>();
  constructor(readonly defs: AttrDef[]) {
    for (const d of defs) this.byCode.set(d.code, new Map(d.options.map((o, i) => [o, d.base + i])));
  }
  /** The option id of a label. */
  id(code: string, label: string): number {
    const id = this.byCode.get(code)?.get(label);
    if (id === undefined) throw new Error(`sample data: no option '${label}' for attribute ${code}`);
    return id;
  }
}

interface CategoryRow extends Json {
  id: number;
  name: string;
  url_key: string;
  url_path: string;
  parent_id: number;
  level: number;
  path: string;
  children_count: number;
  product_count: number;
}

function buildCategories(): { rows: CategoryRow[]; byId: Map<number, CategoryRow>; ancestors: (id: number) => number[] } {
  const byId = new Map<number, CategoryRow>();
  const root: CategoryRow = {
    id: ROOT_ID,
    parent_id: 1,
    name: 'Default Category',
    url_key: 'default-category',
    url_path: 'default-category',
    slug: 'default-category',
    level: 1,
    position: 1,
    children_count: 0,
    is_active: true,
    include_in_menu: true,
    product_count: 0,
    path: `1/${ROOT_ID}`,
  };
  byId.set(ROOT_ID, root);
  const rows: CategoryRow[] = [root];
  CATEGORY_DEFS.forEach((d, i) => {
    const parent = byId.get(d.parent)!;
    const url_path = parent.id === ROOT_ID ? d.key : `${parent.url_path}/${d.key}`;
    const row: CategoryRow = {
      id: d.id,
      parent_id: d.parent,
      name: d.name,
      url_key: d.key,
      url_path,
      slug: d.key,
      level: parent.level + 1,
      position: i + 1,
      children_count: 0,
      is_active: true,
      include_in_menu: d.menu ?? true,
      product_count: 0,
      path: `${parent.path}/${d.id}`,
      ...(d.image ? { image: `/catalog/category/${d.key}.jpg` } : {}),
      description: `<p>${d.description ?? `Shop ${d.name.toLowerCase()} online or in our shops, with free UK delivery and 30-day returns.`}</p>`,
      meta_title: `${d.name} | ${config.shop.name}`,
      meta_description: d.description ?? `${d.name} from ${config.shop.name}: free UK delivery, 30-day returns and interest-free finance.`,
      ...(d.button ? { button_title: d.button } : {}),
      ...(d.takeover ? { takeover_banner: `/banners/takeover-${d.key}.jpg`, takeover_banner_identifier: d.takeover } : {}),
      // brand listings show two to four tiles a row; gift cards one a row (the three grid modes of §2)
      display_mode: d.parent === 90 ? 'double' : d.key === 'gift-cards' ? 'single' : 'grid',
    };
    byId.set(d.id, row);
    rows.push(row);
  });
  const ancestors = (id: number) =>
    byId
      .get(id)!
      .path.split('/')
      .map(Number)
      .filter((x) => x !== 1 && x !== ROOT_ID);
  for (const row of rows) for (const a of row.path.split('/').map(Number)) if (a !== row.id && byId.has(a)) byId.get(a)!.children_count++;
  return { rows, byId, ancestors };
}

/** What pass 1 decides for each top-level product (enough for links between products). */
interface Planned {
  id: number;
  kind: ProductKind;
  family?: Family;
  index: number;
  childCount: number;
}

const TYPE_WEIGHTS: [ProductKind, number][] = [
  ['simple', 68],
  ['configurable', 12],
  ['virtual', 3],
  ['downloadable', 3],
  ['bundle', 4],
  ['grouped', 4],
];
/** The first products are fixed so that even a small sample has every type and case the tests need. */
const FORCED: (ProductKind | [ProductKind, string])[] = [
  ['configurable', 'engagement'],
  ['simple', 'luxury-watch'],
  ['simple', 'pendant'],
  ['simple', 'mens-watch'],
  'virtual',
  'downloadable',
  ['configurable', 'charm-bracelet'],
  ['simple', 'studs'],
  ['simple', 'charm'],
  'bundle',
  'grouped',
  ['simple', 'necklace'],
  ['configurable', 'wedding'],
  ['simple', 'smart-watch'],
  ['simple', 'ladies-watch'],
];

function weighted<T>(rng: Rng, items: [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) if ((r -= w) < 0) return item;
  return items[items.length - 1]![0];
}

/** Generates the sample snapshot into `opts.out`. */
export function generateSample(opts: SampleOptions): SampleResult {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const out = resolve(opts.out);
  const N = Math.max(1, Math.floor(opts.products));
  const seed = opts.seed >>> 0;
  const rng = createRng(mixSeed(seed, 0));
  const colourLabels = Object.keys(config.colorMappings);
  const attrs = attributeDefs(colourLabels);
  const opt = new Options(attrs);
  const cats = buildCategories();
  const shopName = config.shop.name;
  const domain = config.mailer.contactAddress.split('@')[1] ?? 'example.co.uk';
  /** The product shots the sample uses (path -> look and view), for scripts/photos. */
  const shots = new Map<string, Look & { view: ShotView }>();
  const useImage = (look: Look, view: ShotView = 'front') => {
    const path = photoPath(look, view);
    if (!shots.has(path)) shots.set(path, { ...look, view });
    return path;
  };

  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, 'manifest.json'))) {
    throw new Error(`sample: refusing to write into ${out}: it is not empty and holds no manifest.json (not a snapshot folder)`);
  }
  // media/ holds the photographs of scripts/photos (npm run photos): kept, not rewritten here
  for (const dir of ['products', 'banners']) rmSync(join(out, dir), { recursive: true, force: true });
  mkdirSync(join(out, 'products'), { recursive: true });

  // ---- pass 1: plan the top-level products (type, family, id range) ----
  const plan: Planned[] = [];
  let nextId = 1001;
  let total = 0;
  const familyWeights: [Family, number][] = FAMILIES.map((f) => [f, f.weight]);
  const configFamilies: [Family, number][] = FAMILIES.filter((f) => f.config).map((f) => [f, f.weight]);
  const simpleFamilies = familyWeights;
  while (total < N) {
    const index = plan.length;
    const forced = FORCED[index];
    let kind: ProductKind = forced ? (Array.isArray(forced) ? forced[0] : forced) : weighted(rng, TYPE_WEIGHTS);
    let family: Family | undefined;
    if (kind === 'configurable' || kind === 'simple') {
      const key = Array.isArray(forced) ? forced[1] : undefined;
      family = key ? FAMILIES.find((f) => f.key === key) : weighted(rng, kind === 'configurable' ? configFamilies : simpleFamilies);
    }
    let childCount = 0;
    if (kind === 'configurable') {
      childCount = family!.config === 'ring' ? (index === 0 ? 8 : rng.pick([4, 5, 6])) : rng.pick([3, 4]);
      if (total + 1 + childCount > N) {
        kind = 'simple';
        childCount = 0;
      }
    }
    plan.push({ id: nextId, kind, family, index, childCount });
    nextId += 1 + childCount;
    total += 1 + childCount;
  }

  // ---- pass 2: build every product ----
  const products: Json[] = [];
  const visible: Json[] = [];
  const simplesByArt = new Map<string, Json[]>();
  const pendingLinks: { product: Json; kind: 'bundle' | 'grouped'; rng: Rng }[] = [];
  let discontinuedCount = 0;
  let unsafeDone = false;

  for (const pl of plan) {
    const r = createRng(mixSeed(seed, pl.id));
    const built = buildProduct(pl, r);
    products.push(...built);
    const parent = built[0]!;
    visible.push(parent);
    if (parent.type_id === 'simple' && parent.discontinued === 0 && (parent.stock as Json).is_in_stock) {
      const art = String(pl.family?.key ?? parent._art);
      if (!simplesByArt.has(art)) simplesByArt.set(art, []);
      simplesByArt.get(art)!.push(parent);
    }
  }

  /** A look without its metal: the metal comes from the product's colour unless given. */
  type LookBase = Omit<Look, 'metal' | 'v'> & { metal?: string; v?: number };
  function baseFields(
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
  function applySpecial(p: Json, r: Rng, window: 'current' | 'expired' | 'future' | null) {
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

  function finance(p: Json, r: Rng) {
    const price = Number(p.final_price || p.price);
    if (price >= 250 && r.chance(0.85)) {
      p.can_be_financed = 1;
      p.klarna_cta_available = r.chance(0.8) ? 1 : 0;
      p.lowest_possible_finance = round2(price / (price >= 1000 ? 36 : 12));
    }
  }

  function describe(name: string, brand: string | undefined, lines: [string, string][], intro: string, r: Rng): { description: string; short: string } {
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
      short: intro.split('. ')[0]!.replace(/\.$/, '') + '.',
    };
  }

  function buildProduct(pl: Planned, r: Rng): Json[] {
    if (pl.kind === 'virtual') return [buildVirtual(pl, r)];
    if (pl.kind === 'downloadable') return [buildDownloadable(pl, r)];
    if (pl.kind === 'bundle' || pl.kind === 'grouped') return [buildSet(pl, r)];
    const f = pl.family!;
    const brand = r.pick(f.brands);
    const brandCode = BRANDS.find((b) => b.name === brand)!.code;
    const material = r.pick(f.materials);
    const stone = f.stones && (f.key !== 'dress-ring' || r.chance(0.7)) ? r.pick(f.stones) : undefined;
    const style = r.pick(f.styles);
    const gender = r.pick(f.gender);
    const sku = `${brandCode}${pl.id}`;
    let colour = MATERIAL_COLOUR[material] ?? 'Silver';
    const attrsOut: Json = {
      brand: opt.id('brand', brand),
      pj_brand: opt.id('pj_brand', brand),
      pj_gender: opt.id('pj_gender', gender),
      pj_material: opt.id('pj_material', material),
      pj_style: opt.id('pj_style', style),
    };
    if (stone) attrsOut.pj_stone = opt.id('pj_stone', stone);
    let name: string;
    let intro: string;
    const specs: [string, string][] = [
      ['Brand', brand],
      ['Material', material],
    ];
    const colourVariants = pl.kind === 'configurable' && f.config === 'ring' && (pl.index === 0 || r.chance(0.3));
    // what the photographs show (no draw from r: the rest of the data does not move)
    const v = variantOf(pl.id);
    const stoneSlug = stone ? stoneLookOf(stone) : undefined;
    let lookBase: LookBase;
    if (f.watch) {
      const model = r.pick(WATCH_MODELS[brand] ?? ['Classic']);
      const dial = f.watch === 'smart' ? 'Black' : r.pick(['Black', 'Blue', 'Green', 'White', 'Silver', 'Brown']);
      const caseMm = f.watch === 'smart' ? r.pick([41, 43, 45, 47]) : gender === 'Ladies' ? r.pick([26, 28, 30, 32, 34]) : r.pick([38, 40, 41, 42, 43, 44]);
      const movement =
        f.watch === 'smart'
          ? 'Smart'
          : brand === 'Citizen'
            ? 'Eco-Drive'
            : ['Raymond Weil', 'Tag Heuer', 'Longines'].includes(brand)
              ? r.pick(['Automatic', 'Automatic', 'Quartz'])
              : r.pick(['Quartz', 'Quartz', 'Automatic', 'Solar']);
      const strap =
        f.watch === 'smart'
          ? r.pick(['Silicone', 'Fabric', 'Stainless Steel Bracelet'])
          : r.pick(['Leather', 'Stainless Steel Bracelet', 'Stainless Steel Bracelet', 'Rubber', 'Mesh']);
      const features =
        f.watch === 'smart'
          ? r.sample(['Heart Rate Monitor', 'GPS', 'Contactless Payments', 'Water Resistant 50m', 'Solar Powered'], r.int(2, 4))
          : r.sample(
              ['Date Display', 'Chronograph', 'Water Resistant 100m', 'Water Resistant 200m', 'Sapphire Crystal', 'Luminous Hands', 'Moon Phase'],
              r.int(1, 4),
            );
      colour = dial;
      lookBase =
        f.watch === 'smart'
          ? { kind: 'smartwatch', design: 'smart', metal: watchMetalOf(material), strap: strapOf(strap), v }
          : {
              kind: 'watch',
              design: `${gender === 'Ladies' ? 'ladies' : 'mens'}-${style === 'Dress Watch' ? 'dress' : slugify(style)}`,
              metal: watchMetalOf(material),
              dial: slugify(dial),
              strap: strapOf(strap),
              v,
            };
      const who = gender === 'Mens' ? "Men's " : gender === 'Ladies' ? "Ladies' " : '';
      name =
        f.watch === 'smart'
          ? `${brand} ${model} ${caseMm}mm ${strap === 'Fabric' ? 'Nylon Strap' : strap === 'Silicone' ? 'Silicone Strap' : 'Steel'} Smartwatch`
          : `${brand} ${model} ${who}${movement} ${dial} Dial ${strap === 'Leather' ? 'Leather Strap' : strap === 'Rubber' ? 'Rubber Strap' : 'Bracelet'} Watch ${caseMm}mm`;
      Object.assign(attrsOut, {
        pj_watch_movement: opt.id('pj_watch_movement', movement),
        pj_strap_material: opt.id('pj_strap_material', strap),
        pj_features: features.map((x) => opt.id('pj_features', x)),
      });
      specs.push(['Case size', `${caseMm}mm`], ['Movement', movement], ['Strap', strap], ['Dial', dial], ['Features', features.join(', ')]);
      intro =
        f.watch === 'smart'
          ? `The ${brand} ${model} tracks your workouts, sleep and heart rate and keeps notifications on your wrist. Battery life runs to several days between charges.`
          : `The ${brand} ${model} pairs a ${dial.toLowerCase()} dial with a ${caseMm}mm ${material.toLowerCase()} case and a ${movement.toLowerCase()} movement. ${features.includes('Chronograph') ? 'The chronograph times anything from a lap to a roast dinner.' : 'A watch to wear every day for years.'}`;
    } else {
      const line = r.pick(JEWELLERY_LINES[brand] ?? ['Signature']);
      const carat = f.key === 'engagement' || f.key === 'eternity' ? `${r.pick(['0.25', '0.33', '0.50', '0.70', '1.00', '1.50'])}ct ` : '';
      const width = f.key === 'wedding' ? `${r.pick([2, 3, 4, 5, 6])}mm ` : '';
      const motif = f.key === 'charm' ? `${r.pick(CHARM_MOTIFS)} ` : '';
      const metal = colourVariants ? '' : `${material} `;
      const design =
        {
          engagement: slugify(style),
          wedding: 'band',
          eternity: 'eternity',
          'dress-ring': style === 'Halo' ? 'halo' : 'dress',
          necklace: 'chain',
          pendant: style === 'Pendant' ? (['heart', 'disc', 'drop', 'star'] as const)[(pl.id >> 1) % 4]! : slugify(style),
          studs: 'stud',
          hoops: 'hoop',
          drops: 'drop',
          bangle: material === 'Welsh Gold and Silver' ? 'two-tone' : 'plain',
          'charm-bracelet': 'charm',
          tennis: 'tennis',
          charm: shapeOf(motif.trim() || 'disc'),
        }[f.key] ?? f.art;
      lookBase = { kind: f.art, design, ...(stoneSlug && f.key !== 'hoops' && f.key !== 'bangle' ? { stone: stoneSlug } : {}), v };
      name =
        `${brand} ${line} ${metal}${carat}${stone && f.key !== 'charm' ? `${stone} ` : ''}${motif}${f.key === 'wedding' ? `${width}${style} ` : f.key === 'engagement' ? `${style} ` : ''}${f.noun}`.replace(
          /\s+/g,
          ' ',
        );
      if (stone) specs.push(['Stone', stone]);
      specs.push(['Style', style]);
      if (f.config === 'bracelet' || f.key === 'bangle')
        attrsOut.pj_bracelet_size = opt.id('pj_bracelet_size', f.key === 'bangle' ? r.pick(['Adjustable', '18cm', '19cm']) : r.pick(['17cm', '19cm', '21cm']));
      intro =
        f.key === 'engagement'
          ? `A ${style.toLowerCase()} engagement ring in ${material.toLowerCase()}${stone ? `, set with a ${carat.trim()} ${stone.toLowerCase()}` : ''}. Every diamond is conflict-free and certified, and we resize for free in the first year.`
          : f.key === 'charm'
            ? `A ${motif.trim().toLowerCase()} charm from the ${brand} ${line} collection in ${material.toLowerCase()}. Add it to a bracelet or start a new story.`
            : `From the ${brand} ${line} collection: ${f.noun.toLowerCase()} in ${material.toLowerCase()}${stone ? ` with ${stone.toLowerCase()}` : ''}. Designed to be worn every day and kept for years.`;
    }
    attrsOut.color = opt.id('color', colour);
    const band = BRAND_PRICE_BANDS[brand];
    const price = shopPrice(r, band ? [Math.max(f.price[0], band[0]), Math.min(f.price[1], band[1])] : f.price);
    const extra = [90 + BRANDS.findIndex((b) => b.name === brand) + 1];
    if (f.key === 'luxury-watch') extra.push(gender === 'Ladies' ? 62 : 61);
    if (f.key === 'mens-watch' && r.chance(0.4)) extra.push(72);
    if (['pendant', 'necklace', 'studs', 'charm'].includes(f.key) && r.chance(0.4)) extra.push(71);
    const p = baseFields(pl, r, name, sku, f.leaf, f.art, colour, price, extra, lookBase);
    Object.assign(p, attrsOut);
    const d = describe(name, brand, specs, intro, r);
    p.description = d.description;
    p.short_description = d.short;
    p.meta_description = `${d.short} Free UK delivery and 30-day returns at ${shopName}.`;
    p.c2c_supplier_code = `${brandCode}-${r.int(1000, 9999)}-${r.int(10, 99)}`;
    if (r.chance(0.12)) p.pj_product_flag = r.pick(['Online Exclusive', 'Best Seller', 'Limited Edition', 'As Seen on TV']);
    if (r.chance(0.1)) p.category_promo_block = r.pick(['category-promo-klarna', 'category-promo-engraving', 'category-promo-finance']);
    if (f.key === 'charm' || r.chance(0.03)) {
      p.tier_prices = [
        { customer_group_id: 0, qty: 3, value: round2(price * 0.9) },
        { customer_group_id: 1, qty: 1, value: round2(price * 0.95) },
      ];
    }
    if (pl.index === 1 && pl.kind === 'simple' && !unsafeDone) {
      // the one product with unsafe markup, for the sanitiser to remove
      p.description = `${String(p.description)}<script>window.__pwned = true;</script><p><a href="javascript:alert('x')" onclick="alert('x')">Unsafe link</a></p>`;
      unsafeDone = true;
    }
    const window: 'current' | 'expired' | 'future' | null =
      pl.index === 1
        ? 'current'
        : pl.index === 2
          ? 'expired'
          : pl.index === 3
            ? 'future'
            : r.chance(0.22)
              ? weighted(r, [
                  ['current', 5],
                  ['expired', 3],
                  ['future', 2],
                ] as ['current' | 'expired' | 'future', number][])
              : null;
    if (pl.kind === 'simple') {
      applySpecial(p, r, window);
      if (pl.index === 7 || r.chance(0.06)) {
        p.stock = { ...(p.stock as Json), is_in_stock: false, qty: 0 };
      }
      if (pl.index === 8 || pl.index === 11 || r.chance(0.012)) {
        p.discontinued = 1;
        p.stock = { ...(p.stock as Json), is_in_stock: false, qty: 0 };
        discontinuedCount++;
      }
      if (r.chance(0.08)) p.visibility = r.pick([2, 3]);
      if (r.chance(0.1) && ['pendant', 'charm', 'mens-watch'].includes(f.key)) p.custom_options = engravingOptions(r, pl.id, false);
      if (p.sale === 1) addCategories(p, [80, ['mens-watch', 'ladies-watch', 'smart-watch', 'luxury-watch'].includes(f.key) ? 82 : 81]);
      finance(p, r);
      return [p];
    }
    // configurable: children by size (and colour for some rings)
    p.type_id = 'configurable';
    const children: Json[] = [];
    const sizes = f.config === 'ring' ? RING_SIZES : BRACELET_SIZES;
    const palette =
      f.key === 'engagement' || f.key === 'eternity'
        ? ['Platinum', 'Yellow Gold', 'Rose Gold', 'White Gold']
        : ['Yellow Gold', 'White Gold', 'Rose Gold', 'Silver'];
    // the parent's own colour comes first, so its images match its default child
    const colours = colourVariants
      ? [
          colour,
          ...r.sample(
            palette.filter((c) => c !== colour),
            1,
          ),
        ]
      : [colour];
    const perColour = Math.max(1, Math.floor(pl.childCount / colours.length));
    const start = f.config === 'ring' ? r.int(2, Math.max(2, sizes.length - perColour * 2)) : r.int(0, Math.max(0, sizes.length - perColour));
    const step = f.config === 'ring' ? 2 : 1;
    const chosenSizes = Array.from({ length: perColour }, (_, i) => sizes[Math.min(sizes.length - 1, start + i * step)]!).filter(
      (s, i, a) => a.indexOf(s) === i,
    );
    let childId = pl.id + 1;
    const childWindow = window;
    const combos: [string, string][] = [];
    for (const c of colours) for (const s of chosenSizes) combos.push([c, s]);
    while (combos.length < pl.childCount) combos.push([colours[0]!, sizes[(start + combos.length * step) % sizes.length]!]);
    combos.length = pl.childCount;
    combos.forEach(([c, s], i) => {
      const childSku = `${sku}${
        colours.length > 1
          ? `-${c
              .split(' ')
              .map((w) => w[0])
              .join('')}`
          : ''
      }-${s.toUpperCase()}`;
      const childPrice =
        colours.length > 1 && c === 'Platinum' ? shopPrice(r, [price * 1.1, price * 1.3]) : price + (f.config === 'ring' && sizes.indexOf(s) > 14 ? 20 : 0);
      const childName = `${name}${colours.length > 1 ? ` ${c}` : ''} Size ${s}`;
      const outOfStock = (pl.index === 0 && i === 1) || r.chance(0.12);
      const disabled = (pl.index === 0 && i === 2) || r.chance(0.05);
      // a child shows its own metal
      const childBase = baseFields({ ...pl, id: childId }, r, childName, childSku, f.leaf, f.art, c, childPrice, [], { ...lookBase, metal: metalOf(c) });
      const child: Json = {
        ...childBase,
        visibility: 1,
        status: disabled ? 2 : 1,
        stock: { is_in_stock: !outOfStock, qty: outOfStock ? 0 : r.int(1, 8), min_sale_qty: 1, max_sale_qty: 5, manage_stock: true },
        color: opt.id('color', c),
        size: opt.id('size', s),
        brand: attrsOut.brand,
        pj_brand: attrsOut.pj_brand,
        pj_material: attrsOut.pj_material,
        pj_gender: attrsOut.pj_gender,
        category_ids: [],
        category: [],
        description: p.description,
        short_description: p.short_description,
        meta_description: p.meta_description,
        c2c_supplier_code: `${String(p.c2c_supplier_code)}-${s.toUpperCase()}`,
      };
      applySpecial(child, createRng(mixSeed(seed, pl.id * 7)), childWindow);
      children.push(child);
      childId++;
    });
    const firstAvailable = children.find((c) => (c.status as number) < 2 && (c.stock as Json).is_in_stock) ?? children[0]!;
    const noParentPrice = pl.index === 12 || r.chance(0.1);
    Object.assign(p, {
      price: noParentPrice ? 0 : firstAvailable.price,
      final_price: firstAvailable.final_price,
      priceInclTax: noParentPrice ? 0 : firstAvailable.price,
      originalPrice: noParentPrice ? 0 : firstAvailable.price,
      originalPriceInclTax: noParentPrice ? 0 : firstAvailable.price,
      priceTax: noParentPrice ? 0 : firstAvailable.priceTax,
      special_price: noParentPrice ? null : firstAvailable.special_price,
      special_from_date: noParentPrice ? null : firstAvailable.special_from_date,
      special_to_date: noParentPrice ? null : firstAvailable.special_to_date,
      specialPriceTax: noParentPrice ? null : firstAvailable.specialPriceTax,
      sale: firstAvailable.sale,
      stock: {
        is_in_stock: children.some((c) => (c.status as number) < 2 && (c.stock as Json).is_in_stock),
        qty: children.reduce((s, c) => s + Number((c.stock as Json).qty), 0),
        min_sale_qty: 1,
        max_sale_qty: 5,
        manage_stock: true,
      },
      configurable_options: [
        ...(colours.length > 1
          ? [
              {
                id: pl.id * 10 + 1,
                attribute_id: 93,
                attribute_code: 'color',
                label: 'Colour',
                position: 0,
                values: colours.map((c) => ({ value_index: opt.id('color', c), label: c })),
              },
            ]
          : []),
        {
          id: pl.id * 10 + 2,
          attribute_id: 142,
          attribute_code: 'size',
          label: 'Size',
          position: 1,
          values: [...new Set(combos.map(([, s]) => s))].map((s) => ({ value_index: opt.id('size', s), label: s })),
        },
      ],
      configurable_children: children.map((c) => ({
        id: c.id,
        sku: c.sku,
        name: c.name,
        price: c.price,
        final_price: c.final_price,
        special_price: c.special_price,
        special_from_date: c.special_from_date,
        special_to_date: c.special_to_date,
        image: c.image,
        color: c.color,
        size: c.size,
        status: c.status,
        stock: c.stock,
        custom_attributes: [
          { attribute_code: 'color', value: String(c.color) },
          { attribute_code: 'size', value: String(c.size) },
        ],
      })),
    });
    if (colours.length > 1)
      p.media_gallery = [
        ...(p.media_gallery as Json[]),
        ...colours.slice(1).map((c, i) => ({
          image: useImage({ ...lookBase, metal: metalOf(c), v } as Look, viewsOf(lookBase.kind)[0]),
          pos: (p.media_gallery as Json[]).length + i + 1,
          typ: 'image',
          lab: `${name} in ${c}`,
        })),
      ];
    if (p.sale === 1) addCategories(p, [80, 81]);
    if (f.config === 'ring' && r.chance(0.5)) p.custom_options = engravingOptions(r, pl.id, false);
    finance(p, r);
    return [p, ...children];
  }

  function addCategories(p: Json, ids: number[]) {
    const list = p.category_ids as number[];
    for (const id of ids)
      if (!list.includes(id)) {
        list.push(id);
        (p.category as Json[]).push({ category_id: id, name: cats.byId.get(id)!.name });
      }
  }

  function engravingOptions(r: Rng, id: number, required: boolean): Json[] {
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

  function buildVirtual(pl: Planned, r: Rng): Json {
    const s = SERVICES[pl.index === 4 ? 0 : r.int(0, SERVICES.length - 1)]!;
    const p = baseFields(pl, r, s.name, `SRV-${s.code}-${pl.id}`, 85, 'service', 'Silver', s.price, [], {
      kind: 'service',
      design: 'loupe',
      metal: 'gold',
      v: variantOf(pl.id),
    });
    const d = describe(
      s.name,
      undefined,
      [
        ['Turnaround', 'Usually 7 working days'],
        ['Where', 'Any of our shops, or by post'],
      ],
      `${s.name} by our own workshop team. Add it to your basket with the item, or book an appointment at your nearest shop.`,
      r,
    );
    Object.assign(p, {
      type_id: 'virtual',
      description: d.description,
      short_description: d.short,
      meta_description: `${d.short} ${shopName}.`,
      stock: { is_in_stock: true, qty: 9999, manage_stock: false },
      custom_options: engravingOptions(r, pl.id, true),
      new: 0,
    });
    return p;
  }

  function buildDownloadable(pl: Planned, r: Rng): Json {
    const dl = DOWNLOADS[pl.index === 5 ? 1 : r.int(0, DOWNLOADS.length - 1)]!;
    const name = dl.art === 'giftcard' ? `${shopName} ${dl.name} £${dl.price}` : dl.name;
    const p = baseFields(
      pl,
      r,
      name,
      `${dl.code}-${pl.id}`,
      dl.leaf,
      dl.art,
      dl.art === 'giftcard' ? 'Gold' : 'Blue',
      dl.price,
      dl.leaf === 73 ? [71, 72] : [],
      {
        kind: dl.art,
        design: dl.art === 'giftcard' ? 'card' : 'booklet',
        metal: 'gold',
        v: dl.art === 'giftcard' ? [25, 50, 100, 250].indexOf(dl.price) % 3 : DOWNLOADS.indexOf(dl) % 3,
      },
    );
    const d = describe(
      name,
      undefined,
      [
        ['Delivery', 'By e-mail, straight after payment'],
        ['Format', dl.art === 'giftcard' ? 'E-gift card with a unique code' : 'PDF, 12 pages'],
      ],
      dl.art === 'giftcard'
        ? `A digital gift card for £${dl.price}, sent by e-mail and spendable online or in any of our shops for 24 months.`
        : `${dl.name}: practical advice from our workshop, to download and keep.`,
      r,
    );
    Object.assign(p, {
      type_id: 'downloadable',
      description: d.description,
      short_description: d.short,
      meta_description: `${d.short} ${shopName}.`,
      stock: { is_in_stock: true, qty: 9999, manage_stock: false },
      downloadable_links: [{ id: pl.id, title: dl.art === 'giftcard' ? 'E-gift card' : 'PDF guide', price: 0, number_of_downloads: 3, is_shareable: false }],
    });
    return p;
  }

  function buildSet(pl: Planned, r: Rng): Json {
    const bundle = pl.kind === 'bundle';
    const theme = bundle
      ? r.pick(['Charm Starter Gift Set', 'Pendant and Earrings Gift Set', 'Watch and Bracelet Gift Set'])
      : r.pick(['Matching Jewellery Set', 'Bridal Set', 'His and Hers Watch Set']);
    const art: ArtKind = theme.includes('Watch') ? 'watch' : theme.includes('Bridal') ? 'ring' : 'giftbox';
    const name = `${r.pick(['Classic', 'Signature', 'Celebration', 'Keepsake', 'Heritage'])} ${theme}`;
    const setLook: LookBase =
      art === 'watch'
        ? { kind: 'watch', design: 'mens-dress', metal: 'gold', dial: 'white', strap: 'leather' }
        : art === 'ring'
          ? { kind: 'ring', design: 'solitaire', stone: 'diamond' }
          : { kind: 'giftbox', design: 'box', metal: 'gold' };
    const p = baseFields(
      pl,
      r,
      name,
      `${bundle ? 'BND' : 'GRP'}-${pl.id}`,
      74,
      art,
      art === 'giftbox' ? 'Gold' : 'Yellow Gold',
      0,
      [theme.includes('Watch') ? 72 : 71],
      setLook,
    );
    const d = describe(
      name,
      undefined,
      [
        ['Contents', bundle ? 'Choose your pieces below' : 'Buy the pieces together or separately'],
        ['Packaging', 'Gift box included'],
      ],
      bundle
        ? `Build your own ${theme.toLowerCase()}: choose each piece and we will box them together.`
        : `A ${theme.toLowerCase()}: pieces chosen to be worn together, each available on its own.`,
      r,
    );
    Object.assign(p, { type_id: pl.kind, description: d.description, short_description: d.short, meta_description: `${d.short} ${shopName}.`, new: 0 });
    pendingLinks.push({ product: p, kind: pl.kind as 'bundle' | 'grouped', rng: r });
    return p;
  }

  // ---- links between products: bundles, grouped sets, 'related' ----
  const nested = (q: Json): Json => ({
    id: q.id,
    sku: q.sku,
    name: q.name,
    type_id: q.type_id,
    price: q.price,
    final_price: q.final_price,
    special_price: q.special_price,
    special_from_date: q.special_from_date,
    special_to_date: q.special_to_date,
    stock: { is_in_stock: (q.stock as Json).is_in_stock, qty: (q.stock as Json).qty },
  });
  const pool = (...arts: string[]) => arts.flatMap((a) => simplesByArt.get(a) ?? []);
  const anySimple = [...simplesByArt.values()].flat();
  for (const { product: p, kind, rng: r } of pendingLinks) {
    const name = String(p.name);
    // pools are keyed by product family (see FAMILIES)
    const groups: [string, Json[]][] = name.includes('Charm')
      ? [
          ['Bracelet', pool('charm-bracelet', 'bangle')],
          ['Charms', pool('charm')],
        ]
      : name.includes('Watch')
        ? kind === 'grouped'
          ? [
              ['His', pool('mens-watch', 'luxury-watch')],
              ['Hers', pool('ladies-watch')],
            ]
          : [
              ['Watch', pool('mens-watch', 'ladies-watch')],
              ['Bracelet', pool('charm-bracelet', 'bangle', 'tennis')],
            ]
        : name.includes('Bridal')
          ? [
              ['Engagement ring', pool('engagement')],
              ['Wedding ring', pool('wedding')],
            ]
          : [
              ['Pendant', pool('pendant', 'necklace')],
              ['Earrings', pool('studs', 'hoops', 'drops')],
            ];
    if (kind === 'bundle') {
      let optionId = Number(p.id) * 10;
      const options = groups.map(([title, candidates], gi) => {
        const picks = r.sample(candidates.length >= 2 ? candidates : anySimple, title === 'Charms' ? 3 : 2);
        return {
          option_id: ++optionId,
          title,
          required: true,
          type: title === 'Charms' ? 'checkbox' : 'radio',
          position: gi + 1,
          product_links: picks.map((q, i) => ({
            id: Number(p.id) * 100 + gi * 10 + i,
            sku: q.sku,
            qty: 1,
            can_change_quantity: title !== 'Charms',
            is_default: i === 0,
            price: q.price,
            price_type: 'fixed',
            product: nested(q),
          })),
        };
      });
      // an optional extra: one of the cheaper charms
      const extras = pool('charm')
        .filter((q) => Number(q.price) < 40)
        .slice(0, 2);
      if (extras.length) {
        options.push({
          option_id: ++optionId,
          title: 'Add a charm',
          required: false,
          type: 'checkbox',
          position: options.length + 1,
          product_links: extras.map((q, i) => ({
            id: Number(p.id) * 100 + 90 + i,
            sku: q.sku,
            qty: 1,
            can_change_quantity: false,
            is_default: false,
            price: q.price,
            price_type: 'fixed',
            product: nested(q),
          })),
        });
      }
      p.bundle_options = options;
      const price = round2(
        options.filter((o) => o.required).reduce((s, o) => s + Number(o.product_links.find((l) => l.is_default)?.product.final_price ?? 0), 0),
      );
      Object.assign(p, {
        price,
        final_price: price,
        priceInclTax: price,
        originalPrice: price,
        originalPriceInclTax: price,
        priceTax: round2(price - price / (1 + config.constants.vatRate)),
      });
    } else {
      const members = groups.flatMap(([, candidates]) => r.sample(candidates.length ? candidates : anySimple, 1)).filter((q, i, a) => a.indexOf(q) === i);
      if (members.length < 2)
        members.push(
          ...r.sample(
            anySimple.filter((q) => !members.includes(q)),
            2 - members.length,
          ),
        );
      p.product_links = members.map((q, i) => ({
        sku: p.sku,
        link_type: 'associated',
        linked_product_sku: q.sku,
        linked_product_type: 'simple',
        position: i + 1,
        extension_attributes: { qty: 1 },
        product: nested(q),
      }));
      const price = Math.min(...members.map((q) => Number(q.final_price)));
      Object.assign(p, {
        price,
        final_price: price,
        priceInclTax: price,
        originalPrice: price,
        originalPriceInclTax: price,
        priceTax: round2(price - price / (1 + config.constants.vatRate)),
      });
    }
    finance(p, r);
  }
  const byLeaf = new Map<string, Json[]>();
  for (const p of visible) {
    if (p.discontinued === 1) continue;
    const leaf = String(p.url_path).split('/').slice(0, -1).join('/');
    if (!byLeaf.has(leaf)) byLeaf.set(leaf, []);
    byLeaf.get(leaf)!.push(p);
  }
  for (const p of visible) {
    const r = createRng(mixSeed(seed, Number(p.id) + 7_000_000));
    const leaf = String(p.url_path).split('/').slice(0, -1).join('/');
    const related = r
      .sample(byLeaf.get(leaf) ?? [], 5)
      .filter((q) => q !== p)
      .slice(0, 4);
    (p.product_links as Json[]).push(
      ...related.map((q, i) => ({ sku: p.sku, link_type: 'related', linked_product_sku: q.sku, linked_product_type: q.type_id, position: i + 1 })),
    );
  }
  for (const p of products) delete p._art;

  // One configurable product whose options are all withdrawn (disabled and sold out; no random draw,
  // so nothing else moves): its pages say it is out of stock, and the AMP page shows 'No available
  // product variants' (§2 AMP configurable error messages, §4, §8).
  const soldOut = [...visible]
    .reverse()
    .find((p) => p.type_id === 'configurable' && p.discontinued === 0 && ((p.configurable_children as Json[] | undefined)?.length ?? 0) > 1);
  if (soldOut) {
    const none = (st: unknown) => ({ ...(st as Json), is_in_stock: false, qty: 0 });
    soldOut.stock = none(soldOut.stock);
    const kids = new Set((soldOut.configurable_children as Json[]).map((c) => c.sku));
    const withdraw = (c: Json) => Object.assign(c, { status: 2, stock: none(c.stock) });
    for (const c of soldOut.configurable_children as Json[]) withdraw(c);
    for (const q of products) if (kids.has(q.sku)) withdraw(q);
  }

  // category product counts
  for (const p of visible)
    for (const id of p.category_ids as number[]) {
      const c = cats.byId.get(id);
      if (c) c.product_count++;
    }
  cats.byId.get(ROOT_ID)!.product_count = visible.length;

  // ---- write products ----
  const shards: string[] = [];
  for (let i = 0; i < products.length; i += SHARD_SIZE) {
    const file = `products/${String(shards.length).padStart(4, '0')}.json`;
    writeFileSync(
      join(out, file),
      `[\n${products
        .slice(i, i + SHARD_SIZE)
        .map((p) => JSON.stringify(p))
        .join(',\n')}\n]\n`,
    );
    shards.push(file);
  }

  // ---- everything else ----
  const write = (file: string, value: unknown) => {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), `${JSON.stringify(value, null, 2)}\n`);
  };
  const categories = cats.rows;
  write('categories.json', categories);
  write(
    'attributes.json',
    attrs.map((a, i) => ({
      attribute_code: a.code,
      attribute_id: a.id,
      id: a.id,
      options: a.options.map((label, j) => ({ value: String(a.base + j), label, sort_order: j })),
      frontend_label: a.label,
      frontend_input: a.input,
      is_visible_on_front: true,
      is_comparable: a.comparable,
      is_filterable: true,
      position: i,
    })),
  );

  const reviews: Json[] = [];
  let reviewId = 1;
  for (const p of visible) {
    const r = createRng(mixSeed(seed, Number(p.id) + 9_000_000));
    if (!r.chance(p.id === 1001 ? 1 : 0.3)) continue;
    const n = p.id === 1001 ? 3 : r.int(1, 4);
    for (let k = 0; k < n; k++) {
      const [stars, title, detail] = r.pick(REVIEW_TEXTS);
      reviews.push({
        id: reviewId++,
        product_id: p.id,
        title,
        detail,
        nickname: r.pick(REVIEW_NICKNAMES),
        review_status: (p.id === 1001 && k === 2) || r.chance(0.15) ? 2 : 1,
        review_entity: 'product',
        review_type: 2,
        ratings: [{ percent: stars * 20, value: stars, rating_name: 'Rating' }],
        created_at: dayString(-r.int(1, 365), r.int(8, 21)),
        entity_type: 'review',
      });
    }
  }
  write('reviews.json', reviews);

  const shops = [
    {
      id: 'preston',
      location: 'preston',
      street: ['38 Fishergate'],
      city: 'Preston',
      postcode: 'PR1 2AD',
      telephone: '01772 203481',
      latitude: 53.7585,
      longitude: -2.7036,
      sunday: ['10:30', '16:30'] as [string, string] | null,
    },
    {
      id: 'blackburn',
      location: 'blackburn',
      street: ['12 King William Street'],
      city: 'Blackburn',
      postcode: 'BB1 7DJ',
      telephone: '01254 661220',
      latitude: 53.7488,
      longitude: -2.4845,
      sunday: ['10:30', '16:00'] as [string, string] | null,
    },
    {
      id: 'bury',
      location: 'bury',
      street: ['5 The Rock'],
      city: 'Bury',
      postcode: 'BL9 0NB',
      telephone: '0161 764 3391',
      latitude: 53.5933,
      longitude: -2.296,
      sunday: null,
    },
    {
      id: 'carlisle',
      location: 'carlisle',
      street: ['47 English Street'],
      city: 'Carlisle',
      postcode: 'CA3 8JW',
      telephone: '01228 524775',
      latitude: 54.8925,
      longitude: -2.9329,
      sunday: ['11:00', '16:00'] as [string, string] | null,
    },
  ].map((s) => ({
    id: s.id,
    location: s.location,
    name: `${shopName} ${s.city}`,
    street: s.street,
    city: s.city,
    postcode: s.postcode,
    country_id: 'GB',
    telephone: s.telephone,
    email: `${s.location}@${domain}`,
    latitude: s.latitude,
    longitude: s.longitude,
    opening_hours: (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const).map((day) =>
      day === 'Sunday'
        ? { day, open: s.sunday?.[0] ?? null, close: s.sunday?.[1] ?? null }
        : { day, open: '09:00', close: day === 'Thursday' ? '19:00' : '17:30' },
    ),
    description: `Our ${s.city} shop on ${s.street[0]!.replace(/^\d+\s+/, '')}: jewellery, watches, repairs, valuations and engraving, with a watch technician on site.`,
    image: `/stores/${s.location}.jpg`,
  }));
  write('shops.json', shops);

  const ctx: ContentContext = {
    shop: shopName,
    email: config.mailer.contactAddress,
    phone: shops[0]!.telephone,
    towns: shops.map((s) => s.city),
    couponCode: config.constants.newsletterCouponCode,
    couponPercent: config.constants.newsletterCouponPercent,
  };
  const pages = pageDrafts(ctx).map((d, i) => ({
    id: i + 1,
    identifier: d.identifier,
    title: d.title,
    content: d.html,
    content_heading: d.heading ?? d.title,
    meta_title: `${d.title} | ${shopName}`,
    meta_description: d.metaDescription ?? `${d.title} at ${shopName}.`,
    meta_keywords: '',
    layout: 'default',
    active: true,
    store_id: 1,
    booking_form: BOOKING_PAGES.includes(d.identifier),
    ...(d.video ? { video: d.video } : {}),
    noindex: d.noindex ?? false,
  }));
  write('cms-pages.json', pages);
  write(
    'cms-blocks.json',
    blockDrafts(ctx, shops).map((b, i) => ({ id: i + 1, identifier: b.identifier, title: b.title, content: b.html, active: true })),
  );

  const posts = BLOG_POSTS.map((b, i) => {
    const author = BLOG_AUTHORS[b.author]!;
    return {
      id: i + 1,
      title: b.title,
      date: dayString(-(i * 23 + 4), 10),
      uri: `/${config.shop.blogPath}/post/${b.slug}`,
      link: `/${config.shop.blogPath}/post/${b.slug}`,
      // WordPress sends featured images as absolute URLs.
      featuredImage: { sourceUrl: `${MEDIA_BASE_URL}/blog/featured/${b.slug}.jpg`, altText: b.title },
      content: [...b.body, ...(BLOG_CLOSINGS[b.category] ? [BLOG_CLOSINGS[b.category]!] : [])].map((t) => `<p>${t}</p>`).join(''),
      author: { name: author.name, description: author.description, avatar: { url: `/blog/authors/${slugify(author.name)}.svg` } },
      slug: b.slug,
      excerpt: b.excerpt,
      category_ids: [BLOG_CATEGORIES.findIndex((c) => c.slug === b.category) + 1],
    };
  });
  write('blog-posts.json', posts);
  write(
    'blog-categories.json',
    BLOG_CATEGORIES.map((c, i) => ({
      id: i + 1,
      name: c.name,
      slug: c.slug,
      description: c.description,
      children: [],
      posts: posts.filter((p) => p.category_ids.includes(i + 1)).map((p) => p.id),
    })),
  );

  // menus: content is the link path
  let nodeId = 1;
  const menu = (items: [string, string, [string, string][]?][]) => {
    const nodes: Json[] = [];
    items.forEach(([title, content, children], i) => {
      const id = nodeId++;
      nodes.push({ node_id: id, content, classes: children?.length ? 'has-children' : '', parent_id: null, title, position: i });
      (children ?? []).forEach(([t, c], j) => nodes.push({ node_id: nodeId++, content: c, classes: '', parent_id: id, title: t, position: j }));
    });
    return nodes;
  };
  const top = categories.filter((c) => c.level === 2 && c.include_in_menu);
  const header = top.map((c): [string, string, [string, string][]] => [
    c.name,
    `/${c.url_path}`,
    categories
      .filter((k) => k.parent_id === c.id && k.include_in_menu)
      .slice(0, 12)
      .map((k) => [k.name, `/${k.url_path}`]),
  ]);
  header.push([
    'Services',
    '/repairs',
    [
      ['Repairs', '/repairs'],
      ['Valuations', '/valuations'],
      ['Engraving', '/engraving'],
      ['Scrap Gold', '/scrap-gold'],
      ['Part Exchange', '/part-exchange'],
      ['Bespoke Design', '/bespoke-jewellery-design'],
      ['Watch Batteries', '/watch-battery-replacement'],
    ],
  ]);
  write('menus.json', {
    1: menu(header),
    2: menu([
      ['About Us', '/about-us'],
      ['Our Story', '/p/our-story'],
      ['Sustainability', '/p/sustainability'],
      ['Careers', '/careers'],
      ['Our Shops', '/stores/jewellers-preston', shops.map((s) => [s.city, `/stores/jewellers-${s.location}`])],
      [`${config.shop.blogPath === 'pjworld' ? 'PJ World' : 'Blog'}`, `/${config.shop.blogPath}`],
    ]),
    3: menu([
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cookies', '/enable-cookies'],
      ['COVID-19 Statement', '/covid-19-statement'],
    ]),
    4: menu([
      ['Delivery', '/delivery-and-shipping'],
      ['Returns', '/returns-info'],
      ['Store Collection', '/store-collection'],
      ['FAQs', '/faq'],
      ['Contact Us', '/contact-us'],
      ['Klarna', '/klarna-info'],
      ['Finance Options', '/finance-options'],
      ['Price Match', '/price-match'],
    ]),
    5: menu([
      ['Gift Guide', '/gift-guide'],
      ['Shop by Occasion', '/shop-by-occasion'],
      ['Shop by Brand', '/shop-by-brand'],
      ['Ring Size Guide', '/i/ring-size-guide'],
      ['Gift Cards', '/gifts/gift-cards'],
      ['Gift Wrap', '/gift-wrap-service'],
    ]),
    6: menu([
      ...top.map((c): [string, string] => [c.name, `/${c.url_path}`]),
      ['Our Shops', '/stores/jewellers-preston'],
      ['My Account', '/my-account'],
      ['Contact Us', '/contact-us'],
    ]),
  });

  const bannerSet = (lang: 'gb' | 'de' | 'it') => {
    const t = {
      gb: [
        ['The New Season Collection', 'Evermore bridal, Thomas Sabo and Raymond Weil'],
        ['Black Friday', 'Up to 40% off selected pieces'],
        ['Engagement Rings', 'Certified diamonds, lifetime guarantee'],
        ['Watches', 'Swiss and Japanese makers'],
        ['Gifts Under £100', 'Wrapped for free'],
        ['Charms', 'Start a collection'],
        ['Sale', 'While stocks last'],
        ['Gift Cards', 'Sent by e-mail'],
      ],
      de: [
        ['Die neue Kollektion', 'Evermore, Thomas Sabo und Raymond Weil'],
        ['Black Friday', 'Bis zu 40% Rabatt'],
        ['Verlobungsringe', 'Zertifizierte Diamanten'],
        ['Uhren', 'Schweizer und japanische Marken'],
        ['Geschenke unter 100 €', 'Kostenlos verpackt'],
        ['Charms', 'Beginnen Sie eine Sammlung'],
        ['Sale', 'Solange der Vorrat reicht'],
        ['Geschenkkarten', 'Per E-Mail'],
      ],
      it: [
        ['La nuova collezione', 'Evermore, Thomas Sabo e Raymond Weil'],
        ['Black Friday', 'Fino al 40% di sconto'],
        ['Anelli di fidanzamento', 'Diamanti certificati'],
        ['Orologi', 'Marchi svizzeri e giapponesi'],
        ['Regali sotto 100 €', 'Confezione regalo gratuita'],
        ['Charms', 'Inizia una collezione'],
        ['Saldi', 'Fino a esaurimento scorte'],
        ['Carte regalo', 'Inviate per e-mail'],
      ],
    }[lang];
    const b = (i: number, image: string, link: string) => ({
      image,
      title: t[i]![0],
      subtitle: t[i]![1],
      link,
      button_title: lang === 'gb' ? 'Shop now' : lang === 'de' ? 'Jetzt kaufen' : 'Acquista ora',
    });
    return {
      mainBanners: [
        b(0, '/banners/main-launch.jpg', '/launch-campaign'),
        b(1, '/banners/main-black-friday.jpg', '/black-friday'),
        b(2, '/banners/main-engagement.jpg', '/rings/engagement-rings'),
      ],
      smallBanners: [b(3, '/banners/small-watches.jpg', '/watches'), b(4, '/banners/small-gifts.jpg', '/gift-guide')],
      productBanners: [
        b(5, '/banners/product-charms.jpg', '/charms'),
        b(6, '/banners/product-sale.jpg', '/sale'),
        b(7, '/banners/product-gift-cards.jpg', '/gifts/gift-cards'),
      ],
      headImage: b(0, '/banners/head-image.jpg', '/launch-campaign'),
    };
  };
  for (const code of ['gb', 'de', 'it'] as const) write(`banners/${code}.json`, bannerSet(code));

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

  // ---- media ----
  // Photographs are rendered by scripts/photos (npm run photos) into the sample's media/ folder;
  // a snapshot written elsewhere gets a copy of the ones it uses. Only the authors' initials are drawn here.
  const pictures = new Set<string>(shots.keys());
  for (const c of categories) for (const f of [c.image, c.takeover_banner]) if (typeof f === 'string') pictures.add(f);
  const gbBanners = bannerSet('gb');
  for (const b of [...gbBanners.mainBanners, ...gbBanners.smallBanners, ...gbBanners.productBanners, gbBanners.headImage]) pictures.add(b.image);
  for (const post of posts) pictures.add(post.featuredImage.sourceUrl.slice(MEDIA_BASE_URL.length));
  for (const s of shops) pictures.add(s.image);
  for (let i = 1; i <= config.constants.socialFeedImages; i++) pictures.add(`/social/post-${i}.jpg`);
  const photoDir = resolve(opts.photos ?? join(ROOT, 'src/content/sample/media'));
  const mediaDir = join(out, 'media');
  let missing = 0;
  for (const path of [...pictures].sort()) {
    const from = join(photoDir, path);
    const to = join(mediaDir, path);
    if (from === to) continue;
    if (!existsSync(from)) {
      missing++;
      continue;
    }
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
  if (missing) log(`sample: ${missing} pictures are not photographed yet: run npm run photos`);
  for (const a of BLOG_AUTHORS) {
    const file = join(mediaDir, `blog/authors/${slugify(a.name)}.svg`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, avatarSvg(a.name, a.colour));
  }

  const counts: Record<string, number> = {
    products: products.length,
    visible_products: visible.length,
    categories: categories.length,
    attributes: attrs.length,
    reviews: reviews.length,
    cms_pages: pages.length,
    cms_blocks: blockDrafts(ctx, shops).length,
    blog_posts: posts.length,
    blog_categories: BLOG_CATEGORIES.length,
    shops: shops.length,
    media: pictures.size + BLOG_AUTHORS.length,
    discontinued: discontinuedCount,
  };
  write('manifest.json', { version: 1, generated_at: REFERENCE_DATE, source: 'sample-catalog', store_code: 'gb', seed, counts, product_shards: shards });
  const writeMs = performance.now() - started;
  log(
    `sample: wrote ${products.length} products (${visible.length} visible, ${shards.length} shards) and ${pictures.size + BLOG_AUTHORS.length} images to ${out} in ${(writeMs / 1000).toFixed(2)} s`,
  );

  let validateMs = 0;
  if (opts.validate !== false) {
    const v0 = performance.now();
    validateSnapshot(out);
    validateMs = performance.now() - v0;
    log(`sample: validated with src/lib/build/snapshot.ts readers in ${(validateMs / 1000).toFixed(2)} s`);
  }
  return { counts, writeMs, validateMs, shots, pictures: [...pictures].sort() };
}

/** Reads every file of a snapshot with the readers of src/lib/build/snapshot.ts (throws a SnapshotError on the first bad record). */
export function validateSnapshot(dir: string): number {
  let n = 0;
  for (const _ of snapshot.iterateProducts(dir)) n++;
  snapshot.readCategories(dir);
  snapshot.readAttributes(dir);
  snapshot.readReviews(dir);
  snapshot.readCmsPages(dir);
  snapshot.readCmsBlocks(dir);
  snapshot.readBlogPosts(dir);
  snapshot.readBlogCategories(dir);
  snapshot.readMenus(dir);
  snapshot.readShops(dir);
  snapshot.readShippingMethods(dir);
  snapshot.readPaymentMethods(dir);
  snapshot.readTaxRates(dir);
  snapshot.readCoupons(dir);
  snapshot.readSocial(dir);
  snapshot.readUrlMap(dir);
  for (const code of ['gb', 'de', 'it']) snapshot.readBanners(code, dir);
  return n;
}

function parseArgs(argv: string[]): SampleOptions {
  const o: SampleOptions = { products: 400, seed: 1, out: 'src/content/sample' };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--products') o.products = Number(value());
    else if (flag === '--seed') o.seed = Number(value());
    else if (flag === '--out') o.out = String(value());
    else if (flag === '--no-validate') o.validate = false;
    else throw new Error(`Unknown option ${flag}. Usage: --products N --seed S --out DIR [--no-validate]`);
  }
  if (!Number.isInteger(o.products) || o.products < 1) throw new Error('--products must be a positive integer');
  if (!Number.isInteger(o.seed)) throw new Error('--seed must be an integer');
  return o;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  const o = parseArgs(process.argv.slice(2));
  if (!existsSync(dirname(resolve(o.out)))) mkdirSync(dirname(resolve(o.out)), { recursive: true });
  const r = generateSample({ ...o, log: (l) => console.log(l) });
  console.log(`sample: placeholder colours of ${await writePlaceholders(resolve(o.out))} pictures`);
  console.log(`sample: ${JSON.stringify(r.counts)}`);
  console.log(`sample: done in ${((performance.now() - t0) / 1000).toFixed(2)} s (products ${o.products}, seed ${o.seed})`);
}
