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
  /** Largest allowed value (bytes unless said otherwise): what `npm test` enforces. */
  max: number;
  /**
   * Where a lower target is set that is not met yet: the target, reported by `npm run bench`
   * (met or not) while `max` keeps the measured figure from growing. Remove once the page meets it.
   */
  target?: number;
  /** Why this number. */
  reason: string;
}

export type BudgetPageType = 'home' | 'category' | 'product' | 'cms' | 'blog' | 'amp' | 'search';

/** The viewports a page is measured at; a budget holds at every one (islands hydrated on visibility differ). */
export const BUDGET_VIEWPORTS = [
  { name: 'mobile', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Idle time after the load event during which nothing is clicked (5 s: long enough for idle-time loads to have run). */
export const IDLE_MS = 5000;

const CONTENT_REASON =
  "Reading pages need no framework: the islands' framework must not load until the shopper opens something interactive " +
  '(client:interact); header badges are kept current by a few hundred bytes of plain nanostores code. ' +
  '20 KB leaves room for the header launchers, the directive runtime and the service-worker registration; 21 KB since ' +
  "2026-11-28, when the page's scripts moved behind the first paint: their inline loader, which also holds and replays what " +
  'the shopper does before they ran, costs every page 0.8 KB (home measured 20.3 KB with it).';

const LISTING_REASON =
  'Category and product pages may hydrate their shopping controls (filters, options, add to cart) on load. The shop was ' +
  "asked for with React: React 19.2's client (react-dom + scheduler) is ~66 KB gzipped and react ~3 KB by themselves " +
  '(measured when the islands moved to React 19), so 100 KB is React plus ~30 KB of island code and shared chunks. For comparison, a React storefront of ' +
  'the same kind (Next.js Commerce, measured here) ships 138-162 KB on load per page.';

/** The search results page's initial JavaScript, in KB (what was measured, and what it holds, in SEARCH_REASON). */
const SEARCH_JS_KB = 45;
const SEARCH_REASON =
  'The search results page (/search?q=…) has no static results: it runs the category listing on load (plain scripts, no ' +
  'React), the search client and the 1.8 KB engine; the JSON it reads (the index and the listing of searchable products) is ' +
  'data, not script. It measured 67-74 KB from 2026-11-24 to 2026-12-01 (73.97 KB, 75,747 B, on 2026-12-01 at 412 and ' +
  "1280 px): the listing carried the tiles' stock prefetch with the browser storage it keeps answers in (localforage, " +
  '~13 KB in all) and zod (~17 KB), which only checked the listing file. 44.3 KB (45,404 B) on 2026-12-01, which meets ' +
  "the 45 KB target, unmet since 2026-11-24: the stock prefetch's code downloads on the shopper's first move over the " +
  'results (a pointer, a touch, the keyboard, a scroll; it only fills the stock cache, which the page does not show), ' +
  'the listing file is checked by hand (src/lib/catalog/listing/client.ts checkListingFile, held to the zod schema by ' +
  'tests/unit/listing-client-check.test.ts), and the search script reads the store view without the storage module. What is ' +
  'left: what every page runs (header, footer, offline and newsletter scripts, the inline loader: ~17 KB), the config ' +
  'and message texts (~8 KB), the listing with its tiles and prices (~11 KB), the search script, client and engine (~7 KB).';

export const budgets = {
  /** Gzipped JavaScript loaded without interaction (load + idle), per page type. */
  jsInitial: {
    home: { max: 21 * KB, reason: CONTENT_REASON },
    category: { max: 100 * KB, reason: LISTING_REASON },
    product: {
      max: 100 * KB,
      reason:
        LISTING_REASON +
        ' On the product page the options island is static HTML until the shopper touches it (client:interact), so React ' +
        'loads on the first touch, not on load: 41 KB measured on 2026-11-25 (120.2 KB when it hydrated on idle). It wakes ' +
        'on load only when its HTML is wrong for the shopper (this product on the wishlist, anything being compared) or when ' +
        'group price tiers are on; then the page pays React as the category budget allows.',
    },
    cms: { max: 21 * KB, reason: CONTENT_REASON },
    blog: { max: 21 * KB, reason: CONTENT_REASON },
    amp: {
      max: 0,
      reason: "AMP pages may not run the shop's own JavaScript (AMP validation fails on any custom script); interactive jobs link to the full page.",
    },
    search: { max: SEARCH_JS_KB * KB, reason: SEARCH_REASON },
  } satisfies Record<BudgetPageType, Budget>,

  /** Gzipped JavaScript once every island on the page has hydrated, on any page. */
  jsEventual: {
    any: {
      max: 183 * KB,
      reason:
        'Even a shopper who opens everything (search, cart, filters, options, account) should not pay more than React ' +
        '(~69 KB: react-dom, scheduler, react) plus ~106 KB of islands: shared chunks keep each island small, and 175 KB ' +
        'still parses in well under 1 s on a mid-range phone (set when the islands moved from preact/compat to React). ' +
        'The product page measures 173.9 KB (2026-11-27), the most of any page, since the message catalogue became one export ' +
        'per text and the browser gets only the texts its scripts show (175.9 KB before, with the whole catalogue); 176.2 KB on ' +
        "2026-11-28, once the product form pays the catalogue rule price, carries each line's sgn, adds storeCode per store " +
        'view and keeps an order whose answer never came from being sent twice (175 KB before); 177.0 KB once every page ' +
        'carries the 0.8 KB loader that starts its scripts after the first paint (177 KB before); 178.1 KB once the loader ' +
        "keeps the worker's order reports and the page start tells an order without an answer apart (178 KB before); 179.2 KB " +
        "once the tabs share one session (a sign-in, sign-out or refresh in one is the others' at once; one refresh at a time) " +
        'and a stored new cart line is named from a pull before it is sent, so it is never doubled (179 KB before); 180.2 KB ' +
        "on 2026-12-01 once the product form prices in the page's store view's currency (multistore), the gallery shows the " +
        "chosen colour's picture and a tap on the still static form is held until the form is live (180 KB before); 181.7 KB " +
        'on 2026-12-01 once a bag line is its sku and its chosen options (two engravings of one ring stayed one line, the ' +
        'first engraving lost), the bag and checkout show the currency their data names, and the add asks the stock of what ' +
        'the page opened with (a size sold out since the build went into the bag) (181 KB before); 182.3 KB on 2026-12-01 ' +
        'once the wishlist and compare list keep the variant chosen (they listed the default at its price), a bag line ' +
        "only the server cart knew reads Magento's HTML-escaped option words as text, and the mini-cart's remove question " +
        "is the kit's, shared with the checkout (which used the browser's own confirm) (182 KB before). Where to win it back: " +
        "the api chunk (14.9 KB) is zod's core shared with the API client's classic schemas.",
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
    max: 14.5 * KB,
    reason:
      'The product page should arrive in the first TCP round trip: an initial congestion window of 10 segments ' +
      '(RFC 6928) carries about 14 KB, so gallery, price, options and the add-to-cart form paint without waiting ' +
      'for a second round trip (150 ms on mobile). Long lists (reviews, related products) load lazily. ' +
      'Raised from 14.0 KB on 2026-11-26: the offer shipping details and return policy that merchant listings ask ' +
      "for and the phone's add-to-bag bar took the sample page to 14.3 KB (14,634 B); the options island's " +
      'serialized props (1.1 KB gzip) are where to win it back.',
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
