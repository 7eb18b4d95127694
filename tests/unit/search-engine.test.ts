import { describe, expect, it } from 'vitest';
import { CATEGORIES, ENGINES, SETTINGS, catalogue, category, indexOf, product } from './search-fixtures';

const names = (r: { items: { n: string }[] }) => r.items.map((h) => h.n);

describe.each(ENGINES)('%s', (_label, create) => {
  const engine = create(indexOf(catalogue()), SETTINGS);

  it('a typo within one edit finds the brand: thomas sabbo', () => {
    const r = engine.search('thomas sabbo');
    expect(r.total).toBe(2);
    expect(names(r).every((n) => n.startsWith('Thomas Sabo'))).toBe(true);
    expect(engine.search('sabbo').total).toBe(2); // the misspelt word alone
  });

  it('a typo finds the brand: raymnd weil', () => {
    const r = engine.search('raymnd weil');
    expect(r.total).toBe(2);
    expect(names(r).every((n) => n.startsWith('Raymond Weil'))).toBe(true);
    expect(names(engine.search('raymnd')).every((n) => n.startsWith('Raymond Weil'))).toBe(true);
    expect(engine.search('raymnd').total).toBe(2);
  });

  it('two edits are allowed from six letters, not three', () => {
    // 'brclet' -> 'bracelet' is 2 edits (two letters missing).
    expect(engine.search('brclet').total).toBe(2);
    expect(engine.search('brxxlet').total).toBe(0); // 3 edits from 'bracelet'
  });

  it('words under four letters are matched exactly, four and five letters allow one edit', () => {
    const e = create(indexOf([product({ name: 'Star Ring' }), product({ name: 'Opal Bangle' })]), SETTINGS);
    expect(e.search('stxr ring').items.map((h) => h.n)).toEqual(['Star Ring']); // 'stxr' 1 edit
    expect(e.search('sxxr').total).toBe(0); // 2 edits in a 4-letter word
    expect(e.search('opl').total).toBe(0); // 3 letters: exact only, and 'opl' is not a prefix of 'opal'
    expect(e.search('opa').items.map((h) => h.n)).toEqual(['Opal Bangle']); // last word as you type: prefix
  });

  it('the name boost 4 outranks sku 2, which outranks category name and supplier code 1', () => {
    const e = create(
      indexOf(
        [
          product({ id: 1, sku: 'AA-1', name: 'Plain Bangle', category_ids: [300] }),
          product({ id: 2, sku: 'AA-2', name: 'Plain Chain', c2c_supplier_code: 'AURORA' }),
          product({ id: 3, sku: 'AURORA', name: 'Plain Watch' }),
          product({ id: 4, sku: 'AA-4', name: 'Aurora Pendant' }),
        ],
        [...CATEGORIES, category(300, 'Aurora')],
      ),
      SETTINGS,
    );
    const r = e.search('aurora');
    expect(r.items.map((h) => h.s).slice(0, 2)).toEqual(['AA-4', 'AURORA']);
    expect(
      r.items
        .map((h) => h.s)
        .slice(2)
        .sort(),
    ).toEqual(['AA-1', 'AA-2']);
    expect(r.items[0]!.score).toBe(1);
  });

  it('at least 75% of the query words must match (rounded down, at least one)', () => {
    const e = create(
      indexOf([
        product({ sku: 'A', name: 'Gold Diamond Halo Ring' }),
        product({ sku: 'B', name: 'Gold Diamond Halo Pendant' }), // 3 of 4 words
        product({ sku: 'C', name: 'Gold Diamond Bangle' }), // 2 of 4 words
        product({ sku: 'D', name: 'Silver Chain' }),
      ]),
      SETTINGS,
    );
    expect(e.search('gold diamond halo ring').items.map((h) => h.s)).toEqual(['A', 'B']); // 4 words: 3 needed
    expect(
      e
        .search('gold halo chain')
        .items.map((h) => h.s)
        .sort(),
    ).toEqual(['A', 'B']); // 3 words: 2 needed
    expect(
      e
        .search('silver gold')
        .items.map((h) => h.s)
        .sort(),
    ).toEqual(['A', 'B', 'C', 'D']); // 2 words: 1 needed
  });

  it('hits under 2% of the best score are cut (minimum score 0.02 on normalised scores)', () => {
    const weak = Array.from({ length: 150 }, (_, i) => product({ sku: `W${i}`, name: `Plain Item ${i}`, c2c_supplier_code: 'ZIRKON' }));
    const products = [product({ sku: 'TOP', name: 'Zircon Ring' }), product({ sku: 'CAT', name: 'Plain Chain', category_ids: [301] }), ...weak];
    const file = indexOf(products, [...CATEGORIES, category(301, 'Zircon')]);
    const r = create(file, SETTINGS).search('zircon');
    expect(r.items.map((h) => h.s)).toEqual(['TOP', 'CAT']);
    expect(r.total).toBe(2);
    expect(r.items[1]!.score).toBeGreaterThanOrEqual(0.02);
    // The 150 fuzzy supplier-code matches are found, and only the cut removes them.
    const uncut = create(file, { ...SETTINGS, minScore: 0 }).search('zircon');
    expect(uncut.total).toBe(152);
    expect(Math.max(...uncut.items.slice(2).map((h) => h.score))).toBeLessThan(0.02);
  });

  it('size 0 or below becomes 50 and a negative start becomes 0', () => {
    const many = Array.from({ length: 60 }, (_, i) => product({ sku: `R${i}`, name: `Twist Ring ${i}` }));
    const e = create(indexOf(many), SETTINGS);
    for (const size of [0, -5]) {
      const r = e.search('twist', { size, start: -3 });
      expect([r.items.length, r.perPage, r.start, r.total]).toEqual([50, 50, 0, 60]);
    }
    const page = e.search('twist', { size: 10, start: 55 });
    expect([page.items.length, page.start, page.total]).toEqual([5, 55, 60]);
  });

  it('the search term needs at least 3 characters', () => {
    const e = create(indexOf([product({ name: 'Ox Bangle' })]), SETTINGS);
    expect(e.search('ox').total).toBe(0);
    expect(e.search(' ox ').noresults).toBe(true);
    expect(e.search('ox bangle').total).toBe(1);
  });

  it('results carry the flags cache, offline and noresults', () => {
    const hit = engine.search('pendant');
    expect(hit).toMatchObject({ cache: false, offline: false, noresults: false });
    expect(engine.search('rolex')).toMatchObject({ items: [], total: 0, cache: false, offline: false, noresults: true });
  });

  it('finds a product by its sku, whole or in parts, and by its supplier code', () => {
    const e = create(indexOf([product({ sku: 'TS-7400-81', name: 'Charm', c2c_supplier_code: 'SUP-99812' }), product({ name: 'Other' })]), SETTINGS);
    for (const q of ['TS-7400-81', 'ts7400', 'ts740081', 'sup-99812'])
      expect(
        e.search(q).items.map((h) => h.s),
        q,
      ).toEqual(['TS-7400-81']);
  });

  it('finds a product by its category name, accents and apostrophes ignored', () => {
    const e = create(indexOf([product({ name: "Crème Men's Watch" }), product({ name: 'Plain Ring', category_ids: [10] })]), SETTINGS);
    expect(names(e.search('creme mens'))).toEqual(["Crème Men's Watch"]);
    expect(names(e.search('rings'))).toEqual(['Plain Ring']);
  });
});

describe('engines agree', () => {
  it('both engines return the same products for the same queries', () => {
    const file = indexOf(catalogue());
    const [a, b] = ENGINES.map(([, create]) => create(file, SETTINGS));
    for (const q of ['thomas sabbo', 'raymnd weil', 'watch', 'silver bracelet', 'diamond ring', 'blue dial watch']) {
      const x = a!
        .search(q)
        .items.map((h) => h.s)
        .sort();
      const y = b!
        .search(q)
        .items.map((h) => h.s)
        .sort();
      expect(x, q).toEqual(y);
    }
  });
});

// The shop's engines (the MiniSearch contender of the benchmark weighs each expansion by its own frequency).
describe.each(ENGINES.filter(([label]) => label !== 'minisearch engine'))('%s: blended frequencies', (_label, create) => {
  it('a typo match does not outrank the word itself for being rarer: "ring" lists rings before a "wing" charm', () => {
    // Many rings, one angel wing charm: weighed by its own frequency, the rare "wing" scored above
    // every ring; blended with "ring"'s (as Elasticsearch's fuzzy rewrite does), it comes after them.
    const rings = Array.from({ length: 12 }, (_, i) => product({ id: 10 + i, sku: `RG-${i}`, name: `Gold Ring ${['Twist', 'Halo', 'Band', 'Pave'][i % 4]}` }));
    const e = create(indexOf([product({ id: 1, sku: 'CH-1', name: 'Silver Angel Wing Charm' }), ...rings]), SETTINGS);
    const r = e.search('ring');
    expect(r.items.map((h) => h.s)).toContain('CH-1');
    expect(r.items.at(-1)!.s).toBe('CH-1');
    expect(r.items[0]!.n).toMatch(/Ring/);
    // The typo still finds the charm alone, and the word itself still ranks above its typo.
    expect(names(e.search('wing'))[0]).toBe('Silver Angel Wing Charm');
  });
});
