/**
 * vue-storefront-api's price signature (`sgn`) from the live pull to the order, through the stand-in
 * (tests/vsfa): VSFA's product processor (the real `vsf-utilities`, signing as its
 * src/processor/product.js does, only for requests naming `_source_exclude`) and its order route's
 * check with `tax.usePlatformTotals` off (src/api/order.ts: `Invalid signature validation of {sku}`).
 * The order is built by the shop's own rules (the product form's cart line, the checkout's payload)
 * from the product record the pull wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/snapshot/read';
import { chooseOption, formProduct, initialFormState } from '../../src/lib/catalog/product/form';
import { checkAdd } from '../../src/lib/catalog/product/form-add';
import { buildOrderPayload } from '../../src/lib/checkout/payload';
import type { CheckoutValues } from '../../src/lib/checkout/state';
import type { CartItem, OrderPayload, Product } from '../../src/lib/schemas';
import { importFromVsfApi } from '../../src/lib/import/vsf-import';
import { startVsfa, DEFAULT_PROCESSOR, type RunningVsfa } from '../vsfa/server';
import { vsfCatalogue } from '../vsfa/fixtures';
import { Magento } from '../vsfa/magento';
import { defaultOrderSettings, vsfaOrderRoutes } from '../vsfa/orders';
import type { VsfaProcessorConfig } from '../vsfa/product-processor';

let work = '';
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'vsfa-sgn-h-vsfa-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const now = new Date('2026-11-20T12:00:00Z');
const VALUES: CheckoutValues = {
  personal: { firstname: 'Ann', lastname: 'Lee', email: 'ann@example.com' },
  shipping: { firstname: 'Ann', lastname: 'Lee', street: '1 High St', city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB', telephone: '0113 000 0000' },
  shippingMethod: { method_code: 'flatrate', carrier_code: 'flatrate' },
  paymentMethod: 'cashondelivery',
  terms: true,
};

interface Backend {
  vsfa: RunningVsfa;
  magento: Magento;
  products: Map<number, Product>;
}

/** The stand-in with VSFA's `tax` settings, the catalogue pulled from it, and an order route checking `sgn`. */
async function pulled(name: string, tax: Partial<VsfaProcessorConfig['tax']>): Promise<Backend> {
  const records = vsfCatalogue({ products: 12 });
  const skus = records.product.flatMap((p) => [p, ...((p.configurable_children as Array<{ sku: string }> | undefined) ?? [])]);
  const magento = new Magento(skus.map((p) => ({ sku: String(p.sku), name: String(p.sku), price: 50, qty: 10 })));
  const calculateServerSide = tax.calculateServerSide ?? DEFAULT_PROCESSOR.tax.calculateServerSide;
  const settings = defaultOrderSettings({ usePlatformTotals: false, calculateServerSide });
  const vsfa = await startVsfa({ records, seed: 4, processor: { tax }, routes: [(app) => vsfaOrderRoutes(magento, settings)(app)] });
  const out = join(work, name);
  await importFromVsfApi({ url: vsfa.url, out });
  return { vsfa, magento, products: new Map(snap.readProducts(out).map((p) => [p.id, p])) };
}

/** The cart line the product page adds (the first colour of a configurable), as the shop builds it. */
function lineOf(p: Product): CartItem {
  const form = formProduct(p);
  let state = initialFormState(form);
  if (p.type_id === 'configurable') state = chooseOption(form, state, 'color', 49).state;
  const r = checkAdd(form, state, { now });
  if (!r.ok) throw new Error(`cannot add ${p.sku}`);
  return r.lines[0] as CartItem;
}

const orderOf = (lines: CartItem[]) => buildOrderPayload({ values: VALUES, items: lines, orderId: `o-${Math.random()}`, now });

async function post(vsfa: RunningVsfa, order: OrderPayload): Promise<{ code: number; result: unknown }> {
  const res = await fetch(`${vsfa.url}/api/order`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(order) });
  return (await res.json()) as { code: number; result: unknown };
}

const configurations: Array<[string, Partial<VsfaProcessorConfig['tax']>, 'priceInclTax' | 'price']> = [
  ['calculateServerSide on (VSFA default)', {}, 'priceInclTax'],
  ['calculateServerSide on, deprecatedPriceFieldsSupport on', { deprecatedPriceFieldsSupport: true }, 'priceInclTax'],
  ['calculateServerSide off', { calculateServerSide: false }, 'price'],
];

describe.each(configurations)('tax.usePlatformTotals off, %s', (name, tax, field) => {
  let b: Backend;
  beforeAll(async () => {
    b = await pulled(name.replace(/\W+/g, '-'), tax);
  });
  afterAll(() => b.vsfa.stop());

  it('the pull asks VSFA to sign (_source_exclude) and keeps each signature with the price it covers', () => {
    const asks = b.vsfa.requests.filter((r) => r.path.includes('/product/_search') && (r.body as { _source?: unknown })._source === undefined);
    expect(asks.length).toBeGreaterThan(0);
    expect(asks.every((r) => /[?&]_source_exclude=[^&]+/.test(r.path) && !/_source_exclude=[^&]*sgn/.test(r.path))).toBe(true);
    const child = b.products.get(1000)!.configurable_children![0]!;
    expect(child.sgn).toMatch(/^[\w-]{43}$/);
    expect(child.sgn_price?.field).toBe(field);
  });

  it('an order of a configurable child built from the pulled record passes VSFA’s check and is placed once', async () => {
    const order = orderOf([lineOf(b.products.get(1000)!)]);
    expect(order.products[0]).toMatchObject({ sku: 'SKU-1000-GY', sgn: expect.any(String) });
    const answer = await post(b.vsfa, order);
    expect(answer).toMatchObject({ code: 200, result: { magentoOrderId: expect.any(Number) } });
    expect(b.magento.orders.map((o) => o.items.map((i) => i.sku))).toEqual([['SKU-1000-GY']]);
  });

  it('a tampered price is refused as VSFA refuses it', async () => {
    const order = orderOf([lineOf(b.products.get(1000)!)]);
    const p = order.products[0] as Record<string, unknown>;
    p[field] = 1;
    const before = b.magento.orders.length;
    expect(await post(b.vsfa, order)).toEqual({ code: 200, result: 'Invalid signature validation of SKU-1000-GY' });
    expect(b.magento.orders).toHaveLength(before);
  });

  it("a product that is not a configurable's child is refused whatever it carries: VSFA signs its hit's sku, which is undefined", async () => {
    const simple = lineOf(b.products.get(1001)!);
    expect(simple.sgn).toBeTruthy();
    expect(await post(b.vsfa, orderOf([simple]))).toEqual({ code: 200, result: 'Invalid signature validation of SKU-1001' });
  });
});
