/**
 * A test backend that behaves as vue-storefront-api over Elasticsearch (and, through the route modules
 * other files add, Magento): started by tests on a free port, seeded with VSF records (fixtures.ts).
 *
 *   const vsfa = await startVsfa({ records: vsfCatalogue({ products: 765 }), version: 7 });
 *   await importFromVsfApi({ url: vsfa.url, out });
 *   vsfa.put('product', record); vsfa.remove('product', id);   // Magento's indexer at work
 *   await vsfa.stop();
 *
 * Routes: the catalogue's `_search` (catalog.ts), the image route `/img/{w}/{h}/resize/{path}` (the
 * path relative to VSFA's `magento2.imgUrl`, which ends with `/catalog/product`), and the modules in
 * `routes` (orders, carts: tests/vsfa/orders.ts, magento.ts), each given the app and this context.
 * With `distDir`, the built shop is served on the same origin (as `npm start` serves it:
 * server/static.ts) and any other `/api` path answers as VSFA's Express does for a route it does not
 * have (404, text/html `Cannot GET …`): the browser's journeys (./shop-server.ts).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Rec } from '../../src/lib/import/es-query';
import { Site } from '../../server/static';
import { catalogRoutes, type ProcessProducts } from './catalog';
import { processProducts, type VsfaProcessorConfig } from './product-processor';
import { EsIndex, type EsVersion, type FieldType } from './es-index';
import { MAPPINGS, type VsfaEntity, type VsfaRecords } from './fixtures';

export interface VsfaContext {
  version: EsVersion;
  /** `elasticsearch.indices[0]` of VSFA's configuration. */
  index: string;
  /** The entity's Elasticsearch index (created empty on first use). */
  es(entity: VsfaEntity): EsIndex;
  /** Pictures by path relative to `magento2.imgUrl` (`/catalog/product` already in it): `p/1000.jpg`. */
  media: Map<string, Uint8Array>;
}

/** A group of routes another stand-in file adds (orders, carts, Magento's answers). */
export type RouteModule = (app: Hono, ctx: VsfaContext) => void;

export interface VsfaOptions {
  records?: Partial<VsfaRecords>;
  version?: EsVersion;
  index?: string;
  /** Field types to change from VSFA's schema (e.g. `{ product: { id: 'keyword' } }` for string ids). */
  mapping?: Partial<Record<VsfaEntity, Record<string, FieldType>>>;
  shards?: number;
  /** Seed of the bulk order (the order an indexer's batches arrive in). */
  seed?: number;
  /**
   * VSFA's product processing: by default its own (./product-processor.ts) with `processor`'s settings
   * over the index's tax rules; a function replaces it.
   */
  processProducts?: ProcessProducts;
  /** VSFA's configuration for the product processor (defaults: `DEFAULT_PROCESSOR`). */
  processor?: { objHashSecret?: string; tax?: Partial<VsfaProcessorConfig['tax']> };
  routes?: RouteModule[];
  /** Listen on this port (default: a free one). */
  port?: number;
  /** A built shop (dist/) to serve beside the API. */
  distDir?: string;
}

export interface RunningVsfa extends VsfaContext {
  url: string;
  /** Indexes (or re-indexes: it moves to the end of its shard) one record, `_id` = its id. */
  put(entity: VsfaEntity, record: Rec): void;
  /** Deletes a record by id, as Magento's indexers do for a disabled or removed product. */
  remove(entity: VsfaEntity, id: number | string): boolean;
  /** Requests seen, in order: `{ method, path, body }` (bodies parsed when JSON). */
  requests: Array<{ method: string; path: string; body: unknown }>;
  stop(): Promise<void>;
}

/**
 * The stand-in's VSFA settings for products: a UK shop's (catalogue prices include VAT), tax computed
 * server-side as VSFA's default, the camelCase price fields off as in `vsf-utilities`, VSFA's default secret.
 */
export const DEFAULT_PROCESSOR = {
  objHashSecret: '__SECRET_CHANGE_ME__',
  tax: { calculateServerSide: true, defaultCountry: 'GB', defaultRegion: '', sourcePriceIncludesTax: true, finalPriceIncludesTax: true },
} as const;

/** VSFA's processor over the stand-in's tax rules: those its unsized search returns (Elasticsearch's first page). */
function vsfaProcessor(es: (entity: VsfaEntity) => EsIndex, o: VsfaOptions['processor'] = {}): ProcessProducts {
  return (hits, _group, request) => {
    const rules = (es('taxrule').search({}).body as { hits?: { hits?: Array<{ _source: Rec }> } }).hits?.hits ?? [];
    const config: VsfaProcessorConfig = {
      objHashSecret: o.objHashSecret ?? DEFAULT_PROCESSOR.objHashSecret,
      tax: { ...DEFAULT_PROCESSOR.tax, ...o.tax },
      taxRules: rules.map((h) => h._source),
    };
    return processProducts(hits as Array<{ _source: Rec }>, null, config, request);
  };
}

export async function startVsfa(o: VsfaOptions = {}): Promise<RunningVsfa> {
  const version = o.version ?? 7;
  const index = o.index ?? 'vue_storefront_catalog';
  const indices = new Map<string, EsIndex>();
  const es = (entity: VsfaEntity) => {
    let ix = indices.get(entity);
    if (!ix) {
      ix = new EsIndex({ index, entity, version, shards: o.shards ?? 3, mapping: { ...MAPPINGS[entity], ...o.mapping?.[entity] } });
      indices.set(entity, ix);
    }
    return ix;
  };
  for (const [entity, records] of Object.entries(o.records ?? {})) es(entity as VsfaEntity).bulk(records, o.seed ?? 1);
  const ctx: VsfaContext = { version, index, es, media: new Map() };
  const requests: RunningVsfa['requests'] = [];
  const app = new Hono();
  app.use('*', async (c, next) => {
    const text = c.req.method === 'POST' ? await c.req.raw.clone().text() : '';
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* kept as text */
    }
    requests.push({ method: c.req.method, path: new URL(c.req.url).pathname + new URL(c.req.url).search, body });
    await next();
  });
  catalogRoutes(app, {
    indices: [index],
    lookup: (name, entity) => (name === index && entity in MAPPINGS ? es(entity as VsfaEntity) : undefined),
    processProducts: o.processProducts ?? vsfaProcessor(es, o.processor),
  });
  app.get('/img/:w/:h/resize/*', (c) => {
    const path = decodeURIComponent(new URL(c.req.url).pathname.replace(/^\/img\/[^/]+\/[^/]+\/resize\//, ''));
    const bytes = ctx.media.get(path);
    return bytes ? c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/jpeg' }) : c.json({ code: 404, result: 'Not found' }, 404);
  });
  for (const add of o.routes ?? []) add(app, ctx);
  if (o.distDir) {
    app.all('/api/*', (c) =>
      c.html(
        `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><pre>Cannot ${c.req.method} ${c.req.path}</pre></body></html>`,
        404,
      ),
    );
    for (const handler of new Site(o.distDir).routes()) app.get('*', handler);
  }

  const server = await new Promise<Server>((res, rej) => {
    const s = serve({ fetch: app.fetch, port: o.port ?? 0, hostname: '127.0.0.1' }, () => res(s as Server));
    (s as Server).once('error', rej);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    ...ctx,
    url: `http://127.0.0.1:${port}`,
    requests,
    put: (entity, record) => es(entity).put(String(record.id), record),
    remove: (entity, id) => es(entity).delete(String(id)),
    stop: () =>
      new Promise<void>((res) => {
        server.closeAllConnections?.();
        server.close(() => res());
      }),
  };
}
