/** Props shared by the three layouts (Default, Minimal, Empty). */
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
  bodyClass?: string;
  /** Store view code of the page (multistore); defaults to the default store. */
  storeCode?: string;
}
