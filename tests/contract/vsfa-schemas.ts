/**
 * vue-storefront-api's (VSFA) request and answer shapes, written as zod schemas for the contract
 * tests. Read from VSFA's own source (github vuestorefront/vue-storefront-api): the JSON schemas it
 * validates bodies with (`src/models/order.schema.js`, `review.schema.json`,
 * `userProfileUpdate.schema.json`, `userRegister.schema.json`), the route handlers of `src/api/*.ts`
 * (which body keys they read, what they answer) and its extensions (`mail-service`,
 * `mailchimp-subscribe`). They are written independently of `src/lib/schemas` on purpose: a test that
 * checks the browser's bodies against the browser's own schemas proves nothing.
 *
 * Where VSFA's JSON schema says `additionalProperties: false` the zod object is strict; elsewhere it
 * is loose (VSFA ignores keys it does not know there).
 */
import { z } from 'zod';

const email = z.string().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'an e-mail address');
/** VSFA's `pattern: '[a-zA-Z]+'`: at least one letter somewhere. */
const letters = z.string().regex(/[a-zA-Z]/, 'a text with letters');

// ------------------------------------------------------------------------------------------------
// Orders: POST /api/order (order.schema.js; additionalProperties false at the top).

/** An order address (order.schema.js: street, city, postcode, firstname, lastname required; region a string). */
export const VsfaOrderAddress = z.looseObject({
  firstname: letters,
  lastname: letters,
  street: z.array(z.string().min(1)).min(1),
  city: z.string(),
  postcode: z.string().min(3),
  region: z.string().optional(),
  region_id: z.number().optional(),
  region_code: z.string().optional(),
  country_id: z
    .string()
    .regex(/[a-zA-Z]/)
    .optional(),
  company: z.string().optional(),
  telephone: z.string().optional(),
  email: email.optional(),
  sameAsBilling: z.number().optional(),
  save_address: z.number().optional(),
});

export const VsfaOrderProduct = z.looseObject({
  sku: z.string().min(1),
  qty: z.number().min(1),
  price: z.number().min(1),
  name: z.string().min(1).optional(),
  product_type: z.string().min(1).optional(),
});

export const VsfaOrderBody = z.strictObject({
  order_id: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  transmited: z.boolean().optional(),
  transmited_at: z.string().optional(),
  status: z.string().optional(),
  state: z.string().optional(),
  user_id: z.string().optional(),
  cart_id: z.string().optional(),
  store_code: z.string().optional(),
  store_id: z.number().optional(),
  products: z.array(VsfaOrderProduct).min(1),
  addressInformation: z.looseObject({
    shippingAddress: VsfaOrderAddress.optional(),
    billingAddress: VsfaOrderAddress.optional(),
    shipping_method_code: letters.optional(),
    shipping_carrier_code: letters.optional(),
    payment_method_code: letters.optional(),
    payment_method_additional: z.unknown().optional(),
  }),
});

/**
 * What `POST /api/order` answers on success (the Magento 2 platform's `processSingleOrder`):
 * `{ magentoOrderId, orderNumber, backendOrderId, transferedAt }`; with `orders.useServerQueue` on,
 * only the queue job's id. Neither carries a lookup token, totals or lines.
 */
export const VsfaOrderAnswer = z.union([
  z.looseObject({
    magentoOrderId: z.union([z.string(), z.number()]),
    orderNumber: z.string().nullable().optional(),
    backendOrderId: z.union([z.string(), z.number()]),
    transferedAt: z.string(),
  }),
  z.number(),
]);

// ------------------------------------------------------------------------------------------------
// Reviews: POST /api/review/create (review.schema.json), the list through catalog _search.

export const VsfaReviewCreateBody = z.looseObject({
  review: z.looseObject({
    // review.schema.json requires entity_pk_value; VSF's own client schema requires product_id
    entity_pk_value: z.number().int(),
    product_id: z.number().int(),
    title: z.string(),
    detail: z.string(),
    nickname: z.string(),
    review_entity: z.string(),
    review_status: z.number().int(),
    customer_id: z.number().int().nullable().optional(),
  }),
});

/** An Elasticsearch query body as VSFA's `/api/catalog/{index}/{entity}/_search` passes it on. */
export const VsfaSearchBody = z.looseObject({
  query: z.looseObject({}).optional(),
  sort: z.unknown().optional(),
  _source: z.unknown().optional(),
});

/** Elasticsearch's search answer, as VSFA forwards it. */
export const VsfaSearchAnswer = z.looseObject({
  took: z.number().optional(),
  timed_out: z.boolean().optional(),
  hits: z.looseObject({
    total: z.union([z.number(), z.looseObject({ value: z.number() })]),
    hits: z.array(z.looseObject({ _index: z.string(), _id: z.union([z.string(), z.number()]), _source: z.looseObject({}) })),
  }),
});

// ------------------------------------------------------------------------------------------------
// User: user/create (userRegister.schema.json), user/me (userProfileUpdate.schema.json), others read
// by the handlers in src/api/user.ts.

/** A customer address (userProfileUpdate.schema.json): two street lines, `region` an object. */
export const VsfaCustomerAddress = z.looseObject({
  firstname: letters,
  lastname: letters,
  street: z.array(z.string().min(1)).min(2),
  city: z.string(),
  region: z.looseObject({ region: z.string().nullable() }).optional(),
  country_id: z.string().min(2).regex(/[A-Z]/),
  postcode: z.string().min(3),
  company: z.string().min(1).optional(),
  vat_id: z.string().min(3).optional(),
  telephone: z.string().optional(),
  default_billing: z.boolean().optional(),
  default_shipping: z.boolean().optional(),
});

export const VsfaProfileUpdateBody = z.strictObject({
  customer: z.strictObject({
    email,
    firstname: letters,
    lastname: letters,
    addresses: z.array(VsfaCustomerAddress).max(2).optional(),
    custom_attributes: z
      .array(z.looseObject({ attribute_code: z.string().min(1), value: z.string().nullable() }))
      .max(5)
      .optional(),
  }),
});

/** The customer user/me answers (Magento's customer): addresses carry `region` as an object. */
export const VsfaCustomer = z.looseObject({
  id: z.number(),
  email,
  firstname: z.string(),
  lastname: z.string(),
  addresses: z.array(
    z.looseObject({
      street: z.array(z.string()),
      region: z.looseObject({ region: z.string().nullable(), region_code: z.string().nullable().optional(), region_id: z.number().optional() }),
    }),
  ),
});

export const VsfaRegisterBody = z.looseObject({
  customer: z.looseObject({ email, firstname: letters, lastname: letters }),
  password: z.string().min(8),
});
export const VsfaLoginBody = z.looseObject({ username: z.string().min(1), password: z.string().min(1) });
export const VsfaRefreshBody = z.looseObject({ refreshToken: z.string().min(1) });
export const VsfaEmailBody = z.looseObject({ email });
export const VsfaChangePasswordBody = z.looseObject({ currentPassword: z.string().min(1), newPassword: z.string().min(1) });

/** user/order-history: Magento's order search result. */
export const VsfaOrderHistory = z.looseObject({
  items: z.array(z.looseObject({ increment_id: z.string(), entity_id: z.number().optional(), items: z.array(z.looseObject({ sku: z.string() })) })),
  total_count: z.number(),
});

// ------------------------------------------------------------------------------------------------
// Stock: GET stock/check?sku= and stock/list?skus= answer Magento stock items (no sku in them).

export const VsfaStockItem = z.looseObject({
  item_id: z.number().optional(),
  product_id: z.number(),
  qty: z.number(),
  is_in_stock: z.boolean(),
});

// ------------------------------------------------------------------------------------------------
// Cart: the handlers of src/api/cart.ts read these body keys (missing: 500).

export const VsfaCartUpdateBody = z.looseObject({
  cartItem: z.looseObject({
    sku: z.string().min(1),
    qty: z.number(),
    quote_id: z.string().optional(),
    item_id: z.number().optional(),
    product_option: z.unknown().optional(),
  }),
});
export const VsfaCartDeleteBody = z.looseObject({ cartItem: z.looseObject({}) });
export const VsfaShippingMethodsBody = z.looseObject({ address: z.looseObject({ country_id: z.string() }) });
export const VsfaShippingInformationBody = z.looseObject({
  addressInformation: z.looseObject({
    shippingAddress: z.looseObject({ country_id: z.string() }),
    shipping_method_code: z.string(),
    shipping_carrier_code: z.string(),
  }),
});
export const VsfaCollectTotalsBody = z.looseObject({ methods: z.looseObject({}) });

// ------------------------------------------------------------------------------------------------
// Extensions: mail-service (send-email) and mailchimp-subscribe.

/**
 * mail-service's send-email reads exactly these: the letter's text is `emailText` (nothing else is
 * mailed), and `confirmation: true` makes it check the *source* address against the target whitelist,
 * so a shopper's own address is refused.
 */
export const VsfaMailBody = z.strictObject({
  sourceAddress: email,
  targetAddress: email,
  subject: z.string(),
  emailText: z.string().min(1),
  confirmation: z.literal(false).optional(),
  token: z.string().min(1),
});

export const VsfaNewsletterBody = z.looseObject({ email });

/** Every answer: `{ code, result }`. */
export const VsfaEnvelope = z.looseObject({ code: z.number(), result: z.unknown() });

/** VSFA's image proxy (`config.imageable.imageSizeLimit`, 1024 by default): larger sizes are refused. */
export const VSFA_IMAGE_SIZE_LIMIT = 1024;

/** The routes VSFA (with its default extensions) has, as `METHOD path` patterns of the browser's calls. */
export const VSFA_ROUTES: readonly { method: string; path: RegExp; body?: z.ZodType }[] = [
  { method: 'POST', path: /^\/api\/cart\/create$/ },
  { method: 'GET', path: /^\/api\/cart\/(pull|totals|payment-methods|coupon)$/ },
  { method: 'POST', path: /^\/api\/cart\/update$/, body: VsfaCartUpdateBody },
  { method: 'POST', path: /^\/api\/cart\/delete$/, body: VsfaCartDeleteBody },
  { method: 'POST', path: /^\/api\/cart\/shipping-methods$/, body: VsfaShippingMethodsBody },
  { method: 'POST', path: /^\/api\/cart\/shipping-information$/, body: VsfaShippingInformationBody },
  { method: 'POST', path: /^\/api\/cart\/collect-totals$/, body: VsfaCollectTotalsBody },
  { method: 'POST', path: /^\/api\/cart\/(apply-coupon|delete-coupon)$/ },
  { method: 'POST', path: /^\/api\/user\/login$/, body: VsfaLoginBody },
  { method: 'POST', path: /^\/api\/user\/create$/, body: VsfaRegisterBody },
  { method: 'POST', path: /^\/api\/user\/refresh$/, body: VsfaRefreshBody },
  { method: 'POST', path: /^\/api\/user\/reset-password$/, body: VsfaEmailBody },
  { method: 'POST', path: /^\/api\/user\/change-password$/, body: VsfaChangePasswordBody },
  { method: 'GET', path: /^\/api\/user\/(me|order-history)$/ },
  { method: 'POST', path: /^\/api\/user\/me$/, body: VsfaProfileUpdateBody },
  { method: 'POST', path: /^\/api\/order$/, body: VsfaOrderBody },
  { method: 'GET', path: /^\/api\/stock\/(check|list)$/ },
  { method: 'POST', path: /^\/api\/review\/create$/, body: VsfaReviewCreateBody },
  { method: 'GET', path: /^\/api\/catalog\/[^/]+\/[^/]+\/_search$/ },
  { method: 'POST', path: /^\/api\/catalog\/[^/]+\/[^/]+\/_search$/, body: VsfaSearchBody },
  { method: 'POST', path: /^\/api\/ext\/mailchimp-subscribe\/subscribe$/, body: VsfaNewsletterBody },
  { method: 'DELETE', path: /^\/api\/ext\/mailchimp-subscribe\/subscribe$/, body: VsfaNewsletterBody },
  { method: 'GET', path: /^\/api\/ext\/mail-service\/get-token$/ },
  { method: 'POST', path: /^\/api\/ext\/mail-service\/send-email$/, body: VsfaMailBody },
  { method: 'GET', path: /^\/api\/ext\/cms-data\/(cmsPage|cmsBlock)\/[^/]+$/ },
  { method: 'GET', path: /^\/api\/ext\/cms-data\/(cmsPageIdentifier|cmsBlockIdentifier)\/[^/]+\/storeId\/[^/]+$/ },
];

/** The VSFA route a request goes to, or null when VSFA has no such route. */
export function vsfaRoute(method: string, pathname: string) {
  return VSFA_ROUTES.find((r) => r.method === method.toUpperCase() && r.path.test(pathname)) ?? null;
}

/** Checks one request against VSFA: the route exists and the body (when VSFA validates one) fits. Empty when it does. */
export function vsfaProblems(method: string, pathname: string, body: unknown): string[] {
  const route = vsfaRoute(method, pathname);
  if (!route) return [`${method} ${pathname}: VSFA has no such route`];
  if (!route.body) return [];
  const r = route.body.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${method} ${pathname}: ${i.path.join('.') || '(body)'}: ${i.message}`);
}
