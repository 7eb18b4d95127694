/**
 * The built shop (dist/, served as `npm start` serves it) on one origin with the vue-storefront-api
 * stand-in under /api (./server.ts `startVsfa` with `distDir`): the catalogue route with VSFA's product
 * processing, and the order, cart, stock and order-history routes over the Magento stand-in
 * (./orders.ts, ./magento.ts). For the browser's journeys (tests/e2e/vsfa-*.spec.ts).
 */
import { Magento, type MagentoProduct } from './magento';
import { defaultOrderSettings, vsfaOrderRoutes, type VsfaOrderSettings } from './orders';
import { startVsfa, type RunningVsfa, type VsfaOptions } from './server';

export interface ShopOnVsfa {
  /** The shop's address (`localhost`: a secure context for the service worker). */
  url: string;
  port: number;
  magento: Magento;
  settings: VsfaOrderSettings;
  vsfa: RunningVsfa;
  /** API requests seen, in order (`METHOD /api/path?query`). */
  readonly requests: string[];
  /** The API requests with their parsed bodies. */
  apiRequests(): Array<{ method: string; path: string; body: unknown }>;
  stop(): Promise<void>;
}

export async function startShopOnVsfa(
  o: {
    distDir: string;
    products: MagentoProduct[];
    settings?: Partial<VsfaOrderSettings>;
  } & Pick<VsfaOptions, 'port' | 'records' | 'processor' | 'version'>,
): Promise<ShopOnVsfa> {
  const magento = new Magento(o.products);
  const settings = defaultOrderSettings(o.settings);
  const vsfa = await startVsfa({
    records: o.records,
    version: o.version,
    processor: o.processor,
    port: o.port,
    distDir: o.distDir,
    routes: [(app) => vsfaOrderRoutes(magento, settings)(app)],
  });
  const port = Number(new URL(vsfa.url).port);
  const apiRequests = () => vsfa.requests.filter((r) => r.path.startsWith('/api/'));
  return {
    url: `http://localhost:${port}`,
    port,
    magento,
    settings,
    vsfa,
    get requests() {
      return apiRequests().map((r) => `${r.method} ${r.path}`);
    },
    apiRequests,
    stop: () => vsfa.stop(),
  };
}
