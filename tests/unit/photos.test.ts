import { describe, it, expect } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { SAMPLE_DIR, iterateProducts } from '../../src/lib/snapshot/read';
import { photoPath, viewsOf, shapeOf, stoneLookOf, metalOf, watchMetalOf, strapOf, variantOf } from '../../scripts/lib/sample-photos';

const MEDIA = join(SAMPLE_DIR, 'media');
const walk = (d: string): string[] =>
  readdirSync(d)
    .sort()
    .flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
const files = walk(MEDIA).map((f) => '/' + relative(MEDIA, f).split(sep).join('/'));

describe('sample photography', () => {
  it("is photographs: JPEGs everywhere but the authors' initials", () => {
    const drawn = files.filter((f) => f.endsWith('.svg'));
    expect(
      drawn.every((f) => f.startsWith('/blog/authors/')),
      drawn.join(', '),
    ).toBe(true);
    expect(files.filter((f) => f.endsWith('.jpg')).length).toBeGreaterThan(400);
  });

  it('keeps to 40 MB in all and 1,600 px on the long side', async () => {
    let bytes = 0;
    for (const f of files) bytes += statSync(join(MEDIA, f)).size;
    expect(bytes).toBeLessThanOrEqual(40 * 1024 * 1024);
    for (const f of files.filter((x) => x.endsWith('.jpg'))) {
      const m = await sharp(join(MEDIA, f)).metadata();
      expect(m.format, f).toBe('jpeg');
      expect(Math.max(m.width!, m.height!), f).toBeLessThanOrEqual(1600);
    }
  });

  it('names a look by what it shows, and a child in another metal by its own metal', () => {
    const look = { kind: 'ring' as const, design: 'halo', metal: metalOf('Rose Gold'), stone: stoneLookOf('Sapphire'), v: 1 };
    expect(photoPath(look)).toBe('/catalog/product/ring/halo-rose-gold-sapphire-1.jpg');
    expect(photoPath(look, 'angle')).toBe('/catalog/product/ring/halo-rose-gold-sapphire-1-angle.jpg');
    expect(photoPath({ ...look, metal: metalOf('Platinum') }, 'detail')).toBe('/catalog/product/ring/halo-platinum-sapphire-1-detail.jpg');
    expect(
      photoPath({
        kind: 'watch',
        design: 'mens-dive',
        metal: watchMetalOf('Two Tone Stainless Steel'),
        dial: 'blue',
        strap: strapOf('Stainless Steel Bracelet'),
        v: 0,
      }),
    ).toBe('/catalog/product/watch/mens-dive-two-tone-blue-bracelet-0.jpg');
    // clear white stones photograph alike; charm motifs map onto the studio's shapes
    expect(['Cubic Zirconia', 'Crystal', 'Lab Grown Diamond', 'Diamond'].map(stoneLookOf)).toEqual(['diamond', 'diamond', 'diamond', 'diamond']);
    expect(['Mum', 'Christmas Tree', 'Letter A', 'Moon'].map(shapeOf)).toEqual(['heart', 'star', 'disc', 'moon']);
    expect(strapOf('Leather')).toBe('leather');
    expect([1001, 1002, 1003, 1004].map((id) => variantOf(id)).every((v) => v === 0 || v === 1)).toBe(true);
  });

  it('leads a ring with its 3/4 angle view (the stone shows), the front view second and the hover picture', () => {
    expect(viewsOf('ring')).toEqual(['angle', 'front', 'detail', 'top']);
    expect(viewsOf('watch')[0]).toBe('front');
    let rings = 0;
    for (const p of iterateProducts(SAMPLE_DIR)) {
      const image = String(p.image ?? '');
      if (!image.includes('/catalog/product/ring/')) continue;
      rings++;
      expect(image, String(p.sku)).toMatch(/-angle\.jpg$/);
      expect(
        [p.small_image, p.thumbnail].every((x) => x === image),
        String(p.sku),
      ).toBe(true);
      const gallery = (p.media_gallery ?? []) as { image: string }[];
      if (gallery.length) expect(gallery[0]!.image.endsWith(image)).toBe(true);
      if (gallery.length > 1) expect(gallery[1]!.image).toMatch(/\/ring\/[^/]*-\d\.jpg$/);
      if (p.hover_image) expect(p.hover_image).not.toBe(image);
    }
    expect(rings).toBeGreaterThan(20);
  });
});
