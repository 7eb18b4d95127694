/** A configurable jewellery product: its children by size (and colour for some rings), and the parent's prices, stock and options from them. */
import { createRng, mixSeed, type Rng } from '../prng';
import { BRACELET_SIZES, RING_SIZES, type Family } from '../sample-catalog-data';
import { metalOf, viewsOf, type Look } from '../sample-photos';
import { shopPrice, type Json, type LookBase, type ProductContext } from './common';
import type { Planned } from './plan';
import { addCategories, applySpecial, baseFields, engravingOptions, finance } from './product-fields';

/** The parent as the family step left it, and what its children are drawn from. */
export interface ConfigurableDraft {
  p: Json;
  f: Family;
  name: string;
  sku: string;
  price: number;
  colour: string;
  colourVariants: boolean;
  lookBase: LookBase;
  v: number;
  attrsOut: Json;
  window: 'current' | 'expired' | 'future' | null;
}

/** Returns the parent and its children. */
export function buildConfigurable(ctx: ProductContext, pl: Planned, r: Rng, d: ConfigurableDraft): Json[] {
  d.p.type_id = 'configurable';
  const { children, colours, combos } = buildChildren(ctx, pl, r, d);
  finishParent(ctx, pl, r, d, children, colours, combos);
  return [d.p, ...children];
}

function buildChildren(ctx: ProductContext, pl: Planned, r: Rng, d: ConfigurableDraft): { children: Json[]; colours: string[]; combos: [string, string][] } {
  const { p, f, name, sku, price, colour, colourVariants, lookBase, attrsOut, window } = d;
  const { opt, seed } = ctx;
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
  const chosenSizes = Array.from({ length: perColour }, (_, i) => sizes[Math.min(sizes.length - 1, start + i * step)]!).filter((s, i, a) => a.indexOf(s) === i);
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
    const childBase = baseFields(ctx, { ...pl, id: childId }, r, childName, childSku, f.leaf, f.art, c, childPrice, [], { ...lookBase, metal: metalOf(c) });
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
  return { children, colours, combos };
}

/** The parent's price, stock and options follow its first available child. */
function finishParent(ctx: ProductContext, pl: Planned, r: Rng, d: ConfigurableDraft, children: Json[], colours: string[], combos: [string, string][]) {
  const { p, f, name, lookBase, v } = d;
  const { opt } = ctx;
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
        image: ctx.useImage({ ...lookBase, metal: metalOf(c), v } as Look, viewsOf(lookBase.kind)[0]),
        pos: (p.media_gallery as Json[]).length + i + 1,
        typ: 'image',
        lab: `${name} in ${c}`,
      })),
    ];
  if (p.sale === 1) addCategories(ctx, p, [80, 81]);
  if (f.config === 'ring' && r.chance(0.5)) p.custom_options = engravingOptions(r, pl.id, false);
  finance(p, r);
}
