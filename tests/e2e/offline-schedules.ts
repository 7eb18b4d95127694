/**
 * Randomised fault schedules for the offline order suite (tests/e2e/offline-faults.spec.ts), drawn
 * from a seeded generator: the same seed gives the same schedules, so a failure can be replayed
 * (`OFFLINE_SEED=<seed> OFFLINE_SCHEDULES=<n>`; `npm run soak:offline` draws 210 from a new seed). Besides
 * faults, tabs and reloads, a schedule has who is signed in (a guest or one of two customers), a switch
 * to another customer after the online orders, a sign-out while offline, and orders through the real
 * checkout page.
 */
import { createRng } from '../../scripts/lib/prng';

/** A fault rule as POST /api/__faults takes it (docs/api.md). */
export interface FaultRule {
  path: string;
  method?: string;
  mode: 'delay' | 'drop' | 'error' | 'nonjson';
  phase?: 'before' | 'after';
  delayMs?: number;
  code?: number;
  result?: unknown;
  times?: number;
}

export type OrderKind = 'ok' | 'bad-address' | 'out-of-stock';

/** Who is signed in: nobody, or one of the suite's two customers. */
export type Identity = 'guest' | 'A' | 'B';

export interface PlannedOrder {
  /** Unique within the run: `s{schedule}-o{n}`. */
  key: string;
  kind: OrderKind;
  /** Index into the catalogue of in-stock test products, with a quantity. */
  lines: Array<{ product: number; qty: number }>;
  /** Which tab places it (1 only when the schedule has two tabs). */
  tab: 0 | 1;
  /** Placed while the browser is offline (queued without a send), or online against the faults. */
  offline: boolean;
  /** Online placements only: reload the tab while the send may still be in flight. */
  interrupt: boolean;
  /** Who places it (the order's owner: its user_id, none for a guest). */
  owner: Identity;
  /** Through the shop's real checkout page (online, guest, an 'ok' order from a bag of its lines), or the order harness. */
  via: 'harness' | 'checkout';
}

export type Disruption = 'reload' | 'reopen' | 'reload-other-tab';

export interface Schedule {
  index: number;
  twoTabs: boolean;
  /** Page the tabs show (visited before, so it opens offline). */
  startPath: string;
  /** Faults active while online orders are placed. */
  placeFaults: FaultRule[];
  /** Faults active when the browser comes back online (the queue's sends meet them). */
  backOnlineFaults: FaultRule[];
  orders: PlannedOrder[];
  /** What happens to the tabs while offline. */
  disruptions: Disruption[];
  /** Signed in when the schedule starts. */
  customer: Identity;
  /** After the online orders, the customer signs out and this one signs in (another customer, or a guest), or null. */
  switchTo: Identity | null;
  /** While offline, after the offline orders: whoever is signed in signs out. */
  signOutOffline: boolean;
}

const ORDER_PATH = '/api/order';

function fault(r: () => number): FaultRule {
  const pick = r();
  const times = 1 + Math.floor(r() * 3);
  const phase: 'before' | 'after' = r() < 0.5 ? 'before' : 'after';
  if (pick < 0.25) return { path: ORDER_PATH, method: 'POST', mode: 'delay', delayMs: 200 + Math.floor(r() * 1800), times };
  if (pick < 0.5) return { path: ORDER_PATH, method: 'POST', mode: 'drop', phase, times };
  if (pick < 0.75) {
    // Server errors the queue must retry (never 400, never the add-products text: those cancel).
    const code = [500, 502, 503][Math.floor(r() * 3)]!;
    return { path: ORDER_PATH, method: 'POST', mode: 'error', phase, code, result: 'Internal Server Error', times };
  }
  return { path: ORDER_PATH, method: 'POST', mode: 'nonjson', phase, times };
}

const IDENTITIES: Identity[] = ['guest', 'A', 'B'];

/** Draws `count` schedules for a catalogue of `products` test products. */
export function makeSchedules(seed: number, count: number, products: number): Schedule[] {
  const r = createRng(seed).next;
  const out: Schedule[] = [];
  for (let s = 0; s < count; s++) {
    const twoTabs = r() < 0.4;
    const n = 1 + Math.floor(r() * 3);
    const orders: PlannedOrder[] = [];
    const customer = IDENTITIES[Math.floor(r() * 3)]!;
    const switchTo = r() < 0.3 ? IDENTITIES.filter((i) => i !== customer)[Math.floor(r() * 2)]! : null;
    for (let o = 0; o < n; o++) {
      const roll = r();
      const kind: OrderKind = roll < 0.08 ? 'bad-address' : roll < 0.16 ? 'out-of-stock' : 'ok';
      const lineCount = 1 + Math.floor(r() * 3);
      const used = new Set<number>();
      const lines: PlannedOrder['lines'] = [];
      for (let l = 0; l < lineCount; l++) {
        const product = Math.floor(r() * products);
        if (used.has(product)) continue;
        used.add(product);
        lines.push({ product, qty: 1 + Math.floor(r() * 3) });
      }
      const offline = r() < 0.65;
      const tab: 0 | 1 = twoTabs && r() < 0.5 ? 1 : 0;
      const interrupt = !offline && r() < 0.35;
      orders.push({ key: `s${s}-o${o}`, kind, lines, tab, offline, interrupt, owner: customer, via: 'harness' });
    }
    // Online orders are placed first (by the first customer), offline ones after the switch.
    orders.sort((a, b) => Number(a.offline) - Number(b.offline));
    for (const o of orders) if (o.offline && switchTo) o.owner = switchTo;
    // Now and then a guest's online order goes through the real checkout page instead.
    const first = orders[0]!;
    if (!first.offline && first.owner === 'guest' && r() < 0.6) Object.assign(first, { via: 'checkout', kind: 'ok', tab: 0 });
    const signOutOffline = r() < 0.25;
    const disruptions: Disruption[] = [];
    if (r() < 0.45) disruptions.push('reload');
    if (r() < 0.3) disruptions.push('reopen');
    if (twoTabs && r() < 0.4) disruptions.push('reload-other-tab');
    const placeFaults = r() < 0.7 ? [fault(r)] : [];
    const backOnlineFaults = Array.from({ length: Math.floor(r() * 3) }, () => fault(r));
    // Now and then every answer is slow once the faults are used up: senders that ignore the lock
    // (two tabs and the worker all come back online) would overlap on the same order.
    if (r() < 0.35) backOnlineFaults.push({ path: ORDER_PATH, method: 'POST', mode: 'delay', delayMs: 300 + Math.floor(r() * 600) });
    out.push({
      index: s,
      twoTabs,
      startPath: r() < 0.5 ? '/' : '/rings',
      placeFaults,
      backOnlineFaults,
      orders,
      disruptions,
      customer,
      switchTo,
      signOutOffline,
    });
  }
  return out;
}
