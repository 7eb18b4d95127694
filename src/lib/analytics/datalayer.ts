/**
 * The tag manager data layer (spec §8 tag manager, §9 page-view delay and category tag): a page view is
 * pushed 500 ms after each navigation with the category tag ('watch' when the category path contains
 * 'watch', else 'jewellery'); islands call `trackAddToCart` and `trackPurchase`. Events go into
 * `window.dataLayer`; the tag manager script (the only third-party script) is added only when a container
 * id is configured (config.shop.tagManagerId); without one a warning is logged once and nothing is sent.
 * Imports no config (the settings come from the page), so the page script stays a few hundred bytes.
 */
import { categoryTag, type CategoryTag } from '../catalog/category-tag';

/** What the page tells the data layer (rendered by src/components/DataLayer.astro from the config). */
export interface DataLayerSettings {
  /** Tag manager container id; '' means none configured. */
  containerId: string;
  /** Delay of the page-view event after a navigation (config.constants.tagManagerPageViewDelayMs). */
  pageViewDelayMs: number;
  /** Currency of the ecommerce events (the store view's currency code). */
  currency: string;
  /** The warning logged when no container id is configured (messages.tagManagerNoId). */
  noIdWarning: string;
  /** The cookie notice shown before the tag manager may load (UK PECR: analytics cookies need consent). */
  consent: { label: string; text: string; accept: string; decline: string; policyLabel: string; policyHref: string; claimDescription: string };
}

/** The shopper's answer to the cookie notice: recorded as the claim `cookiesAccepted` (src/lib/state/stores/claims.ts) and mirrored in localStorage for an instant read on every page. */
export type Consent = 'accepted' | 'declined';
/** Code of the consent claim (spec §3 Claim). */
export const CONSENT_CLAIM = 'cookiesAccepted';
/** localStorage key of the consent mirror. */
export const CONSENT_MIRROR_KEY = 'pj-cookie-consent';

/** The answer given before in this browser, or null (no answer, or storage unavailable). */
export function readConsent(storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage): Consent | null {
  try {
    const v = storage?.getItem(CONSENT_MIRROR_KEY);
    return v === 'accepted' || v === 'declined' ? v : null;
  } catch {
    return null;
  }
}

/** The id of the JSON script element that carries the settings. */
export const SETTINGS_ELEMENT_ID = 'datalayer-settings';
/** The tag manager script's address for a container id. */
export const tagManagerScriptUrl = (id: string) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;

type DataLayerEvent = Record<string, unknown>;

/** The browser pieces the data layer touches (injectable for tests). */
export interface DataLayerEnv {
  win: { dataLayer?: DataLayerEvent[] };
  doc?: Pick<Document, 'createElement' | 'head' | 'querySelector'> | null;
  warn?: (message: string) => void;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

let settings: DataLayerSettings | null = null;
let env: DataLayerEnv | null = null;
let pending: unknown = null;

function browserEnv(): DataLayerEnv | null {
  if (typeof window === 'undefined') return null;
  return {
    win: window as unknown as DataLayerEnv['win'],
    doc: document,
    warn: (m) => console.warn(m),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (h) => window.clearTimeout(h as number),
  };
}

/** Reads the settings the page rendered, or null. */
export function readSettings(doc: Pick<Document, 'getElementById'> | null = typeof document === 'undefined' ? null : document): DataLayerSettings | null {
  const el = doc?.getElementById(SETTINGS_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as DataLayerSettings;
  } catch {
    return null;
  }
}

/**
 * Starts the data layer: makes sure `dataLayer` exists; with a container id and the shopper's consent,
 * pushes the tag manager's start event and adds its script once (events wait in `dataLayer` until
 * then); without a container id, logs the warning. True when a container is configured.
 */
export function initDataLayer(s: DataLayerSettings, e: DataLayerEnv | null = browserEnv(), consent: Consent | null = readConsent()): boolean {
  settings = s;
  env = e;
  if (!e) return false;
  e.win.dataLayer ??= [];
  if (!s.containerId) {
    e.warn?.(s.noIdWarning);
    return false;
  }
  if (consent === 'accepted') loadTagManager(s, e);
  return true;
}

/** The shopper accepted analytics cookies: the tag manager loads now (once). */
export function grantConsent(): boolean {
  const r = ready();
  if (!r || !r.s.containerId) return false;
  loadTagManager(r.s, r.e);
  return true;
}

function loadTagManager(s: DataLayerSettings, e: DataLayerEnv): void {
  const src = tagManagerScriptUrl(s.containerId);
  if (e.doc && !e.doc.querySelector(`script[src="${src}"]`)) {
    (e.win.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = e.doc.createElement('script');
    script.async = true;
    script.src = src;
    e.doc.head.appendChild(script);
  }
}

/** Forgets the settings and any scheduled page view (tests). */
export function resetDataLayer(): void {
  if (pending !== null) env?.clearTimeout?.(pending);
  pending = null;
  settings = null;
  env = null;
}

function ready(): { s: DataLayerSettings; e: DataLayerEnv } | null {
  if (!settings) {
    const s = readSettings();
    if (s) initDataLayer(s);
  }
  return settings && env ? { s: settings, e: env } : null;
}

/** Pushes an event into the data layer (kept locally; the tag manager reads it when configured). */
export function pushEvent(event: DataLayerEvent): boolean {
  const r = ready();
  if (!r) return false;
  (r.e.win.dataLayer ??= []).push(event);
  return true;
}

/** What a page view says. */
export interface PageView {
  path: string;
  title: string;
  /** The category path (url_path or names from the root); the page path when absent. */
  categoryPath?: string | readonly string[] | null;
}

/** The page-view event. */
export function pageViewEvent(v: PageView): DataLayerEvent {
  const tag: CategoryTag = categoryTag(v.categoryPath ?? v.path);
  return { event: 'pageView', page: { path: v.path, title: v.title }, pageCategory: tag };
}

/** Schedules the page view 500 ms (the configured delay) after a navigation; a newer navigation replaces it. */
export function schedulePageView(v: PageView): boolean {
  const r = ready();
  if (!r) return false;
  const set = r.e.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  if (pending !== null) r.e.clearTimeout?.(pending);
  pending = set(() => {
    pending = null;
    pushEvent(pageViewEvent(v));
  }, r.s.pageViewDelayMs);
  return true;
}

/** A cart line for the add-to-cart event. */
export interface TrackedProduct {
  sku: string;
  name?: string | null;
  price?: number | null;
  qty?: number;
  /** Category path of the product (for the category tag). */
  categoryPath?: string | readonly string[] | null;
  brand?: string | null;
}

/** The add-to-cart event (ecommerce.add.products). */
export function addToCartEvent(p: TrackedProduct, currency: string): DataLayerEvent {
  return {
    event: 'addToCart',
    ecommerce: {
      currencyCode: currency,
      add: {
        products: [
          {
            id: p.sku,
            name: p.name ?? p.sku,
            price: p.price ?? undefined,
            quantity: p.qty ?? 1,
            category: categoryTag(p.categoryPath ?? ''),
            ...(p.brand ? { brand: p.brand } : {}),
          },
        ],
      },
    },
  };
}

/** Pushes an add-to-cart event (called by the add-to-cart island after a successful add). */
export function trackAddToCart(p: TrackedProduct): boolean {
  const r = ready();
  return r ? pushEvent(addToCartEvent(p, r.s.currency)) : false;
}

/** The order the purchase event describes (the external order result of §3). */
export interface TrackedOrder {
  order_id: string | number;
  order_total: number;
  order_tax: number;
  order_shipping: number;
  order_lines: { line_sku: string; line_name?: string | null; line_qty: number; line_discount: number; line_original_price: number }[];
}

/** The purchase event: order id, total, tax, shipping and the lines. */
export function purchaseEvent(o: TrackedOrder, currency: string): DataLayerEvent {
  return {
    event: 'purchase',
    ecommerce: {
      currencyCode: currency,
      purchase: {
        actionField: { id: String(o.order_id), revenue: Number(o.order_total), tax: Number(o.order_tax), shipping: Number(o.order_shipping) },
        products: o.order_lines.map((l) => ({
          id: l.line_sku,
          name: l.line_name ?? l.line_sku,
          price: Number(l.line_original_price),
          quantity: Number(l.line_qty),
          discount: Number(l.line_discount),
        })),
      },
    },
  };
}

/** Pushes the purchase event (called by the order-success page once the order is fetched). */
export function trackPurchase(o: TrackedOrder): boolean {
  const r = ready();
  return r ? pushEvent(purchaseEvent(o, r.s.currency)) : false;
}
