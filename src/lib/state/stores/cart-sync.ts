/**
 * The cart's server sync (spec §6, §7 cart calls): brings the server cart in line with the bag
 * through the sync queue (cart/create, cart/update, cart/delete, cart/pull, cart/totals). It keeps
 * what the server cart holds as far as this tab knows, and the one chain the server rounds run on.
 * The cart's actions and reactions (./cart.ts) schedule these rounds; nothing here is a shopper action.
 */
import { z } from 'zod';
import { CartIdSchema, CartLineSchema } from '../../api/contract';
import { config } from '../../config';
import { messages } from '../../messages';
import { CartTotalsSchema, type CartItem, type OfflineOrder, type SyncTask } from '../../schemas';
import { collection, KEYS } from '../storage';
import { closedCart, owesBag } from '../sync/order-bag';
import { executeTask, queueTask, unsentTasks } from '../sync/tasks';
import { $cart } from './cart-state';
import { cartLineKey, sameCartLine, withTotalsOptions } from '../../catalog/cart-line';
import { recordCartOutcome } from './cart-outcome';
import { loadUser } from './user';

/** A line as the server holds it (its options make it a line of its own: ../../catalog/cart-line.ts). */
export interface ServerLine {
  sku: string;
  qty: number;
  item_id?: number | null;
  product_option?: unknown;
}

/** A server line as this tab keeps it: its key, qty and item id, and its options. */
const serverLine = (l: ServerLine): ServerLine => ({
  sku: l.sku,
  qty: l.qty,
  item_id: l.item_id ?? null,
  ...(l.product_option ? { product_option: l.product_option } : {}),
});

/** Lines taken out of the bag whose removal the server has not answered yet, by line key. */
const removing = new Map<string, CartItem>();

/**
 * Takes a line out of the bag. A line the server cart holds is removed there first: its outcome
 * ('removed', ./cart-outcome.ts) is recorded once the server answers, and a refused removal puts the
 * line back. A line only this bag knows is removed at once.
 */
export function removeLine(item: CartItem): void {
  const key = cartLineKey(item);
  const onServer = server.has(key);
  if (onServer) removing.set(key, item);
  $cart.setKey(
    'items',
    $cart.get().items.filter((i) => i !== item),
  );
  if (!onServer) recordCartOutcome({ kind: 'removed', sku: item.sku });
}

/** What the server cart holds, as far as this tab knows (updated when a change is queued), by line key. */
let server = new Map<string, ServerLine>();
let chain: Promise<void> = Promise.resolve();
/** The items the last server round was scheduled for. */
let lastItems: CartItem[] = [];

/** The server lines as far as this tab knows. */
export function knownServerLines(): ServerLine[] {
  return [...server.values()];
}

/** A server line as stored or told by another tab: one without its sku or qty is not known (the next pull tells). */
const ServerLineSchema = z.object({ sku: z.string().min(1), qty: z.number(), item_id: z.number().nullish(), product_option: z.unknown().optional() });

/** Replaces what this tab knows of the server lines (the stored ones, another tab's, none). */
export function setServerLines(lines: readonly unknown[] = []): void {
  server = new Map(
    lines.flatMap((l) => {
      const line = ServerLineSchema.safeParse(l);
      return line.success ? [[cartLineKey(line.data), line.data] as const] : [];
    }),
  );
}

/** The items the last server round was scheduled for. */
export function lastSyncedItems(): CartItem[] {
  return lastItems;
}

/** Marks `items` as the ones the last server round was scheduled for. */
export function setLastSyncedItems(items: CartItem[]): void {
  lastItems = items;
}

/** The chain the server rounds run on (each round after the one before). */
export function syncChain(): Promise<void> {
  return chain;
}

/** Forgets every server state (the store cleaned: tests' cleanStores). */
export function resetCartSync(): void {
  server = new Map();
  removing.clear();
  lastItems = [];
  chain = Promise.resolve();
}

/** The cart calls to bring the server cart from `serverLines` to `items`: updates (new or changed qty) and deletes; a line is its sku and options. */
export function cartDiff(serverLines: ReadonlyMap<string, ServerLine>, items: readonly CartItem[]): { updates: CartItem[]; deletes: ServerLine[] } {
  const held = new Map([...serverLines.values()].map((l) => [cartLineKey(l), l]));
  const updates = items.filter((i) => held.get(cartLineKey(i))?.qty !== i.qty);
  const keys = new Set(items.map(cartLineKey));
  const deletes = [...held.values()].filter((l) => !keys.has(cartLineKey(l)));
  return { updates, deletes };
}

/** Schedules a server round after the ones already scheduled. */
export function enqueue(job: () => Promise<void>): Promise<void> {
  chain = chain.then(job).catch((err) => console.error('[cart] sync failed', err));
  return chain;
}

const PullSchema = z.array(CartLineSchema);

/** A task's 200 result checked against the contract's shape; null otherwise (a wrong shape is logged). */
function answer<T extends z.ZodType>(t: { resultCode?: unknown; result?: unknown; url: string }, schema: T): z.output<T> | null {
  if (Number(t.resultCode) !== 200) return null;
  const parsed = schema.safeParse(t.result);
  if (parsed.success) return parsed.data;
  console.error(`[cart] ${messages.wrongResponseFormat} ${t.url}`, parsed.error.issues[0]);
  return null;
}

export const cartPath = (call: string) => `cart/${call}?token={{token}}&cartId={{cartId}}`;
const noSuchCart = (result: unknown) => typeof result === 'string' && result.toLowerCase().includes(messages.noSuchEntityCartId.toLowerCase());

export function saveServer(): void {
  void collection('carts').setItem(KEYS.cartServer, [...server.values()]);
}

/** Makes sure a server cart exists (cart/create with the user token); false when none could be made. */
export async function ensureCartToken(): Promise<boolean> {
  if ($cart.get().token) return true;
  await loadUser();
  const t = await executeTask({ url: 'cart/create?token={{token}}', method: 'POST', silent: true });
  const id = answer(t, CartIdSchema);
  if (id === null) return false;
  server = new Map();
  saveServer();
  $cart.setKey('token', id);
  return true;
}

/**
 * Whether the bag's server cart may be asked. An order stored in this browser placed from it (waiting,
 * on its way or sent) means the backend has closed it or will, and asking would only earn "No such
 * entity with cartId": while that order still owes its bag (./order-bag `owesBag`) the order queue
 * decides (it empties the bag, or keeps it when the order is refused), so the cart is left alone
 * ('wait'); otherwise the bag is the order's, stale in this tab, and lets go of the cart with its
 * lines ('gone'). Covers the races between a tab's cart rounds and an order sent from another tab,
 * or from this page before a reload.
 */
async function cartState(): Promise<'open' | 'wait' | 'gone'> {
  const id = $cart.get().token;
  if (!id) return 'open';
  const stored = await collection('orders')
    .entries<OfflineOrder>()
    .catch(() => []);
  const ordered = stored.map(([, o]) => o).filter((o) => !!o && typeof o === 'object' && closedCart(o, id));
  if (!ordered.length || $cart.get().token !== id) return 'open';
  if (ordered.some(owesBag)) return 'wait';
  server = new Map();
  saveServer();
  $cart.set({ ...$cart.get(), items: [], token: null, totals: null });
  return 'gone';
}

/**
 * The bag's server cart id for a call (the sync tasks' `{{cartId}}`), or null while it must not be
 * asked (`cartState`): the task is then not sent. Every cart call (the cart's rounds, the shipping and
 * payment methods, the checkout's) goes through it.
 */
export async function openCartId(): Promise<string | null> {
  return (await cartState()) === 'open' ? $cart.get().token : null;
}

/**
 * Asks the bag's server cart (`cart/{call}`); null when the bag has none, or when it changed while the
 * answer was on its way: the answer belongs to the cart it was asked for, and a bag emptied meanwhile
 * (an order placed from it, a logout) or moved to another server cart must not take it.
 */
async function askCart(call: string): Promise<SyncTask | null> {
  if ((await cartState()) !== 'open') return null;
  const asked = $cart.get().token;
  if (!asked) return null;
  const t = await executeTask({ url: cartPath(call), silent: true });
  return $cart.get().token === asked ? t : null;
}

export async function pullAndMerge(): Promise<void> {
  const t = await askCart('pull');
  if (!t) return;
  if (noSuchCart(t.result)) {
    // The server cart expired: start a new one; pushChanges sends every line again.
    server = new Map();
    saveServer();
    $cart.setKey('token', null);
    return;
  }
  const answered = answer(t, PullSchema);
  if (answered === null) return;
  // A line whose removal waits in the sync queue (its send failed, or another tab's is on its way) is
  // gone as far as the bag goes: taken back in here, it would stay once the removal is sent.
  const leaving = await waitingRemovals($cart.get().token);
  const remote = answered.filter((r) => !leaving(r));
  server = new Map(remote.map((i) => [cartLineKey(i), serverLine(i)]));
  saveServer();
  const local = $cart.get().items;
  let items: CartItem[];
  if (config.switches.serverMergeCart) {
    // Union: the shopper's quantities win, the server gives item ids and lines only it knows.
    items = local.map((i) => {
      const r = server.get(cartLineKey(i));
      return r?.item_id ? { ...i, item_id: r.item_id } : i;
    });
    for (const r of remote) if (!local.some((i) => sameCartLine(i, r))) items.push(r);
  } else {
    items = remote;
  }
  setItemsNoSync(items);
}

/** The body of a stored cart/update or cart/delete as far as its line and cart go (the rest is kept as it is). */
const QueuedUpdateSchema = z.looseObject({
  cartItem: z.looseObject({
    sku: z.string(),
    item_id: z.number().nullish(),
    quote_id: z.union([z.string(), z.number()]).nullish(),
    product_option: z.unknown().optional(),
  }),
});
type QueuedLine = z.output<typeof QueuedUpdateSchema>;

/** A stored cart call's body, or null when it is not a cart line's. */
function queuedLine(task: SyncTask): QueuedLine | null {
  try {
    const parsed = QueuedUpdateSchema.safeParse(JSON.parse(String(task.payload.body)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A stored cart/update that names no item id, just before the sync queue sends it (one tab at a time):
 * VSFA hands such a line to Magento as an add, which puts its qty on top of the product's line in the
 * cart. So the same line sent by another tab meanwhile, or by this one when the answer was lost (a
 * reload, a dropped connection) and the task is sent again, would be doubled. The server cart is
 * pulled first; when it holds the line, the task names it, and the server sets the qty the bag holds.
 * Null (not sent yet) when the pull cannot reach the server.
 */
export async function nameQueuedLine(task: SyncTask): Promise<SyncTask | null> {
  if (!task.url.startsWith('cart/update')) return task;
  const body = queuedLine(task);
  if (!body || body.cartItem.item_id) return task;
  const t = await askCart('pull');
  // No cart to ask (or it changed meanwhile): the send meets what it would have met.
  if (!t) return task;
  if (!t.transmited) return null;
  const key = cartLineKey(body.cartItem);
  const line = answer(t, PullSchema)?.find((l) => cartLineKey(l) === key);
  if (!line) return task;
  const known = server.get(key);
  if (known && !known.item_id) server.set(key, { ...known, item_id: line.item_id });
  return { ...task, payload: { ...task.payload, body: JSON.stringify({ ...body, cartItem: { ...body.cartItem, item_id: line.item_id } }) } };
}

/**
 * A stored cart/update or cart/delete of this bag's server cart answered by a run in which no round of
 * this tab waited for it (its own round had stopped with the send unmade, or another page or tab
 * queued it): a refusal goes unheard, and the bag would keep a line the server cart does not (or lose
 * one it does). A refused or failed answer brings a round of its own: the server cart is pulled, a
 * refused line goes back to what the server holds (as its own round would have put it), and the rest
 * is sent as usual.
 */
export function settleUnclaimed(task: SyncTask): void {
  if (!/^cart\/(update|delete)\b/.test(task.url) || Number(task.resultCode) === 200) return;
  const body = queuedLine(task);
  if (!body) return;
  void enqueue(async () => {
    // A call of a server cart the bag has left since (an order, a logout, an expired cart) is that cart's.
    if (String(body.cartItem.quote_id ?? '') !== String($cart.get().token ?? '')) return;
    await pullAndMerge();
    if (task.url.startsWith('cart/update') && !noSuchCart(task.result) && $cart.get().token) {
      const key = cartLineKey(body.cartItem);
      const held = server.get(key);
      const items = $cart.get().items;
      const line = items.find((i) => cartLineKey(i) === key);
      // Only a line that differs from the server's changes (a change is stored and told to the other tabs).
      if (line && line.qty !== held?.qty) setItemsNoSync(backToServer(items, key, held));
    }
    await pushChanges();
    await refreshTotals();
  });
}

/**
 * Which server lines the stored cart/delete calls of server cart `cartId` still waiting to be sent
 * take out: the line of the item id they name (the server, too, removes by it), else every line of their sku.
 */
async function waitingRemovals(cartId: string | null): Promise<(line: { sku: string; item_id?: number | null }) => boolean> {
  const ids = new Set<number>();
  const skus = new Set<string>();
  if (cartId) {
    for (const task of await unsentTasks().catch(() => [] as SyncTask[])) {
      if (!task.url.startsWith('cart/delete')) continue;
      const body = queuedLine(task);
      if (!body || String(body.cartItem.quote_id ?? '') !== cartId) continue;
      if (body.cartItem.item_id) ids.add(body.cartItem.item_id);
      else skus.add(body.cartItem.sku);
    }
  }
  return (line) => skus.has(line.sku) || (!!line.item_id && ids.has(line.item_id));
}

/** The bag's lines with line `key` back to what the server holds: its qty, or gone when it holds none (a refused change). */
function backToServer(items: CartItem[], key: string, held: Pick<ServerLine, 'qty'> | undefined): CartItem[] {
  return held ? items.map((i) => (cartLineKey(i) === key ? { ...i, qty: held.qty } : i)) : items.filter((i) => cartLineKey(i) !== key);
}

/** Changes lines without a new server round (item ids from the server, the state being pulled). */
function setItemsNoSync(items: CartItem[]): void {
  lastItems = items;
  $cart.setKey('items', items);
}

export async function pushChanges(retry = true): Promise<void> {
  const state = $cart.get();
  if (!state.loaded) return;
  if ((await cartState()) === 'wait') return;
  const { updates, deletes } = cartDiff(server, $cart.get().items);
  if (updates.length === 0 && deletes.length === 0) return;
  if (!(await ensureCartToken())) return;
  const cartId = $cart.get().token;
  const jobs: Array<Promise<void>> = [];
  for (const item of updates) {
    const key = cartLineKey(item);
    const before = server.get(key);
    // Only the id the current server cart gave the line: an id from an earlier cart (the guest cart
    // before login, an expired cart) names another cart's line, and the server would refuse it.
    const itemId = before?.item_id ?? null;
    server.set(key, serverLine({ ...item, item_id: itemId }));
    const cartItem = {
      sku: item.sku,
      qty: item.qty,
      quote_id: cartId,
      ...(itemId ? { item_id: itemId } : {}),
      ...(item.product_option ? { product_option: item.product_option } : {}),
    };
    jobs.push(
      queueTask({ url: cartPath('update'), method: 'POST', body: { cartItem } }).then((t) => {
        if (!t.transmited) return;
        if (Number(t.resultCode) === 200) {
          const r = answer(t, CartLineSchema);
          if (r) {
            // What the server holds now, from its answer: the map may have been replaced while the
            // answer was on its way (another tab's state, a pull), and a line known only by its item
            // id would be sent as a removal by the next round.
            server.set(key, serverLine({ ...item, qty: r.qty, item_id: r.item_id }));
            setItemsNoSync($cart.get().items.map((i) => (cartLineKey(i) === key ? { ...i, item_id: r.item_id } : i)));
          }
        } else if (noSuchCart(t.result)) {
          // Only the cart this line was sent to is gone (not one the bag has moved to since).
          if ($cart.get().token === cartId) {
            server = new Map();
            $cart.setKey('token', null);
          }
        } else {
          // Refused (out of stock, ...): the server's notice was shown; go back to what the server holds.
          if (before) server.set(key, before);
          else server.delete(key);
          $cart.setKey('items', backToServer($cart.get().items, key, before));
        }
      }),
    );
  }
  for (const line of deletes) {
    const key = cartLineKey(line);
    server.delete(key);
    const removed = removing.get(key);
    removing.delete(key);
    const cartItem = { sku: line.sku, quote_id: cartId, ...(line.item_id ? { item_id: line.item_id } : {}) };
    jobs.push(
      queueTask({ url: cartPath('delete'), method: 'POST', body: { cartItem } }).then((t) => {
        // Not sent yet (offline): it goes with the sync queue later; nothing has been removed so far.
        if (!t.transmited) return;
        if (Number(t.resultCode) === 200 || noSuchCart(t.result)) {
          // Removed (or its server cart is gone with it): now the shopper may hear it.
          recordCartOutcome({ kind: 'removed', sku: line.sku });
          return;
        }
        // Refused: the server's notice was shown; the line is still in the server cart, so back in the bag.
        server.set(key, line);
        const items = $cart.get().items;
        if (removed && !items.some((i) => cartLineKey(i) === key)) setItemsNoSync([...items, removed]);
      }),
    );
  }
  saveServer();
  await Promise.all(jobs);
  saveServer();
  // The server cart had expired: a new one was asked for, send every line to it once.
  if (retry && !$cart.get().token && $cart.get().items.length > 0) await pushChanges(false);
}

export async function refreshTotals(): Promise<void> {
  const t = await askCart('totals');
  const totals = t && answer(t, CartTotalsSchema);
  if (!totals) return;
  $cart.setKey('totals', totals);
  const items = $cart.get().items;
  const named = withTotalsOptions(items, totals);
  if (named !== items) setItemsNoSync(named);
}
