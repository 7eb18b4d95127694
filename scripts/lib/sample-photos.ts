/**
 * What the sample's product photographs show (docs/snapshot.md, "Sample data"): a look is
 * a piece as the studio models it (kind, design, metal, stone, dial and strap, a variant of size
 * and cut), and its picture paths name it. scripts/sample-catalog.ts picks a look for every
 * product and returns the shots it used (`shots` of its result); scripts/photos/index.ts renders
 * them (npm run photos).
 */
import { slugify } from '../../src/lib/catalog/slug';
import type { ArtKind } from './sample-svg';

export const SHOT_VIEWS = ['front', 'angle', 'detail', 'top'] as const;
export type ShotView = (typeof SHOT_VIEWS)[number];

/**
 * Kinds whose straight-on front view hides what sells them: a ring stands upright, so from the
 * front its centre stone is a sliver on the top edge and every ring of a design shows one
 * silhouette. Their gallery leads with the 3/4 angle view (image, small_image, thumbnail and the
 * first media_gallery entry), with the front view second (the hover picture).
 */
const ANGLE_FIRST: readonly string[] = ['ring'];

/** The order of a look's views in its gallery: the first is the product's picture, the second its hover picture. */
export function viewsOf(kind: string): ShotView[] {
  return ANGLE_FIRST.includes(kind) ? ['angle', 'front', 'detail', 'top'] : [...SHOT_VIEWS];
}

export interface Look {
  kind: ArtKind;
  design: string;
  metal: string;
  stone?: string;
  dial?: string;
  strap?: string;
  /** A variant of size, cut and setting (0 or 1). */
  v: number;
}

/** The metal a colour option shows as (colour labels of config.colorMappings). */
export function metalOf(colour: string): string {
  const m: Record<string, string> = {
    'Yellow Gold': 'yellow-gold',
    Gold: 'yellow-gold',
    'Rose Gold': 'rose-gold',
    'White Gold': 'white-gold',
    Silver: 'silver',
    Platinum: 'platinum',
    'Two Tone': 'two-tone',
    Black: 'black',
  };
  return m[colour] ?? 'silver';
}

/** The case metal of a watch material. */
export function watchMetalOf(material: string): string {
  if (material.startsWith('Rose Gold')) return 'rose-gold';
  if (material.startsWith('Gold')) return 'yellow-gold';
  if (material.startsWith('Two Tone')) return 'two-tone';
  if (material === 'Titanium') return 'titanium';
  if (material === 'Ceramic') return 'black';
  return 'steel';
}

/** The strap of a watch as the studio models it. */
export function strapOf(strap: string): string {
  return strap === 'Stainless Steel Bracelet' || strap.endsWith('Bracelet') ? 'bracelet' : slugify(strap);
}

/** Stones that photograph alike share pictures: every clear white stone shows as a diamond. */
export function stoneLookOf(stone: string): string {
  return ['Lab Grown Diamond', 'Cubic Zirconia', 'Crystal'].includes(stone) ? 'diamond' : slugify(stone);
}

/** The studio's charm and pendant shapes, by motif. */
export function shapeOf(motif: string): string {
  const m = slugify(motif);
  if (['heart', 'mum', 'sister'].includes(m)) return 'heart';
  if (['star', 'christmas-tree'].includes(m)) return 'star';
  if (['snowflake', 'angel-wing'].includes(m)) return 'snowflake';
  if (['four-leaf-clover', 'butterfly'].includes(m)) return 'four-leaf-clover';
  if (['dragonfly', 'bee'].includes(m)) return 'bee';
  if (m === 'moon') return 'moon';
  return 'disc';
}

/** A small stable variant of a product id (no draw from the generator's random sequence). */
export function variantOf(id: number, n = 2): number {
  return (Math.imul(id, 2654435761) >>> 16) % n;
}

/** The media path of one picture of a look. */
export function photoPath(look: Look, view: ShotView = 'front'): string {
  const name = [look.design, look.metal, look.stone, look.dial, look.strap].filter(Boolean).join('-');
  return `/catalog/product/${look.kind}/${name}-${look.v}${view === 'front' ? '' : `-${view}`}.jpg`;
}

/**
 * The photographed shot nearest to a look's, for a sample whose looks are not all photographed yet
 * (another seed or size than the committed sample's): the same kind and view, then the same design
 * and metal, the same design, the same metal, any (first by name). `photographed(kind)` lists the
 * file names of a kind's folder. Null when the kind has none.
 */
export function nearestPhoto(look: Look, view: ShotView, photographed: (kind: string) => readonly string[]): string | null {
  const names = photographed(look.kind);
  const suffix = view === 'front' ? '' : `-${view}`;
  const ofView = (v: string) => names.filter((n) => (v === '' ? /-\d\.jpg$/.test(n) : n.endsWith(`${v}.jpg`)));
  const pool = ofView(suffix).length ? ofView(suffix) : ofView('');
  if (!pool.length) return null;
  const rank = (n: string) => (n.startsWith(`${look.design}-${look.metal}-`) ? 3 : n.startsWith(`${look.design}-`) ? 2 : n.includes(`-${look.metal}-`) ? 1 : 0);
  const best = [...pool].sort((a, b) => rank(b) - rank(a) || (a < b ? -1 : a > b ? 1 : 0))[0]!;
  return `/catalog/product/${look.kind}/${best}`;
}
