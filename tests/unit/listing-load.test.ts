/** src/lib/catalog/listing/load.ts: the listing file a listing's markup names, loaded through the validating loader. */
import { describe, expect, test } from 'vitest';
import { loadListingOf } from '../../src/lib/catalog/listing/load';

const root = (attributes: Record<string, string>) => ({ getAttribute: (name: string) => attributes[name] ?? null }) as unknown as Element;
const file = { v: 1 };

describe('loadListingOf', () => {
  test('a listing without its attribute is reported by the attribute name, and nothing is fetched', async () => {
    const asked: string[] = [];
    const fetcher = (async (url: string) => (asked.push(url), new Response('{}'))) as typeof fetch;
    await expect(loadListingOf(root({}), 'data-listing-src', fetcher)).rejects.toThrow('The listing has no data-listing-src attribute');
    await expect(loadListingOf(root({ 'data-listing-src': '/x.json' }), 'data-search-listing-src', fetcher)).rejects.toThrow(
      'no data-search-listing-src attribute',
    );
    expect(asked).toEqual([]);
  });

  test('the named file is fetched, and a file of the wrong shape is refused', async () => {
    const asked: string[] = [];
    const fetcher = (async (url: string) => (asked.push(url), Response.json(file))) as typeof fetch;
    await expect(loadListingOf(root({ 'data-search-listing-src': '/search-listing.json' }), 'data-search-listing-src', fetcher)).rejects.toThrow();
    expect(asked).toEqual(['/search-listing.json']);
  });
});
