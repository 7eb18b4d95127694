/**
 * Links between sample products, once every product is built: bundle options and grouped members
 * (from each set's own stream), 'related' links within a category, the one configurable product
 * with every option withdrawn, and the categories' product counts.
 */
import { config } from '../../../src/lib/config';
import { createRng, mixSeed, type Rng } from '../prng';
import { ROOT_ID } from '../sample-catalog-data';
import type { Categories } from './categories';
import { round2, type Json, type PendingLink } from './common';
import { finance } from './product-fields';

/** A set member as a set embeds it. */
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

type Pool = (...arts: string[]) => Json[];

/** Fills every bundle's options and every grouped set's members from the in-stock simples, then its finance. */
export function linkSets(pendingLinks: PendingLink[], simplesByArt: Map<string, Json[]>): void {
  const pool = (...arts: string[]) => arts.flatMap((a) => simplesByArt.get(a) ?? []);
  const anySimple = [...simplesByArt.values()].flat();
  for (const { product: p, kind, rng: r } of pendingLinks) {
    const groups = setGroups(String(p.name), kind, pool);
    if (kind === 'bundle') bundleOptions(p, r, groups, pool, anySimple);
    else groupedMembers(p, r, groups, anySimple);
    finance(p, r);
  }
}

/** The titled candidate pools of a set, by its theme. */
function setGroups(name: string, kind: PendingLink['kind'], pool: Pool): [string, Json[]][] {
  // pools are keyed by product family (see FAMILIES)
  return name.includes('Charm')
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
}

function bundleOptions(p: Json, r: Rng, groups: [string, Json[]][], pool: Pool, anySimple: Json[]) {
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
  const price = round2(options.filter((o) => o.required).reduce((s, o) => s + Number(o.product_links.find((l) => l.is_default)?.product.final_price ?? 0), 0));
  setPrice(p, price);
}

/** A set's price fields: what its default or cheapest members cost. */
function setPrice(p: Json, price: number) {
  Object.assign(p, {
    price,
    final_price: price,
    priceInclTax: price,
    originalPrice: price,
    originalPriceInclTax: price,
    priceTax: round2(price - price / (1 + config.constants.vatRate)),
  });
}

function groupedMembers(p: Json, r: Rng, groups: [string, Json[]][], anySimple: Json[]) {
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
  setPrice(p, price);
}

/** Up to four 'related' links to products of the same leaf category, from each product's own stream. */
export function relatedLinks(seed: number, visible: Json[]): void {
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
}

// One configurable product whose options are all withdrawn (disabled and sold out; no random draw,
// so nothing else moves): its pages say it is out of stock, and the AMP page shows 'No available
// product variants' (§2 AMP configurable error messages, §4, §8).
export function withdrawSoldOut(visible: Json[], products: Json[]): void {
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
}

/** Category product counts; the root counts every visible product. */
export function countCategoryProducts(cats: Categories, visible: Json[]): void {
  for (const p of visible)
    for (const id of p.category_ids as number[]) {
      const c = cats.byId.get(id);
      if (c) c.product_count++;
    }
  cats.byId.get(ROOT_ID)!.product_count = visible.length;
}
