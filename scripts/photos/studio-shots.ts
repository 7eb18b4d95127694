/**
 * A small set of studio shots that between them reach every model builder and branch of the studio
 * (each kind, design, cut, strap and stage, a composed banner and a shop window), at a small size:
 * what `studio-check.ts` renders to tell whether a change to the studio changed any picture.
 */
import { sceneFor } from './scenes';

type Spec = Record<string, unknown>;
const W = 144;
const H = 179;
const p = (kind: string, design: string, metal: string, extra: Spec = {}): Spec => ({
  kind,
  design,
  metal,
  v: 0,
  view: 'front',
  w: W,
  h: H,
  seed: 1,
  ...extra,
});
const scene = (path: string): Spec => {
  const s = sceneFor(path);
  if (!s) throw new Error(`no scene ${path}`);
  return { ...s, w: Math.round(Number(s.w) / 8), h: Math.round(Number(s.h) / 8), seed: 7 };
};

export const STUDIO_SHOTS: Record<string, Spec> = {
  'ring-solitaire-angle': p('ring', 'solitaire', 'platinum', { stone: 'diamond', view: 'angle' }),
  'ring-halo-sapphire': p('ring', 'halo', 'white-gold', { stone: 'sapphire', v: 1 }),
  'ring-trilogy-emerald-detail': p('ring', 'trilogy', 'yellow-gold', { stone: 'emerald', v: 2, view: 'detail' }),
  'ring-band-top': p('ring', 'band', 'rose-gold', { v: 3, view: 'top' }),
  'ring-eternity-pearl': p('ring', 'eternity', 'silver', { stone: 'pearl' }),
  'ring-dress-ruby': p('ring', 'dress', 'gold', { stone: 'ruby', v: 1 }),
  'pendant-heart-enamel': p('pendant', 'heart', 'silver', { stone: 'enamel' }),
  'pendant-halo-detail': p('pendant', 'halo', 'platinum', { stone: 'tanzanite', v: 2, view: 'detail' }),
  'pendant-pearl-angle': p('pendant', 'solitaire', 'yellow-gold', { stone: 'pearl', v: 1, view: 'angle' }),
  'necklace-pearl-strand': p('necklace', 'strand', 'silver', { stone: 'pearl' }),
  'necklace-bar': p('necklace', 'bar', 'yellow-gold', { v: 1 }),
  'necklace-stations': p('necklace', 'station', 'white-gold', { stone: 'amethyst', v: 1 }),
  'earrings-hoop': p('earrings', 'hoop', 'yellow-gold', { v: 1 }),
  'earrings-drop-pearl': p('earrings', 'drop', 'rose-gold', { stone: 'pearl' }),
  'earrings-stud-princess': p('earrings', 'stud', 'platinum', { stone: 'cubic-zirconia', v: 1 }),
  'bangle-two-tone': p('bangle', 'two-tone', 'two-tone', { stone: 'diamond', v: 1 }),
  'bracelet-tennis': p('bracelet', 'tennis', 'white-gold', { stone: 'blue-topaz', v: 1 }),
  'bracelet-charms': p('bracelet', 'charm', 'silver'),
  'charm-clover': p('charm', 'four-leaf-clover', 'silver', { stone: 'cubic-zirconia', v: 1 }),
  'charm-moon-detail': p('charm', 'moon', 'gold', { stone: 'crystal', view: 'detail' }),
  'watch-dive-rubber': p('watch', 'mens-dive', 'steel', { dial: 'blue', strap: 'rubber' }),
  'watch-chrono-bracelet': p('watch', 'mens-chronograph', 'two-tone', { dial: 'white', strap: 'bracelet', v: 1 }),
  'watch-ladies-mesh': p('watch', 'ladies-dress', 'rose-gold', { dial: 'silver', strap: 'mesh', view: 'angle' }),
  'watch-leather': p('watch', 'mens-classic', 'gold', { dial: 'brown', strap: 'leather', v: 1 }),
  'smartwatch-round': p('smartwatch', 'sport', 'titanium', { strap: 'silicone' }),
  'smartwatch-bracelet': p('smartwatch', 'classic', 'steel', { strap: 'bracelet', v: 1 }),
  giftbox: p('giftbox', 'box', 'none', { v: 3 }),
  giftcard: p('giftcard', 'card', 'none', { v: 1 }),
  service: p('service', 'resize', 'none', { v: 2 }),
  guide: p('guide', 'guide', 'none', { v: 1, bg: 0xe3e8e0 }),
  'banner-main-launch': scene('/banners/main-launch.jpg'),
  'store-preston': scene('/stores/preston.jpg'),
};
