/**
 * The order queue under faults (issue 7): randomised schedules with a fixed seed (OFFLINE_SEED,
 * default 7; OFFLINE_SCHEDULES, default 20) place orders offline and online against API faults
 * (delays, dropped connections before and after the write, 5xx answers, non-JSON answers), reload,
 * close and reopen pages, use two tabs, and come back online. Then the API's database must hold every
 * accepted order exactly once with the right lines and totals, refused ones not at all (cancelled in
 * the browser with their §8 message), and nothing may still wait. A second test checks that the tabs
 * and the service worker never send the same order at the same time.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import type { OfflineOrder } from '../../src/lib/schemas';
import {
  clearFaults,
  dbOrders,
  faultState,
  openControlled,
  orderPayload,
  placeOrder,
  setFaults,
  setStock,
  shopContext,
  startShop,
  stopShop,
  storedOrders,
  testProducts,
  waitingOrders,
  type TestProduct,
} from './offline-helpers';
import { makeSchedules, type PlannedOrder, type Schedule } from './offline-schedules';

const SEED = Number(process.env.OFFLINE_SEED ?? 7);
const COUNT = Number(process.env.OFFLINE_SCHEDULES ?? 20);
const RUN = `${SEED.toString(36)}-${Date.now().toString(36)}`;

let shop: Awaited<ReturnType<typeof startShop>>;
const products = testProducts(8);
const soldOut = products.pop()!;

test.beforeAll(async () => {
  shop = await startShop();
  for (const p of products) await setStock(shop, p.sku, 1_000_000);
  await setStock(shop, soldOut.sku, 0);
});
test.afterAll(async () => {
  await stopShop(shop);
});

/** Order requests and fault hits seen by the API, summed over every window between clears. */
const seen = { requests: 0, faultHits: 0 };
async function drainFaults(): Promise<void> {
  const state = await faultState(shop);
  seen.requests += state.counts['POST /api/order'] ?? 0;
  seen.faultHits += state.rules.reduce((n, r) => n + r.hits, 0);
  await clearFaults(shop);
}

interface Placed {
  plan: PlannedOrder;
  orderId: string;
  schedule: number;
  lines: Array<{ product: TestProduct; qty: number }>;
}

const expectedMessage = (kind: PlannedOrder['kind']) =>
  kind === 'bad-address' ? messages.orderAddressInvalid.replace('{email}', config.mailer.contactAddress) : messages.orderProductsOutOfStock;

/** Polls the stored orders of a page until the order is there (it is stored before any send). */
async function untilStored(page: Page, orderId: string): Promise<void> {
  await expect.poll(async () => (await storedOrders(page)).some((o) => o.order_id === orderId), { timeout: 10_000 }).toBe(true);
}

async function runSchedule(ctx: BrowserContext, tabs: Page[], s: Schedule, log: string[]): Promise<Placed[]> {
  const placed: Placed[] = [];
  const tab = (i: 0 | 1) => tabs[Math.min(i, tabs.length - 1)]!;
  while (tabs.length < (s.twoTabs ? 2 : 1)) tabs.push(await openControlled(ctx, s.startPath));
  while (tabs.length > (s.twoTabs ? 2 : 1)) await tabs.pop()!.close();

  const place = async (plan: PlannedOrder) => {
    const lines = plan.lines.map((l) => ({ product: plan.kind === 'out-of-stock' ? soldOut : products[l.product % products.length]!, qty: l.qty }));
    const orderId = `${RUN}-${plan.key}`;
    const payload = orderPayload(orderId, lines, plan.kind === 'bad-address' ? { postcode: '12345' } : {});
    const page = tab(plan.tab);
    placed.push({ plan, orderId, schedule: s.index, lines });
    if (plan.interrupt) {
      // Reload while the send may be in flight: the answer is lost, the order must not be.
      void placeOrder(page, payload).catch(() => {});
      await untilStored(page, orderId);
      await page.reload();
    } else {
      await placeOrder(page, payload);
    }
  };

  await setFaults(shop, s.placeFaults);
  for (const plan of s.orders.filter((o) => !o.offline)) await place(plan);
  await drainFaults();

  const offlineOrders = s.orders.filter((o) => o.offline);
  if (offlineOrders.length || s.disruptions.length) {
    await ctx.setOffline(true);
    for (const plan of offlineOrders) await place(plan);
    for (const d of s.disruptions) {
      if (d === 'reload') await tab(0).reload();
      if (d === 'reload-other-tab') await tab(1).reload();
      if (d === 'reopen') {
        await tabs[0]!.close();
        const again = await ctx.newPage();
        await again.goto(s.startPath);
        tabs[0] = again;
      }
    }
  }
  await setFaults(shop, s.backOnlineFaults);
  await ctx.setOffline(false);
  // The pages (online event, start-up) and the service worker (Background Sync) send, meeting the faults.
  await tabs[0]!.waitForTimeout(1500);
  await drainFaults();
  // Failed sends wait for the next trigger: a page start sends the queue (as the shop does on every visit).
  const deadline = Date.now() + 30_000;
  let reloads = 0;
  for (;;) {
    const waiting = await waitingOrders(tabs[0]!);
    if (waiting.length === 0) break;
    if (Date.now() > deadline) throw new Error(`schedule ${s.index}: orders still waiting: ${waiting.map((o) => o.order_id).join(', ')}`);
    await tabs[0]!.waitForTimeout(700);
    if ((await waitingOrders(tabs[0]!)).length) {
      reloads++;
      await tabs[0]!.reload();
    }
  }
  log.push(
    `schedule ${s.index}: ${s.orders.length} orders (${s.orders.filter((o) => o.offline).length} offline, ${s.orders.filter((o) => o.interrupt).length} interrupted, ${s.orders.filter((o) => o.kind !== 'ok').length} refused), ` +
      `tabs ${s.twoTabs ? 2 : 1}, disruptions [${s.disruptions.join(' ')}], faults ${s.placeFaults.length}+${s.backOnlineFaults.length}, settle reloads ${reloads}`,
  );
  return placed;
}

test('randomised fault schedules: every order arrives exactly once with its lines and totals', async ({ browser }) => {
  test.setTimeout(Math.max(240_000, COUNT * 25_000));
  const schedules = makeSchedules(SEED, COUNT, products.length);
  const ctx = await shopContext(browser, shop);
  const tabs: Page[] = [await openControlled(ctx, '/')];
  await tabs[0]!.goto('/rings');
  const placed: Placed[] = [];
  const log: string[] = [];
  try {
    for (const s of schedules) placed.push(...(await runSchedule(ctx, tabs, s, log)));
  } finally {
    console.log(`[offline-faults] seed ${SEED}\n${log.join('\n')}`);
  }

  const db = await dbOrders(shop);
  const byId = new Map<string, typeof db>();
  for (const o of db) byId.set(o.order_id, [...(byId.get(o.order_id) ?? []), o]);
  const stored = new Map<string, OfflineOrder>((await storedOrders(tabs[0]!)).map((o) => [o.order_id, o]));
  await drainFaults();

  let accepted = 0;
  let refused = 0;
  for (const p of placed) {
    const rows = byId.get(p.orderId) ?? [];
    const mine = stored.get(p.orderId);
    expect(mine, `${p.orderId} is kept in browser storage`).toBeDefined();
    if (p.plan.kind === 'ok') {
      accepted++;
      expect(rows, `${p.orderId} arrives exactly once`).toHaveLength(1);
      const row = rows[0]!;
      expect(row.totals.items.map((i) => [i.sku, i.qty]), `${p.orderId} lines`).toEqual(p.lines.map((l) => [l.product.sku, l.qty]));
      const total = Math.round(p.lines.reduce((sum, l) => sum + l.product.price * l.qty, 0) * 100) / 100;
      expect(row.totals.grand_total, `${p.orderId} total`).toBe(total);
      expect(mine).toMatchObject({ transmited: true, resultCode: 200 });
      expect(mine!.cancelled ?? false).toBe(false);
    } else {
      refused++;
      expect(rows, `${p.orderId} (${p.plan.kind}) is not created`).toHaveLength(0);
      expect(mine).toMatchObject({ cancelled: true, cancel_reason: expectedMessage(p.plan.kind) });
    }
  }
  expect(await waitingOrders(tabs[0]!)).toEqual([]);
  const summary = `[offline-faults] seed ${SEED}: ${schedules.length} schedules, ${placed.length} orders (${accepted} accepted, ${refused} refused), ` +
    `${seen.requests} order requests (${seen.faultHits} met a fault); lost 0, duplicated 0`;
  console.log(summary);
  test.info().annotations.push({ type: 'offline-faults', description: summary });
  await ctx.close();
});

test('two tabs and the service worker never send the same order at the same time', async ({ browser }) => {
  test.setTimeout(120_000);
  const ctx = await shopContext(browser, shop);
  const a = await openControlled(ctx, '/');
  const b = await openControlled(ctx, '/rings');
  await ctx.setOffline(true);
  const ids = Array.from({ length: 4 }, (_, i) => `${RUN}-race-${i}`);
  for (const [i, id] of ids.entries()) {
    await placeOrder(i % 2 ? b : a, orderPayload(id, [{ product: products[i]!, qty: 1 }]));
  }
  // Every answer is slow: sends overlap if the lock lets them.
  await clearFaults(shop);
  await setFaults(shop, [{ path: '/api/order', method: 'POST', mode: 'delay', delayMs: 600 }]);
  await ctx.setOffline(false);
  // Both tabs (online event), the service worker (Background Sync) and explicit runs all try at once.
  await Promise.all([a.evaluate(() => window.__orders.sendQueuedOrders()), b.evaluate(() => window.__orders.sendQueuedOrders())]);
  await expect.poll(async () => (await waitingOrders(a)).length, { timeout: 20_000 }).toBe(0);
  const { counts } = await faultState(shop);
  // With nothing failing, each order is requested once: no second send of an order in flight, and no replay.
  expect(counts['POST /api/order']).toBe(ids.length);
  const rows = (await dbOrders(shop)).filter((o) => ids.includes(o.order_id));
  expect(rows.map((r) => r.order_id).sort()).toEqual([...ids].sort());
  await clearFaults(shop);
  await ctx.close();
});
