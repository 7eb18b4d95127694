import { describe, expect, it } from 'vitest';
import { catalog, pricesFor, productImagePath } from '../../src/lib/routing/routes';
import { catchAllRoutes } from '../../src/lib/routing/page-routes';
import { categoryListing } from '../../src/lib/build/page-data';
import { brandCategories, brandSlug } from '../../src/lib/build/brand-page-data';
import { listedCategoryIds, listingCategoryId, listingFile, listingFileUrlFor, searchListingFile } from '../../src/lib/build/listing-file';
import { keyStore, offerPrevious } from '../../src/lib/build/key-store';
import { fetchListing } from '../../src/lib/catalog/listing/client';
import { ListingFileSchema } from '../../src/lib/catalog/listing/schema';
import { listingFileUrl, productUrl } from '../../src/lib/catalog/urls';
import { config, enabledStoreViews } from '../../src/lib/config';

const byPath = (url_path: string) => catalog().categories.find((c) => c.url_path === url_path)!;
const rings = byPath('rings');

describe('category listing file', () => {
  const file = listingFile(rings.id);
  const staticListing = categoryListing(rings.id);

  it('lists every product of the category in the order of the static page', () => {
    expect(file.total).toBe(staticListing.total);
    expect(file.products).toHaveLength(staticListing.total);
    expect(file.total).toBeGreaterThan(config.constants.categoryPageSize);
    expect(file.products.slice(0, staticListing.products.length).map((p) => p.id)).toEqual(staticListing.products.map((p) => p.id));
    expect(file.sort).toBe(config.constants.sorts[0]!.value);
  });

  it('carries the same facets as the static sidebar', () => {
    expect(file.facets).toEqual(staticListing.facets);
  });

  it('carries the order of a sort the browser does not make (by name) as positions in its list, its facets the default sort’s', () => {
    const sorts = config.constants.sorts;
    sorts.push({ label: 'Name', value: 'name:asc' });
    try {
      const named = listingFile(rings.id);
      const order = named.orders!['name:asc']!;
      expect([...order].sort((a, b) => a - b)).toEqual(named.products.map((_, i) => i));
      const names = order.map((i) => named.products[i]!.name.toLowerCase());
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(named.facets).toEqual(file.facets);
      expect(named.products).toEqual(file.products);
    } finally {
      sorts.pop();
    }
  });

  it('gives each product the fields of its static tile', () => {
    for (const item of file.products) {
      const p = catalog().byId.get(item.id)!;
      const prices = pricesFor(p);
      expect(item.url).toBe(productUrl(p));
      expect(item.price).toEqual([prices.original, prices.special, prices.final]);
      expect(item.img).toBe(productImagePath(p) ?? undefined);
      expect(item.badge).toBe(p.sale === 1 ? 'sale' : p.new === 1 ? 'new' : undefined);
      expect(item.kids).toEqual(p.type_id === 'configurable' ? p.configurable_children!.map((c) => c.sku) : undefined);
    }
  });

  it('names each filter value a product has by its index in the facet', () => {
    const color = file.facets.find((f) => f.code === 'color')!;
    const withColor = file.products.filter((p) => p.f.color?.length);
    expect(withColor.length).toBeGreaterThan(0);
    for (const item of withColor) {
      const p = catalog().byId.get(item.id)!;
      const own = color.values.findIndex((v) => v.id === String(p.color));
      if (own >= 0) expect(item.f.color).toContain(own);
      for (const k of item.f.color!) expect(color.values[k]).toBeDefined();
    }
  });

  it('passes its own schema after a JSON round trip', () => {
    expect(() => ListingFileSchema.parse(JSON.parse(JSON.stringify(file)))).not.toThrow();
  });

  it('exists for every category page and every brand listing', () => {
    const ids = listedCategoryIds();
    for (const r of catchAllRoutes()) if (r.kind === 'category') expect(ids).toContain(Number(r.key));
    for (const b of brandCategories()) expect(ids).toContain(b.id);
  });

  it('is found from a listing key: a category id or brand:{slug}', () => {
    const brand = brandCategories()[0]!;
    expect(listingCategoryId(rings.id)).toBe(rings.id);
    expect(listingCategoryId(`brand:${brandSlug(brand)}`)).toBe(brand.id);
    expect(listingCategoryId('brand:no-such-brand')).toBeNull();
    expect(listingFileUrlFor(rings.id)).toBe(`/listing/${rings.id}.json`);
    expect(listingFileUrlFor(`brand:${brandSlug(brand)}`)).toBe(`/listing/${brand.id}.json`);
    expect(listingFileUrl(rings.id, 'de')).toBe(config.storeViews.multistore ? `/de/listing/${rings.id}.json` : `/listing/${rings.id}.json`);
  });

  it('is the same text when the persistent renderer makes it, its tiles kept from the search listing of each store view', () => {
    const stores = enabledStoreViews().map((s) => s.storeCode);
    const files = () => stores.flatMap((s) => [JSON.stringify(searchListingFile(s)), JSON.stringify(listingFile(rings.id, s))]);
    const whole = files();
    offerPrevious({}, { ids: new Set(), skus: new Set(), categories: new Set() });
    try {
      // The search listing first (as the renderer lists the search route before it writes the listing files), then again from the tiles kept.
      expect(files()).toEqual(whole);
      expect(files()).toEqual(whole);
    } finally {
      keyStore().previous = null;
    }
  });
});

describe('loading a listing file', () => {
  const body = JSON.stringify(listingFile(byPath('rings/engagement-rings').id));
  const answer =
    (text: string, status = 200) =>
    async () =>
      new Response(text, { status, headers: { 'Content-Type': 'application/json' } });

  it('returns the validated file', async () => {
    const file = await fetchListing('/listing/11.json', answer(body) as typeof fetch);
    expect(file.products.length).toBe(file.total);
  });

  it('rejects a file of the wrong shape', async () => {
    await expect(fetchListing('/x.json', answer(JSON.stringify({ v: 1, products: [{ id: 'x' }] })) as typeof fetch)).rejects.toThrow();
  });

  it('rejects an http error', async () => {
    await expect(fetchListing('/x.json', answer('not found', 404) as typeof fetch)).rejects.toThrow(/404/);
  });
});
