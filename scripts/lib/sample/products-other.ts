/** Sample products that are not jewellery or watches: workshop services, downloads and gift cards, bundle and grouped sets. */
import type { Rng } from '../prng';
import { DOWNLOADS, GIFT_CARD_DESIGNS, GUIDE_EDITIONS, SERVICE_ROUNDS, SERVICES } from '../sample-catalog-data';
import { variantOf } from '../sample-photos';
import type { ArtKind } from '../sample-svg';
import type { Json, LookBase, ProductContext } from './common';
import type { Planned } from './plan';
import { baseFields, describe, engravingOptions } from './product-fields';

/** A product's description, short description and meta description from its drafted texts. */
const texts = (d: { description: string; short: string }, shopName: string) => ({
  description: d.description,
  short_description: d.short,
  meta_description: `${d.short} ${shopName}.`,
});

/** The stock of a service or a download: always in stock, not counted. */
const notCounted = () => ({ is_in_stock: true, qty: 9999, manage_stock: false });

export function buildVirtual(ctx: ProductContext, pl: Planned, r: Rng): Json {
  const { shopName } = ctx;
  // Each service once, then again at each shop: a shopper never meets two products of one name.
  const s = SERVICES[pl.ordinal % SERVICES.length]!;
  if (pl.index !== 4) r.int(0, SERVICES.length - 1); // the draw that once chose it: the rest of the product stays as it was
  const round = Math.floor(pl.ordinal / SERVICES.length);
  const name = round === 0 ? s.name : `${s.name} (${SERVICE_ROUNDS[(round - 1) % SERVICE_ROUNDS.length]})`;
  const p = baseFields(ctx, pl, r, name, `SRV-${s.code}-${pl.id}`, 85, 'service', 'Silver', s.price, [], {
    kind: 'service',
    design: 'loupe',
    metal: 'gold',
    v: variantOf(pl.id),
  });
  const d = describe(
    name,
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
    ...texts(d, shopName),
    stock: notCounted(),
    custom_options: engravingOptions(r, pl.id, true),
    new: 0,
  });
  return p;
}

export function buildDownloadable(ctx: ProductContext, pl: Planned, r: Rng): Json {
  const { shopName } = ctx;
  // Each download once (the first a £50 gift card), then gift cards in other designs and guides in later editions.
  const dl = DOWNLOADS[(pl.ordinal + 1) % DOWNLOADS.length]!;
  if (pl.index !== 5) r.int(0, 6); // the draw that once chose it (of the first seven): the rest of the product stays as it was
  const round = Math.floor((pl.ordinal + 1) / DOWNLOADS.length);
  const base = dl.art === 'giftcard' ? `${shopName} ${dl.name} £${dl.price}` : dl.name;
  const name = round === 0 ? base : `${base} (${(dl.art === 'giftcard' ? GIFT_CARD_DESIGNS : GUIDE_EDITIONS)[(round - 1) % GIFT_CARD_DESIGNS.length]})`;
  const p = baseFields(
    ctx,
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
    ...texts(d, shopName),
    stock: notCounted(),
    downloadable_links: [{ id: pl.id, title: dl.art === 'giftcard' ? 'E-gift card' : 'PDF guide', price: 0, number_of_downloads: 3, is_shareable: false }],
  });
  return p;
}

export function buildSet(ctx: ProductContext, pl: Planned, r: Rng): Json {
  const { shopName } = ctx;
  const bundle = pl.kind === 'bundle';
  // Every theme in every range (then in every finish) before any name comes again.
  const themes = bundle
    ? ['Charm Starter Gift Set', 'Pendant and Earrings Gift Set', 'Watch and Bracelet Gift Set']
    : ['Matching Jewellery Set', 'Bridal Set', 'His and Hers Watch Set'];
  const ranges = ['Classic', 'Signature', 'Celebration', 'Keepsake', 'Heritage'];
  const theme = themes[pl.ordinal % themes.length]!;
  r.pick(themes); // the draws that once chose the name: the rest of the set stays as it was
  r.pick(ranges);
  const art: ArtKind = theme.includes('Watch') ? 'watch' : theme.includes('Bridal') ? 'ring' : 'giftbox';
  const finish = ['', ' in Sterling Silver', ' in 9ct Gold', ' in Rose Gold'][Math.floor(pl.ordinal / (themes.length * ranges.length)) % 4];
  const name = `${ranges[Math.floor(pl.ordinal / themes.length) % ranges.length]} ${theme}${finish}`;
  const setLook: LookBase =
    art === 'watch'
      ? { kind: 'watch', design: 'mens-dress', metal: 'gold', dial: 'white', strap: 'leather' }
      : art === 'ring'
        ? { kind: 'ring', design: 'solitaire', stone: 'diamond' }
        : { kind: 'giftbox', design: 'box', metal: 'gold' };
  const p = baseFields(
    ctx,
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
  Object.assign(p, { type_id: pl.kind, ...texts(d, shopName), new: 0 });
  ctx.pendingLinks.push({ product: p, kind: pl.kind as 'bundle' | 'grouped', rng: r });
  return p;
}
