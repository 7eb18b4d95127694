/**
 * Pass 2 of the sample: every planned product built from its own stream (mixSeed(seed, id)), in
 * plan order. Jewellery and watches are drawn here; configurable children, services, downloads and
 * sets have their own modules.
 */
import { slugify } from '../../../src/lib/catalog/slug';
import { createRng, mixSeed, type Rng } from '../prng';
import { BRANDS, BRAND_PRICE_BANDS, CHARM_MOTIFS, JEWELLERY_LINES, MATERIAL_COLOUR, WATCH_MODELS, type Family } from '../sample-catalog-data';
import { shapeOf, stoneLookOf, strapOf, variantOf, watchMetalOf } from '../sample-photos';
import { round2, shopPrice, weighted, type Json, type LookBase, type ProductContext } from './common';
import type { Planned } from './plan';
import { addCategories, applySpecial, baseFields, describe, engravingOptions, finance } from './product-fields';
import { buildConfigurable } from './products-configurable';
import { buildDownloadable, buildSet, buildVirtual } from './products-other';

/** Every product record (parents then their children), the visible ones, and the in-stock simples by family (the pools sets draw from). */
export interface BuiltProducts {
  products: Json[];
  visible: Json[];
  simplesByArt: Map<string, Json[]>;
}

export function buildProducts(ctx: ProductContext, plan: Planned[]): BuiltProducts {
  const products: Json[] = [];
  const visible: Json[] = [];
  const simplesByArt = new Map<string, Json[]>();
  for (const pl of plan) {
    const r = createRng(mixSeed(ctx.seed, pl.id));
    const built = buildProduct(ctx, pl, r);
    products.push(...built);
    const parent = built[0]!;
    visible.push(parent);
    if (parent.type_id === 'simple' && parent.discontinued === 0 && (parent.stock as Json).is_in_stock) {
      const art = String(pl.family?.key ?? parent._art);
      if (!simplesByArt.has(art)) simplesByArt.set(art, []);
      simplesByArt.get(art)!.push(parent);
    }
  }
  return { products, visible, simplesByArt };
}

function buildProduct(ctx: ProductContext, pl: Planned, r: Rng): Json[] {
  if (pl.kind === 'virtual') return [buildVirtual(ctx, pl, r)];
  if (pl.kind === 'downloadable') return [buildDownloadable(ctx, pl, r)];
  if (pl.kind === 'bundle' || pl.kind === 'grouped') return [buildSet(ctx, pl, r)];
  return buildFamilyProduct(ctx, pl, r);
}

/** What a jewellery or watch product has drawn before it is named. */
interface Traits {
  f: Family;
  brand: Family['brands'][number];
  material: string;
  stone: string | undefined;
  style: string;
  gender: string;
  colourVariants: boolean;
  v: number;
  stoneSlug: string | undefined;
  attrsOut: Json;
  specs: [string, string][];
}

/** A product's name, first sentence, photographed look and (for watches, the dial) colour. */
interface Named {
  name: string;
  intro: string;
  lookBase: LookBase;
  colour?: string;
}

/** A jewellery or watch product of its family: simple, or configurable with its children. */
function buildFamilyProduct(ctx: ProductContext, pl: Planned, r: Rng): Json[] {
  const { opt, shopName } = ctx;
  const f = pl.family!;
  const brand = r.pick(f.brands);
  const brandCode = BRANDS.find((b) => b.name === brand)!.code;
  const material = r.pick(f.materials);
  const stone = f.stones && (f.key !== 'dress-ring' || r.chance(0.7)) ? r.pick(f.stones) : undefined;
  const style = r.pick(f.styles);
  const gender = r.pick(f.gender);
  const sku = `${brandCode}${pl.id}`;
  const attrsOut: Json = {
    brand: opt.id('brand', brand),
    pj_brand: opt.id('pj_brand', brand),
    pj_gender: opt.id('pj_gender', gender),
    pj_material: opt.id('pj_material', material),
    pj_style: opt.id('pj_style', style),
  };
  if (stone) attrsOut.pj_stone = opt.id('pj_stone', stone);
  const specs: [string, string][] = [
    ['Brand', brand],
    ['Material', material],
  ];
  const colourVariants = pl.kind === 'configurable' && f.config === 'ring' && (pl.index === 0 || r.chance(0.3));
  // what the photographs show (no draw from r: the rest of the data does not move)
  const v = variantOf(pl.id);
  const stoneSlug = stone ? stoneLookOf(stone) : undefined;
  const traits: Traits = { f, brand, material, stone, style, gender, colourVariants, v, stoneSlug, attrsOut, specs };
  const named = f.watch ? nameWatch(ctx, traits, r) : nameJewellery(ctx, pl, traits, r);
  const { name, intro, lookBase } = named;
  const colour = named.colour ?? MATERIAL_COLOUR[material] ?? 'Silver';
  attrsOut.color = opt.id('color', colour);
  const band = BRAND_PRICE_BANDS[brand];
  const price = shopPrice(r, band ? [Math.max(f.price[0], band[0]), Math.min(f.price[1], band[1])] : f.price);
  const extra = [90 + BRANDS.findIndex((b) => b.name === brand) + 1];
  if (f.key === 'luxury-watch') extra.push(gender === 'Ladies' ? 62 : 61);
  if (f.key === 'mens-watch' && r.chance(0.4)) extra.push(72);
  if (['pendant', 'necklace', 'studs', 'charm'].includes(f.key) && r.chance(0.4)) extra.push(71);
  const p = baseFields(ctx, pl, r, name, sku, f.leaf, f.art, colour, price, extra, lookBase);
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
  if (pl.index === 1 && pl.kind === 'simple' && !ctx.tally.unsafeDone) {
    // the one product with unsafe markup, for the sanitiser to remove
    p.description = `${String(p.description)}<script>window.__pwned = true;</script><p><a href="javascript:alert('x')" onclick="alert('x')">Unsafe link</a></p>`;
    ctx.tally.unsafeDone = true;
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
      ctx.tally.discontinued++;
    }
    if (r.chance(0.08)) p.visibility = r.pick([2, 3]);
    if (r.chance(0.1) && ['pendant', 'charm', 'mens-watch'].includes(f.key)) p.custom_options = engravingOptions(r, pl.id, false);
    if (p.sale === 1) addCategories(ctx, p, [80, ['mens-watch', 'ladies-watch', 'smart-watch', 'luxury-watch'].includes(f.key) ? 82 : 81]);
    finance(p, r);
    return [p];
  }
  return buildConfigurable(ctx, pl, r, { p, f, name, sku, price, colour, colourVariants, lookBase, v, attrsOut, window });
}

/** A watch's model, dial, case, movement, strap and features: its attributes, specs, name and look. */
function nameWatch(ctx: ProductContext, t: Traits, r: Rng): Named {
  const { f, brand, material, style, gender, v, attrsOut, specs } = t;
  const { opt } = ctx;
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
  const lookBase: LookBase =
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
  const name =
    f.watch === 'smart'
      ? `${brand} ${model} ${caseMm}mm ${strap === 'Fabric' ? 'Nylon Strap' : strap === 'Silicone' ? 'Silicone Strap' : 'Steel'} Smartwatch`
      : `${brand} ${model} ${who}${movement} ${dial} Dial ${strap === 'Leather' ? 'Leather Strap' : strap === 'Rubber' ? 'Rubber Strap' : 'Bracelet'} Watch ${caseMm}mm`;
  Object.assign(attrsOut, {
    pj_watch_movement: opt.id('pj_watch_movement', movement),
    pj_strap_material: opt.id('pj_strap_material', strap),
    pj_features: features.map((x) => opt.id('pj_features', x)),
  });
  specs.push(['Case size', `${caseMm}mm`], ['Movement', movement], ['Strap', strap], ['Dial', dial], ['Features', features.join(', ')]);
  const intro =
    f.watch === 'smart'
      ? `The ${brand} ${model} tracks your workouts, sleep and heart rate and keeps notifications on your wrist. Battery life runs to several days between charges.`
      : `The ${brand} ${model} pairs a ${dial.toLowerCase()} dial with a ${caseMm}mm ${material.toLowerCase()} case and a ${movement.toLowerCase()} movement. ${features.includes('Chronograph') ? 'The chronograph times anything from a lap to a roast dinner.' : 'A watch to wear every day for years.'}`;
  return { name, intro, lookBase, colour: dial };
}

/** A jewellery piece's collection line, carat, width or motif: its attributes, specs, name and look. */
function nameJewellery(ctx: ProductContext, pl: Planned, t: Traits, r: Rng): Named {
  const { f, brand, material, stone, style, colourVariants, v, stoneSlug, attrsOut, specs } = t;
  const { opt } = ctx;
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
  const lookBase: LookBase = { kind: f.art, design, ...(stoneSlug && f.key !== 'hoops' && f.key !== 'bangle' ? { stone: stoneSlug } : {}), v };
  const name =
    `${brand} ${line} ${metal}${carat}${stone && f.key !== 'charm' ? `${stone} ` : ''}${motif}${f.key === 'wedding' ? `${width}${style} ` : f.key === 'engagement' ? `${style} ` : ''}${f.noun}`.replace(
      /\s+/g,
      ' ',
    );
  if (stone) specs.push(['Stone', stone]);
  specs.push(['Style', style]);
  if (f.config === 'bracelet' || f.key === 'bangle')
    attrsOut.pj_bracelet_size = opt.id('pj_bracelet_size', f.key === 'bangle' ? r.pick(['Adjustable', '18cm', '19cm']) : r.pick(['17cm', '19cm', '21cm']));
  const intro =
    f.key === 'engagement'
      ? `A ${style.toLowerCase()} engagement ring in ${material.toLowerCase()}${stone ? `, set with a ${carat.trim()} ${stone.toLowerCase()}` : ''}. Every diamond is conflict-free and certified, and we resize for free in the first year.`
      : f.key === 'charm'
        ? `A ${motif.trim().toLowerCase()} charm from the ${brand} ${line} collection in ${material.toLowerCase()}. Add it to a bracelet or start a new story.`
        : `From the ${brand} ${line} collection: ${f.noun.toLowerCase()} in ${material.toLowerCase()}${stone ? ` with ${stone.toLowerCase()}` : ''}. Designed to be worn every day and kept for years.`;
  return { name, intro, lookBase };
}
