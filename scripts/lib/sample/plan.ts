/** Pass 1 of the sample: plan the top-level products (type, family, id range) from the main stream. */
import type { Rng } from '../prng';
import { FAMILIES, type Family, type ProductKind } from '../sample-catalog-data';
import { weighted } from './common';

/** What pass 1 decides for each top-level product (enough for links between products). */
export interface Planned {
  id: number;
  kind: ProductKind;
  family?: Family;
  index: number;
  /** Its place among the planned products of its kind (0 for the first virtual product, and so on). */
  ordinal: number;
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

/** Plans products until `N` records (parents and children) are reached; the first ones are FORCED. */
export function planProducts(rng: Rng, N: number): Planned[] {
  const plan: Planned[] = [];
  const ofKind = new Map<ProductKind, number>();
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
    const ordinal = ofKind.get(kind) ?? 0;
    ofKind.set(kind, ordinal + 1);
    plan.push({ id: nextId, kind, family, index, ordinal, childCount });
    nextId += 1 + childCount;
    total += 1 + childCount;
  }
  return plan;
}
