/**
 * The built shop (dist/, served as `npm start` serves it: server/static.ts) on one origin with a
 * vue-storefront-api stand-in under /api: the order, cart, stock and order-history routes over the
 * Magento stand-in (./orders.ts, ./magento.ts). Any other /api path answers as VSFA's Express does for
 * a route it does not have (404, text/html 'Cannot GET …'). For the browser's journeys
 * (tests/e2e/vsfa-*.spec.ts); the catalogue route is tests/vsfa/server.ts's, which mounts the same
 * route modules.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Site } from '../../server/static';
import { Magento, type MagentoProduct } from './magento';
import { defaultOrderSettings, vsfaOrderRoutes, type VsfaOrderSettings } from './orders';

export interface ShopOnVsfa {
  url: string;
  port: number;
  magento: Magento;
  settings: VsfaOrderSettings;
  /** API requests seen, in order (`METHOD /api/path?query`). */
  requests: string[];
  stop(): Promise<void>;
}

export async function startShopOnVsfa(o: {
  distDir: string;
  products: MagentoProduct[];
  port?: number;
  settings?: Partial<VsfaOrderSettings>;
}): Promise<ShopOnVsfa> {
  const magento = new Magento(o.products);
  const settings = defaultOrderSettings(o.settings);
  const requests: string[] = [];
  const app = new Hono();
  app.use('/api/*', async (c, next) => {
    requests.push(`${c.req.method} ${c.req.path}${new URL(c.req.url).search}`);
    await next();
  });
  vsfaOrderRoutes(magento, settings)(app);
  app.all('/api/*', (c) =>
    c.html(
      `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><pre>Cannot ${c.req.method} ${c.req.path}</pre></body></html>`,
      404,
    ),
  );
  const site = new Site(o.distDir);
  for (const handler of site.routes()) app.get('*', handler);
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: o.port ?? 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    magento,
    settings,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
