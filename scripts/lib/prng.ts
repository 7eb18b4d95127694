/** Seeded pseudo-random numbers for the sample generator: same seed, same sequence, on every machine. */

/** A PRNG: mulberry32 over a 32-bit state, with small helpers. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** k distinct elements (fewer when the array is shorter), in random order. */
  sample<T>(items: readonly T[], k: number): T[];
}

/** Mixes two integers into a 32-bit seed (so each product can have its own stream). */
export function mixSeed(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  return (h ^ (h >>> 13)) >>> 0;
}

/** mulberry32 (public domain, Tommy Ettinger). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    sample: <T>(items: readonly T[], k: number): T[] => {
      if (k * 8 < items.length) {
        // few from many: draw indices, skipping repeats (no copy of a large list)
        const seen = new Set<number>();
        const out: T[] = [];
        while (out.length < k) {
          const i = Math.floor(next() * items.length);
          if (!seen.has(i)) {
            seen.add(i);
            out.push(items[i]!);
          }
        }
        return out;
      }
      const copy = items.slice();
      const out: T[] = [];
      while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
      return out;
    },
  };
}
