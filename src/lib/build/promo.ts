/**
 * The catalogue's promotional extras, computed at build time: finance lines of a product
 * (can_be_financed, klarna_cta_available, lowest_possible_finance), the category takeover banner
 * (takeover_banner image, takeover_banner_identifier CMS block, button_title) and a product's
 * category_promo_block. CMS block HTML is sanitised here.
 */
import type { Category, CmsBlock, Product } from '../schemas';
import { cmsBlocks, currencyRate, storeViewOf } from '../routing/routes';
import { convertPrice } from '../catalog/price';
import { sanitizeHtml } from '../content/sanitize';
import { localizedPath } from '../catalog/urls';
import { isLinkableContentPath } from '../routing/content-routes';

/** The §2 content pages the finance call to action links to. */
export const FINANCE_PAGES = { klarnaInfo: '/klarna-info', klarnaFaqs: '/klarna-faqs', financeOptions: '/finance-options' } as const;

/** What the product page says about paying over time. */
export interface FinanceInfo {
  /** 'from £X a month': the lowest monthly payment in the store view's currency, when the product can be financed. */
  monthlyFrom: number | null;
  /** The Klarna call to action shows. */
  klarna: boolean;
  /** Each page's address in the store view; null when the build leaves that content route out (no active CMS page). */
  links: { klarnaInfo: string | null; klarnaFaqs: string | null; financeOptions: string | null };
}

/** The finance lines of a product in a store view (its amount in the store view's currency, as its prices), or null when it shows none. */
export function financeInfo(p: Pick<Product, 'can_be_financed' | 'klarna_cta_available' | 'lowest_possible_finance'>, storeCode?: string): FinanceInfo | null {
  const lowest = Number(p.lowest_possible_finance ?? 0);
  const monthlyFrom = p.can_be_financed === 1 && Number.isFinite(lowest) && lowest > 0 ? convertPrice(lowest, currencyRate(storeViewOf(storeCode))) : null;
  const klarna = p.klarna_cta_available === 1;
  if (monthlyFrom === null && !klarna) return null;
  const at = (path: string) => (isLinkableContentPath(path) ? localizedPath(path, { storeCode }) : null);
  return {
    monthlyFrom,
    klarna,
    links: { klarnaInfo: at(FINANCE_PAGES.klarnaInfo), klarnaFaqs: at(FINANCE_PAGES.klarnaFaqs), financeOptions: at(FINANCE_PAGES.financeOptions) },
  };
}

/** An active CMS block by identifier, its HTML sanitised; null when missing, inactive or empty. */
export function cmsBlockHtml(identifier: string | null | undefined, blocks: CmsBlock[] = cmsBlocks()): { block: CmsBlock; html: string } | null {
  if (!identifier) return null;
  const block = blocks.find((b) => b.identifier === identifier && b.active);
  const html = block ? sanitizeHtml(block.content) : '';
  return block && html.trim() ? { block, html } : null;
}

/** The first link of a piece of HTML (the takeover's call to action follows it). */
export function firstLink(html: string): string | null {
  const m = /<a\b[^>]*\bhref="([^"]+)"/i.exec(html);
  return m ? m[1]!.replace(/&amp;/g, '&') : null;
}

/** The takeover banner at the top of a category page. */
export interface Takeover {
  /** Image path (relative to media/), when the category has one. */
  image: string | null;
  /** Sanitised HTML of the takeover block, when it has one. */
  html: string | null;
  /**
   * The title set over the picture: the category's name. The block's title is the admin's label
   * ("Takeover: engagement rings"), never shown to shoppers.
   */
  title: string;
  /** Call to action: the category's button_title, to the block's first link (else the product grid). */
  button: { label: string; href: string } | null;
}

/** The category's takeover banner, or null when it has neither a takeover image nor a takeover block. */
export function takeoverFor(
  c: Pick<Category, 'name' | 'takeover_banner' | 'takeover_banner_identifier' | 'button_title'>,
  blocks?: CmsBlock[],
): Takeover | null {
  const block = cmsBlockHtml(c.takeover_banner_identifier, blocks);
  const image = c.takeover_banner || null;
  if (!block && !image) return null;
  const href = (block && firstLink(block.html)) || '#product-grid';
  return {
    image,
    html: block?.html ?? null,
    title: c.name,
    button: c.button_title ? { label: c.button_title, href } : null,
  };
}

/** The CMS block a product asks for (category_promo_block), sanitised; null when none. */
export function categoryPromoFor(p: Pick<Product, 'category_promo_block'>, blocks?: CmsBlock[]): { identifier: string; html: string } | null {
  const found = cmsBlockHtml(p.category_promo_block, blocks);
  return found ? { identifier: found.block.identifier, html: found.html } : null;
}
