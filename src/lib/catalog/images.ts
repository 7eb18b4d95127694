/** Image URLs through the API's image proxy (spec §7 img/{width}/{height}/resize{path}; sizes of §9). */
import { config } from '../config';

/** `/img/{width}/{height}/resize{path}` on the API base (same origin by default). */
export function imageUrl(path: string, width: number, height: number): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return `${config.api.baseUrl}/img/${Math.round(width)}/${Math.round(height)}/resize${p}`;
}

/** Product gallery image, 600x744. */
export function galleryImage(path: string): string {
  const { width, height } = config.constants.images.gallery;
  return imageUrl(path, width, height);
}

/** Thumbnail and tile image, 310x300. */
export function tileImage(path: string): string {
  const { width, height } = config.constants.images.tile;
  return imageUrl(path, width, height);
}

/** AMP gallery image, 450x500. */
export function ampGalleryImage(path: string): string {
  const { width, height } = config.constants.images.ampGallery;
  return imageUrl(path, width, height);
}
