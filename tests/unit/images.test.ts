import { describe, expect, it } from 'vitest';
import { imageUrl, galleryImage, tileImage, ampGalleryImage } from '../../src/lib/catalog/images';

describe('image urls', () => {
  it('builds the image proxy shape /img/{width}/{height}/resize{path}', () => {
    expect(imageUrl('/catalog/product/ring/rose-gold.svg', 310, 300)).toBe('/img/310/300/resize/catalog/product/ring/rose-gold.svg');
  });

  it('adds the leading slash of a relative path', () => {
    expect(imageUrl('catalog/a.svg', 10, 20)).toBe('/img/10/20/resize/catalog/a.svg');
  });

  it('gallery images are 600x744', () => {
    expect(galleryImage('/a.svg')).toBe('/img/600/744/resize/a.svg');
  });

  it('tiles and thumbnails are 310x300', () => {
    expect(tileImage('/a.svg')).toBe('/img/310/300/resize/a.svg');
  });

  it('amp gallery images are 450x500', () => {
    expect(ampGalleryImage('/a.svg')).toBe('/img/450/500/resize/a.svg');
  });
});
