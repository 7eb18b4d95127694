/**
 * What every step of the sample generator (scripts/sample-catalog.ts) shares: the fixed "now", the
 * shop's media address, prices and dates, attribute option ids, and the context the product steps
 * write into.
 */
import { defaults } from '../../../src/lib/config';
import type { Rng } from '../prng';
import type { Look, ShotView } from '../sample-photos';
import type { AttrDef } from '../sample-catalog-data';
import type { Categories } from './categories';

/** The fixed "now" of the sample: dates of special prices, news and reviews are relative to it. */
export const REFERENCE_DATE = '2026-11-01T00:00:00.000Z';
const REF = Date.parse(REFERENCE_DATE);
export const DAY = 86_400_000;
/** The shop's own media address (the default `images.mediaBaseUrls`, not the environment's: same seed, same bytes). */
export const MEDIA_BASE_URL = defaults.images.mediaBaseUrls[0]!;

export type Json = Record<string, unknown>;

export const round2 = (n: number) => Math.round(n * 100) / 100;
/** "2026-11-01 00:00:00" from a day offset to the reference date. */
export const dayString = (offsetDays: number, hour = 0) => new Date(REF + offsetDays * DAY + hour * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** A price that looks like a shop's: £x9.00, £x95.00 or £x.99 under £100. */
export function shopPrice(rng: Rng, [min, max]: [number, number]): number {
  const raw = min * Math.pow(max / min, rng.next());
  let p: number;
  if (raw < 100) p = Math.floor(raw) + (rng.chance(0.5) ? 0.99 : 0);
  else if (raw < 1000) p = Math.round(raw / 10) * 10 - (rng.chance(0.7) ? 1 : 0);
  else p = Math.round(raw / 50) * 50 - 5;
  return round2(Math.min(Math.max(p, min), max));
}

export class Options {
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

export function weighted<T>(rng: Rng, items: [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) if ((r -= w) < 0) return item;
  return items[items.length - 1]![0];
}

/** A look without its metal: the metal comes from the product's colour unless given. */
export type LookBase = Omit<Look, 'metal' | 'v'> & { metal?: string; v?: number };

/** A bundle or grouped set waiting for its members (linked once every product is built), with its own stream. */
export interface PendingLink {
  product: Json;
  kind: 'bundle' | 'grouped';
  rng: Rng;
}

/** What the product steps read and write: the seed, option ids, categories, the shots used, the sets to link, tallies. */
export interface ProductContext {
  seed: number;
  opt: Options;
  cats: Categories;
  shopName: string;
  /** Records a product shot as used and returns its media path. */
  useImage: (look: Look, view?: ShotView) => string;
  pendingLinks: PendingLink[];
  tally: { discontinued: number; unsafeDone: boolean };
}

/** The first sentence of `text`, with its one full stop (a one-sentence text already ends with it). */
export const firstSentence = (text: string): string => text.split('. ')[0]!.replace(/\.$/, '') + '.';
