import { describe, expect, it } from 'vitest';
import { ampGalleryImage, galleryImage, imageUrl, mediaPath, tileImage, type ImageHost } from '../../src/lib/catalog/images';
import { allowedImageSizes, responsiveImage, slotSize } from '../../src/lib/catalog/image-slots';
import { loadConfig } from '../../src/lib/config';

const reference: ImageHost = { urlTemplate: '/img/{width}/{height}/resize{path}', mediaBaseUrls: ['https://www.pendleandjames.co.uk/media'], apiBaseUrl: '' };

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

  it('a path is a file name: spaces, %, ? and # are escaped', () => {
    expect(imageUrl('/m/y/my ring#2?.jpg', 310, 300)).toBe('/img/310/300/resize/m/y/my%20ring%232%3F.jpg');
    expect(imageUrl('/m/y/100%.jpg', 310, 300)).toBe('/img/310/300/resize/m/y/100%25.jpg');
  });

  it('a relative template hangs on the api base url', () => {
    expect(imageUrl('/a.jpg', 310, 300, { ...reference, apiBaseUrl: 'https://api.example.co.uk' })).toBe('https://api.example.co.uk/img/310/300/resize/a.jpg');
  });

  it('a cdn template with its own query shape', () => {
    const cdn: ImageHost = { ...reference, urlTemplate: 'https://cdn.example.net/media{path}?w={width}&h={height}&fit=cover' };
    expect(imageUrl('/catalog/product/a.jpg', 600, 744, cdn)).toBe('https://cdn.example.net/media/catalog/product/a.jpg?w=600&h=744&fit=cover');
  });
});

describe('absolute image urls from a backend', () => {
  it("a url on the backend's own media address is a media path, resized like any other", () => {
    const url = 'https://www.pendleandjames.co.uk/media/catalog/product/r/i/ring.jpg';
    expect(mediaPath(url, reference)).toBe('/catalog/product/r/i/ring.jpg');
    expect(imageUrl(url, 310, 300, reference)).toBe('/img/310/300/resize/catalog/product/r/i/ring.jpg');
  });

  it('a url on a foreign host is shown as it is, without srcset', () => {
    const url = 'https://images.example.org/ring.jpg';
    expect(imageUrl(url, 310, 300, reference)).toBe(url);
    const r = responsiveImage(url, 'tile', reference);
    expect(r).toMatchObject({ src: url, srcset: undefined, sizes: undefined, width: 310, height: 300 });
  });
});

describe('responsive images', () => {
  it('the gallery offers its 600x744 size, a phone width and its largest size within the 1024 px limit, for the slot it fills', () => {
    const r = responsiveImage('/p.jpg', 'gallery', reference);
    expect(r.src).toBe('/img/600/744/resize/p.jpg');
    expect([r.width, r.height]).toEqual([600, 744]);
    expect(r.srcset).toContain('/img/600/744/resize/p.jpg 600w');
    // The 2x (1200x1488) and 900 px are above vue-storefront-api's imageSizeLimit: both become 826x1024, offered once.
    // 750 px is a 375-px phone at 2x.
    expect(r.srcset).toBe('/img/360/446/resize/p.jpg 360w, /img/600/744/resize/p.jpg 600w, /img/750/930/resize/p.jpg 750w, /img/826/1024/resize/p.jpg 826w');
    expect(r.sizes).toBe('(max-width: 767px) 100vw, 600px');
  });

  it('tiles offer 310x300 and its half and double', () => {
    const r = responsiveImage('/p.jpg', 'tile', reference);
    expect(r.srcset!.split(', ').map((s) => s.split(' ')[0])).toEqual([
      '/img/155/150/resize/p.jpg',
      '/img/310/300/resize/p.jpg',
      '/img/465/450/resize/p.jpg',
      '/img/620/600/resize/p.jpg',
    ]);
  });

  it('banners keep the §9 heights at every width', () => {
    expect(slotSize('bannerMain')).toMatchObject({ width: 1600, height: 735 });
    expect(slotSize('bannerSmall')).toMatchObject({ width: 800, height: 360 });
    expect(slotSize('bannerProduct')).toMatchObject({ width: 800, height: 330 });
    expect(responsiveImage('/b.jpg', 'bannerMain', reference).srcset).toContain('/img/800/368/resize/b.jpg 800w');
  });

  it('every url a slot emits is an allowed size of the proxy, and the §9 sizes and their 2x are allowed', () => {
    const allowed = new Set(allowedImageSizes().map((s) => `${s.width}/${s.height}`));
    for (const size of ['600/744', '826/1024', '310/300', '620/600', '450/500', '900/1000']) expect(allowed.has(size), size).toBe(true);
    const slots = [
      'gallery',
      'galleryThumb',
      'zoom',
      'tile',
      'tileRail',
      'tileHover',
      'ampGallery',
      'bannerMain',
      'bannerSmall',
      'bannerProduct',
      'takeover',
      'blogPost',
      'blogCard',
      'avatar',
      'store',
      'social',
    ] as const;
    for (const slot of slots) {
      const r = responsiveImage('/x.jpg', slot, reference);
      for (const url of [r.src, ...r.srcset!.split(', ').map((s) => s.split(' ')[0]!)]) {
        const m = /^\/img\/(\d+)\/(\d+)\//.exec(url)!;
        expect(allowed.has(`${m[1]}/${m[2]}`), `${slot} ${url}`).toBe(true);
      }
    }
  });
});

describe('image host configuration', () => {
  it('PUBLIC_IMAGE_URL_TEMPLATE sets the template', () => {
    expect(loadConfig({ PUBLIC_IMAGE_URL_TEMPLATE: 'https://cdn.example.net{path}?w={width}&h={height}' }).images.urlTemplate).toBe(
      'https://cdn.example.net{path}?w={width}&h={height}',
    );
  });

  it('a template without a size or a path, or with an unknown placeholder, stops the build naming the variable', () => {
    for (const bad of [
      'https://cdn.example.net{path}',
      '/img/{width}/{height}',
      'cdn.example.net/{width}/{height}{path}',
      '/img/{width}/{height}/{quality}{path}',
      'https://r.example.net/{width}x{height}/{url}',
    ]) {
      expect(() => loadConfig({ PUBLIC_IMAGE_URL_TEMPLATE: bad }), bad).toThrow(/PUBLIC_IMAGE_URL_TEMPLATE/);
    }
  });

  it('PUBLIC_IMAGE_MEDIA_BASE_URLS is a comma-separated list of absolute urls', () => {
    expect(loadConfig({ PUBLIC_IMAGE_MEDIA_BASE_URLS: 'https://a.example/media/, https://b.example/pub/media' }).images.mediaBaseUrls).toEqual([
      'https://a.example/media',
      'https://b.example/pub/media',
    ]);
    expect(() => loadConfig({ PUBLIC_IMAGE_MEDIA_BASE_URLS: 'ftp://a.example/media' })).toThrow(/PUBLIC_IMAGE_MEDIA_BASE_URLS/);
  });

  it('no url asks the image host for more than 1024 px either way (vue-storefront-api imageSizeLimit), banners and zoom included', () => {
    for (const s of allowedImageSizes()) expect(Math.max(s.width, s.height), `${s.width}x${s.height}`).toBeLessThanOrEqual(1024);
    for (const slot of ['bannerMain', 'takeover', 'zoom', 'blogPost', 'store', 'bannerSmall'] as const) {
      const r = responsiveImage('/x.jpg', slot, reference);
      for (const part of [r.src, ...r.srcset!.split(', ')]) {
        const m = /^\/img\/(\d+)\/(\d+)\/\S+(?: (\d+)w)?$/.exec(part)!;
        expect(Math.max(Number(m[1]), Number(m[2])), `${slot} ${part}`).toBeLessThanOrEqual(1024);
        // The descriptor tells the browser the width it really gets.
        if (m[3]) expect(m[3]).toBe(m[1]);
      }
    }
    // The aspect ratio is kept: the main banner at 1600x735 becomes 1024x470.
    expect(responsiveImage('/b.jpg', 'bannerMain', reference).src).toBe('/img/1024/470/resize/b.jpg');
  });
});
