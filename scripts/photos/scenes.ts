/**
 * The composed scenes of the sample (banners, category tiles, shops, blog posts, social feed), by
 * media path: pieces from the studio's product models arranged on plinths against a coloured
 * sweep, framed so that the side where the shop sets its HTML title stays clear. No text is ever
 * rendered into a picture: titles and subtitles are HTML over or beside it.
 */
import { CATEGORY_DEFS } from '../lib/sample-catalog-data';

/** Product photographs: 720 x 893 (the gallery's 600 x 744 and more, at the same aspect). */
export const PRODUCT_SIZE = { width: 720, height: 893 };
export const QUALITY = 80;

type Item = Record<string, unknown>;
const ring = (metal: string, design = 'solitaire', stone = 'diamond', v = 0): Item => ({ kind: 'ring', design, metal, stone, v });
const watch = (design: string, metal: string, dial: string, strap: string, v = 1): Item => ({ kind: 'watch', design, metal, dial, strap, v });
const at = (it: Item, x: number, z: number, extra: Item = {}): Item => ({ ...it, x, z, ...extra });

/** Deep backgrounds for pictures under white titles; light ones for tiles with titles beside them. */
const BG = {
  navy: 0x1d2636,
  ink: 0x141518,
  wine: 0x4a1a24,
  forest: 0x1d3329,
  plum: 0x2e2038,
  cream: 0xf3efe9,
  sand: 0xebe3d6,
  blush: 0xf1e4de,
  sage: 0xe3e8e0,
  mist: 0xe6e8ec,
};

/** Main and head banners (1600 x 735): pieces on the right, the title over the left. Product banners
 * (800 x 330) carry their titles under the picture: their pieces are centred (shift 0). */
const banner = (w: number, h: number, bg: number, plinth: number, items: Item[], extra: Item = {}): Item => ({
  w,
  h,
  bg,
  plinth,
  items,
  shift: 0.2,
  el: 20,
  fill: 0.72,
  light: 2.6,
  ...extra,
});

// The groups are compact (pieces close together, overlapping in depth, the hero piece largest) so
// that they fill the height of the picture's free side: on a phone the banner is shown whole at
// 390 px wide (the title goes under it), and a wide, low row of pieces would read as specks.
const SCENES: Record<string, Item> = {
  '/banners/main-launch.jpg': banner(1600, 735, BG.navy, 0x2c3850, [
    at(ring('platinum', 'halo', 'sapphire'), -24, 14, { plinth: 10, scale: 2.2 }),
    at(watch('ladies-dress', 'rose-gold', 'white', 'bracelet', 0), 22, -16, { plinth: 18, scale: 1.15 }),
    at({ kind: 'charm', design: 'heart', metal: 'silver', stone: 'enamel', v: 0 }, 30, 26, { plinth: 4, scale: 1.3 }),
  ]),
  '/banners/head-image.jpg': banner(1600, 735, BG.navy, 0x2c3850, [
    at(ring('yellow-gold', 'trilogy', 'diamond', 1), -20, 14, { plinth: 12, scale: 2.2 }),
    at(ring('platinum', 'band', undefined, 1), 26, -10, { plinth: 20, scale: 2.0 }),
    at({ kind: 'earrings', design: 'drop', metal: 'white-gold', stone: 'emerald', v: 0 }, 34, 24, { plinth: 3, scale: 1.1, block: true }),
  ]),
  '/banners/main-black-friday.jpg': banner(1600, 735, BG.ink, 0x26272b, [
    at({ kind: 'giftbox', design: 'box', metal: 'gold', v: 4 }, -22, -14, { plinth: 0 }),
    at(watch('mens-chronograph', 'gold', 'black', 'bracelet'), 14, 2, { plinth: 10, scale: 1.15 }),
    at(ring('yellow-gold', 'eternity', 'diamond'), 46, 24, { plinth: 4, scale: 2.0 }),
  ]),
  '/banners/main-engagement.jpg': banner(1600, 735, BG.wine, 0x5e2631, [
    at(ring('platinum', 'solitaire', 'diamond', 0), -30, 0, { plinth: 16, scale: 2.0 }),
    at(ring('rose-gold', 'halo', 'diamond', 1), 2, 26, { plinth: 6, scale: 2.0 }),
    at(ring('yellow-gold', 'trilogy', 'diamond', 0), 32, -10, { plinth: 28, scale: 2.0 }),
  ]),
  '/banners/small-watches.jpg': banner(
    800,
    360,
    BG.forest,
    0x27443a,
    [
      at(watch('mens-dive', 'steel', 'green', 'bracelet'), -16, -6, { plinth: 8 }),
      at(watch('ladies-dress', 'gold', 'white', 'leather', 0), 24, 14, { plinth: 4 }),
    ],
    { shift: 0.16, fill: 0.86 },
  ),
  '/banners/small-gifts.jpg': banner(
    800,
    360,
    BG.plum,
    0x3d2c4a,
    [
      at({ kind: 'giftbox', design: 'box', metal: 'gold', v: 3 }, -12, -10),
      at({ kind: 'pendant', design: 'heart', metal: 'rose-gold', stone: 'cubic-zirconia', v: 1 }, 26, 22, { scale: 0.7, plinth: 3, block: true }),
    ],
    { shift: 0.16, fill: 0.86, el: 24 },
  ),
  '/banners/product-charms.jpg': banner(
    800,
    330,
    BG.blush,
    0xe4cfc6,
    [at({ kind: 'bracelet', design: 'charm', metal: 'silver', v: 1 }, 0, 0, { plinth: 3, block: true })],
    { shift: 0, el: 40, fill: 0.85 },
  ),
  '/banners/product-sale.jpg': banner(
    800,
    330,
    BG.sand,
    0xd9ccb8,
    [
      at(ring('white-gold', 'halo', 'ruby', 1), -12, 0, { plinth: 12, scale: 1.9 }),
      at({ kind: 'earrings', design: 'stud', metal: 'yellow-gold', stone: 'pearl', v: 0 }, 22, 14, { plinth: 5, block: true, scale: 1.3 }),
    ],
    { shift: 0, el: 24, fill: 0.85 },
  ),
  '/banners/product-gift-cards.jpg': banner(800, 330, BG.sage, 0xcfd8cb, [at({ kind: 'giftcard', design: 'card', metal: 'gold', v: 0 }, 0, 0)], {
    shift: 0,
    el: 30,
    fill: 0.85,
  }),
  '/banners/takeover-engagement-rings.jpg': banner(
    1600,
    360,
    BG.wine,
    0x5e2631,
    [
      at(ring('platinum', 'halo', 'diamond', 0), -34, 0, { plinth: 8, scale: 1.8 }),
      at(ring('yellow-gold', 'solitaire', 'diamond', 1), 0, 8, { plinth: 16, scale: 1.8 }),
      at(ring('rose-gold', 'eternity', 'diamond', 0), 34, 0, { plinth: 4, scale: 1.8 }),
    ],
    { shift: 0.22, fill: 0.8 },
  ),
  '/banners/takeover-watches.jpg': banner(
    1600,
    360,
    BG.ink,
    0x26272b,
    [
      at(watch('mens-dive', 'steel', 'blue', 'bracelet'), -60, 0, { plinth: 6 }),
      at(watch('mens-chronograph', 'two-tone', 'white', 'bracelet'), 0, 0, { plinth: 12 }),
      at(watch('ladies-dress', 'rose-gold', 'silver', 'mesh', 0), 55, 0, { plinth: 4 }),
    ],
    { shift: 0.22, fill: 0.8 },
  ),
};

/** Pieces that stand for a category kind in its tile. */
function pieces(kind: string, i: number): Item[] {
  const metals = ['yellow-gold', 'platinum', 'rose-gold', 'white-gold', 'silver'];
  const m = metals[i % metals.length]!;
  const m2 = metals[(i + 2) % metals.length]!;
  switch (kind) {
    case 'ring':
      return [
        at(
          ring(
            m,
            ['solitaire', 'halo', 'band', 'eternity', 'dress', 'trilogy'][i % 6]!,
            ['diamond', 'sapphire', 'diamond', 'emerald', 'amethyst', 'ruby'][i % 6]!,
            i % 2,
          ),
          -12,
          0,
          { plinth: 10 },
        ),
        at(ring(m2, 'band', undefined, (i + 1) % 2), 14, 8, { plinth: 4 }),
      ];
    case 'watch':
      return [
        at(
          watch(
            i % 2 ? 'ladies-dress' : 'mens-chronograph',
            ['steel', 'gold', 'rose-gold', 'two-tone'][i % 4]!,
            ['blue', 'white', 'black', 'green', 'silver'][i % 5]!,
            i % 3 ? 'bracelet' : 'leather',
          ),
          0,
          0,
          { plinth: 6 },
        ),
      ];
    case 'smartwatch':
      return [at({ kind: 'smartwatch', design: 'smart', metal: 'steel', strap: 'silicone', v: i % 2 }, 0, 0, { plinth: 6 })];
    case 'pendant':
      return [
        at({ kind: 'pendant', design: ['halo', 'heart', 'solitaire'][i % 3], metal: m, stone: ['sapphire', 'diamond', 'tanzanite'][i % 3], v: i % 2 }, 0, 0),
      ];
    case 'necklace':
      return [at({ kind: 'necklace', design: 'chain', metal: m, stone: i % 2 ? 'pearl' : 'crystal', v: i % 2 }, 0, 0)];
    case 'earrings':
      return [
        at({ kind: 'earrings', design: ['stud', 'hoop', 'drop'][i % 3], metal: m, stone: ['diamond', undefined, 'emerald'][i % 3], v: i % 2 }, 0, 0, {
          plinth: 3,
          block: true,
        }),
      ];
    case 'bracelet':
      return [at({ kind: 'bracelet', design: i % 2 ? 'tennis' : 'charm', metal: i % 2 ? 'white-gold' : 'silver', stone: 'diamond', v: i % 2 }, 0, 0)];
    case 'bangle':
      return [at({ kind: 'bangle', design: 'plain', metal: m, v: i % 3 }, -10, 0), at({ kind: 'bangle', design: 'plain', metal: m2, v: (i + 1) % 3 }, 18, 10)];
    case 'charm':
      return [at({ kind: 'charm', design: ['heart', 'star', 'moon', 'four-leaf-clover'][i % 4], metal: 'silver', stone: 'enamel', v: i }, 0, 0)];
    case 'giftcard':
      return [at({ kind: 'giftcard', design: 'card', metal: 'gold', v: i % 3 }, 0, 0)];
    case 'service':
      return [at({ kind: 'service', design: 'loupe', metal: 'gold', v: i % 4 }, 0, 0)];
    // Sale: a bit of everything the sale holds (a watch, drop earrings, a coloured-stone ring), not the Rings tile again
    case 'sale':
      return [
        at(watch('ladies-dress', 'yellow-gold', 'white', 'bracelet', 0), -22, 0, { plinth: 8 }),
        at({ kind: 'earrings', design: 'drop', metal: 'rose-gold', stone: 'amethyst', v: 1 }, 6, 14, { plinth: 3, block: true, scale: 1.4 }),
        at(ring('white-gold', 'dress', 'emerald', 1), 30, 4, { plinth: 14 }),
      ];
    // Jewellery Sale: reduced jewellery that is not the Rings tile again (a bangle, a ruby halo ring, pearl studs)
    case 'jewellery-sale':
      return [
        at({ kind: 'bangle', design: 'plain', metal: 'yellow-gold', v: 2 }, -24, -30, { scale: 0.75 }),
        at(ring('white-gold', 'halo', 'ruby', 1), 18, -2, { plinth: 12, scale: 1.5 }),
        at({ kind: 'earrings', design: 'stud', metal: 'yellow-gold', stone: 'pearl', v: 1 }, -14, 22, { plinth: 3, block: true, scale: 1.3 }),
      ];
    default:
      return [at({ kind: 'giftbox', design: 'box', metal: 'gold', v: i % 5 }, -12, -8), at(ring(m, 'halo', 'diamond', 1), 24, 14, { plinth: 8 })];
  }
}
const TILE_BG = [BG.cream, BG.sand, BG.blush, BG.sage, BG.mist];
CATEGORY_DEFS.forEach((c, i) => {
  if (!c.image) return;
  // Gifts (the default case), Sale and Jewellery Sale get scenes of their own (a shopper should not see one picture twice)
  const kind = c.key === 'sale' || c.key === 'jewellery-sale' ? c.key : c.image;
  SCENES[`/catalog/category/${c.key}.jpg`] = {
    w: 620,
    h: 600,
    bg: TILE_BG[i % TILE_BG.length],
    plinth: 0xe6dccd,
    items: pieces(kind, i),
    // flat pieces from above; rings from high enough to see into their stones
    el: kind === 'necklace' || kind === 'pendant' || kind === 'bracelet' || kind === 'charm' ? 50 : kind === 'ring' || kind.endsWith('sale') ? 26 : 18,
    fill: 0.78,
    light: 2.4,
  };
});

/** The shops: a window display, pieces on plinths before a wall with shelves and lamps. */
const STORE = (wall: number, shelf: number, bg: number, items: Item[]): Item => ({
  w: 1200,
  h: 600,
  bg,
  wall,
  shelf,
  plinth: 0xefe8dc,
  items,
  el: 14,
  fill: 0.78,
  light: 2.2,
});
SCENES['/stores/preston.jpg'] = STORE(0x2b3a4f, 0x8a6a45, 0x3a4656, [
  at(ring('platinum', 'halo', 'diamond'), -45, 0, { plinth: 18, scale: 1.6 }),
  at(watch('mens-dive', 'steel', 'blue', 'bracelet'), 10, -10, { plinth: 8 }),
  at({ kind: 'giftbox', design: 'box', metal: 'gold', v: 1 }, 70, 0),
]);
SCENES['/stores/blackburn.jpg'] = STORE(0x4a2a30, 0x6b4a2f, 0x5a3a40, [
  at(watch('ladies-dress', 'rose-gold', 'white', 'leather', 0), -40, 0, { plinth: 6 }),
  at(ring('yellow-gold', 'trilogy', 'diamond'), 5, 0, { plinth: 14, scale: 1.6 }),
  at({ kind: 'earrings', design: 'drop', metal: 'yellow-gold', stone: 'pearl' }, 48, 0, { plinth: 4, block: true }),
]);
SCENES['/stores/bury.jpg'] = STORE(0x24382f, 0x9b7b52, 0x34483e, [
  at({ kind: 'service', design: 'loupe', metal: 'gold', v: 2 }, -35, 0, { plinth: 6 }),
  at(watch('mens-chronograph', 'two-tone', 'silver', 'bracelet'), 25, 0, { plinth: 10 }),
]);
SCENES['/stores/carlisle.jpg'] = STORE(0x33304a, 0x7a5a3a, 0x46425e, [
  at(ring('rose-gold', 'solitaire', 'diamond'), -40, 0, { plinth: 16, scale: 1.6 }),
  at({ kind: 'bangle', design: 'plain', metal: 'yellow-gold', v: 1 }, 5, 0, { plinth: 4 }),
  at(ring('platinum', 'eternity', 'sapphire'), 48, 0, { plinth: 10, scale: 1.6 }),
]);

/** Blog posts (1200 x 630): the subject of the post, with room for nothing but the picture. */
const BLOG: Record<string, [number, Item[], Item?]> = {
  'automatic-vs-quartz': [
    BG.mist,
    [at(watch('mens-dress', 'gold', 'white', 'leather'), -30, 0, { plinth: 6 }), at(watch('mens-sports', 'steel', 'black', 'rubber'), 30, 0, { plinth: 10 })],
  ],
  'birthstones-month-by-month': [
    BG.cream,
    ['sapphire', 'emerald', 'ruby', 'amethyst', 'blue-topaz', 'tanzanite'].map((s, i) =>
      at(ring(['yellow-gold', 'white-gold', 'rose-gold'][i % 3]!, 'solitaire', s, i % 2), (i - 2.5) * 24, (i % 2) * 10, { plinth: 4 + (i % 3) * 6 }),
    ),
  ],
  'choosing-an-engagement-ring': [
    BG.blush,
    [
      at(ring('platinum', 'solitaire', 'diamond'), -34, 0, { plinth: 14 }),
      at(ring('yellow-gold', 'halo', 'diamond', 1), 0, 8, { plinth: 6 }),
      at(ring('rose-gold', 'trilogy', 'diamond'), 34, 0, { plinth: 20 }),
    ],
  ],
  'christmas-gift-guide-2026': [
    BG.wine,
    [
      at({ kind: 'giftbox', design: 'box', metal: 'gold', v: 3 }, -30, -10),
      at({ kind: 'giftbox', design: 'box', metal: 'gold', v: 1 }, 10, -25, { scale: 0.7 }),
      at(watch('ladies-dress', 'gold', 'white', 'bracelet', 0), 40, 10, { plinth: 4 }),
    ],
    { plinth: 0x5e2631 },
  ],
  'cleaning-silver-at-home': [
    BG.sage,
    [
      at({ kind: 'bangle', design: 'plain', metal: 'silver', v: 1 }, -20, 0),
      at({ kind: 'charm', design: 'star', metal: 'silver', stone: 'cubic-zirconia', v: 1 }, 30, 10, { scale: 1.6 }),
    ],
  ],
  'finding-her-ring-size-secretly': [
    BG.sand,
    [
      at(ring('rose-gold', 'dress', 'amethyst', 1), -22, 0, { plinth: 10 }),
      at(ring('yellow-gold', 'band', undefined, 0), 0, 12, { plinth: 3 }),
      at(ring('white-gold', 'halo', 'blue-topaz', 0), 24, 0, { plinth: 16 }),
    ],
  ],
  'gifts-under-100': [
    BG.blush,
    [
      at({ kind: 'charm', design: 'heart', metal: 'rose-gold', stone: 'enamel', v: 2 }, -25, 0, { scale: 1.6 }),
      at({ kind: 'earrings', design: 'hoop', metal: 'gold', v: 0 }, 25, 5),
    ],
  ],
  'how-to-stack-rings': [
    BG.cream,
    [0, 1, 2, 3].map((i) =>
      at(ring(['yellow-gold', 'rose-gold', 'white-gold', 'yellow-gold'][i]!, i === 1 ? 'eternity' : 'band', 'diamond', i % 2), (i - 1.5) * 22, 0, {
        plinth: 6 + i * 3,
      }),
    ),
  ],
  'layering-necklaces': [
    BG.sand,
    [
      at({ kind: 'necklace', design: 'chain', metal: 'yellow-gold', stone: 'crystal', v: 1 }, 0, 0),
      at({ kind: 'pendant', design: 'disc', metal: 'yellow-gold', stone: 'diamond', v: 0 }, 0, 30, { scale: 0.8 }),
    ],
    { el: 60 },
  ],
  'looking-after-pearls': [
    BG.mist,
    [
      at({ kind: 'necklace', design: 'chain', metal: 'yellow-gold', stone: 'pearl', v: 0 }, 0, 0),
      at({ kind: 'earrings', design: 'stud', metal: 'yellow-gold', stone: 'pearl', v: 1 }, 0, 20, { scale: 1.2 }),
    ],
    { el: 55 },
  ],
  'smartwatch-buying-guide': [
    BG.ink,
    [
      at({ kind: 'smartwatch', design: 'smart', metal: 'steel', strap: 'silicone', v: 0 }, -28, 0, { plinth: 6 }),
      at({ kind: 'smartwatch', design: 'smart', metal: 'titanium', strap: 'fabric', v: 1 }, 28, 0, { plinth: 10 }),
    ],
    { plinth: 0x26272b },
  ],
  'when-to-service-your-watch': [
    BG.forest,
    [at(watch('mens-dive', 'steel', 'black', 'rubber'), -25, 0, { plinth: 8 }), at({ kind: 'service', design: 'loupe', metal: 'gold', v: 1 }, 30, 10)],
    { plinth: 0x27443a },
  ],
};
for (const [slug, [bg, items, extra]] of Object.entries(BLOG))
  SCENES[`/blog/featured/${slug}.jpg`] = { w: 1200, h: 630, bg, plinth: 0xe6dccd, items, el: 18, fill: 0.8, light: 2.4, ...(extra ?? {}) };

/** The social feed (square): flat lays and close-ups, the captions of social.json. */
const SOCIAL: Item[][] = [
  [
    at(ring('yellow-gold', 'band', undefined, 0), -14, 0),
    at(ring('rose-gold', 'eternity', 'diamond', 1), 0, 0),
    at(ring('white-gold', 'band', undefined, 1), 14, 0),
  ],
  [at(ring('platinum', 'halo', 'diamond', 0), 0, 0, { plinth: 8 })],
  [at(watch('mens-chronograph', 'steel', 'blue', 'bracelet'), 0, 0)],
  [at({ kind: 'service', design: 'loupe', metal: 'gold', v: 3 }, 0, 0)],
  [at({ kind: 'bracelet', design: 'charm', metal: 'rose-gold', v: 0 }, 0, 0)],
  [at({ kind: 'giftbox', design: 'box', metal: 'gold', v: 1 }, 0, 0)],
  [
    at(ring('yellow-gold', 'trilogy', 'sapphire', 0), -14, 0, { plinth: 10 }),
    at({ kind: 'earrings', design: 'stud', metal: 'white-gold', stone: 'diamond', v: 1 }, 16, 8),
  ],
];
SOCIAL.forEach((items, i) => {
  SCENES[`/social/post-${i + 1}.jpg`] = {
    w: 900,
    h: 900,
    bg: [BG.sand, BG.blush, BG.mist, BG.sage, BG.cream, BG.wine, BG.sand][i],
    plinth: 0xe6dccd,
    items,
    el: [60, 20, 15, 30, 55, 25, 35][i],
    fill: 0.75,
    light: 2.4,
  };
});

/** The scene of a media path, or null when the studio has none. */
export function sceneFor(path: string): Item | null {
  return SCENES[path] ?? null;
}
