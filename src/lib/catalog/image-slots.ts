/**
 * The places pictures fill (docs/snapshot.md, "The image pipeline"): a slot has its §9 size,
 * the widths it offers in `srcset` and the `sizes` hint for its place in the layout. URLs come from
 * the one builder, ./images.ts. The reference proxy accepts exactly `allowedImageSizes()`, computed
 * from the same slots, so a page can never ask for a size the proxy refuses.
 */
import { config } from '../config';
import { fitImageSize, imageUrl, mediaPath, type ImageHost } from './images';

/** A place in the layout that shows a picture. */
export type ImageSlot =
  | 'gallery'
  | 'galleryThumb'
  | 'zoom'
  | 'tile'
  | 'tileRail'
  | 'tileHover'
  | 'ampGallery'
  | 'bannerMain'
  | 'bannerSmall'
  | 'bannerProduct'
  | 'takeover'
  | 'blogPost'
  | 'blogCard'
  | 'avatar'
  | 'store'
  | 'social';

interface SlotSpec {
  /** The 1x size the layout is drawn for (width and height attributes). */
  width: number;
  height: number;
  /** Widths offered in srcset (heights keep the slot's aspect ratio). */
  widths: readonly number[];
  /** The `sizes` attribute: how wide the slot is drawn at each viewport. */
  sizes: string;
}

const IMG = config.constants.images;
const BANNER = config.constants.layout.offerBannerHeightsPx;
const MOBILE = `(max-width: ${config.constants.layout.mobileMaxPx}px)`;

// Widths: the 1x size, its 2x, and the steps a phone (360-430 px at 2-3x) and a tablet pick from.
// Sources are at most 1,600 px on the long side, so nothing asks for more.
const TILE_WIDTHS = [IMG.tile.width / 2, IMG.tile.width, 465, IMG.tile.width * 2];

const SLOTS: Record<ImageSlot, SlotSpec> = {
  // 750: a 375-px phone at 2x (and Lighthouse's mobile, 412 px at 1.75x) takes it instead of the 826 px
  // size, about a fifth fewer pixels for the product page's largest picture.
  gallery: { ...IMG.gallery, widths: [360, IMG.gallery.width, 750, 900, IMG.gallery.width * 2], sizes: `${MOBILE} 100vw, ${IMG.gallery.width}px` },
  galleryThumb: { width: 72, height: Math.round((72 * IMG.gallery.height) / IMG.gallery.width), widths: [72, 144], sizes: '72px' },
  zoom: { width: IMG.gallery.width * 2, height: IMG.gallery.height * 2, widths: [IMG.gallery.width * 2], sizes: '100vw' },
  // A phone draws the listings' tiles two a row between its 16 px gutters, 16 px apart: 50vw - 24px
  // (171 px at 390), so a 1.75x screen takes the 310 px size, not the 465 px one 50vw asked for.
  tile: { ...IMG.tile, widths: TILE_WIDTHS, sizes: `${MOBILE} calc(50vw - 24px), ${IMG.tile.width}px` },
  // The product page's related slider: on a phone a tile is 62 % of the row between the gutters, and
  // at least 200 px wide anywhere, so the 155 px size is never chosen (left out of its srcset).
  tileRail: { ...IMG.tile, widths: TILE_WIDTHS.slice(1), sizes: `${MOBILE} calc(62vw - 20px), ${IMG.tile.width}px` },
  // Shown only on screens with hover (desktop): the 1x and 2x of the tile, no phone widths.
  tileHover: { ...IMG.tile, widths: [IMG.tile.width, IMG.tile.width * 2], sizes: `${IMG.tile.width}px` },
  ampGallery: {
    ...IMG.ampGallery,
    widths: [IMG.ampGallery.width, IMG.ampGallery.width * 2],
    sizes: `(max-width: ${IMG.ampGallery.width}px) 100vw, ${IMG.ampGallery.width}px`,
  },
  bannerMain: { width: 1600, height: BANNER.main, widths: [400, 800, 1200, 1600], sizes: '(max-width: 1600px) 100vw, 1600px' },
  bannerSmall: { width: 800, height: BANNER.small, widths: [400, 800, 1600], sizes: `${MOBILE} 100vw, 50vw` },
  bannerProduct: { width: 800, height: BANNER.product, widths: [400, 800, 1600], sizes: `${MOBILE} 100vw, 33vw` },
  takeover: { width: 1600, height: BANNER.small, widths: [800, 1200, 1600], sizes: '100vw' },
  blogPost: { width: 800, height: 500, widths: [400, 800, 1600], sizes: `${MOBILE} 100vw, 800px` },
  blogCard: { width: 400, height: 250, widths: [400, 800], sizes: `${MOBILE} 100vw, 400px` },
  avatar: { width: 64, height: 64, widths: [64, 128], sizes: '64px' },
  store: { width: 800, height: 500, widths: [400, 800, 1600], sizes: `${MOBILE} 100vw, 800px` },
  social: { ...IMG.tile, widths: [IMG.tile.width / 2, IMG.tile.width], sizes: `${MOBILE} 42vw, 14vw` },
};

/** The size a slot draws at (width/height attributes, aspect-ratio) and its `sizes` attribute. */
export function slotSize(slot: ImageSlot): { width: number; height: number; sizes: string } {
  const s = SLOTS[slot];
  return { width: s.width, height: s.height, sizes: s.sizes };
}

const heightAt = (s: SlotSpec, w: number) => Math.round((w * s.height) / s.width);

/**
 * Every width x height the shop's pages ask for: what the reference proxy resizes to (anything else
 * is a 400). `0x0` (the original, used by scripts/snapshot.ts to pull media) is not in this list.
 */
export function allowedImageSizes(): { width: number; height: number }[] {
  const seen = new Map<string, { width: number; height: number }>();
  for (const s of Object.values(SLOTS)) {
    for (const w of [s.width, ...s.widths]) {
      const size = fitImageSize(w, heightAt(s, w));
      seen.set(`${size.width}x${size.height}`, size);
    }
  }
  return [...seen.values()].sort((a, b) => a.width - b.width || a.height - b.height);
}

/** The attributes of an `<img>` filling a slot: src, srcset, sizes, width and height. */
export interface ResponsiveImage {
  src: string;
  srcset: string | undefined;
  sizes: string | undefined;
  width: number;
  height: number;
}

/** src (the 1x size), srcset and sizes of a media reference in a slot. */
export function responsiveImage(ref: string, slot: ImageSlot, host?: ImageHost): ResponsiveImage {
  const s = SLOTS[slot];
  const src = imageUrl(ref, s.width, s.height, host);
  // Each width as the host delivers it (never above its size limit), once.
  const sizes = new Map(s.widths.map((w) => fitImageSize(w, heightAt(s, w), host?.sizeLimit)).map((f) => [f.width, f]));
  // A picture on a foreign host cannot be resized: one URL, no srcset.
  const srcset = mediaPath(ref, host) !== null ? [...sizes.values()].map((f) => `${imageUrl(ref, f.width, f.height, host)} ${f.width}w`).join(', ') : undefined;
  return { src, srcset, sizes: srcset ? s.sizes : undefined, width: s.width, height: s.height };
}
