/**
 * Typed client of the shop's API contract (§7, docs/api.md) for islands and Node scripts: fetch + zod
 * validation of answers; the user token and the cart id go in the query string; the base URL is
 * `config.api.baseUrl` ('' = same origin). Non-200 answers are returned, not thrown: `{ ok: false, code, result }`.
 */
import { z } from 'zod';
import { config } from '../config';
import { messages } from '../messages';
import {
  CartTotalsSchema,
  CmsBlockSchema,
  CmsPageSchema,
  CustomerSchema,
  ExternalOrderResultSchema,
  MenuNodeSchema,
  PaymentMethodSchema,
  REVIEW_APPROVED,
  REVIEW_PENDING,
  ReviewSchema,
  ShippingMethodSchema,
  SocialSettingsSchema,
  type Address,
  type CartItem,
  type MailPayloadInput,
  type OrderPayload,
  type ReviewInput,
} from '../schemas';
import {
  AttributePageSchema,
  CartIdSchema,
  CartLineSchema,
  CategoryPageSchema,
  OrderAnswerSchema,
  OrderHistorySchema,
  ProductPageSchema,
  searchAnswerOf,
  ShippingInformationResultSchema,
  StockItemSchema,
} from './contract';
import type { ProfileUpdate } from '../account/address';
import { withStoreCode } from './store-code';

/** The Elasticsearch query of a product's approved reviews (§7: product_id equals, review_status equals 1). */
export function reviewQuery(productId: number): Record<string, unknown> {
  return { query: { bool: { filter: { bool: { must: [{ terms: { product_id: [productId] } }, { terms: { review_status: [REVIEW_APPROVED] } }] } } } } };
}

/** The answer of a call: 200 with a validated result, or the contract's error code and result. */
export type ApiResult<T> =
  { ok: true; code: 200; result: T; meta?: Record<string, unknown> } | { ok: false; code: number; result: unknown; meta?: Record<string, unknown> };

/** The answer was not JSON, or its result did not have the contract's shape. */
export class ApiFormatError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiFormatError';
  }
}

export interface ApiClientOptions {
  /** Defaults to config.api.baseUrl. */
  baseUrl?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Defaults to config.storeViews.multistore: calls that the API adjusts per store carry the store code. */
  multistore?: boolean;
}

type Query = Record<string, string | number | null | undefined>;

interface CallOptions<T extends z.ZodType> {
  query?: Query;
  body?: unknown;
  schema?: T;
}

/** The message of a failed answer, for a notification ('Something went wrong ...' when none). */
export function errorMessage(r: { result: unknown }): string {
  return typeof r.result === 'string' && r.result ? r.result : messages.somethingWrong;
}

export function createApiClient(opts: ApiClientOptions = {}) {
  const base = (opts.baseUrl ?? config.api.baseUrl).replace(/\/+$/, '');
  const multistore = opts.multistore ?? config.storeViews.multistore;
  const doFetch = opts.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));

  /** Sends a request to `/api/{path}` (or a configured '/api/...' or absolute endpoint); the answer's status and JSON body. */
  async function request(method: string, path: string, o: { query?: Query; body?: unknown }): Promise<{ status: number; body: unknown }> {
    const qs = Object.entries(o.query ?? {})
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&');
    // A contract path ('cart/pull') goes under /api; a configured endpoint may be '/api/...' or absolute.
    const target = /^https?:\/\//.test(path) ? path : path.startsWith('/') ? `${base}${path}` : `${base}/api/${path}`;
    // With multistore on, the calls VSF adjusts per store view carry `storeCode` (./store-code.ts).
    const url = withStoreCode(`${target}${qs ? `${target.includes('?') ? '&' : '?'}${qs}` : ''}`, undefined, multistore);
    const res = await doFetch(url, {
      method,
      headers: o.body !== undefined ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
    });
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('json')) throw new ApiFormatError(messages.badContentType, res.status);
    try {
      return { status: res.status, body: (await res.json()) as unknown };
    } catch {
      throw new ApiFormatError(messages.badContentType, res.status);
    }
  }

  /** Calls a contract route (answer `{ code, result }`); validates a 200 result with `schema`. */
  async function call<T extends z.ZodType = z.ZodUnknown>(method: string, path: string, o: CallOptions<T> = {}): Promise<ApiResult<z.output<T>>> {
    const answer = await request(method, path, o);
    const res = { status: answer.status };
    const body = (answer.body && typeof answer.body === 'object' ? answer.body : {}) as { code?: unknown; result?: unknown; meta?: Record<string, unknown> };
    const code = Number(body.code ?? res.status);
    if (code !== 200) return { ok: false, code, result: body.result, meta: body.meta };
    if (!o.schema) return { ok: true, code: 200, result: body.result as z.output<T>, meta: body.meta };
    const parsed = o.schema.safeParse(body.result);
    if (!parsed.success) throw new ApiFormatError(messages.wrongResponseFormat, res.status);
    return { ok: true, code: 200, result: parsed.data as z.output<T>, meta: body.meta };
  }

  const tc = (token: string | null | undefined, cartId?: string | null): Query => ({
    token: token ?? '',
    ...(cartId !== undefined ? { cartId: cartId ?? '' } : {}),
  });

  /**
   * vue-storefront-api's catalogue search: POST `/api/catalog/{index}/{entity}/_search?from&size` with
   * an Elasticsearch query; the answer is Elasticsearch's own (no `{ code, result }`), its hits'
   * `_source` validated with `schema`. A non-200 status is a failed call.
   */
  async function search<T extends z.ZodType>(
    entity: string,
    query: Record<string, unknown>,
    schema: T,
    page: { from: number; size: number },
  ): Promise<ApiResult<{ items: z.output<T>[]; total: number; from: number; size: number }>> {
    const path = `catalog/${encodeURIComponent(config.api.catalogIndex)}/${encodeURIComponent(entity)}/_search`;
    const answer = await request('POST', path, { query: { from: page.from, size: page.size }, body: query });
    if (answer.status !== 200) {
      const b = answer.body as { result?: unknown; error?: unknown } | null;
      return { ok: false, code: answer.status, result: b?.result ?? b?.error };
    }
    const parsed = searchAnswerOf(schema).safeParse(answer.body);
    if (!parsed.success) throw new ApiFormatError(messages.wrongResponseFormat, answer.status);
    const items = parsed.data.hits.hits.map((h) => h._source as z.output<T>);
    return { ok: true, code: 200, result: { items, total: parsed.data.hits.total, from: page.from, size: page.size } };
  }

  return {
    call,
    search,
    cart: {
      /** A new guest cart, or the customer's cart (merging `guestCartId` into it when given). */
      create: (token?: string | null, guestCartId?: string) =>
        call('POST', 'cart/create', { query: tc(token), body: guestCartId ? { guestCartId } : undefined, schema: CartIdSchema }),
      pull: (token: string | null, cartId: string) => call('GET', 'cart/pull', { query: tc(token, cartId), schema: z.array(CartLineSchema) }),
      update: (token: string | null, cartId: string, cartItem: CartItem) =>
        call('POST', 'cart/update', { query: tc(token, cartId), body: { cartItem }, schema: CartLineSchema }),
      delete: (token: string | null, cartId: string, cartItem: { item_id?: number; sku?: string }) =>
        call('POST', 'cart/delete', { query: tc(token, cartId), body: { cartItem }, schema: z.boolean() }),
      totals: (token: string | null, cartId: string) => call('GET', 'cart/totals', { query: tc(token, cartId), schema: CartTotalsSchema }),
      paymentMethods: (token: string | null, cartId: string) =>
        call('GET', 'cart/payment-methods', { query: tc(token, cartId), schema: z.array(PaymentMethodSchema) }),
      shippingMethods: (token: string | null, cartId: string, address: { country_id: string } = { country_id: config.storeViews.default.tax.defaultCountry }) =>
        call('POST', 'cart/shipping-methods', { query: tc(token, cartId), body: { address }, schema: z.array(ShippingMethodSchema) }),
      shippingInformation: (
        token: string | null,
        cartId: string,
        addressInformation: {
          shippingAddress: Partial<Address> & { country_id: string };
          billingAddress?: Partial<Address>;
          shipping_method_code: string;
          shipping_carrier_code: string;
        },
      ) => call('POST', 'cart/shipping-information', { query: tc(token, cartId), body: { addressInformation }, schema: ShippingInformationResultSchema }),
      collectTotals: (
        token: string | null,
        cartId: string,
        methods: { paymentMethod?: { method: string }; shippingCarrierCode?: string; shippingMethodCode?: string },
      ) => call('POST', 'cart/collect-totals', { query: tc(token, cartId), body: { methods }, schema: CartTotalsSchema }),
      applyCoupon: (token: string | null, cartId: string, coupon: string) =>
        call('POST', 'cart/apply-coupon', { query: { ...tc(token, cartId), coupon }, schema: z.boolean() }),
      deleteCoupon: (token: string | null, cartId: string) => call('POST', 'cart/delete-coupon', { query: tc(token, cartId), schema: z.boolean() }),
      coupon: (token: string | null, cartId: string) => call('GET', 'cart/coupon', { query: tc(token, cartId), schema: z.string().nullable() }),
    },
    user: {
      create: (customer: { email: string; firstname: string; lastname: string; addresses?: Address[] }, password: string) =>
        call('POST', 'user/create', { body: { customer, password }, schema: CustomerSchema }),
      /** The access token in `result`, the refresh token in `meta.refreshToken`. */
      login: (username: string, password: string) => call('POST', 'user/login', { body: { username, password }, schema: z.string().min(1) }),
      refresh: (refreshToken: string) => call('POST', 'user/refresh', { body: { refreshToken }, schema: z.string().min(1) }),
      resetPassword: (email: string) => call('POST', 'user/reset-password', { body: { email } }),
      createPassword: (email: string, resetToken: string, newPassword: string) =>
        call('POST', 'user/create-password', { body: { email, resetToken, newPassword } }),
      changePassword: (token: string, currentPassword: string, newPassword: string) =>
        call('POST', 'user/change-password', { query: tc(token), body: { currentPassword, newPassword } }),
      me: (token: string) => call('GET', 'user/me', { query: tc(token), schema: CustomerSchema }),
      /** user/me with the customer's e-mail, names and (when they change) addresses (src/lib/account/address.ts `profileUpdate`). */
      updateMe: (token: string, customer: ProfileUpdate) => call('POST', 'user/me', { query: tc(token), body: { customer }, schema: CustomerSchema }),
      orderHistory: (token: string, page: { pageSize?: number; currentPage?: number } = {}) =>
        call('GET', 'user/order-history', { query: { ...tc(token), pageSize: page.pageSize, currentPage: page.currentPage }, schema: OrderHistorySchema }),
    },
    order: {
      /** POSTs the stored order to config.orders.endpoint (idempotent on order_id). */
      place: (payload: OrderPayload | Record<string, unknown>, token?: string | null) =>
        call('POST', config.orders.endpoint, { query: token ? { token } : {}, body: payload, schema: OrderAnswerSchema }),
      /**
       * The external order lookup of a shop that has one (config.checkout.externalOrderUrl + token; §7
       * 'external order'). vue-storefront-api has none: with no URL configured the order-success page
       * does not call it (src/lib/checkout/order-success.ts).
       */
      info: (orderToken: string, url: string = config.checkout.externalOrderUrl) =>
        call('GET', `${url}${encodeURIComponent(orderToken)}`, { schema: ExternalOrderResultSchema }),
    },
    stock: {
      check: (sku: string) => call('GET', 'stock/check', { query: { sku }, schema: StockItemSchema }),
      list: (skus: string[]) => call('GET', 'stock/list', { query: { skus: skus.join(',') }, schema: z.array(StockItemSchema) }),
    },
    review: {
      /**
       * Approved reviews of a product (§7: a search on entity 'review', product_id equals and
       * review_status equals 1, start 0, size 50), read from the Elasticsearch answer.
       */
      list: (productId: number, page: { from?: number; size?: number } = {}) =>
        search('review', reviewQuery(productId), ReviewSchema, { from: page.from ?? 0, size: page.size ?? config.constants.reviewPageSize }),
      /**
       * A new review (§7 review/create?token; with multistore on, the store code goes along, as the API
       * adjusts its URL per store). vue-storefront-api's review schema requires `entity_pk_value` (the
       * product id), `review_entity` and `review_status`: a shopper's review is for a product and waits for
       * moderation (2, pending).
       */
      create: (
        review: Omit<ReviewInput, 'review_entity' | 'review_status' | 'entity_pk_value'> & Partial<Pick<ReviewInput, 'review_entity' | 'review_status'>>,
        token?: string | null,
        storeCode?: string | null,
      ) =>
        call('POST', 'review/create', {
          query: { ...tc(token), ...(multistore && storeCode ? { storeCode } : {}) },
          body: {
            review: {
              ...review,
              entity_pk_value: review.product_id,
              review_entity: review.review_entity ?? 'product',
              review_status: review.review_status ?? REVIEW_PENDING,
            },
          },
        }),
    },
    newsletter: {
      subscribe: (email: string) => call('POST', 'ext/mailchimp-subscribe/subscribe', { body: { email } }),
      /** With the customer's token (of that e-mail's account) unsubscribes at once; without, the API mails a confirmation link (202). */
      unsubscribe: (email: string, token?: string | null) => call('DELETE', 'ext/mailchimp-subscribe/subscribe', { query: tc(token), body: { email } }),
    },
    mailer: {
      getToken: () => call('GET', config.mailer.tokenEndpoint, { schema: z.string().min(1) }),
      send: (payload: MailPayloadInput) => call('POST', config.mailer.sendEndpoint, { body: payload }),
      /** §7: the token endpoint, then (if code 200) the send endpoint with the letter plus the token. */
      async sendMail(letter: Omit<MailPayloadInput, 'token'>): Promise<ApiResult<unknown>> {
        const t = await this.getToken();
        if (!t.ok) return t;
        return this.send({ ...letter, token: t.result });
      },
    },
    cms: {
      page: (id: number) => call('GET', `ext/cms-data/cmsPage/${id}`, { schema: CmsPageSchema }),
      block: (id: number) => call('GET', `ext/cms-data/cmsBlock/${id}`, { schema: CmsBlockSchema }),
      pageByIdentifier: (identifier: string, storeId: number = config.storeViews.default.storeId) =>
        call('GET', `ext/cms-data/cmsPageIdentifier/${encodeURIComponent(identifier)}/storeId/${storeId}`, { schema: CmsPageSchema }),
      blockByIdentifier: (identifier: string, storeId: number = config.storeViews.default.storeId) =>
        call('GET', `ext/cms-data/cmsBlockIdentifier/${encodeURIComponent(identifier)}/storeId/${storeId}`, { schema: CmsBlockSchema }),
    },
    menus: (id: number) => call('GET', `ext/menus/nodes/${id}`, { schema: z.array(MenuNodeSchema) }),
    socialSettings: () => call('GET', 'ext/social-settings', { schema: SocialSettingsSchema }),
  };
}

/**
 * The catalogue calls (products, categories, attributes by page), for Node scripts and tests: the
 * pages are built from a snapshot, so the browser never asks for them (and its bundles skip the
 * product schemas).
 */
export function catalogApi(api: ApiClient) {
  const { call } = api;
  return {
    products: (q: { from?: number; size?: number; url_path?: string; sku?: string; skus?: string[] } = {}) =>
      call('GET', 'catalog/products', {
        query: { from: q.from, size: q.size, url_path: q.url_path, sku: q.sku, skus: q.skus?.join(',') },
        schema: ProductPageSchema,
      }),
    categories: (q: { from?: number; size?: number; url_path?: string; slug?: string } = {}) =>
      call('GET', 'catalog/categories', { query: q, schema: CategoryPageSchema }),
    attributes: (codes: string[] = []) =>
      call('GET', 'catalog/attributes', { query: { attribute_code: codes.join(',') || undefined, size: 1000 }, schema: AttributePageSchema }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client on config.api.baseUrl with the global fetch. */
export const api: ApiClient = createApiClient();
