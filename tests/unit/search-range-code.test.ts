/**
 * The facet files' entropy coder (src/lib/search/range-code.ts): symbols of several models come back
 * in order, the text is about the symbols' information (not a byte a symbol), and bad frequencies or
 * text are refused.
 */
import { describe, expect, it } from 'vitest';
import { codeModel, createDecoder, createEncoder, isCodeFrequencies, scaleFrequencies, CODE_BITS } from '../../src/lib/search/range-code';
import { createRng } from '../../scripts/lib/prng';

describe('range code', () => {
  it('scales counts to 2^CODE_BITS keeping every symbol that occurs', () => {
    const q = scaleFrequencies([0, 1, 1_000_000, 3, 0]);
    expect(q.reduce((a, b) => a + b, 0)).toBe(2 ** CODE_BITS);
    expect(q[0]).toBe(0);
    expect(q[1]).toBe(1);
    expect(q[3]).toBeGreaterThanOrEqual(1);
    expect(q[4]).toBe(0);
    expect(scaleFrequencies([0, 0])).toEqual([2 ** CODE_BITS, 0]);
    // Many rare symbols, each raised to 1: the common one gives up the difference.
    const rare = scaleFrequencies([1_000_000, ...new Array<number>(5000).fill(1)]);
    expect(isCodeFrequencies(rare)).toBe(true);
    expect(rare.slice(1).every((f) => f === 1)).toBe(true);
  });

  it('decodes what it encoded, across models, and codes skewed symbols in few bits', () => {
    const r = createRng(3).next;
    const skewed = codeModel(scaleFrequencies([900, 50, 30, 20]));
    const wide = codeModel(scaleFrequencies(Array.from({ length: 300 }, (_, k) => 1 + (k % 7))));
    const single = codeModel(scaleFrequencies([0, 5]));
    const put: [typeof skewed, number][] = [];
    for (let i = 0; i < 20_000; i++) {
      const u = r();
      put.push([skewed, u < 0.9 ? 0 : u < 0.95 ? 1 : u < 0.98 ? 2 : 3]);
      if (i % 3 === 0) put.push([wide, Math.floor(r() * 300)]);
      if (i % 5 === 0) put.push([single, 1]);
    }
    const enc = createEncoder();
    for (const [m, s] of put) enc.put(m, s);
    const text = enc.finish();
    const dec = createDecoder(text);
    expect(put.map(([m]) => dec.get(m))).toEqual(put.map(([, s]) => s));
    dec.end();
    // 20,000 skewed symbols (about 0.6 bits each) and 6,667 of 300 (about 8.2 bits): well under a byte a symbol.
    const bytes = (text.length * 3) / 4;
    expect(bytes).toBeLessThan((20_000 * 0.7 + 6_667 * 8.4) / 8);
    expect(bytes).toBeGreaterThan((20_000 * 0.5 + 6_667 * 8) / 8);
  });

  it('refuses a symbol without frequency, frequencies that do not sum up, and text that ends early', () => {
    expect(() => createEncoder().put(codeModel(scaleFrequencies([1, 0])), 1)).toThrow(/no frequency/);
    expect(() => codeModel([1, 2, 3])).toThrow(/summing to/);
    const m = codeModel(scaleFrequencies([1, 1, 1, 1]));
    const enc = createEncoder();
    for (let i = 0; i < 100; i++) enc.put(m, i % 4);
    const text = enc.finish();
    const dec = createDecoder(text.slice(0, 8));
    expect(() => {
      for (let i = 0; i < 100; i++) dec.get(m);
    }).toThrow(/ends too early/);
    // Read with another model, or fewer symbols than were put: `end` says so.
    const other = createDecoder(text);
    for (let i = 0; i < 100; i++) other.get(codeModel(scaleFrequencies([3, 1, 1, 1])));
    expect(() => other.end()).toThrow(/not read with the models/);
    const short = createDecoder(text);
    for (let i = 0; i < 99; i++) short.get(m);
    expect(() => short.end()).toThrow(/not read with the models/);
  });
});
