/**
 * Stock prefetch for tiles (spec §2 "Tiles prefetch stock for configurable children when visible, if
 * configured"; §9 static stock prefetch count 8): child skus are asked for once each, in batches,
 * through the stock list call (§7 "stock list by skus"), and each answer goes to the stock cache.
 */
import { config } from '../../config';

/** One stock answer of the list call (the fields the stock cache keeps): matched by `product_id`, as Magento's stock item has no sku. */
export interface StockListItem {
  product_id: number;
  qty: number;
  is_in_stock: boolean;
}

// Checked by hand: this runs on page load, where zod (16 KB gzipped) would cost more than the call.
function isStockItem(x: unknown): x is StockListItem {
  if (!x || typeof x !== 'object') return false;
  const o = x as Record<string, unknown>;
  return typeof o.product_id === 'number' && typeof o.qty === 'number' && typeof o.is_in_stock === 'boolean';
}

/** GET {api}/api/stock/list?skus=a,b: the stock of each known sku; throws on a failed or malformed answer. */
export async function fetchStockList(skus: string[], fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<StockListItem[]> {
  const base = config.api.baseUrl.replace(/\/+$/, '');
  const res = await fetcher(`${base}/api/stock/list?skus=${skus.map(encodeURIComponent).join(',')}`, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`stock/list: HTTP ${res.status}`);
  const answer = (await res.json()) as { code?: unknown; result?: unknown };
  if (answer?.code !== 200 || !Array.isArray(answer.result) || !answer.result.every(isStockItem)) throw new Error('stock/list: wrong answer shape');
  return answer.result.map(({ product_id, qty, is_in_stock }) => ({ product_id, qty, is_in_stock }));
}

/** What a prefetcher needs. */
export interface StockPrefetchOptions {
  /** Loads the stock of some skus. */
  load: (skus: string[]) => Promise<StockListItem[]>;
  /** Keeps one answer (the stock cache, keyed by child id). */
  keep: (item: StockListItem) => void;
  /** Skus per call; default 50. */
  batchSize?: number;
  /** Waits this long (ms) to gather skus of tiles that become visible together; default 50. */
  delay?: number;
}

/** Gathers child skus and loads each once, in batches. */
export interface StockPrefetcher {
  /** Asks for the stock of these skus (each at most once over the prefetcher's life). */
  want(skus: readonly string[]): void;
  /** Resolves when everything asked for so far has been loaded (or has failed). */
  settled(): Promise<void>;
}

/** A stock prefetcher; a failed batch is forgotten so its skus may be asked for again later. */
export function createStockPrefetcher(opts: StockPrefetchOptions): StockPrefetcher {
  const batchSize = opts.batchSize ?? 50;
  const delay = opts.delay ?? 50;
  const asked = new Set<string>();
  let queue: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const running = new Set<Promise<void>>();

  const flush = () => {
    timer = undefined;
    const skus = queue;
    queue = [];
    for (let i = 0; i < skus.length; i += batchSize) {
      const batch = skus.slice(i, i + batchSize);
      const p = opts
        .load(batch)
        .then((items) => items.forEach(opts.keep))
        .catch(() => batch.forEach((s) => asked.delete(s)))
        .finally(() => running.delete(p));
      running.add(p);
    }
  };

  return {
    want(skus) {
      for (const s of skus) {
        if (!s || asked.has(s)) continue;
        asked.add(s);
        queue.push(s);
      }
      if (queue.length && timer === undefined) timer = setTimeout(flush, delay);
    },
    async settled() {
      while (timer !== undefined || running.size) {
        if (timer !== undefined) {
          clearTimeout(timer);
          flush();
        }
        await Promise.all([...running]);
      }
    },
  };
}

/** True when tiles should prefetch stock (config.switches.prefetchStockOnTiles). */
export const stockPrefetchOn = (): boolean => config.switches.prefetchStockOnTiles;

/** How many configurable tiles at the top of a listing prefetch at once, visible or not (§9: 8). */
export const staticPrefetchCount = (): number => config.constants.staticStockPrefetchCount;
