import type { ImageSlot } from '../lib/catalog/image-slots';

/** Props shared by the three layouts (Default, Minimal, Empty) and their shell, Document. */
export interface LayoutProps {
  title: string;
  description?: string;
  /** Path ('/rings') or absolute URL; made absolute on the shop's origin. */
  canonical: string;
  image?: string;
  ogType?: string;
  noindex?: boolean;
  jsonLd?: unknown[];
  ampHref?: string;
  /** The largest picture above the fold, preloaded with its srcset (the page marks the same `<Img priority="high">`). */
  preloadImage?: { src: string; kind: ImageSlot };
  bodyClass?: string;
  /** Store view code of the page (multistore); defaults to the default store. */
  storeCode?: string;
}
