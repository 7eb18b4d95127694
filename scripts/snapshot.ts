/**
 * Snapshot puller: `npm run data:snapshot -- --from URL --out DIR [--token T]`.
 * Pulls a complete snapshot (docs/snapshot.md layout) from any backend with the shop's API contract
 * (docs/api.md, /api/catalog/*), validates every record with the entity schemas, and writes it
 * atomically: into a temporary folder beside DIR, renamed into place only when everything succeeded.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { OptionError, scriptOptions } from './lib/cli-options';
import * as S from '../src/lib/schemas';
import { SnapshotManifestSchema, UrlMapEntrySchema, type SnapshotManifest } from '../src/lib/snapshot/schemas';
import { validateArray, validateOne } from '../src/lib/snapshot/read';
import { writePlaceholders } from '../src/lib/snapshot/placeholders-write';
import { stagingDir, swapIntoPlace, writeJson, writeShards } from '../src/lib/snapshot/write';

export interface PullOptions {
  /** Base URL of the backend, e.g. http://127.0.0.1:4321 (the /api prefix is added). */
  from: string;
  /** Target snapshot folder; replaced only when the pull succeeded. */
  out: string;
  /** Bearer token (the rebuild token) for protected lists such as coupons. */
  token?: string;
  /** Page size of the paged lists. */
  pageSize?: number;
  fetchImpl?: typeof fetch;
  log?: (line: string) => void;
}

export interface PullResult {
  out: string;
  counts: Record<string, number>;
  warnings: string[];
}

/** Paged lists: catalogue path (the snapshot file is `PATH.json`), schema, and whether the backend may refuse it. */
const LISTS = (
  [
    ['categories', S.CategorySchema],
    ['attributes', S.AttributeSchema],
    ['reviews', S.ReviewSchema],
    ['cms-pages', S.CmsPageSchema],
    ['cms-blocks', S.CmsBlockSchema],
    ['blog-posts', S.BlogPostSchema],
    ['blog-categories', S.BlogCategorySchema],
    ['shops', S.ShopSchema],
    ['shipping-methods', S.ShippingMethodSchema],
    ['payment-methods', S.PaymentMethodSchema],
    ['tax-rates', S.TaxRateSchema],
    ['url-map', UrlMapEntrySchema],
    ['coupons', S.CouponSchema, true],
  ] as Array<[path: string, schema: z.ZodType, optional?: boolean]>
).map(([path, schema, optional]) => ({ file: `${path}.json`, path, schema, optional }));

class PullError extends Error {}

/** Pulls a snapshot from `from` into `out`; throws (leaving `out` untouched) on any failure. */
export async function pullSnapshot(opts: PullOptions): Promise<PullResult> {
  const f = opts.fetchImpl ?? fetch;
  const base = opts.from.replace(/\/+$/, '');
  const size = opts.pageSize ?? 500;
  const log = opts.log ?? (() => {});
  const out = resolve(opts.out);
  const warnings: string[] = [];
  const counts: Record<string, number> = {};
  const headers: Record<string, string> = opts.token ? { Authorization: `Bearer ${opts.token}` } : {};

  const getJson = async (path: string, allow404 = false): Promise<{ code: number; result: unknown } | null> => {
    const url = `${base}/api/catalog/${path}`;
    let res: Response;
    try {
      res = await f(url, { headers });
    } catch (e) {
      throw new PullError(`GET ${url}: ${(e as Error).message}`);
    }
    if (allow404 && (res.status === 404 || res.status === 403)) return null;
    const text = await res.text();
    let body: { code: number; result: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      throw new PullError(`GET ${url}: answer is not JSON (HTTP ${res.status})`);
    }
    if (res.status !== 200 || body.code !== 200) throw new PullError(`GET ${url}: code ${body.code ?? res.status}: ${JSON.stringify(body.result)}`);
    return body;
  };

  const getPaged = async (path: string, allowMissing = false): Promise<unknown[] | null> => {
    const items: unknown[] = [];
    for (let from = 0; ; from += size) {
      const sep = path.includes('?') ? '&' : '?';
      const body = await getJson(`${path}${sep}from=${from}&size=${size}`, allowMissing);
      if (!body) return null;
      const page = body.result as { items?: unknown[]; total?: number };
      if (!page || !Array.isArray(page.items) || typeof page.total !== 'number') throw new PullError(`${path}: expected { items, total }`);
      items.push(...page.items);
      if (page.items.length === 0 || items.length >= page.total) break;
    }
    return items;
  };

  const tmp = stagingDir(out);
  const write = (file: string, value: unknown, pretty = false) => writeJson(tmp, file, value, pretty);
  try {
    const source = (await getJson('manifest', true))?.result as Partial<SnapshotManifest> | null;

    // Products, paged, validated, written in shards of 1,000.
    const products = validateArray(S.ProductSchema, await getPaged('products'), 'products');
    const shards = writeShards(tmp, products).names;
    counts.products = products.length;
    log(`products: ${products.length}`);

    for (const l of LISTS) {
      const raw = await getPaged(l.path, l.optional);
      if (raw === null) {
        warnings.push(`${l.file}: not available from ${base} (written empty)`);
        write(l.file, []);
        counts[l.file.replace('.json', '')] = 0;
        continue;
      }
      const rows = validateArray(l.schema, raw, l.file);
      write(l.file, rows);
      counts[l.file.replace('.json', '')] = rows.length;
      log(`${l.file}: ${rows.length}`);
    }

    write('menus.json', validateOne(S.MenusSchema, (await getJson('menus'))!.result, 'menus.json'));
    write('social.json', validateOne(S.SocialSettingsSchema, (await getJson('social'))!.result, 'social.json'));
    const bannerCodes = (await getJson('banners'))!.result;
    if (!Array.isArray(bannerCodes)) throw new PullError('banners: expected a list of store codes');
    for (const code of bannerCodes as string[]) {
      if (!/^[a-z0-9_-]+$/i.test(code)) throw new PullError(`banners: bad store code ${JSON.stringify(code)}`);
      write(`banners/${code}.json`, validateOne(S.BannersSchema, (await getJson(`banners/${code}`))!.result, `banners/${code}.json`));
    }

    // Media files, through the image proxy (§7), 8 at a time.
    const media = ((await getPaged('media', true)) ?? []) as string[];
    let next = 0;
    const worker = async () => {
      while (next < media.length) {
        const path = media[next++]!;
        if (!path.startsWith('/') || path.split('/').includes('..')) throw new PullError(`media: bad path ${path}`);
        const url = `${base}/img/0/0/resize${path.split('/').map(encodeURIComponent).join('/')}`;
        const res = await f(url);
        if (res.status !== 200) throw new PullError(`GET ${url}: HTTP ${res.status}`);
        const file = join(tmp, 'media', ...path.split('/').filter(Boolean));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, media.length) }, worker));
    counts.media = media.length;
    log(`media: ${media.length}`);
    log(`placeholders: ${await writePlaceholders(tmp)}`);

    const manifest: SnapshotManifest = {
      version: 1,
      generated_at: new Date().toISOString(),
      source: base,
      store_code: source?.store_code ?? 'gb',
      // The backend's catalogue root, when its manifest names one (the site reads it from here).
      ...(typeof source?.root_category_id === 'number' ? { root_category_id: source.root_category_id } : {}),
      ...(source?.seed !== undefined ? { seed: source.seed } : {}),
      counts,
      product_shards: shards,
    };
    write('manifest.json', validateOne(SnapshotManifestSchema, manifest, 'manifest.json'), true);

    swapIntoPlace(tmp, out);
    return { out, counts, warnings };
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

const USAGE = 'usage: npm run data:snapshot -- --from URL --out DIR [--token TOKEN] [--page-size N]';

async function main(): Promise<void> {
  const args = scriptOptions(process.argv.slice(2), { name: 'data:snapshot', usage: USAGE, values: ['from', 'out', 'token', 'page-size'] }, (o) => {
    const [from, out] = [o.value('from'), o.value('out')];
    if (!from || !out) throw new OptionError('--from URL and --out DIR are required');
    const pageSize = o.value('page-size') === undefined ? undefined : o.number('page-size', 0, { integer: true, min: 1 });
    return { from, out, token: o.value('token'), pageSize };
  });
  const started = Date.now();
  try {
    const r = await pullSnapshot({
      from: args.from,
      out: args.out,
      token: args.token ?? process.env.REBUILD_TOKEN,
      pageSize: args.pageSize,
      log: (l) => console.log(l),
    });
    for (const w of r.warnings) console.warn(`warning: ${w}`);
    console.log(`snapshot written to ${r.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (e) {
    console.error(`snapshot pull failed, ${args.out} left untouched: ${(e as Error).message}`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
