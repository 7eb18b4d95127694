import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import {
  addToCartEvent,
  CONSENT_CLAIM,
  CONSENT_MIRROR_KEY,
  grantConsent,
  initDataLayer,
  readConsent,
  pageViewEvent,
  purchaseEvent,
  readSettings,
  resetDataLayer,
  schedulePageView,
  tagManagerScriptUrl,
  trackAddToCart,
  trackPurchase,
  type DataLayerEnv,
  type DataLayerSettings,
} from '../../src/lib/analytics/datalayer';

const settings = (containerId = ''): DataLayerSettings => ({
  containerId,
  pageViewDelayMs: config.constants.tagManagerPageViewDelayMs,
  currency: 'GBP',
  noIdWarning: messages.tagManagerNoId,
  consent: { label: 'Cookies', text: 'text', accept: 'Accept', decline: 'No', policyLabel: 'Policy', policyHref: '/enable-cookies', claimDescription: 'd' },
});

/** A fake window and document: the data layer array, the added scripts, warnings and a manual clock. */
function fakeEnv() {
  const scripts: { src: string; async: boolean }[] = [];
  const warnings: string[] = [];
  const timers: { fn: () => void; at: number; id: number }[] = [];
  let now = 0;
  let nextId = 1;
  const env: DataLayerEnv & { win: { dataLayer?: Record<string, unknown>[] } } = {
    win: {},
    doc: {
      createElement: (() => ({ async: false, src: '' })) as unknown as Document['createElement'],
      head: { appendChild: (s: { src: string; async: boolean }) => (scripts.push(s), s) } as unknown as HTMLHeadElement,
      querySelector: ((sel: string) => (scripts.some((s) => sel.includes(s.src)) ? {} : null)) as Document['querySelector'],
    },
    warn: (m) => warnings.push(m),
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.push({ fn, at: now + ms, id });
      return id;
    },
    clearTimeout: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((x) => x.at <= now)) {
      timers.splice(timers.indexOf(t), 1);
      t.fn();
    }
  };
  return { env, scripts, warnings, advance, events: () => env.win.dataLayer ?? [] };
}

afterEach(() => resetDataLayer());

describe('tag manager container', () => {
  it('warns and loads no script when no container id is configured', () => {
    const f = fakeEnv();
    expect(initDataLayer(settings(''), f.env)).toBe(false);
    expect(f.warnings).toEqual(['Tag manager: no container id configured, events are not sent.']);
    expect(f.scripts).toEqual([]);
    expect(f.events()).toEqual([]);
  });

  it('loads the tag manager script once when a container id is configured and the shopper accepted cookies', () => {
    const f = fakeEnv();
    expect(initDataLayer(settings('GTM-ABC123'), f.env, 'accepted')).toBe(true);
    initDataLayer(settings('GTM-ABC123'), f.env, 'accepted');
    expect(f.warnings).toEqual([]);
    expect(f.scripts).toEqual([{ async: true, src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123' }]);
    expect(f.events()).toEqual([expect.objectContaining({ event: 'gtm.js' })]);
    expect(tagManagerScriptUrl('GTM X')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM%20X');
  });

  it("without the shopper's consent the tag manager waits (events are kept); accepting loads it once, declining never", () => {
    const f = fakeEnv();
    expect(initDataLayer(settings('GTM-ABC123'), f.env, null)).toBe(true);
    expect(f.scripts).toEqual([]);
    expect(pageViewEvent({ path: '/', title: 'Home' })).toBeTruthy();
    expect(grantConsent()).toBe(true);
    expect(grantConsent()).toBe(true);
    expect(f.scripts).toEqual([{ async: true, src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123' }]);
    const g = fakeEnv();
    initDataLayer(settings('GTM-ABC123'), g.env, 'declined');
    expect(g.scripts).toEqual([]);
  });

  it('reads the remembered answer from its localStorage mirror', () => {
    const store = (v: string | null) => ({ getItem: (k: string) => (k === CONSENT_MIRROR_KEY ? v : null) });
    expect(readConsent(store('accepted'))).toBe('accepted');
    expect(readConsent(store('declined'))).toBe('declined');
    expect(readConsent(store('maybe'))).toBeNull();
    expect(readConsent(store(null))).toBeNull();
    expect(
      readConsent({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBeNull();
    expect(CONSENT_CLAIM).toBe('cookiesAccepted');
  });

  it('the shop configures no container by default', () => {
    expect(config.shop.tagManagerId).toBe('');
  });
});

describe('page views', () => {
  it('are pushed 500 ms after navigation with the category tag', () => {
    const f = fakeEnv();
    initDataLayer(settings(), f.env);
    schedulePageView({ path: '/watches/mens-watches', title: "Men's watches" });
    f.advance(499);
    expect(f.events()).toEqual([]);
    f.advance(1);
    expect(f.events()).toEqual([{ event: 'pageView', page: { path: '/watches/mens-watches', title: "Men's watches" }, pageCategory: 'watch' }]);
  });

  it('a newer navigation replaces a page view not yet pushed', () => {
    const f = fakeEnv();
    initDataLayer(settings(), f.env);
    schedulePageView({ path: '/first', title: 'First' });
    f.advance(300);
    schedulePageView({ path: '/rings', title: 'Rings' });
    f.advance(499);
    expect(f.events()).toEqual([]);
    f.advance(1);
    expect(f.events().map((e) => (e.page as { path: string }).path)).toEqual(['/rings']);
  });

  it('tags watch categories as watch and everything else as jewellery', () => {
    expect(pageViewEvent({ path: '/rings/engagement-rings', title: 'x' }).pageCategory).toBe('jewellery');
    expect(pageViewEvent({ path: '/x/y', title: 'x', categoryPath: ['Home', 'Smartwatches'] }).pageCategory).toBe('watch');
    expect(pageViewEvent({ path: '/brands/seiko', title: 'x', categoryPath: 'Watches/Seiko' }).pageCategory).toBe('watch');
  });

  it('do nothing outside a browser before the data layer is started', () => {
    expect(schedulePageView({ path: '/', title: 'Home' })).toBe(false);
    expect(trackAddToCart({ sku: 'A' })).toBe(false);
  });
});

describe('ecommerce events', () => {
  it('add to cart carries the product, quantity, price, currency and category tag', () => {
    const f = fakeEnv();
    initDataLayer(settings(), f.env);
    expect(trackAddToCart({ sku: 'W-1', name: 'Seiko Presage', price: 450, qty: 2, categoryPath: 'watches/mens-watches', brand: 'Seiko' })).toBe(true);
    expect(f.events()).toEqual([
      {
        event: 'addToCart',
        ecommerce: {
          currencyCode: 'GBP',
          add: { products: [{ id: 'W-1', name: 'Seiko Presage', price: 450, quantity: 2, category: 'watch', brand: 'Seiko' }] },
        },
      },
    ]);
    expect(addToCartEvent({ sku: 'R-1' }, 'GBP')).toMatchObject({
      ecommerce: { add: { products: [{ id: 'R-1', name: 'R-1', quantity: 1, category: 'jewellery' }] } },
    });
  });

  it('purchase carries order id, total, tax, shipping and the lines', () => {
    const f = fakeEnv();
    initDataLayer(settings(), f.env);
    const order = {
      order_id: 'PJ100000012',
      order_total: 606,
      order_tax: 101,
      order_shipping: 6,
      order_lines: [
        { line_sku: 'R-1', line_name: 'Ring', line_qty: 2, line_discount: 0, line_original_price: 150 },
        { line_sku: 'W-1', line_qty: 1, line_discount: 10, line_original_price: 310 },
      ],
    };
    expect(trackPurchase(order)).toBe(true);
    expect(f.events()).toEqual([purchaseEvent(order, 'GBP')]);
    expect(purchaseEvent(order, 'GBP')).toEqual({
      event: 'purchase',
      ecommerce: {
        currencyCode: 'GBP',
        purchase: {
          actionField: { id: 'PJ100000012', revenue: 606, tax: 101, shipping: 6 },
          products: [
            { id: 'R-1', name: 'Ring', price: 150, quantity: 2, discount: 0 },
            { id: 'W-1', name: 'W-1', price: 310, quantity: 1, discount: 10 },
          ],
        },
      },
    });
  });
});

describe('settings on the page', () => {
  it('are read from the json element the layout renders', () => {
    const s = settings('GTM-1');
    const doc = { getElementById: vi.fn((id: string) => (id === 'datalayer-settings' ? { textContent: JSON.stringify(s) } : null)) };
    expect(readSettings(doc as unknown as Document)).toEqual(s);
    expect(readSettings({ getElementById: () => null } as unknown as Document)).toBeNull();
    expect(readSettings({ getElementById: () => ({ textContent: '{oops' }) } as unknown as Document)).toBeNull();
  });
});
