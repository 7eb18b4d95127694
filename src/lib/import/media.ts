/**
 * The pictures of an import: the media paths a snapshot's records name, and their files written into
 * the snapshot's media/ from the previous snapshot (linked), the shop's media folder, or
 * vue-storefront-api's image route. That route (`/img/<width>/<height>/<action>/<path>`) fetches
 * `magento2.imgUrl` + '/' + path, and imgUrl already ends with the product pictures' folder
 * (`.../media/catalog/product`): a product picture is asked for by its path below that folder (the
 * reference API's route takes that form too). Another picture (a category's) is asked for by its path
 * below media/, which the reference API serves and VSFA's route cannot.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ImportResult } from './assemble';
import type { Problem } from './from-vsf/common';

/** Media paths (relative to media/) a snapshot's records name; absolute URLs are left as they are. */
export function mediaPaths(result: ImportResult): string[] {
  const out = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === 'string' && v && !/^https?:/i.test(v) && v !== 'no_selection') out.add(v.startsWith('/') ? v : `/${v}`);
  };
  for (const p of result.products) {
    for (const f of [p.image, p.small_image, p.thumbnail, p.hover_image]) add(f);
    for (const m of p.media_gallery) add(m.image);
    for (const c of p.configurable_children ?? []) add(c.image);
  }
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'image' || k === 'featured_image' || k === 'avatar') add(x);
        else walk(x);
      }
  };
  for (const [name, value] of Object.entries(result.files)) if (name !== 'menus.json' && name !== 'url-map.json') walk(value);
  return [...out].filter((p) => !p.split('/').includes('..')).sort();
}

/** Where pictures come from, in order: the previous snapshot (linked), the media folder, the API's image proxy. */
export interface MediaSources {
  previous?: string;
  mediaDir?: string;
  fetchFrom?: string;
  fetchImpl?: typeof fetch;
  /** The product pictures' folder below media/ (the import configuration's images.product_prefix): VSFA's imgUrl ends with it. */
  productPrefix?: string;
  /**
   * Only these may be fetched (an incremental pull: the pictures of the records pulled this time). A
   * picture that an unchanged record names and the previous snapshot lacks was reported missing by the
   * pull that brought the record; asking the proxy again on every pull would cost a request each.
   */
  fetchOnly?: ReadonlySet<string>;
}

export async function writeMedia(tmp: string, paths: string[], from: MediaSources, problems: Problem[]): Promise<{ written: number; missing: number }> {
  let written = 0;
  let missing = 0;
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const p = paths[next++]!;
      const target = join(tmp, 'media', ...p.split('/').filter(Boolean));
      mkdirSync(dirname(target), { recursive: true });
      const local = [from.previous && join(from.previous, 'media', p), from.mediaDir && join(from.mediaDir, p)].filter(
        (x): x is string => !!x && existsSync(x),
      );
      if (local[0]) {
        try {
          linkSync(local[0], target);
        } catch {
          copyFileSync(local[0], target);
        }
        written++;
        continue;
      }
      const routed = imageRoutePath(p, from.productPrefix ?? '/catalog/product');
      if (from.fetchFrom && (!from.fetchOnly || from.fetchOnly.has(p))) {
        // Another picture by its path below media/: the reference API serves it, VSFA cannot.
        const url = `${from.fetchFrom}/img/0/0/resize${routed ?? encodedPath(p)}`;
        try {
          const res = await (from.fetchImpl ?? fetch)(url);
          if (res.status === 200) {
            writeFileSync(target, Buffer.from(await res.arrayBuffer()));
            written++;
            continue;
          }
        } catch {
          /* reported below */
        }
      }
      missing++;
      const reason =
        from.fetchFrom && !routed
          ? `picture not found: not below ${from.productPrefix ?? '/catalog/product'}, the only folder vue-storefront-api's image route reads (pass --media with the shop\u2019s pub/media folder)`
          : from.fetchFrom && from.fetchOnly && !from.fetchOnly.has(p)
            ? 'picture not found: not in the previous snapshot, and not asked for again (only the records pulled this time are; a full pull asks for every picture)'
            : 'picture not found (pass --media with the shop\u2019s pub/media folder)';
      problems.push({ file: 'media', id: p, field: '', reason, skipped: false });
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, paths.length) }, worker));
  return { written, missing };
}

/**
 * The path to ask vue-storefront-api's image route for a picture of the snapshot (below media/): its
 * path below the product pictures' folder, each segment URL-encoded; null for a picture outside it.
 */
export function imageRoutePath(path: string, productPrefix: string): string | null {
  const prefix = productPrefix.replace(/\/+$/, '');
  if (prefix && !path.startsWith(`${prefix}/`)) return null;
  return encodedPath(path.slice(prefix.length));
}

const encodedPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
