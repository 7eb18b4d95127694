import { describe, expect, it } from 'vitest';
import { childSkuFromUrl } from '../../src/lib/catalog/product/child-url';
import { chooseOption, formProduct, initialFormState, shownPrices, unitPrices, validQty, type FormState } from '../../src/lib/catalog/product/form';
import { checkAdd, optionsSummary, productOption } from '../../src/lib/catalog/product/form-add';
import { product, ring } from './catalog-fixtures';
import { CHILD_SKU_TOKEN } from '../../src/lib/catalog/urls';

const now = new Date('2026-07-03T12:00:00Z');

// Gold (49) in L, M; silver (50) in M only; gold N disabled (status 2).
const configurable = () =>
  formProduct(
    ring([
      { sku: 'R-G-L', color: 49, size: 167, price: 1000 },
      { sku: 'R-G-M', color: 49, size: 168, price: 1100, special_price: 990 },
      { sku: 'R-S-M', color: 50, size: 168, price: 800 },
      { sku: 'R-G-N', color: 49, size: 169, price: 1200, status: 2 },
    ]),
  );

const engraved = () =>
  formProduct(
    product({
      sku: 'SRV-ENG',
      type_id: 'virtual',
      price: 40,
      custom_options: [
        { option_id: 1, type: 'field', title: 'Engraving text', is_require: true, price: 0, price_type: 'fixed', max_characters: 30 },
        {
          option_id: 2,
          type: 'radio',
          title: 'Font',
          is_require: false,
          values: [
            { option_type_id: 21, title: 'Script', price: 0, price_type: 'fixed' },
            { option_type_id: 22, title: 'Roman', price: 25, price_type: 'fixed' },
          ],
        },
        {
          option_id: 3,
          type: 'checkbox',
          title: 'Gift wrap',
          is_require: false,
          values: [{ option_type_id: 31, title: 'Gift wrap', price: 3.95, price_type: 'fixed' }],
        },
        {
          option_id: 4,
          type: 'drop_down',
          title: 'Turnaround',
          is_require: false,
          values: [
            { option_type_id: 41, title: 'Standard', price: 0, price_type: 'fixed' },
            { option_type_id: 42, title: 'Express', price: 20, price_type: 'percent' },
          ],
        },
      ],
    }),
  );

const linked = (id: number, price: number) => ({ id, sku: `L-${id}`, name: `Linked ${id}`, price });
const bundle = () =>
  formProduct(
    product({
      sku: 'BUNDLE-1',
      type_id: 'bundle',
      price: 0,
      bundle_options: [
        {
          option_id: 7,
          title: 'Watch',
          required: true,
          product_links: [
            { id: 71, qty: 1, is_default: false, product: linked(701, 300) },
            { id: 72, qty: 1, is_default: true, product: linked(702, 450) },
          ],
        },
        { option_id: 8, title: 'Strap', required: false, product_links: [{ id: 81, qty: 1, is_default: false, product: linked(801, 50) }] },
      ],
    }),
  );

describe('product form: configurable products', () => {
  it('opens on the first available child', () => {
    const p = configurable();
    const s = initialFormState(p);
    expect(s.childSku).toBe('R-G-L');
    expect(s.selection).toEqual({ color: 49, size: 167 });
  });

  it('opens on the child named by the url, by path or by childSku query', () => {
    const p = configurable();
    expect(childSkuFromUrl(p, '/EVR-1042/evermore/R-S-M')).toBe('R-S-M');
    expect(childSkuFromUrl(p, '/rings/engagement-rings/evermore', '?childSku=R-G-M')).toBe('R-G-M');
    expect(childSkuFromUrl(p, '/rings/engagement-rings/evermore')).toBeNull();
    expect(initialFormState(p, { childSku: 'R-S-M' }).selection).toEqual({ color: 50, size: 168 });
  });

  it('a disabled child named by the url falls back to the default child', () => {
    const p = configurable();
    expect(initialFormState(p, { childSku: 'R-G-N' }).childSku).toBe('R-G-L');
  });

  it('choosing a size reconfigures to the matching child and its price', () => {
    const p = configurable();
    const r = chooseOption(p, initialFormState(p), 'size', 168);
    expect(r.notice).toBeUndefined();
    expect(r.state.childSku).toBe('R-G-M');
    expect(unitPrices(p, r.state, now)).toEqual({ original: 1100, special: 990, final: 990 });
  });

  it('a choice with no variant keeps the previous selection with the wrong-attributes notice', () => {
    const p = configurable();
    const start = initialFormState(p);
    const silver = chooseOption(p, start, 'color', 50); // silver in L does not exist
    expect(silver.notice).toBe('No such configuration for the product. Please do choose another combination of attributes.');
    expect(silver.state).toBe(start);
    const disabled = chooseOption(p, start, 'size', 169); // gold N is disabled
    expect(disabled.notice).toBeDefined();
    expect(disabled.state.childSku).toBe('R-G-L');
  });

  it('the cart line is the chosen child with the parent name, its price and the options in words', () => {
    const p = configurable();
    const s = chooseOption(p, initialFormState(p), 'size', 168).state;
    // The island's props: the product's URL and its children's template (src/lib/build/product-island-props.ts).
    const r = checkAdd(p, s, { now, urls: { product: '/rings/x', child: `/rings/x?childSku=${CHILD_SKU_TOKEN}` } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatchObject({
      sku: 'R-G-M',
      name: 'Evermore Platinum Solitaire Ring',
      qty: 1,
      price: 990,
      parentSku: 'EVR-1042',
      url: '/rings/x?childSku=R-G-M',
      options: 'Colour: Gold, Size: M',
    });
    expect(r.lines[0]!.product_option).toBeUndefined();
  });

  it("the cart line carries vue-storefront-api's price signature (sgn): the chosen child's, or the product's", () => {
    const p = formProduct(
      ring(
        [
          { sku: 'R-G-L', color: 49, size: 167, price: 1000, sgn: 'sgn-of-R-G-L' },
          { sku: 'R-G-M', color: 49, size: 168, price: 1100, sgn: 'sgn-of-R-G-M' },
        ],
        { sgn: 'sgn-of-parent' },
      ),
    );
    const s = chooseOption(p, initialFormState(p), 'size', 168).state;
    const line = checkAdd(p, s, { now });
    expect(line.ok && line.lines[0]).toMatchObject({ sku: 'R-G-M', sgn: 'sgn-of-R-G-M' });
    const simple = formProduct(product({ sku: 'W-1', type_id: 'simple', price: 40, sgn: 'sgn-of-W-1' }));
    const r = checkAdd(simple, initialFormState(simple), { now });
    expect(r.ok && r.lines[0]).toMatchObject({ sku: 'W-1', sgn: 'sgn-of-W-1' });
  });

  it('no chosen child refuses with no such configuration', () => {
    const p = configurable();
    const r = checkAdd(p, { ...initialFormState(p), childSku: null }, { now });
    expect(r).toMatchObject({ ok: false, message: 'No such configuration for the product. Please do choose another combination of attributes.' });
  });
});

describe('product form: custom options', () => {
  it('defaults: radio its first value, checkbox false, others empty', () => {
    expect(initialFormState(engraved()).custom).toEqual({ 1: '', 2: 21, 3: false, 4: '' });
  });

  it("an empty required text says 'Field is required.' and asks to configure the options", () => {
    const p = engraved();
    for (const text of ['', '   ']) {
      const s = { ...initialFormState(p), custom: { ...initialFormState(p).custom, 1: text } };
      const r = checkAdd(p, s, { now });
      expect(r).toEqual({
        ok: false,
        message: 'Please configure product custom options and fix the validation errors',
        errors: { custom: { 1: 'Field is required.' }, bundle: {} },
      });
    }
  });

  it('prices follow the options: fixed amounts add, percents of the original price', () => {
    const p = engraved();
    const s: FormState = { ...initialFormState(p), custom: { 1: 'Love', 2: 22, 3: true, 4: 42 } };
    // 40 + 25 (Roman) + 3.95 (gift wrap) + 20% of 40 (express)
    expect(unitPrices(p, s, now).final).toBeCloseTo(76.95, 2);
    expect(shownPrices(p, { ...s, qty: 2 }, now).final).toBeCloseTo(153.9, 2);
    // a quantity being typed shows the unit price
    expect(shownPrices(p, { ...s, qty: '' }, now).final).toBeCloseTo(76.95, 2);
  });

  it('with group price tiers the group price is what options add to, by quantity; without a group nothing changes (§6)', () => {
    const base = product({
      sku: 'TIER-1',
      price: 50,
      tier_prices: [
        { customer_group_id: 0, qty: 3, value: 45 },
        { customer_group_id: 1, qty: 1, value: 47.5 },
      ],
    });
    const p = formProduct(base);
    const s = initialFormState(p);
    expect(unitPrices(p, s, now).final).toBe(50);
    expect(unitPrices(p, s, now, { groupId: 0 }).final).toBe(50); // a guest buys one: no tier yet
    expect(unitPrices(p, { ...s, qty: 3 }, now, { groupId: 0 })).toEqual({ original: 50, special: 45, final: 45 });
    expect(unitPrices(p, s, now, { groupId: 1 })).toEqual({ original: 50, special: 47.5, final: 47.5 });
    expect(shownPrices(p, { ...s, qty: 2 }, now, { groupId: 1 }).final).toBe(95);
    const r = checkAdd(p, s, { now, tier: { groupId: 1 } });
    expect(r.ok && r.lines[0]!.price).toBe(47.5);
    // a product without tiers keeps none in the island's props
    expect('tier_prices' in formProduct(product({ sku: 'NO-TIER', price: 10 }))).toBe(false);
  });

  it('the cart line carries the options as product_option and in words', () => {
    const p = engraved();
    const s: FormState = { ...initialFormState(p), custom: { 1: ' Love ', 2: 22, 3: true, 4: '' } };
    expect(productOption(p, s)).toEqual({
      extension_attributes: {
        custom_options: [
          { option_id: 1, option_value: 'Love' },
          { option_id: 2, option_value: '22' },
          { option_id: 3, option_value: '31' },
        ],
      },
    });
    expect(optionsSummary(p, s)).toBe('Engraving text: Love, Font: Roman, Gift wrap: Gift wrap');
    const r = checkAdd(p, s, { now });
    expect(r.ok && r.lines[0]).toMatchObject({ sku: 'SRV-ENG', price: 68.95, qty: 1, product_type: 'virtual' });
  });
});

describe('product form: bundles', () => {
  it('defaults to the default link with quantity 1, the optional strap left out, priced as the sum', () => {
    const p = bundle();
    const s = initialFormState(p);
    expect(s.bundle).toEqual({ 7: { linkIds: [72], qty: 1 }, 8: { linkIds: [], qty: 1 } });
    expect(unitPrices(p, s, now).final).toBe(450);
    expect(unitPrices(p, { ...s, bundle: { 7: { linkIds: [71], qty: 2 }, 8: { linkIds: [81], qty: 1 } } }, now).final).toBe(650);
  });

  it("a required option with quantity 0 says 'Must be greater than 0'", () => {
    const p = bundle();
    const s = { ...initialFormState(p), bundle: { 7: { linkIds: [72], qty: 0 }, 8: { linkIds: [81], qty: 1 } } };
    expect(checkAdd(p, s, { now })).toEqual({
      ok: false,
      message: 'Please configure product bundle options and fix the validation errors',
      errors: { custom: {}, bundle: { 7: 'Must be greater than 0' } },
    });
  });

  it('the bundle line sends its selections and quantities, none for an optional option left empty', () => {
    const p = bundle();
    const s = initialFormState(p);
    expect(productOption(p, s)).toEqual({
      extension_attributes: {
        bundle_options: [{ option_id: 7, option_qty: 1, option_selections: [72] }],
      },
    });
  });
});

describe('product form: add-to-cart refusals', () => {
  it("a quantity that is not above 0 says 'Quantity must be above 0' and asks to fix the errors", () => {
    const p = formProduct(product({ price: 10 }));
    for (const qty of [0, -1, '', 'abc']) {
      expect(validQty(qty)).toBe(false);
      expect(checkAdd(p, { ...initialFormState(p), qty }, { now })).toMatchObject({
        ok: false,
        message: 'Please fix the validation errors',
        errors: { qty: 'Quantity must be above 0' },
      });
    }
  });

  it('refuses while the stock check is running', () => {
    const p = formProduct(product({ price: 10 }));
    expect(checkAdd(p, initialFormState(p), { now, stockPending: true })).toMatchObject({
      ok: false,
      message: 'Stock check in progress, please wait while available stock quantities are checked',
    });
  });

  it('refuses an out-of-stock product only when out-of-stock items are not allowed in the cart', () => {
    const p = formProduct(product({ price: 10, stock: { is_in_stock: false, qty: 0 } }));
    expect(checkAdd(p, initialFormState(p), { now, allowOutOfStock: false })).toMatchObject({
      ok: false,
      message: 'The product is out of stock and cannot be added to the cart!',
    });
    expect(checkAdd(p, initialFormState(p), { now, allowOutOfStock: true }).ok).toBe(true);
    // live stock wins over the snapshot
    const inStock = formProduct(product({ price: 10 }));
    expect(checkAdd(inStock, initialFormState(inStock), { now, allowOutOfStock: false, stock: { is_in_stock: false } }).ok).toBe(false);
  });

  it('refuses what is out of stock by default: the page says so and the cart does not take it', () => {
    const p = formProduct(product({ price: 10, stock: { is_in_stock: false, qty: 0 } }));
    expect(checkAdd(p, initialFormState(p), { now })).toMatchObject({ ok: false, message: 'The product is out of stock and cannot be added to the cart!' });
  });

  it('refuses more than max_sale_qty or the stock with the §8 text and the limit beside the quantity', () => {
    // max_sale_qty 5 (as in the sample), 7 in stock: 9 and 6 are refused, 5 is the line's maximum.
    const p = formProduct(product({ price: 10, stock: { is_in_stock: true, qty: 7, max_sale_qty: 5, manage_stock: true } }));
    for (const qty of [9, 6]) {
      expect(checkAdd(p, { ...initialFormState(p), qty }, { now })).toEqual({
        ok: false,
        message: 'Some of the ordered products are not available!',
        errors: { custom: {}, bundle: {}, qty: 'You can order at most 5 of this item.' },
      });
    }
    const ok = checkAdd(p, { ...initialFormState(p), qty: 5 }, { now });
    expect(ok.ok && ok.lines[0]).toMatchObject({ qty: 5, max_qty: 5 });
    // 3 in stock (live stock wins over the snapshot): 4 is refused.
    expect(checkAdd(p, { ...initialFormState(p), qty: 4 }, { now, stock: { is_in_stock: true, qty: 3 } })).toMatchObject({
      ok: false,
      errors: { qty: 'You can order at most 3 of this item.' },
    });
    // A virtual service with unmanaged stock is limited by max_sale_qty alone.
    const service = formProduct(product({ type_id: 'virtual', price: 10, stock: { is_in_stock: true, qty: 0, max_sale_qty: 10, manage_stock: false } }));
    expect(checkAdd(service, { ...initialFormState(service), qty: 10 }, { now }).ok).toBe(true);
  });

  it('refuses a product without a price', () => {
    const p = formProduct(product({ price: 0 }));
    expect(checkAdd(p, initialFormState(p), { now })).toMatchObject({ ok: false, message: 'Product price is unknown, product cannot be added to the cart!' });
  });

  it('a grouped set adds one line per product with a quantity above 0', () => {
    const p = formProduct(product({ sku: 'SET-1', type_id: 'grouped', price: 0 }));
    const grouped = [
      { product: { id: 1, sku: 'A', name: 'Ring A' }, qty: 1, prices: { original: 20, special: null, final: 20 }, inStock: true },
      { product: { id: 2, sku: 'B', name: 'Ring B' }, qty: 0, prices: { original: 30, special: 25, final: 25 }, inStock: true },
    ];
    const s = initialFormState(p, { grouped });
    expect(s.grouped).toEqual({ A: 1, B: 0 });
    const r = checkAdd(p, { ...s, grouped: { A: '2', B: '1' } }, { now }, grouped);
    expect(r.ok && r.lines.map((l) => [l.sku, l.qty, l.price])).toEqual([
      ['A', 2, 20],
      ['B', 1, 25],
    ]);
    expect(checkAdd(p, { ...s, grouped: { A: 0, B: '' } }, { now }, grouped)).toMatchObject({ ok: false, message: 'Quantity must be above 0' });
    expect(checkAdd(p, { ...s, grouped: { A: '-1', B: 0 } }, { now }, grouped)).toMatchObject({
      ok: false,
      message: 'Please fix the validation errors',
      errors: { grouped: { A: 'Quantity must be above 0' } },
    });
    expect(checkAdd(p, { ...s, grouped: { A: '1.5', B: 0 } }, { now }, grouped)).toMatchObject({
      errors: { grouped: { A: 'Quantity must be a whole number' } },
    });
  });

  it('tells a fraction it is not a whole number, and nothing above 0 that it is not above 0', () => {
    const p = formProduct(product({ price: 10 }));
    const qtyError = (qty: string) => {
      const r = checkAdd(p, { ...initialFormState(p), qty }, { now });
      return r.ok ? null : r.errors?.qty;
    };
    expect(qtyError('1.5')).toBe('Quantity must be a whole number');
    expect(qtyError('0.5')).toBe('Quantity must be a whole number');
    expect(qtyError('0')).toBe('Quantity must be above 0');
    expect(qtyError('-2')).toBe('Quantity must be above 0');
    expect(qtyError('')).toBe('Quantity must be above 0');
    expect(qtyError('2')).toBeNull();
  });
});
