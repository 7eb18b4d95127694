/**
 * Writes a deterministic sample snapshot (layout in docs/snapshot.md) for a UK jeweller:
 *   npm run data:sample -- --products 400 --seed 1 --out src/content/sample
 * Same seed and product count give byte-identical files. "Now" is the fixed REFERENCE_DATE.
 * The files written are validated with the readers of src/lib/snapshot/read.ts before the script ends.
 */
import { mkdirSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from '../src/lib/config';
import { scriptOptions } from './lib/cli-options';
import { createRng, mixSeed } from './lib/prng';
import { writePlaceholders } from '../src/lib/snapshot/placeholders-write';
import { validateSnapshot } from '../src/lib/snapshot/write';
import { nearestPhoto, photoPath, type Look, type ShotView } from './lib/sample-photos';
import { attributeDefs, ROOT_ID } from './lib/sample-catalog-data';
import { BLOG_AUTHORS, BLOG_CATEGORIES } from './lib/sample-content';
import { buildCategories } from './lib/sample/categories';
import { Options, REFERENCE_DATE, type ProductContext } from './lib/sample/common';
import { attributeRecords, buildReviews, createWriter, writeProductShards } from './lib/sample/files';
import { countCategoryProducts, linkSets, relatedLinks, withdrawSoldOut } from './lib/sample/links';
import { writeMedia } from './lib/sample/media';
import { bannerSet, writeMenus } from './lib/sample/menus-banners';
import { planProducts } from './lib/sample/plan';
import { buildProducts } from './lib/sample/products';
import { buildShops, writeContent } from './lib/sample/shops-content';
import { writeStoreData } from './lib/sample/store-data';

export { REFERENCE_DATE };
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface SampleOptions {
  products: number;
  seed: number;
  out: string;
  /** Where the photographs are (default: the committed sample's media/ folder). */
  photos?: string;
  /** Validate the written files with src/lib/snapshot/read.ts readers (default true). */
  validate?: boolean;
  log?: (line: string) => void;
}

export interface SampleResult {
  counts: Record<string, number>;
  writeMs: number;
  validateMs: number;
  /** The product shots used (media path -> look and view) and every photograph referenced. */
  shots: Map<string, Look & { view: ShotView }>;
  pictures: string[];
}

/**
 * Generates the sample snapshot into `opts.out`, step by step: plan, products, links, files, media.
 * Every step draws from its own streams in the order they always have: same seed, same bytes.
 */
export function generateSample(opts: SampleOptions): SampleResult {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const out = resolve(opts.out);
  const N = Math.max(1, Math.floor(opts.products));
  const seed = opts.seed >>> 0;
  const rng = createRng(mixSeed(seed, 0));
  const colourLabels = Object.keys(config.colorMappings);
  const attrs = attributeDefs(colourLabels);
  const opt = new Options(attrs);
  const cats = buildCategories();
  /** The product shots the sample uses (path -> look and view), for scripts/photos. */
  const shots = new Map<string, Look & { view: ShotView }>();
  const photoDir = resolve(opts.photos ?? join(ROOT, 'src/content/sample/media'));
  // A look not photographed yet shows the nearest photographed one, so no product of a sample of
  // another seed or size points at a picture the snapshot lacks (a broken image on every page that
  // shows it). Without a photographs folder (scripts/photos, which renders the looks) every look is kept.
  const kinds = new Map<string, { names: string[]; known: Set<string> }>();
  const folder = (kind: string) => {
    let f = kinds.get(kind);
    if (!f) {
      const dir = join(photoDir, 'catalog/product', kind);
      const names = existsSync(dir)
        ? readdirSync(dir)
            .filter((n) => n.endsWith('.jpg'))
            .sort()
        : [];
      kinds.set(kind, (f = { names, known: new Set(names) }));
    }
    return f;
  };
  const photographed = (kind: string) => folder(kind).names;
  const substitute = existsSync(photoDir);
  let substituted = 0;
  const ctx: ProductContext = {
    seed,
    opt,
    cats,
    shopName: config.shop.name,
    useImage: (look, view = 'front') => {
      let path = photoPath(look, view);
      if (substitute && !folder(look.kind).known.has(path.slice(path.lastIndexOf('/') + 1))) {
        const near = nearestPhoto(look, view, photographed);
        if (near) {
          substituted++;
          path = near;
        }
      }
      if (!shots.has(path)) shots.set(path, { ...look, view });
      return path;
    },
    pendingLinks: [],
    tally: { discontinued: 0, unsafeDone: false },
  };

  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, 'manifest.json'))) {
    throw new Error(`sample: refusing to write into ${out}: it is not empty and holds no manifest.json (not a snapshot folder)`);
  }
  // media/ holds the photographs of scripts/photos (npm run photos): kept, not rewritten here
  for (const dir of ['products', 'banners']) rmSync(join(out, dir), { recursive: true, force: true });
  mkdirSync(join(out, 'products'), { recursive: true });

  const plan = planProducts(rng, N);
  const { products, visible, simplesByArt } = buildProducts(ctx, plan);
  linkSets(ctx.pendingLinks, simplesByArt);
  relatedLinks(seed, visible);
  for (const p of products) delete p._art;
  withdrawSoldOut(visible, products);
  countCategoryProducts(cats, visible);

  const shards = writeProductShards(out, products);
  const write = createWriter(out);
  const categories = cats.rows;
  write('categories.json', categories);
  write('attributes.json', attributeRecords(attrs));
  const reviews = buildReviews(seed, visible);
  write('reviews.json', reviews);
  const shops = buildShops(ctx.shopName, config.mailer.contactAddress.split('@')[1] ?? 'example.co.uk');
  write('shops.json', shops);
  const { pages, posts, blockCount } = writeContent(write, ctx.shopName, shops);
  writeMenus(write, categories, shops);
  for (const code of ['gb', 'de', 'it'] as const) write(`banners/${code}.json`, bannerSet(code));
  writeStoreData(write, visible);
  if (substituted) log(`sample: ${substituted} product pictures show the nearest photographed look (npm run photos renders the committed sample's looks only)`);
  const pictures = writeMedia({ out, photoDir, shots, categories, posts, shops, log });

  const counts: Record<string, number> = {
    products: products.length,
    visible_products: visible.length,
    categories: categories.length,
    attributes: attrs.length,
    reviews: reviews.length,
    cms_pages: pages.length,
    cms_blocks: blockCount,
    blog_posts: posts.length,
    blog_categories: BLOG_CATEGORIES.length,
    shops: shops.length,
    media: pictures.size + BLOG_AUTHORS.length,
    discontinued: ctx.tally.discontinued,
  };
  write('manifest.json', {
    version: 1,
    generated_at: REFERENCE_DATE,
    source: 'sample-catalog',
    store_code: 'gb',
    root_category_id: ROOT_ID,
    seed,
    counts,
    product_shards: shards,
  });
  const writeMs = performance.now() - started;
  log(
    `sample: wrote ${products.length} products (${visible.length} visible, ${shards.length} shards) and ${pictures.size + BLOG_AUTHORS.length} images to ${out} in ${(writeMs / 1000).toFixed(2)} s`,
  );

  let validateMs = 0;
  if (opts.validate !== false) {
    const v0 = performance.now();
    validateSnapshot(out);
    validateMs = performance.now() - v0;
    log(`sample: validated with src/lib/snapshot/read.ts readers in ${(validateMs / 1000).toFixed(2)} s`);
  }
  return { counts, writeMs, validateMs, shots, pictures: [...pictures].sort() };
}

export { validateSnapshot } from '../src/lib/snapshot/write';

const USAGE = 'usage: npm run data:sample -- [--products N] [--seed S] [--out DIR] [--no-validate]';

function readArgs(argv: readonly string[]): SampleOptions {
  return scriptOptions(argv, { name: 'data:sample', usage: USAGE, values: ['products', 'seed', 'out'], flags: ['no-validate'] }, (o) => ({
    products: o.number('products', 400, { integer: true, min: 1 }),
    seed: o.number('seed', 1, { integer: true }),
    out: o.value('out') ?? 'src/content/sample',
    ...(o.flag('no-validate') ? { validate: false } : {}),
  }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  const o = readArgs(process.argv.slice(2));
  if (!existsSync(dirname(resolve(o.out)))) mkdirSync(dirname(resolve(o.out)), { recursive: true });
  const r = generateSample({ ...o, log: (l) => console.log(l) });
  console.log(`sample: placeholder colours of ${await writePlaceholders(resolve(o.out))} pictures`);
  console.log(`sample: ${JSON.stringify(r.counts)}`);
  console.log(`sample: done in ${((performance.now() - t0) / 1000).toFixed(2)} s (products ${o.products}, seed ${o.seed})`);
}
