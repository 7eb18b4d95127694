/** Starts the one-port shop server (API + image proxy + built site) and stops it cleanly. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { snapshotDir as defaultSnapshotDir } from '../src/lib/snapshot/read';
import { openDatabase, sharedMeta, type DB } from './db';
import { randomBytes } from 'node:crypto';
import { seedFromSnapshot } from './seed';
import { loadSecret, TokenSigner } from './auth';
import { ShopContext, type ShopOptions } from './context';
import { createApp } from './app';
import { bearerTokenProblem } from './http';
import { createLogger, type Logger } from './logger';
import { Site } from './static';
import { RebuildManager, astroBuild, parseFullEvery, readLivePointer, writeLivePointer, type RebuildSteps } from './rebuild';
import { importFromVsfApi, readImportConfig } from '../src/lib/import/vsf-import';
import type { Faults } from './faults';
import { Generations, pageCount, parseKeep } from './generations';
import { EditorAuth, PublishHistory } from './editor';
import { publishRoutes } from './routes/publish';
import { parseMaxPages, renderOrBuild, stopWarmRenderer, warmLive } from './render';
import { parseAtDayStart, scheduleDayStarts } from './day-start';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface StartOptions {
  port?: number;
  host?: string;
  /** Database file (env DATABASE_PATH, default data/shop.db). */
  databasePath?: string;
  /** PostgreSQL instead of the SQLite file (env DATABASE_URL, postgres://…): several instances may share it. */
  databaseUrl?: string;
  snapshotDir?: string;
  /** Built site folder (default env DIST_DIR, else dist/ of the project); null serves no site. */
  distDir?: string | null;
  logger?: Logger;
  env?: NodeJS.ProcessEnv;
  /** Overrides of the options read from the environment. */
  options?: Partial<ShopOptions>;
  /** Clock of the token signer and the day-start runs in ms (tests move time forward to expire tokens, or to a day start). */
  clock?: () => number;
  /** Rebuild steps (tests inject stubs); default pull from this server + astro build. */
  rebuildSteps?: Partial<RebuildSteps>;
  /** The schema's migrations (default server/migrations.ts; tests add one to deploy it on a running shop). */
  migrations?: readonly string[];
}

export interface RunningServer {
  url: string;
  /** The Hono application (tests call it in-process with `app.request`). */
  app: Hono;
  /** The port of the metrics listener (METRICS_PORT), or null. */
  metricsPort: number | null;
  port: number;
  ctx: ShopContext;
  db: DB;
  site: Site;
  faults: Faults | null;
  rebuild: RebuildManager | null;
  /** The builds kept for preview and rollback (with rebuilds on). */
  generations: Generations | null;
  server: Server;
  /**
   * Shuts down: /readyz answers 503 at once, requests are still served for `drainMs` (the load balancer
   * notices and stops sending), then the server stops accepting connections, lets in-flight requests
   * finish (at most `timeoutMs`), and closes the database.
   */
  close(timeoutMs?: number, drainMs?: number): Promise<void>;
}

const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) ? Number(v) : fallback);

/** The options of the environment (documented in docs/api.md). */
export function optionsFromEnv(env: NodeJS.ProcessEnv, databasePath: string, snapshotDir: string): ShopOptions {
  return {
    tokenTtlSeconds: num(env.TOKEN_TTL_SECONDS, 3600),
    refreshTtlSeconds: num(env.REFRESH_TTL_SECONDS, 30 * 24 * 3600),
    outboxDir: env.OUTBOX_DIR ? resolve(env.OUTBOX_DIR) : join(dirname(resolve(databasePath)), 'outbox'),
    snapshotDir,
    rateLimit: { windowMs: num(env.RATE_LIMIT_WINDOW_MS, 60_000), max: num(env.RATE_LIMIT_MAX, 20) },
    bodyLimitBytes: num(env.BODY_LIMIT_BYTES, 512 * 1024),
    faults: env.SHOP_FAULTS === '1',
    trustProxy: env.TRUST_PROXY === '1',
    rebuildToken: env.REBUILD_TOKEN || null,
  };
}

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const env = opts.env ?? process.env;
  const databasePath = opts.databasePath ?? env.DATABASE_PATH ?? join(PROJECT_ROOT, 'data', 'shop.db');
  const dataDir = databasePath === ':memory:' ? null : dirname(resolve(databasePath));
  const logger = opts.logger ?? createLogger({ silent: env.LOG_REQUESTS === '0' });
  const pointerFile = dataDir ? join(dataDir, 'live-site.json') : null;
  const envDist = env.DIST_DIR ? resolve(env.DIST_DIR) : undefined;
  const pointer = pointerFile && opts.distDir === undefined && !envDist && !opts.snapshotDir ? readLivePointer(pointerFile) : null;

  let snapDir = resolve(opts.snapshotDir ?? pointer?.snapshot ?? defaultSnapshotDir(env));
  const options: ShopOptions = { ...optionsFromEnv(env, databasePath, snapDir), ...opts.options };
  // A token that cannot travel in `Authorization: Bearer` would lock the rebuild out for good: say so at start.
  const tokenProblem = options.rebuildToken ? bearerTokenProblem(options.rebuildToken) : null;
  if (tokenProblem) throw new Error(`REBUILD_TOKEN: ${tokenProblem}`);
  const metricsTokenProblem = env.METRICS_TOKEN ? bearerTokenProblem(env.METRICS_TOKEN) : null;
  if (metricsTokenProblem) throw new Error(`METRICS_TOKEN: ${metricsTokenProblem}`);
  const fullEvery = options.rebuildToken ? parseFullEvery(env.REBUILD_FULL_EVERY) : {};
  const atDayStart = options.rebuildToken ? parseAtDayStart(env.REBUILD_AT_DAY_START) : false;
  const databaseUrl = opts.databaseUrl ?? (env.DATABASE_URL || undefined);
  const db = await openDatabase(databasePath, databaseUrl, opts.migrations);
  const seed = await seedFromSnapshot(db, snapDir);
  for (const w of seed.warnings) logger.warn(w);
  logger.info(seed.seeded ? `seeded ${seed.products} products from ${snapDir}` : `database already holds snapshot ${seed.key.slice(0, 12)}`);

  // On PostgreSQL the instances share the database, so the secret lives there (unless TOKEN_SECRET sets it).
  const secret =
    databaseUrl && !env.TOKEN_SECRET
      ? await sharedMeta(db, 'token_secret', () => randomBytes(32).toString('base64url'))
      : loadSecret(env, dataDir ? join(dataDir, 'token-secret') : null);
  const signer = new TokenSigner(secret, opts.clock);
  const ctx = new ShopContext(db, signer, options, logger);
  const metricsPort = env.METRICS_PORT ? num(env.METRICS_PORT, 0) : null;
  if (env.METRICS_TOKEN || metricsPort !== null) ctx.metrics.withProcessMetrics();
  // While draining, /readyz says so and every answer closes its connection.
  let draining = false;
  await ctx.load();
  const distDir = opts.distDir === undefined ? (envDist ?? pointer?.dist ?? join(PROJECT_ROOT, 'dist')) : opts.distDir;
  const site = new Site(distDir, { trustProxy: options.trustProxy });

  let port = 0;
  let rebuild: RebuildManager | null = null;
  let generations: Generations | null = null;
  const history = new PublishHistory(db);
  if (options.rebuildToken) {
    const source = env.REBUILD_SOURCE;
    const { maxPages: renderMaxPages, maxShare: renderMaxShare } = parseMaxPages(env.RENDER_MAX_PAGES);
    const steps: RebuildSteps = {
      // The catalogue through vue-storefront-api's _search (this server's, or REBUILD_SOURCE, the shop's
      // API), only what changed since the live snapshot when the index allows; the rest of the snapshot
      // from REBUILD_IMPORT_CONFIG, or carried over from the live snapshot.
      pull: (into, hint, report) =>
        importFromVsfApi({
          url: source ?? `http://127.0.0.1:${port}`,
          index: env.REBUILD_INDEX || undefined,
          out: into,
          previous: snapDir,
          incremental: !hint.full,
          changedIds: hint.productIds,
          config: env.REBUILD_IMPORT_CONFIG ? readImportConfig(env.REBUILD_IMPORT_CONFIG) : undefined,
          log: (l) => {
            logger.info(`rebuild pull: ${l}`);
            report?.log(l);
          },
        }).then(() => undefined),
      // The build writes the deploy plan against the live folder (DEPLOY_BEFORE: src/lib/build/cdn/integration.ts), as `npm run deploy:plan` does.
      // The pages the change touches, rendered into an overlay on the live generation; else a full build (server/render.ts).
      build: (snap, out, report) =>
        renderOrBuild({
          projectRoot: PROJECT_ROOT,
          live: site.dir,
          snapshotDir: snap,
          outDir: out,
          maxPages: renderMaxPages,
          maxShare: renderMaxShare,
          report,
          fullBuild: () =>
            astroBuild({
              projectRoot: PROJECT_ROOT,
              snapshotDir: snap,
              outDir: out,
              extraEnv: site.dir ? { DEPLOY_BEFORE: site.dir } : {},
              report,
              pagesTotal: site.dir ? pageCount(site.dir) : null,
            }),
        }).then((r) => (r.way === 'overlay' ? r : undefined)),
      activate: (out, snap) => {
        site.switchTo(out);
        snapDir = snap;
        if (pointerFile) writeLivePointer(pointerFile, { dist: out, snapshot: snap });
        // A kept build made live again (a rollback, a preview gone live): the next change starts from it.
        if (renderMaxPages > 0) warmLive(out, (l) => logger.warn(l));
      },
      ...opts.rebuildSteps,
    };
    const workDir = env.REBUILD_WORKDIR ? resolve(env.REBUILD_WORKDIR) : PROJECT_ROOT;
    generations = new Generations(join(dataDir ?? workDir, 'generations.json'), steps.activate, parseKeep(env.PUBLISH_KEEP), () => site.dir);
    rebuild = new RebuildManager(steps, workDir, join(dataDir ?? PROJECT_ROOT, 'snapshots'), logger, (fn) => db.withLock('rebuild', fn), undefined, fullEvery);
    rebuild.generations = generations;
    // A run just after each day's start, for the prices of the new day (server/day-start.ts).
    if (atDayStart) {
      const manager = rebuild;
      manager.dayStart = scheduleDayStarts({
        stores: () => ctx.storeViews(),
        now: opts.clock,
        run: ({ timeZone }) => {
          logger.info(`rebuild: a new day in ${timeZone}: ${manager.trigger({}, { trigger: { kind: 'day', by: `the day's start in ${timeZone}` } })}`);
        },
      });
    }
    // The next change's renderer, its bundle loaded before the hook arrives (server/render.ts).
    if (site.dir && renderMaxPages > 0) warmLive(site.dir, (l) => logger.warn(l));
    rebuild.onRunEnd = (run) => {
      // The next change starts from the live build, whatever this run did: a build dropped (nothing
      // differed) or kept as a preview left the waiting renderer reading its own folder, and a failed
      // one may have used it up.
      if (site.dir && renderMaxPages > 0) warmLive(site.dir, (l) => logger.warn(l));
      ctx.metrics.observeRebuild(run);
      void history.runEnded(run).catch((e: unknown) => logger.warn(`publishing history: ${(e as Error).message}`));
    };
  }

  // Beside the database by default; an in-memory database (tests) gets a throw-away folder.
  const scratch = !env.IMAGE_CACHE_DIR && !dataDir ? mkdtempSync(join(tmpdir(), 'shop-img-')) : null;
  const imageCacheDir = env.IMAGE_CACHE_DIR ? resolve(env.IMAGE_CACHE_DIR) : join(dataDir ?? scratch!, 'image-cache');
  const { app, faults } = createApp(ctx, {
    site,
    mediaRoot: () => join(snapDir, 'media'),
    // Beside the database by default; an in-memory database (tests) gets a folder of its own.
    imageCacheDir,
    rebuild,
    publish:
      rebuild && generations
        ? publishRoutes(ctx, {
            rebuild,
            generations,
            history,
            auth: new EditorAuth(db, num(env.EDITOR_SESSION_HOURS, 12), options.scrypt),
            site,
          })
        : null,
    corsOrigins: env.CORS_ORIGIN
      ? env.CORS_ORIGIN.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    draining: () => draining,
    metricsToken: env.METRICS_TOKEN || null,
  });

  const server = await new Promise<Server>((res, rej) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? num(env.PORT, 4321), hostname: opts.host ?? env.HOST ?? '0.0.0.0' }, () => res(s as Server));
    (s as Server).once('error', rej);
  });
  port = (server.address() as AddressInfo).port;
  server.keepAliveTimeout = 5000;

  // While draining, every answer closes its connection: a keep-alive client must not keep the server
  // busy (and its port open) with new requests on an old connection.
  server.prependListener('request', (_req, res) => {
    if (draining) res.setHeader('Connection', 'close');
  });

  // Metrics without a token on a port of their own (METRICS_PORT; METRICS_HOST, default loopback).
  const metricsServer = metricsPort === null ? null : await serveMetrics(ctx, metricsPort, env.METRICS_HOST ?? '127.0.0.1');

  let closing: Promise<void> | null = null;
  const close = (timeoutMs = 10_000, drainMs = 0) =>
    (closing ??= new Promise<void>((res) => {
      draining = true;
      if (drainMs > 0) setTimeout(res, drainMs);
      else res();
    }).then(() => stop(timeoutMs)));
  const stop = (timeoutMs: number) =>
    new Promise<void>((res) => {
      metricsServer?.close();
      stopWarmRenderer();
      rebuild?.dayStart?.stop();
      const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        void db
          .close()
          .catch((e: unknown) => logger.warn(`closing the database: ${(e as Error).message}`))
          .finally(() => {
            if (scratch) rmSync(scratch, { recursive: true, force: true });
            res();
          });
      });
      // Idle keep-alive connections would hold close() open; in-flight requests finish first.
      server.closeIdleConnections();
    });

  return {
    url: `http://127.0.0.1:${port}`,
    app,
    port,
    ctx,
    db,
    site,
    faults,
    rebuild,
    generations,
    server,
    close,
    metricsPort: metricsServer ? (metricsServer.address() as AddressInfo).port : null,
  };
}

/** A listener serving only GET /metrics (no token: bind it where only the scraper reaches). */
async function serveMetrics(ctx: ShopContext, port: number, host: string): Promise<Server> {
  const app = new Hono();
  app.get('/metrics', ctx.metrics.handler);
  return new Promise<Server>((res, rej) => {
    const s = serve({ fetch: app.fetch, port, hostname: host }, () => res(s as Server));
    (s as Server).once('error', rej);
  });
}
