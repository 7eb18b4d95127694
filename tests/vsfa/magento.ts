/**
 * A small Magento 2 behind the VSFA stand-in (./orders.ts): quotes (carts), stock, and placed orders,
 * answering as Magento's REST API does where the shop can tell the difference, written from Magento's
 * behaviour and vue-storefront-api's Magento client (`src/platform/magento2/cart.js`, `o2m.js`):
 *
 * - a guest quote has a masked id (32 characters), a customer's the numeric quote id; a customer has
 *   one active quote, and `customers/{id}/carts` hands it back while it is active, a new one after;
 * - placing an order from a quote makes it inactive: every later call on it is Magento's
 *   `No such entity with cartId = {id}` (an error Magento sends as 404 and VSFA relays: ./orders.ts);
 * - adding more than the stock holds is `The requested qty is not available`; an unknown sku
 *   `The product that was requested doesn't exist. Verify the product and try again.`;
 * - a quote item is a product with its options (./magento-options.ts: custom, configurable and bundle
 *   options as Magento compares them): an add with the same options raises that item's qty, other
 *   options make an item of their own; an update naming an item id sets that item's qty alone and
 *   keeps its options (Quote/Model/Quote/Item/CartItemPersister.php as 2.4.4 and 2.4.5 run it: Magento's
 *   tracker has it confirmed that a REST update did not change an item's custom or configurable
 *   options then; other releases re-add the item through Quote::updateItem when the update's options
 *   differ, which the shop never sends); the stock check counts every item of the sku;
 * - GET .../items answers each item's `product_option` as its request sent it, and the totals items
 *   carry `options`, ItemConverter's JSON text (./magento-options.ts);
 * - nothing is de-duplicated: each placement is a new order with the next increment id;
 * - a slow Magento (`slowMs`) takes that long for each placement.
 */
import { randomBytes } from 'node:crypto';
import { prepareItem, sameOptions, totalsOptions, type ItemConfig, type ProductWithOptions } from './magento-options';

/** An error as Magento's REST API gives it (message with %placeholders filled). */
export class MagentoError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export interface MagentoProduct extends ProductWithOptions {
  sku: string;
  name: string;
  /** The price incl. VAT (a UK shop's catalogue prices include tax). */
  price: number;
  qty: number;
  type_id?: string;
}

export interface QuoteItem {
  item_id: number;
  sku: string;
  qty: number;
  name: string;
  price: number;
  product_type: string;
  quote_id: string;
  /** The options as the item's request sent them (Magento's answer leaves it out for an item without). */
  product_option?: Record<string, unknown>;
}

/** A quote item with what Magento keeps beside it: the product it was added as, and its configuration. */
interface StoredItem extends QuoteItem {
  productSku: string;
  config: ItemConfig;
}

interface Quote {
  id: string;
  customerId: number | null;
  active: boolean;
  items: StoredItem[];
}

/** An item as the REST API answers it. */
const answerOf = ({ productSku: _p, config: _c, ...item }: StoredItem): QuoteItem => ({
  ...item,
  ...(item.product_option ? { product_option: structuredClone(item.product_option) } : {}),
});

/** A placed order, as Magento's order repository (and so `user/order-history`) gives it. */
export interface MagentoOrder {
  entity_id: number;
  increment_id: string;
  created_at: string;
  customer_id: number | null;
  customer_email: string;
  status: string;
  state: string;
  quote_id: string;
  grand_total: number;
  subtotal: number;
  subtotal_incl_tax: number;
  tax_amount: number;
  discount_amount: number;
  shipping_amount: number;
  shipping_incl_tax: number;
  payment: { method: string };
  items: Array<{ item_id: number; sku: string; name: string; qty_ordered: number; price_incl_tax: number; row_total_incl_tax: number; parent_item_id: null }>;
}

const VAT = 0.2;
const round = (n: number) => Math.round(n * 100) / 100;
/** Magento's `created_at`: UTC with no zone. */
const magentoTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const noSuchCart = (id: string) => new MagentoError(`No such entity with cartId = ${id}`, 404);

export class Magento {
  readonly products = new Map<string, MagentoProduct>();
  readonly orders: MagentoOrder[] = [];
  private quotes = new Map<string, Quote>();
  private nextQuote = 1;
  private nextItem = 1;
  /** How long each placement takes (a slow Magento). */
  slowMs = 0;

  constructor(products: MagentoProduct[] = []) {
    for (const p of products) this.products.set(p.sku, { ...p });
  }

  /** POST /guest-carts (a masked id) or /customers/{id}/carts (the customer's active quote, else a new one). */
  createCart(customerId: number | null = null): string {
    if (customerId !== null) {
      const active = [...this.quotes.values()].find((q) => q.customerId === customerId && q.active);
      if (active) return active.id;
    }
    const id = customerId === null ? randomBytes(16).toString('hex') : String(this.nextQuote++);
    this.quotes.set(id, { id, customerId, active: true, items: [] });
    return id;
  }

  private quote(id: string): Quote {
    const q = this.quotes.get(String(id));
    if (!q || !q.active) throw noSuchCart(String(id));
    return q;
  }

  /** The active quote's lines (GET /guest-carts/{id}/items). */
  items(cartId: string): QuoteItem[] {
    return this.quote(cartId).items.map(answerOf);
  }

  /**
   * Adds a line or changes its quantity (POST/PUT .../items). Without an item id the product and its
   * options are added: to the item they represent (its qty grows), else as a new item. With one, that
   * item's qty is set. Magento's stock check, over every item of the sku, included.
   */
  update(cartId: string, line: { sku: string; qty: number; item_id?: number; product_option?: unknown }): QuoteItem {
    const q = this.quote(cartId);
    if (line.item_id) {
      const existing = q.items.find((i) => i.item_id === Number(line.item_id));
      if (!existing) throw new MagentoError(`Cart ${cartId} doesn't contain item  ${line.item_id}`, 404);
      this.checkStock(q, existing.sku, line.qty, existing);
      existing.qty = line.qty;
      return answerOf(existing);
    }
    const product = this.products.get(line.sku);
    if (!product) throw new MagentoError("The product that was requested doesn't exist. Verify the product and try again.", 404);
    const config = prepareItem(product, line.product_option, (sku) => this.products.get(sku));
    if (typeof config === 'string') throw new MagentoError(config);
    const existing = q.items.find((i) => i.productSku === product.sku && sameOptions(i.config.codes, config.codes));
    this.checkStock(q, config.sku, (existing?.qty ?? 0) + line.qty, existing);
    if (existing) {
      existing.qty += line.qty;
      return answerOf(existing);
    }
    const item: StoredItem = {
      item_id: this.nextItem++,
      sku: config.sku,
      qty: line.qty,
      name: product.name,
      price: config.price,
      product_type: config.productType,
      quote_id: q.id,
      ...(config.answer ? { product_option: config.answer } : {}),
      productSku: product.sku,
      config,
    };
    q.items.push(item);
    return answerOf(item);
  }

  /** `The requested qty is not available` when the quote's items of `sku` would hold more than its stock. */
  private checkStock(q: Quote, sku: string, qty: number, item: StoredItem | undefined): void {
    const others = q.items.filter((i) => i !== item && i.sku === sku).reduce((s, i) => s + i.qty, 0);
    if (others + qty > (this.products.get(sku)?.qty ?? 0)) throw new MagentoError('The requested qty is not available');
  }

  delete(cartId: string, itemId: number): boolean {
    const q = this.quote(cartId);
    const at = q.items.findIndex((i) => i.item_id === Number(itemId));
    if (at < 0) throw new MagentoError(`Cart ${cartId} doesn't contain item  ${itemId}`, 404);
    q.items.splice(at, 1);
    return true;
  }

  /** GET .../totals, in Magento's shape (its totals items carry no sku). */
  totals(cartId: string, shipping = 0) {
    const items = this.quote(cartId).items;
    const subtotalIncl = round(items.reduce((s, i) => s + i.price * i.qty, 0));
    const subtotal = round(subtotalIncl / (1 + VAT));
    const grand = round(subtotalIncl + shipping);
    return {
      grand_total: grand,
      base_grand_total: grand,
      subtotal,
      subtotal_incl_tax: subtotalIncl,
      discount_amount: 0,
      shipping_amount: round(shipping / (1 + VAT)),
      shipping_incl_tax: shipping,
      tax_amount: round(subtotalIncl - subtotal),
      base_currency_code: 'GBP',
      quote_currency_code: 'GBP',
      items_qty: items.reduce((s, i) => s + i.qty, 0),
      items: items.map((i) => ({
        item_id: i.item_id,
        price: round(i.price / (1 + VAT)),
        qty: i.qty,
        row_total_incl_tax: round(i.price * i.qty),
        price_incl_tax: i.price,
        name: i.name,
        options: totalsOptions(i.config.labels),
      })),
      total_segments: [
        { code: 'subtotal', title: 'Subtotal', value: subtotalIncl },
        { code: 'shipping', title: 'Shipping & Handling', value: shipping },
        { code: 'tax', title: 'Tax', value: round(subtotalIncl - subtotal) },
        { code: 'grand_total', title: 'Grand Total', value: grand },
      ],
    };
  }

  shippingMethods() {
    return [
      {
        carrier_code: 'freeshipping',
        method_code: 'freeshipping',
        carrier_title: 'Free Shipping',
        method_title: 'Free 2nd Class Delivery',
        amount: 0,
        base_amount: 0,
        available: true,
        error_message: '',
        price_excl_tax: 0,
        price_incl_tax: 0,
      },
      {
        carrier_code: 'flatrate',
        method_code: 'flatrate',
        carrier_title: 'Flat Rate',
        method_title: 'Express Delivery',
        amount: 6,
        base_amount: 6,
        available: true,
        error_message: '',
        price_excl_tax: 5,
        price_incl_tax: 6,
      },
    ];
  }

  paymentMethods() {
    return [{ code: 'cashondelivery', title: 'Cash On Delivery' }];
  }

  /** PUT .../order: places the quote (after `slowMs`), makes it inactive, and answers Magento's order id. */
  async placeOrder(cartId: string, o: { email: string; paymentMethod: string; shipping?: number }): Promise<number> {
    if (this.slowMs) await new Promise((r) => setTimeout(r, this.slowMs));
    const q = this.quote(cartId);
    if (!q.items.length) throw new MagentoError('Unable to place order: the cart is empty');
    const t = this.totals(cartId, o.shipping ?? 0);
    const entity = this.orders.length + 1;
    this.orders.push({
      entity_id: entity,
      increment_id: String(entity).padStart(9, '0'),
      created_at: magentoTime(new Date()),
      customer_id: q.customerId,
      customer_email: o.email,
      status: 'pending',
      state: 'new',
      quote_id: q.id,
      grand_total: t.grand_total,
      subtotal: t.subtotal,
      subtotal_incl_tax: t.subtotal_incl_tax,
      tax_amount: t.tax_amount,
      discount_amount: 0,
      shipping_amount: t.shipping_amount,
      shipping_incl_tax: t.shipping_incl_tax,
      payment: { method: o.paymentMethod },
      items: q.items.map((i) => ({
        item_id: i.item_id,
        sku: i.sku,
        name: i.name,
        qty_ordered: i.qty,
        price_incl_tax: i.price,
        row_total_incl_tax: round(i.price * i.qty),
        parent_item_id: null,
      })),
    });
    for (const i of q.items) this.products.get(i.sku)!.qty -= i.qty;
    q.active = false;
    return entity;
  }

  /** A customer's orders, newest first (Magento's order search as VSFA's order history asks it). */
  ordersOf(customerId: number): MagentoOrder[] {
    return this.orders.filter((o) => o.customer_id === customerId).reverse();
  }

  /** Stock item of a sku (GET /stockItems/{sku}). */
  stockItem(sku: string) {
    const p = this.products.get(sku);
    if (!p) throw new MagentoError(`Product with SKU "${sku}" does not exist`, 404);
    return {
      item_id: [...this.products.keys()].indexOf(sku) + 1,
      product_id: [...this.products.keys()].indexOf(sku) + 1,
      stock_id: 1,
      qty: p.qty,
      is_in_stock: p.qty > 0,
    };
  }
}
