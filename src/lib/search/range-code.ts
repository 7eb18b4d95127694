/**
 * A static-model entropy coder (rANS, byte-wise, 32-bit state) for the split search listing's facet
 * files (docs/search.md "The results page at scale"). Each document's filter values are coded
 * against symbol frequencies the shared /search-listing.json carries once, so a facet file costs
 * about the information it holds: gzip codes every column of a JSON file with one shared alphabet and
 * needed about three times as many bytes for the same values. The build encodes, the results page
 * decodes; the coded bytes travel as base64 text (gzip takes back most of base64's third).
 */

/** Frequencies of a model sum to 2^CODE_BITS. */
export const CODE_BITS = 16;
const TOTAL = 2 ** CODE_BITS;
/** The state stays in [LOW, LOW × 256) between symbols. */
const LOW = 2 ** 23;

/** Symbol counts scaled to sum to 2^CODE_BITS, every symbol that occurs keeping at least 1 (none occurring: symbol 0 takes all). */
export function scaleFrequencies(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total) return counts.map((_, k) => (k ? 0 : TOTAL));
  const used = counts.filter((c) => c > 0).length;
  if (used > TOTAL) throw new Error(`a code model holds at most ${TOTAL} symbols, not ${used}`);
  const q = counts.map((c) => (c > 0 ? Math.max(1, Math.floor((c * TOTAL) / total)) : 0));
  let diff = TOTAL - q.reduce((a, b) => a + b, 0);
  // Rounding left some over (or, with many rare symbols raised to 1, took too much): the largest absorb it.
  while (diff) {
    const k = q.indexOf(Math.max(...q));
    const change = diff > 0 ? diff : -Math.min(-diff, q[k]! - 1);
    q[k]! += change;
    diff -= change;
  }
  return q;
}

/** A model ready for coding: each symbol's frequency and where its range starts. */
export interface CodeModel {
  q: readonly number[];
  start: number[];
}

/** True when frequencies form a model (non-negative whole numbers summing to 2^CODE_BITS). */
export function isCodeFrequencies(q: readonly number[]): boolean {
  return q.every((f) => Number.isInteger(f) && f >= 0) && q.reduce((a, b) => a + b, 0) === TOTAL;
}

export function codeModel(q: readonly number[]): CodeModel {
  if (!isCodeFrequencies(q)) throw new Error(`code frequencies must be whole numbers summing to ${TOTAL}`);
  const start: number[] = [];
  q.reduce((at, f) => (start.push(at), at + f), 0);
  return { q, start };
}

/** Collects symbols (each with its model) and codes them into base64 text. */
export function createEncoder(): { put(model: CodeModel, symbol: number): void; finish(): string } {
  const put: number[] = [];
  return {
    put(model, symbol) {
      const f = model.q[symbol];
      if (!f) throw new Error(`symbol ${symbol} has no frequency in its model`);
      put.push(model.start[symbol]!, f);
    },
    finish() {
      // rANS codes last symbol first, so the decoder reads them first to last.
      const bytes: number[] = [];
      let x = LOW;
      for (let i = put.length - 2; i >= 0; i -= 2) {
        const start = put[i]!;
        const f = put[i + 1]!;
        const max = (LOW / TOTAL) * 256 * f;
        while (x >= max) {
          bytes.push(x % 256);
          x = Math.floor(x / 256);
        }
        x = Math.floor(x / f) * TOTAL + (x % f) + start;
      }
      // The final state, read first by the decoder, most significant byte first.
      for (let s = 0; s <= 24; s += 8) bytes.push(Math.floor(x / 2 ** s) % 256);
      bytes.reverse();
      let text = '';
      for (let i = 0; i < bytes.length; i += 4096) text += String.fromCharCode(...bytes.slice(i, i + 4096));
      return btoa(text);
    },
  };
}

/**
 * Reads symbols back from `createEncoder`'s text, in the order they were put; throws on text that
 * ends early, and `end` throws unless every symbol was read with the models it was put with (the
 * state is back where the encoder started and every byte was read).
 */
export function createDecoder(text: string): { get(model: CodeModel): number; end(): void } {
  const bytes = atob(text);
  let at = 0;
  const next = () => {
    if (at >= bytes.length) throw new Error('the coded text ends too early');
    return bytes.charCodeAt(at++);
  };
  let x = 0;
  for (let i = 0; i < 4; i++) x = x * 256 + next();
  return {
    get(model) {
      // The state stays below 2^31, so 32-bit operations are exact.
      const slot = x & (TOTAL - 1);
      // The symbol whose range holds the slot (binary search over the starts).
      let lo = 0;
      let hi = model.q.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (model.start[mid]! <= slot) lo = mid;
        else hi = mid - 1;
      }
      // (A symbol of frequency 0 shares its start with the next one, which the search reaches first.)
      x = model.q[lo]! * (x >>> CODE_BITS) + slot - model.start[lo]!;
      while (x < LOW) x = (x << 8) | next();
      return lo;
    },
    end() {
      if (x !== LOW || at !== bytes.length) throw new Error('the coded text was not read with the models it was coded with');
    },
  };
}
