/**
 * The one image URL builder (docs/snapshot.md, "The image pipeline"): `imageUrl` is the only
 * place a picture's URL is put together, from `config.images.urlTemplate` (the reference proxy's
 * `/img/{width}/{height}/resize{path}` of §7 by default, or any CDN's resize URL). The slots (sizes,
 * srcset widths, `sizes`) are in ./image-slots.ts, kept apart so islands that only show a tile
 * picture do not carry the slot table.
 */
import { config } from '../config';

const IMG = config.constants.images;

const ABSOLUTE = /^https?:\/\//i;

/** Where URLs point: `config.images` plus the API base a relative template hangs on. */
export interface ImageHost {
  urlTemplate: string;
  mediaBaseUrls: readonly string[];
  apiBaseUrl: string;
  /** The largest width or height the host resizes to (config.images.sizeLimit; none when unset). */
  sizeLimit?: number;
}
const HOST: ImageHost = { ...config.images, apiBaseUrl: config.api.baseUrl };

/**
 * A media reference as a path under the media root, or null for an absolute URL on a foreign host.
 * Absolute URLs under one of `mediaBaseUrls` (a backend's own media address, as Magento sends them)
 * become paths, so they are resized like any other.
 */
export function mediaPath(ref: string, host: ImageHost = HOST): string | null {
  if (!ABSOLUTE.test(ref)) return ref[0] === '/' ? ref : `/${ref}`;
  const lower = ref.toLowerCase();
  const base = host.mediaBaseUrls.find((b) => lower.startsWith(`${b.toLowerCase()}/`));
  return base === undefined ? null : ref.slice(base.length);
}

/**
 * The size a picture is asked for: the wanted size, scaled down (aspect ratio kept) so that neither
 * side is above the host's limit (vue-storefront-api refuses sizes above its `imageSizeLimit`).
 */
export function fitImageSize(width: number, height: number, limit: number | undefined = HOST.sizeLimit): { width: number; height: number } {
  const scale = limit ? Math.min(1, limit / width, limit / height) : 1;
  return { width: Math.min(limit ?? Infinity, Math.round(width * scale)), height: Math.min(limit ?? Infinity, Math.round(height * scale)) };
}

/**
 * The resize URL of one media reference at one size, on the configured image host (or a given one).
 * A picture on a foreign host cannot be resized: it is shown as it is. The path is a file name, not
 * a URL: '%', '?' and '#' in it are escaped too.
 */
export function imageUrl(ref: string, width: number, height: number, host: ImageHost = HOST): string {
  const path = mediaPath(ref, host);
  if (path === null) return ref;
  const size = fitImageSize(width, height, host.sizeLimit);
  const slots: Record<string, string> = {
    width: String(size.width),
    height: String(size.height),
    path: PLAIN_PATH.test(path) ? path : encodeURI(path).replace(/[?#]/g, encodeURIComponent),
  };
  const parts = templateParts(host.urlTemplate);
  let url = host.urlTemplate[0] === '/' ? host.apiBaseUrl : '';
  for (let i = 0; i < parts.length; i++) url += i % 2 === 0 ? parts[i] : String(slots[parts[i]!]);
  return url;
}

/** A path `encodeURI` leaves as it is and that holds no '?' or '#': most media paths, used as they are. */
const PLAIN_PATH = /^[\w\-./~]*$/;

/**
 * A URL template cut at its `{slot}`s: literal text at even indices, slot names at odd ones. A build
 * puts together hundreds of thousands of picture URLs; cutting the template once a template is
 * cheaper than a regular-expression replacement each time.
 */
const cutTemplates = new Map<string, string[]>();
function templateParts(template: string): string[] {
  let parts = cutTemplates.get(template);
  if (!parts) cutTemplates.set(template, (parts = template.split(/\{(\w+)\}/)));
  return parts;
}

/** Product gallery image, 600x744. */
export function galleryImage(ref: string): string {
  return imageUrl(ref, IMG.gallery.width, IMG.gallery.height);
}

/** Thumbnail and tile image, 310x300. */
export function tileImage(ref: string): string {
  return imageUrl(ref, IMG.tile.width, IMG.tile.height);
}

/** AMP gallery image, 450x500. */
export function ampGalleryImage(ref: string): string {
  return imageUrl(ref, IMG.ampGallery.width, IMG.ampGallery.height);
}
