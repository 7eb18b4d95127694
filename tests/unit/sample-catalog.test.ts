/**
 * The sample catalogue generator (scripts/sample-catalog.ts): the shape of what it writes (same seed,
 * same bytes; counts, shards, schemas, product types, URLs, pictures, links, the category tree) and its
 * command line. What the catalogue holds (prices, brands, labels, content pages): sample-catalog-content.test.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { generateSample, validateSnapshot, REFERENCE_DATE } from '../../scripts/sample-catalog';
import * as snap from '../../src/lib/snapshot/read';
import { slugify } from '../../src/lib/catalog/slug';
import { mediaPath } from '../../src/lib/catalog/images';
import type { Product } from '../../src/lib/schemas';
import type { Look } from '../../scripts/lib/sample-photos';

const N = 200;
const root = mkdtempSync(join(tmpdir(), 'sample-catalog-'));
const dirA = join(root, 'a');
const dirB = join(root, 'b');
const dirC = join(root, 'c');

/** Every file under a folder, as relative path -> bytes. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

let products: Product[] = [];

beforeAll(() => {
  generateSample({ products: N, seed: 1, out: dirA });
  generateSample({ products: N, seed: 1, out: dirB, validate: false });
  generateSample({ products: N, seed: 2, out: dirC, validate: false });
  products = snap.readProducts(dirA);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let seed42Sample: { dir: string; lines: string[] } | undefined;
/** A bigger catalogue of another seed (1,500 products), generated once. */
function seed42(): { dir: string; lines: string[] } {
  if (!seed42Sample) {
    const dir = join(root, 'seed-42');
    const lines: string[] = [];
    generateSample({ products: 1500, seed: 42, out: dir, validate: false, log: (l) => lines.push(l) });
    seed42Sample = { dir, lines };
  }
  return seed42Sample;
}

describe('sample catalogue generator', () => {
  it('same seed and product count give byte-identical files', () => {
    const a = files(dirA);
    const b = files(dirB);
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [path, bytes] of a) expect(bytes.equals(b.get(path)!), path).toBe(true);
  });

  it('a different seed gives different products', () => {
    const a = readFileSync(join(dirA, 'products/0000.json'), 'utf8');
    const c = readFileSync(join(dirC, 'products/0000.json'), 'utf8');
    expect(a).not.toEqual(c);
    expect(snap.readManifest(dirC).seed).toBe(2);
  });

  it('writes exactly the requested number of products and a manifest listing the shards', () => {
    expect(products).toHaveLength(N);
    const m = snap.readManifest(dirA);
    expect(m.product_shards).toEqual(['products/0000.json']);
    expect(m.generated_at).toBe(REFERENCE_DATE);
    expect(m.counts.products).toBe(N);
  });

  it('splits products into shards of at most 1000', () => {
    const dir = join(root, 'big');
    generateSample({ products: 2100, seed: 3, out: dir });
    const m = snap.readManifest(dir);
    expect(m.product_shards).toEqual(['products/0000.json', 'products/0001.json', 'products/0002.json']);
    expect(JSON.parse(readFileSync(join(dir, 'products/0002.json'), 'utf8'))).toHaveLength(100);
    expect(snap.readProducts(dir)).toHaveLength(2100);
  });

  it('every written file passes the schemas', () => {
    expect(validateSnapshot(dirA)).toBe(N);
  });

  it('all six product types are present', () => {
    const types = new Set(products.map((p) => p.type_id));
    expect([...types].sort()).toEqual(['bundle', 'configurable', 'downloadable', 'grouped', 'simple', 'virtual']);
  });

  it('product urls follow the contract: category url_path plus a unique url_key, slug from the name', () => {
    const cats = new Set(snap.readCategories(dirA).map((c) => c.url_path));
    const keys = new Set<string>();
    for (const p of products) {
      expect(keys.has(p.url_key), p.url_key).toBe(false);
      keys.add(p.url_key);
      expect(p.slug).toBe(slugify(p.name));
      expect(p.url_path.endsWith(`/${p.url_key}`)).toBe(true);
      expect(cats.has(p.url_path.slice(0, -p.url_key.length - 1)), p.url_path).toBe(true);
      expect(p.sku).toMatch(/^[A-Z0-9-]+$/);
    }
  });

  it('every image path points at a file under media/', () => {
    const paths = new Set<string>();
    for (const p of products) {
      for (const f of [p.image, p.small_image, p.thumbnail, p.hover_image]) if (f) paths.add(f);
      for (const g of p.media_gallery) paths.add(g.image);
    }
    for (const code of ['gb', 'de', 'it']) {
      const b = snap.readBanners(code, dirA);
      for (const x of [...b.mainBanners, ...b.smallBanners, ...b.productBanners, ...(b.headImage ? [b.headImage] : [])]) paths.add(x.image);
    }
    for (const post of snap.readBlogPosts(dirA)) {
      paths.add(post.featuredImage!.sourceUrl);
      paths.add(post.author.avatar!.url);
    }
    for (const s of snap.readSocial(dirA).images) paths.add(s.image);
    for (const s of snap.readShops(dirA)) paths.add(s.image!);
    for (const c of snap.readCategories(dirA)) {
      if (c.image) paths.add(c.image);
      if (c.takeover_banner) paths.add(c.takeover_banner);
    }
    for (const p of paths) {
      // Paths and absolute URLs on the shop's own media address, as a real backend sends both.
      const path = mediaPath(p);
      expect(path?.startsWith('/'), p).toBe(true);
      expect(existsSync(join(dirA, 'media', path!)), p).toBe(true);
    }
    const absolute = [...paths].filter((p) => p.startsWith('https://www.pendleandjames.co.uk/media/'));
    expect(absolute.length).toBeGreaterThan(10);
    expect(paths.size - absolute.length).toBeGreaterThan(10);
    // photographs (scripts/photos), not drawings: JPEG files, at most 1,600 px on the long side
    const first = readFileSync(join(dirA, 'media', products[0]!.image!));
    expect([...first.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(
      [...paths].filter((p) => p.endsWith('.svg')).every((p) => p.startsWith('/blog/authors/')),
      "only the authors' initials are drawn",
    ).toBe(true);
  });

  it('galleries hold one to four images, some products exactly one', () => {
    const counts = products.filter((p) => p.visibility !== 1 && p.type_id !== 'configurable').map((p) => p.media_gallery.length);
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(4);
  });

  it('bundles, grouped sets and related links point at existing products', () => {
    const bySku = new Map(products.map((p) => [p.sku, p]));
    const bundles = products.filter((p) => p.type_id === 'bundle');
    for (const b of bundles) {
      expect(b.bundle_options.length).toBeGreaterThan(0);
      for (const o of b.bundle_options) {
        if (o.required) expect(o.product_links.filter((l) => l.is_default)).toHaveLength(1);
        for (const l of o.product_links) expect(bySku.get(l.product!.sku)?.price).toBe(l.product!.price);
      }
    }
    const grouped = products.filter((p) => p.type_id === 'grouped');
    for (const g of grouped) {
      const assoc = g.product_links.filter((l) => l.link_type === 'associated');
      expect(assoc.length).toBeGreaterThanOrEqual(2);
      for (const l of assoc) expect(bySku.has(l.linked_product_sku)).toBe(true);
    }
    const related = products.flatMap((p) => p.product_links.filter((l) => l.link_type === 'related'));
    expect(related.length).toBeGreaterThan(0);
    for (const l of related) expect(bySku.get(l.linked_product_sku)?.visibility).not.toBe(1);
  });

  it('categories form a tree under root 2 with consistent paths, levels and counts', () => {
    const cats = snap.readCategories(dirA);
    const byId = new Map(cats.map((c) => [c.id, c]));
    expect(byId.get(2)?.level).toBe(1);
    for (const c of cats.filter((c) => c.id !== 2)) {
      const parent = byId.get(c.parent_id)!;
      expect(parent, c.name).toBeDefined();
      expect(c.level).toBe(parent.level + 1);
      expect(c.path).toBe(`${parent.path}/${c.id}`);
      expect(c.url_path).toBe(parent.id === 2 ? c.url_key : `${parent.url_path}/${c.url_key}`);
      expect(c.slug).toBe(c.url_key);
    }
    for (const c of cats) expect(c.children_count).toBe(cats.filter((d) => d.path.split('/').includes(String(c.id)) && d.id !== c.id).length);
    const visible = products.filter((p) => p.visibility !== 1);
    for (const c of cats.filter((c) => c.id !== 2)) expect(c.product_count).toBe(visible.filter((p) => p.category_ids.includes(c.id)).length);
    for (const path of [
      'rings/engagement-rings',
      'rings/wedding-rings',
      'watches/mens-watches',
      'watches/ladies-watches',
      'watches/smart-watches',
      'watches/luxury-watches',
      'charms',
      'gifts',
      'sale',
      'necklaces-and-pendants',
      'earrings',
      'bracelets',
    ]) {
      expect(
        cats.some((c) => c.url_path === path),
        path,
      ).toBe(true);
    }
    const takeovers = cats.filter((c) => c.takeover_banner_identifier);
    expect(takeovers.length).toBeGreaterThanOrEqual(2);
    const blocks = new Set(snap.readCmsBlocks(dirA).map((b) => b.identifier));
    for (const c of takeovers) expect(blocks.has(c.takeover_banner_identifier!)).toBe(true);
    expect(cats.some((c) => c.button_title)).toBe(true);
  });

  it('the command line writes a sample and prints the time it took', () => {
    const dir = join(root, 'cli');
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/sample-catalog.ts', '--products', '50', '--seed', '4', '--out', dir], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/done in \d+\.\d+ s/);
    expect(snap.readProducts(dir)).toHaveLength(50);
  });

  it('rejects unknown command-line options and numbers that are not whole, with the usage and exit code 2', () => {
    for (const [argv, message] of [
      [['--items', '5'], /data:sample: unknown option --items/],
      [['--products', '1.5'], /data:sample: --products must be a whole number/],
    ] as const) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/sample-catalog.ts', ...argv], { encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('usage: npm run data:sample -- [--products N]');
    }
  });

  it('another seed and size show the nearest photographed look for a look not photographed: no product points at a missing picture', () => {
    const { dir, lines } = seed42();
    // The case: this catalogue asks for looks the committed photographs lack.
    expect(lines.some((l) => /product pictures show the nearest photographed look/.test(l))).toBe(true);
    const refs = snap
      .readProducts(dir)
      .flatMap((p) => [p.image, p.small_image, p.thumbnail, ...p.media_gallery.map((m) => m.image)])
      .filter((r): r is string => typeof r === 'string' && r !== '' && r !== 'no_selection');
    expect(refs.length).toBeGreaterThan(1500);
    const missing = [...new Set(refs.map((r) => mediaPath(r)).filter((m): m is string => m !== null))].filter((m) => !existsSync(join(dir, 'media', m)));
    expect(missing).toEqual([]);
  });

  it('a shopper never meets two services, downloads or sets of one name, in a catalogue with more of them than the lists name', () => {
    const others = snap.readProducts(seed42().dir).filter((p) => ['virtual', 'downloadable', 'bundle', 'grouped'].includes(p.type_id) && p.visibility !== 1);
    expect(others.filter((p) => p.type_id === 'virtual').length).toBeGreaterThan(8);
    const names = others.map((p) => p.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('the nearest photographed look: the same kind and view, then design and metal, design, metal', async () => {
    const { nearestPhoto } = await import('../../scripts/lib/sample-photos');
    const ring = [
      'band-silver-0.jpg',
      'band-silver-0-angle.jpg',
      'halo-platinum-sapphire-1.jpg',
      'halo-rose-gold-diamond-0.jpg',
      'halo-rose-gold-diamond-0-angle.jpg',
    ];
    const folder = (kind: string) => (kind === 'ring' ? ring : []);
    const look: Look = { kind: 'ring', design: 'halo', metal: 'rose-gold', stone: 'emerald', v: 1 };
    expect(nearestPhoto(look, 'front', folder)).toBe('/catalog/product/ring/halo-rose-gold-diamond-0.jpg');
    expect(nearestPhoto(look, 'angle', folder)).toBe('/catalog/product/ring/halo-rose-gold-diamond-0-angle.jpg');
    expect(nearestPhoto({ ...look, metal: 'silver' }, 'front', folder)).toBe('/catalog/product/ring/halo-platinum-sapphire-1.jpg');
    expect(nearestPhoto({ ...look, design: 'solitaire', metal: 'silver' }, 'angle', folder)).toBe('/catalog/product/ring/band-silver-0-angle.jpg');
    // A view nobody photographed: the front view; a kind with no photograph: none.
    expect(nearestPhoto(look, 'detail', folder)).toBe('/catalog/product/ring/halo-rose-gold-diamond-0.jpg');
    expect(nearestPhoto({ ...look, kind: 'watch' }, 'front', folder)).toBeNull();
  });

  it('refuses to write into a folder that is not a snapshot', () => {
    const dir = join(root, 'not-a-snapshot');
    mkdirSync(join(dir, 'media'), { recursive: true });
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    expect(() => generateSample({ products: 10, seed: 1, out: dir })).toThrow(/refusing to write/);
    expect(existsSync(join(dir, 'media'))).toBe(true);
  });
});
