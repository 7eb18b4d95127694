/**
 * Performance budgets: what one page may cost a shopper's browser. Checked by
 * tests/e2e/budgets.spec.ts (part of `npm test`) and reported by `npm run bench`.
 *
 * Units: bytes gzipped by us (zlib level 9, so the figure does not depend on the server), and
 * 1 KB = 1,024 bytes. "Initial" is what Chromium fetches during load plus 5 s of idle time with no
 * interaction; "eventual" is the total once every island on the page has been triggered and has
 * hydrated. Inline scripts and styles count (each gzipped alone). A budget is only raised with a
 * reason written here; never to make a failing test pass.
 */

export const KB = 1024;

export interface Budget {
  /** Largest allowed value (bytes unless said otherwise). */
  max: number;
  /** Why this number. */
  reason: string;
}

export type BudgetPageType = 'home' | 'category' | 'product' | 'cms' | 'blog' | 'amp';

/** The viewports a page is measured at; a budget holds at every one (islands hydrated on visibility differ). */
export const BUDGET_VIEWPORTS = [
  { name: 'mobile', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Idle time after the load event during which nothing is clicked (issue 8: 5 s). */
export const IDLE_MS = 5000;

const CONTENT_REASON =
  'Reading pages need no framework: the islands\' framework must not load until the shopper opens something interactive ' +
  '(client:interact); header badges are kept current by a few hundred bytes of plain nanostores code. ' +
  '20 KB leaves room for the header launchers, the directive runtime and the service-worker registration.';

const LISTING_REASON =
  'Category and product pages hydrate their shopping controls (filters, options, add to cart): React 19 with ' +
  'nanostores was measured here at 71.6 KB gzipped (ARCHITECTURE.md), so 90 KB covered React plus ~18 KB of ' +
  'island code; at Lighthouse mobile throttling (1.6 Mbit/s, 4x CPU) more than that pushes TBT and LCP over target. ' +
  'Our islands needed more than 18 KB, so they run on preact/compat (~11 KB; docs/architecture.md).';

export const budgets = {
  /** Gzipped JavaScript loaded without interaction (load + idle), per page type. */
  jsInitial: {
    home: { max: 20 * KB, reason: CONTENT_REASON },
    category: { max: 90 * KB, reason: LISTING_REASON },
    product: { max: 90 * KB, reason: LISTING_REASON },
    cms: { max: 20 * KB, reason: CONTENT_REASON },
    blog: { max: 20 * KB, reason: CONTENT_REASON },
    amp: { max: 0, reason: 'AMP pages may not run the shop\'s own JavaScript (AMP validation fails on any custom script); interactive jobs link to the full page.' },
  } satisfies Record<BudgetPageType, Budget>,

  /** Gzipped JavaScript once every island on the page has hydrated, on any page. */
  jsEventual: {
    any: {
      max: 120 * KB,
      reason:
        'Even a shopper who opens everything (search, cart, filters, options) should not pay more than the framework (React: ~70 KB) plus ' +
        '~50 KB of islands: shared chunks keep each island small, and 120 KB parses in well under 1 s on a mid-range phone.',
    },
    amp: { max: 0, reason: 'AMP pages have no islands: nothing may load later either.' },
  },

  /** Gzipped CSS fetched on load plus inline styles, per page (non-AMP pages). */
  cssInitial: {
    max: 16 * KB,
    reason:
      'CSS blocks the first paint of every page. At Lighthouse mobile throttling (1.6 Mbit/s, 150 ms RTT) 16 KB ' +
      'costs about 80 ms of transfer on top of its round trip; the design system needs about 10 KB, the rest ' +
      'is room for page styles. Island styles load with their island.',
  },

  /** AMP pages: all CSS inline in <style amp-custom>, raw bytes, and no stylesheet files. */
  ampCss: {
    max: 75_000,
    reason: 'The AMP specification limits <style amp-custom> to 75,000 bytes (raw) and forbids external stylesheets other than fonts.',
  },

  /** Gzipped HTML document of a product page. */
  htmlProduct: {
    max: 14 * KB,
    reason:
      'The product page should arrive in the first TCP round trip: an initial congestion window of 10 segments ' +
      '(RFC 6928) carries about 14 KB, so gallery, price, options and the add-to-cart form paint without waiting ' +
      'for a second round trip (150 ms on mobile). Long lists (reviews, related products) load lazily.',
  },
} as const;

/** The initial-JavaScript budget of a page type. */
export function jsInitialBudget(type: BudgetPageType): Budget {
  return budgets.jsInitial[type];
}

/** The eventual-JavaScript budget of a page type. */
export function jsEventualBudget(type: BudgetPageType): Budget {
  return type === 'amp' ? budgets.jsEventual.amp : budgets.jsEventual.any;
}
