/**
 * Generated malformed requests for every endpoint that takes input: per field, a wrong type, missing,
 * null, a huge number, a negative, a fraction, deep nesting and an oversized string (each where it
 * is wrong for that field); per endpoint, unknown keys and non-JSON bodies. Each case names the field
 * its 400 must name.
 */
import { orderPayload } from './fixture';
import { ADDRESS } from '../../scripts/lib/sample-order';

export type Kind = 'string' | 'int' | 'bool' | 'object' | 'array';

export interface Field {
  /** Dotted path in the body ('cartItem.qty', 'products.0.sku') or in the query ('query.pageSize'). */
  path: string;
  kind: Kind;
  /** Missing is an error (else it is skipped). */
  required?: boolean;
  /** null is accepted (else null is an error). */
  nullable?: boolean;
  /** A value of a wrong type, when the kind's default one is accepted (an id may be a number or a string). */
  wrongType?: unknown;
}

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Query of a valid call; `token`, `cartId` and `mailToken` are filled from the running shop. */
  query?: (ids: Ids) => Record<string, string>;
  /** A body that is valid (or valid up to a check after validation) for this endpoint. */
  body?: (ids: Ids) => Record<string, unknown>;
  fields: Field[];
  /** Object paths ('' = the body) where an unknown key must be refused. */
  strict?: string[];
}

export interface Ids {
  cartId: string;
  token: string;
  mailToken: string;
}

export interface Case {
  name: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The body: JSON-encoded `body`, or `raw` as is. */
  body?: unknown;
  raw?: string;
  /** What the answer's result must start with or contain. */
  field: string;
}

/** Deeper than the API's 32 levels. */
const DEEP = JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown;
/** Longer than the API's 20,000 characters. */
const OVERSIZED = 'x'.repeat(20_001);

const WRONG_TYPE: Record<Kind, unknown> = { string: 12345, int: 'abc', bool: 'yes', object: 'abc', array: 'abc' };

/** The mutations of one field: [label, value | undefined for missing]. */
function mutations(f: Field): [string, unknown][] {
  const out: [string, unknown][] = [['wrong type', 'wrongType' in f ? f.wrongType : WRONG_TYPE[f.kind]]];
  if (f.required) out.push(['missing', undefined]);
  if (!f.nullable) out.push(['null', null]);
  out.push(['huge number', 1e308], ['negative', -1], ['fraction', 0.5], ['deep nesting', DEEP], ['oversized string', OVERSIZED]);
  return out;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Sets (or with undefined deletes) the value at a dotted path. */
function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let cur: Record<string, unknown> = obj;
  for (const k of keys.slice(0, -1)) {
    if (cur[k] === undefined || cur[k] === null || typeof cur[k] !== 'object') cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (value === undefined) delete cur[last];
  else cur[last] = value;
}

const order = () => orderPayload();
const productOption = { extension_attributes: { custom_options: [{ option_id: 1, option_value: 'Love' }] } };

export const ENDPOINTS: Endpoint[] = [
  {
    name: 'cart create',
    method: 'POST',
    path: '/api/cart/create',
    body: () => ({ guestCartId: 'no-such-guest-cart' }),
    fields: [{ path: 'guestCartId', kind: 'string' }],
    strict: [''],
  },
  {
    name: 'cart update',
    method: 'POST',
    path: '/api/cart/update',
    query: (i) => ({ cartId: i.cartId }),
    body: () => ({ cartItem: { sku: 'PENDANT-105', qty: 1, product_option: clone(productOption) } }),
    fields: [
      { path: 'cartItem', kind: 'object', required: true },
      { path: 'cartItem.sku', kind: 'string', required: true },
      { path: 'cartItem.qty', kind: 'int', required: true },
      { path: 'cartItem.item_id', kind: 'int' },
      { path: 'cartItem.product_option', kind: 'object', nullable: true },
      { path: 'cartItem.product_option.extension_attributes', kind: 'object' },
      { path: 'cartItem.product_option.extension_attributes.custom_options', kind: 'array' },
      { path: 'cartItem.product_option.extension_attributes.custom_options.0', kind: 'object' },
      { path: 'cartItem.product_option.extension_attributes.custom_options.0.option_id', kind: 'int', required: true, wrongType: true },
      { path: 'cartItem.product_option.extension_attributes.configurable_item_options', kind: 'array' },
      { path: 'cartItem.product_option.extension_attributes.bundle_options', kind: 'array' },
    ],
    strict: [
      '',
      'cartItem',
      'cartItem.product_option',
      'cartItem.product_option.extension_attributes',
      'cartItem.product_option.extension_attributes.custom_options.0',
    ],
  },
  {
    name: 'cart delete',
    method: 'POST',
    path: '/api/cart/delete',
    query: (i) => ({ cartId: i.cartId }),
    body: () => ({ cartItem: { item_id: 999_999 } }),
    fields: [
      { path: 'cartItem', kind: 'object', required: true },
      { path: 'cartItem.item_id', kind: 'int' },
      { path: 'cartItem.sku', kind: 'string' },
    ],
    strict: ['', 'cartItem'],
  },
  {
    name: 'cart shipping methods',
    method: 'POST',
    path: '/api/cart/shipping-methods',
    query: (i) => ({ cartId: i.cartId }),
    body: () => ({ address: { country_id: 'GB' } }),
    fields: [
      { path: 'address', kind: 'object' },
      { path: 'address.country_id', kind: 'string', required: true },
    ],
    strict: ['', 'address'],
  },
  {
    name: 'cart shipping information',
    method: 'POST',
    path: '/api/cart/shipping-information',
    query: (i) => ({ cartId: i.cartId }),
    body: () => ({ addressInformation: { shippingAddress: { ...ADDRESS }, shipping_method_code: 'freeshipping', shipping_carrier_code: 'freeshipping' } }),
    fields: [
      { path: 'addressInformation', kind: 'object', required: true },
      { path: 'addressInformation.shippingAddress', kind: 'object', required: true },
      { path: 'addressInformation.shippingAddress.country_id', kind: 'string', required: true },
      { path: 'addressInformation.shippingAddress.postcode', kind: 'string' },
      { path: 'addressInformation.shippingAddress.street', kind: 'array' },
      { path: 'addressInformation.billingAddress', kind: 'object' },
      { path: 'addressInformation.shipping_method_code', kind: 'string', required: true },
      { path: 'addressInformation.shipping_carrier_code', kind: 'string', required: true },
    ],
    strict: ['', 'addressInformation', 'addressInformation.shippingAddress'],
  },
  {
    name: 'cart collect totals',
    method: 'POST',
    path: '/api/cart/collect-totals',
    query: (i) => ({ cartId: i.cartId }),
    body: () => ({ methods: { paymentMethod: { method: 'cashondelivery' }, shippingCarrierCode: 'freeshipping', shippingMethodCode: 'freeshipping' } }),
    fields: [
      { path: 'methods', kind: 'object', required: true },
      { path: 'methods.paymentMethod', kind: 'object' },
      { path: 'methods.paymentMethod.method', kind: 'string', required: true },
      { path: 'methods.shippingCarrierCode', kind: 'string' },
      { path: 'methods.shippingMethodCode', kind: 'string' },
    ],
    strict: ['', 'methods', 'methods.paymentMethod'],
  },
  {
    name: 'order',
    method: 'POST',
    path: '/api/order',
    body: () => order(),
    fields: [
      { path: 'order_id', kind: 'string', required: true },
      { path: 'created_at', kind: 'string', required: true },
      { path: 'transmited', kind: 'bool' },
      { path: 'cart_id', kind: 'string', nullable: true },
      { path: 'products', kind: 'array', required: true },
      { path: 'products.0', kind: 'object' },
      { path: 'products.0.sku', kind: 'string', required: true },
      { path: 'products.0.qty', kind: 'int', required: true },
      { path: 'products.0.product_option', kind: 'object', nullable: true },
      { path: 'products.0.product_option.extension_attributes.custom_options', kind: 'array' },
      { path: 'addressInformation', kind: 'object', required: true },
      { path: 'addressInformation.shippingAddress', kind: 'object', required: true },
      { path: 'addressInformation.shippingAddress.firstname', kind: 'string', required: true },
      { path: 'addressInformation.shippingAddress.street', kind: 'array', required: true },
      { path: 'addressInformation.shippingAddress.postcode', kind: 'string', required: true },
      { path: 'addressInformation.shippingAddress.country_id', kind: 'string', required: true },
      { path: 'addressInformation.billingAddress', kind: 'object', required: true },
      { path: 'addressInformation.billingAddress.city', kind: 'string', required: true },
      { path: 'addressInformation.shipping_method_code', kind: 'string', required: true },
      { path: 'addressInformation.payment_method_code', kind: 'string', required: true },
    ],
    strict: ['', 'products.0', 'addressInformation', 'addressInformation.shippingAddress', 'addressInformation.billingAddress'],
  },
  {
    name: 'user create',
    method: 'POST',
    path: '/api/user/create',
    body: () => ({ customer: { email: 'malformed-create@example.org', firstname: 'Mal', lastname: 'Formed' }, password: 'password123' }),
    fields: [
      { path: 'customer', kind: 'object', required: true },
      { path: 'customer.email', kind: 'string', required: true },
      { path: 'customer.firstname', kind: 'string', required: true },
      { path: 'customer.lastname', kind: 'string', required: true },
      { path: 'customer.addresses', kind: 'array' },
      { path: 'password', kind: 'string', required: true },
    ],
    strict: [''],
  },
  {
    name: 'user login',
    method: 'POST',
    path: '/api/user/login',
    body: () => ({ username: 'malformed@example.org', password: 'password123' }),
    fields: [
      { path: 'username', kind: 'string', required: true },
      { path: 'password', kind: 'string', required: true },
    ],
    strict: [''],
  },
  {
    name: 'user refresh',
    method: 'POST',
    path: '/api/user/refresh',
    body: () => ({ refreshToken: 'x' }),
    fields: [{ path: 'refreshToken', kind: 'string', required: true }],
    strict: [''],
  },
  {
    name: 'user reset password',
    method: 'POST',
    path: '/api/user/reset-password',
    body: () => ({ email: 'malformed@example.org' }),
    fields: [{ path: 'email', kind: 'string', required: true }],
    strict: [''],
  },
  {
    name: 'user create password',
    method: 'POST',
    path: '/api/user/create-password',
    body: () => ({ email: 'malformed@example.org', resetToken: 'x', newPassword: 'password123' }),
    fields: [
      { path: 'email', kind: 'string', required: true },
      { path: 'resetToken', kind: 'string', required: true },
      { path: 'newPassword', kind: 'string', required: true },
    ],
    strict: [''],
  },
  {
    name: 'user change password',
    method: 'POST',
    path: '/api/user/change-password',
    query: (i) => ({ token: i.token }),
    body: () => ({ currentPassword: 'password123', newPassword: 'password456' }),
    fields: [
      { path: 'currentPassword', kind: 'string', required: true },
      { path: 'newPassword', kind: 'string', required: true },
    ],
    strict: [''],
  },
  {
    name: 'user me update',
    method: 'POST',
    path: '/api/user/me',
    query: (i) => ({ token: i.token }),
    // vue-storefront-api's userProfileUpdate: the e-mail and both names are sent with every update.
    body: () => ({ customer: { email: 'malformed-me@example.org', firstname: 'Malcolm', lastname: 'Formed' } }),
    fields: [
      { path: 'customer', kind: 'object', required: true },
      { path: 'customer.firstname', kind: 'string', required: true },
      { path: 'customer.lastname', kind: 'string', required: true },
      { path: 'customer.email', kind: 'string', required: true },
      { path: 'customer.addresses', kind: 'array' },
    ],
    strict: [''],
  },
  {
    name: 'review create',
    method: 'POST',
    path: '/api/review/create',
    body: () => ({ review: { product_id: 101, title: 'Nice', detail: 'A nice ring.', nickname: 'Mal', rating: 5, review_entity: 'product' } }),
    fields: [
      { path: 'review', kind: 'object', required: true },
      { path: 'review.product_id', kind: 'int', required: true },
      { path: 'review.title', kind: 'string', required: true },
      { path: 'review.detail', kind: 'string', required: true },
      { path: 'review.nickname', kind: 'string', required: true },
      { path: 'review.rating', kind: 'int' },
      { path: 'review.entity_pk_value', kind: 'int' },
    ],
    strict: ['', 'review'],
  },
  {
    name: 'newsletter subscribe',
    method: 'POST',
    path: '/api/ext/mailchimp-subscribe/subscribe',
    body: () => ({ email: 'malformed-news@example.org' }),
    fields: [{ path: 'email', kind: 'string', required: true }],
  },
  {
    name: 'mail send',
    method: 'POST',
    path: '/api/ext/mail-service/send-email',
    body: (i) => ({
      sourceAddress: 'mal@example.org',
      targetAddress: 'hello@pendleandjames.co.uk',
      subject: 'Hello',
      emailText: 'Text',
      confirmation: false,
      token: i.mailToken,
    }),
    fields: [
      { path: 'sourceAddress', kind: 'string', required: true },
      { path: 'targetAddress', kind: 'string', required: true },
      { path: 'subject', kind: 'string', required: true },
      { path: 'emailText', kind: 'string' },
      { path: 'confirmation', kind: 'bool' },
      { path: 'booking', kind: 'object' },
      { path: 'token', kind: 'string', required: true },
    ],
    strict: [''],
  },
];

/** Query parameters that must be numbers: [endpoint, method, path, query of a valid call, field]. */
const NUMERIC_QUERIES: [string, string, string, (i: Ids) => Record<string, string>, string][] = [
  ['order history', 'GET', '/api/user/order-history', (i) => ({ token: i.token }), 'pageSize'],
  ['order history', 'GET', '/api/user/order-history', (i) => ({ token: i.token }), 'currentPage'],
];

/** Every case, with the ids of the running shop filled in. */
export function malformedCases(ids: Ids): Case[] {
  const cases: Case[] = [];
  for (const e of ENDPOINTS) {
    const query = e.query?.(ids) ?? {};
    const base = e.body!(ids);
    for (const f of e.fields) {
      for (const [label, value] of mutations(f)) {
        const body = clone(base);
        setPath(body, f.path, value);
        cases.push({ name: `${e.name}: ${f.path} ${label}`, method: e.method, path: e.path, query, body, field: f.path });
      }
    }
    for (const at of e.strict ?? []) {
      const body = clone(base);
      if (at) setPath(body, `${at}.unexpected_key`, 'x');
      else body.unexpected_key = 'x';
      cases.push({
        name: `${e.name}: extra key in ${at || 'the body'}`,
        method: e.method,
        path: e.path,
        query,
        body,
        field: at ? `${at}.unexpected_key` : 'unexpected_key',
      });
    }
    cases.push({ name: `${e.name}: body not JSON`, method: e.method, path: e.path, query, raw: '{"a": ', field: 'body' });
    cases.push({ name: `${e.name}: body a JSON string`, method: e.method, path: e.path, query, raw: '"just a string"', field: 'body' });
    cases.push({ name: `${e.name}: body a JSON array`, method: e.method, path: e.path, query, raw: '[]', field: 'body' });
  }
  for (const [name, method, path, q, field] of NUMERIC_QUERIES) {
    for (const v of ['abc', '-1', '0.5', '1e308', '0', '', 'null', OVERSIZED.slice(0, 2000)]) {
      cases.push({ name: `${name}: query ${field}=${v.slice(0, 12)}`, method, path, query: { ...q(ids), [field]: v }, field: `query.${field}` });
    }
  }
  return cases;
}
