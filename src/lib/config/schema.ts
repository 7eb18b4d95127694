/**
 * The configuration's schema and environment overrides (zod), over the defaults in ./defaults.ts.
 * Build time and Node only: client bundles get the validated values as plain JSON instead
 * (src/vite/client-config.ts), so no island pays for zod just to read the config. Import `config`
 * from '.'.
 */
import { z } from 'zod';
import { defaults as defaultValues } from './defaults';

const I18nSchema = z.object({
  defaultCountry: z.string().length(2),
  defaultLanguage: z.string(),
  /** Locale for number and date formatting in texts (§9: en-GB in texts). */
  defaultLocale: z.string(),
  /** Locale as written in the original configuration (§9: en-US in configuration). */
  configLocale: z.string(),
  currencyCode: z.string().length(3),
  currencySign: z.string(),
  currencySignPlacement: z.enum(['prepend', 'append']),
  currencyDecimals: z.number().int().min(0),
  dateFormat: z.string(),
  /** IANA time zone used for shown dates and for "today" in special-price windows. */
  timeZone: z.string().default('Europe/London'),
  /** Rate from the snapshot's GBP prices to this view's currency (1 for GBP); used when building EUR views. */
  exchangeRate: z.number().positive().default(1),
  fullCountryName: z.string(),
  fullLanguageName: z.string(),
});

const StoreViewSchema = z.object({
  storeCode: z.string().min(1),
  storeId: z.number().int(),
  name: z.string(),
  /** URL prefix of the store view ('' for the default one). */
  url: z.string(),
  disabled: z.boolean(),
  i18n: I18nSchema,
  tax: z.object({
    defaultCountry: z.string().length(2),
    calculateServerSide: z.boolean(),
    sourcePriceIncludesTax: z.boolean(),
  }),
});
export type StoreView = z.output<typeof StoreViewSchema>;

const ConfigSchema = z.object({
  shop: z.object({
    /** The retailer's name: the only place it lives. */
    name: z.string().min(1),
    /** Theme name (§1: "Theme name: {product}"). */
    themeName: z.string().min(1),
    /** Public origin used for canonical links and the sitemap. */
    siteUrl: z.url(),
    themeColor: z.string(),
    backgroundColor: z.string(),
    /** Blog path segment (§2 /pjworld). */
    blogPath: z.string().min(1),
    /** Tag manager container id; empty means none configured (a warning is logged). */
    tagManagerId: z.string(),
  }),
  storeViews: z.object({
    multistore: z.boolean(),
    commonCache: z.boolean(),
    default: StoreViewSchema,
    others: z.array(StoreViewSchema),
  }),
  /** The shop's feature switches (short catalogue URLs, URL dispatcher, out-of-stock listing, lazy loading...; spec §2 and §9). */
  switches: z.object({
    shortCatalogUrls: z.boolean(),
    urlDispatcher: z.boolean(),
    listOutOfStockProducts: z.boolean(),
    lazyLoading: z.boolean(),
    usePriceTiers: z.boolean(),
    autoRefreshTokens: z.boolean(),
    prefetchStockOnTiles: z.boolean(),
    pushChildSkuToUrl: z.boolean(),
    serverMergeCart: z.boolean(),
    allowOutOfStockInCart: z.boolean(),
  }),
  api: z.object({
    /** Base URL of the shop's API (§7); '' means same origin as the site. */
    baseUrl: z.string(),
    /**
     * The Elasticsearch index the API's catalogue search reads (`/api/catalog/{index}/{entity}/_search`,
     * vue-storefront-api's `elasticsearch.indices`); the review list asks it.
     */
    catalogIndex: z.string().regex(/^[a-z0-9_.-]+$/, 'an Elasticsearch index name'),
  }),
  /** Where pictures come from (docs/configuration.md, "Image host"). */
  images: z.object({
    /**
     * Resize URL of one picture: `{width}`, `{height}` and `{path}` (the media path, with its leading
     * slash). A template starting with '/' is on `api.baseUrl` (the reference API's proxy by
     * default); otherwise it is an absolute http(s) URL.
     */
    urlTemplate: z
      .string()
      .refine((t) => t.startsWith('/') || /^https?:\/\/[^/{}]+/i.test(t), "must start with '/' or be an absolute http(s) URL")
      .refine((t) => t.includes('{width}') && t.includes('{height}') && t.includes('{path}'), 'must contain {width}, {height} and {path}')
      .refine(
        (t) => (t.match(/\{[^}]*\}/g) ?? []).every((p) => ['{width}', '{height}', '{path}'].includes(p)),
        'only {width}, {height} and {path} are placeholders',
      ),
    /** Absolute URLs under these (a backend's own media address) are media paths, resized like any other; others are shown as they are. */
    mediaBaseUrls: z.array(z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''))),
    /**
     * The largest width or height the image host resizes to (vue-storefront-api's
     * `imageable.imageSizeLimit`, 1024): larger sizes are asked at this size, keeping the aspect ratio.
     */
    sizeLimit: z.number().int().min(64),
  }),
  orders: z.object({
    endpoint: z.string().min(1),
    directBackendSync: z.boolean(),
    offline_orders: z.object({
      automatic_transmission_enabled: z.boolean(),
      notification: z.object({ enabled: z.boolean() }),
    }),
  }),
  checkout: z.object({
    external: z.object({ enabled: z.boolean(), url: z.string() }),
    /**
     * URL the order-success page asks for the external order (token appended), when the shop has
     * such a service; '' (the default) shows the order from what the checkout placed and what
     * `POST /api/order` answered (vue-storefront-api has no order lookup).
     */
    externalOrderUrl: z.string(),
  }),
  mailer: z.object({
    contactAddress: z.email(),
    tokenEndpoint: z.string(),
    sendEndpoint: z.string(),
  }),
  ssr: z.object({ executeMixedinAsyncData: z.boolean() }),
  localForage: z.object({
    defaultDrivers: z.object({ orders: z.string(), user: z.string(), carts: z.string() }),
  }),
  /** Colour labels mapped to swatch colours (§3 Attribute). */
  colorMappings: z.record(z.string(), z.string()),
  /** Default filterable attributes (§9). Codes starting with pj_ are filterable too. */
  filterableAttributes: z.array(z.string()),
  /** Price filter buckets in GBP: from inclusive, to exclusive; a missing `to` is open-ended. */
  priceFilterRanges: z.array(z.object({ from: z.number().min(0), to: z.number().positive().optional() })).min(1),
  /** Every constant of spec §9. */
  constants: z.object({
    search: z.object({
      clientTimeoutMs: z.number(),
      serverTimeoutMs: z.number(),
      minScore: z.number(),
      fuzziness: z.number().int(),
      minimumShouldMatch: z.number(),
      boosts: z.object({
        name: z.number(),
        sku: z.number(),
        category_name: z.number(),
        c2c_supplier_code: z.number(),
      }),
      defaultSize: z.number().int().positive(),
      minTermLength: z.number().int().positive(),
    }),
    sorts: z.array(z.object({ label: z.string(), value: z.string() })),
    ampCategoryDefaultSort: z.string(),
    images: z.object({
      gallery: z.object({ width: z.number(), height: z.number() }),
      tile: z.object({ width: z.number(), height: z.number() }),
      ampGallery: z.object({ width: z.number(), height: z.number() }),
    }),
    filterAggregationSize: z.number().int(),
    filterAggregationSizeSizeColor: z.number().int(),
    staticStockPrefetchCount: z.number().int(),
    cmsMaxCount: z.number().int(),
    socialFeedImages: z.number().int(),
    cache: z.object({
      timeoutMs: z.number(),
      iterateTimeoutMs: z.number(),
      quotaCheckIntervalMs: z.number(),
      quotaKb: z.number(),
      maxSetErrors: z.number().int(),
      maxGetErrors: z.number().int(),
    }),
    tokenRefreshLimit: z.number().int(),
    tokenLockRetryMs: z.number(),
    outputCacheTtlS: z.number(),
    footerMenuCacheMs: z.number(),
    dynamicPrefetchLevel: z.number().int(),
    categoryPageSize: z.number().int(),
    pagination: z.object({ perPage: z.number().int(), displayed: z.number().int(), page: z.number().int() }),
    reviewPageSize: z.number().int(),
    notificationTtlMs: z.number(),
    submenuPopDelayMs: z.number(),
    tagManagerPageViewDelayMs: z.number(),
    focusCleanDelayMs: z.number(),
    video: z.object({ width: z.number(), height: z.number() }),
    shippingMethods: z.array(z.object({ carrier_code: z.string(), method_code: z.string(), title: z.string(), amount: z.number() })),
    dpdCourierLabel: z.string(),
    cashOnDelivery: z.object({ code: z.string(), cost: z.number() }),
    newsletterCouponPercent: z.number(),
    newsletterCouponCode: z.string(),
    passwordMinLength: z.number().int(),
    vatRate: z.number(),
    badges: z.object({ sale: z.string(), new: z.string() }),
    layout: z.object({
      mobileMaxPx: z.number(),
      filtersMaxPx: z.number(),
      tabletMinPx: z.number(),
      breakpointsPx: z.array(z.number()),
      listWidthEm: z.number(),
      offerBannerHeightsPx: z.object({ main: z.number(), small: z.number(), product: z.number(), mobile: z.number() }),
      detailsCollapsedPx: z.number(),
      qtyInputPx: z.number(),
      sizeSelectorPx: z.number(),
      swatchPx: z.number(),
      badgePx: z.number(),
      productImageMaxHeightPx: z.number(),
      productImageMaxHeightDoublePx: z.array(z.number()),
      fadesS: z.array(z.number()),
    }),
  }),
});
export type Config = z.output<typeof ConfigSchema>;

/**
 * The defaults, typed here so ./defaults.ts needs nothing from this module. They stand in this module's
 * exports: client bundles replace the whole module (src/vite/client-config.ts).
 */
export const defaults: Config = defaultValues;

export type Env = Record<string, string | boolean | undefined>;
type Override = { path: string[]; kind: 'boolean' | 'string' | 'url-or-path' | 'email' | 'url' | 'url-list' };

/** Every supported `PUBLIC_*` variable and the config value it sets (documented in docs/configuration.md). */
export const ENV_OVERRIDES: Record<string, Override> = {
  PUBLIC_SHOP_NAME: { path: ['shop', 'name'], kind: 'string' },
  PUBLIC_SITE_URL: { path: ['shop', 'siteUrl'], kind: 'url' },
  PUBLIC_TAG_MANAGER_ID: { path: ['shop', 'tagManagerId'], kind: 'string' },
  PUBLIC_MULTISTORE: { path: ['storeViews', 'multistore'], kind: 'boolean' },
  PUBLIC_COMMON_CACHE: { path: ['storeViews', 'commonCache'], kind: 'boolean' },
  PUBLIC_SHORT_CATALOG_URLS: { path: ['switches', 'shortCatalogUrls'], kind: 'boolean' },
  PUBLIC_URL_DISPATCHER: { path: ['switches', 'urlDispatcher'], kind: 'boolean' },
  PUBLIC_LIST_OUT_OF_STOCK: { path: ['switches', 'listOutOfStockProducts'], kind: 'boolean' },
  PUBLIC_LAZY_LOADING: { path: ['switches', 'lazyLoading'], kind: 'boolean' },
  PUBLIC_PRICE_TIERS: { path: ['switches', 'usePriceTiers'], kind: 'boolean' },
  PUBLIC_AUTO_REFRESH_TOKENS: { path: ['switches', 'autoRefreshTokens'], kind: 'boolean' },
  PUBLIC_PREFETCH_STOCK: { path: ['switches', 'prefetchStockOnTiles'], kind: 'boolean' },
  PUBLIC_API_BASE_URL: { path: ['api', 'baseUrl'], kind: 'url-or-path' },
  PUBLIC_CATALOG_INDEX: { path: ['api', 'catalogIndex'], kind: 'string' },
  PUBLIC_IMAGE_URL_TEMPLATE: { path: ['images', 'urlTemplate'], kind: 'string' },
  PUBLIC_IMAGE_MEDIA_BASE_URLS: { path: ['images', 'mediaBaseUrls'], kind: 'url-list' },
  PUBLIC_ORDERS_ENDPOINT: { path: ['orders', 'endpoint'], kind: 'url-or-path' },
  PUBLIC_OFFLINE_ORDERS_AUTO: { path: ['orders', 'offline_orders', 'automatic_transmission_enabled'], kind: 'boolean' },
  PUBLIC_OFFLINE_ORDERS_NOTIFY: { path: ['orders', 'offline_orders', 'notification', 'enabled'], kind: 'boolean' },
  PUBLIC_EXTERNAL_CHECKOUT: { path: ['checkout', 'external', 'enabled'], kind: 'boolean' },
  PUBLIC_EXTERNAL_CHECKOUT_URL: { path: ['checkout', 'external', 'url'], kind: 'url' },
  PUBLIC_EXTERNAL_ORDER_URL: { path: ['checkout', 'externalOrderUrl'], kind: 'url-or-path' },
  PUBLIC_MAILER_CONTACT: { path: ['mailer', 'contactAddress'], kind: 'email' },
};

/** An environment variable's yes or no (`true`, `1`, `yes`, `on`; `false`, `0`, `no`, `off`, any case); null: neither. */
export function envBoolean(raw: string): boolean | null {
  const v = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  return null;
}

function parseValue(name: string, kind: Override['kind'], raw: string | boolean): unknown {
  const fail = (why: string): never => {
    throw new Error(`Invalid environment variable ${name}=${JSON.stringify(raw)}: ${why}`);
  };
  if (kind === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    return envBoolean(raw) ?? fail('expected true or false');
  }
  const s = String(raw).trim();
  if (kind === 'string') return s;
  if (kind === 'email') return z.email().safeParse(s).success ? s : fail('expected an e-mail address');
  const isHttp = (u: string) => z.url({ protocol: /^https?$/ }).safeParse(u).success;
  if (kind === 'url-list') {
    const list = s
      .split(',')
      .map((u) => u.trim().replace(/\/+$/, ''))
      .filter(Boolean);
    return list.every(isHttp) ? list : fail('expected absolute http(s) URLs separated by commas');
  }
  const isUrl = isHttp(s);
  if (kind === 'url') return isUrl ? s.replace(/\/$/, '') : fail('expected an absolute http(s) URL');
  if (isUrl || s === '' || s.startsWith('/')) return s.replace(/\/$/, '') || s;
  return fail("expected an absolute http(s) URL or a path starting with '/'");
}

/** Builds the config from the defaults and an environment; throws naming the bad variable. */
export function loadConfig(env: Env = {}): Config {
  const draft = structuredClone(defaults) as unknown as Record<string, unknown>;
  for (const [name, { path, kind }] of Object.entries(ENV_OVERRIDES)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    let node = draft;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[path[path.length - 1]!] = parseValue(name, kind, raw);
  }
  const parsed = ConfigSchema.safeParse(draft);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.path.join('.');
    const variable = Object.entries(ENV_OVERRIDES).find(([, o]) => o.path.join('.') === key)?.[0];
    throw new Error(`Invalid configuration ${variable ?? key}: ${issue.message}`);
  }
  return parsed.data;
}

/** The environment of this process: Vite's `import.meta.env` over Node's `process.env`. */
export function readEnv(): Env {
  const fromVite = (import.meta as unknown as { env?: Env }).env ?? {};
  const fromNode = typeof process !== 'undefined' && process.env ? (process.env as Env) : {};
  return { ...fromNode, ...fromVite };
}

/**
 * The `PUBLIC_*` overrides an environment sets (those of ENV_OVERRIDES with a value), as text: what a
 * build's configuration differs from the defaults by. The build records its own beside the site
 * (src/lib/build/cdn/deploy-plan.ts BUILD_CONFIG_FILE) and the edge worker carries them.
 */
export function envOverrides(env: Env = readEnv()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(ENV_OVERRIDES)) if (env[name] !== undefined && env[name] !== '') out[name] = String(env[name]);
  return out;
}

/** The variables whose overrides differ between two sets (envOverrides), sorted. */
export function differingOverrides(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => a[name] !== b[name]).sort();
}
