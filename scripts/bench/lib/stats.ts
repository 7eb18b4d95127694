/** Small number helpers shared by the benchmark sections (pure, unit-tested). */
import { gzipSync } from 'node:zlib';
import { createRng } from '../../lib/prng';

/** The median of the values (mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The p-th percentile by the nearest-rank method (p95 of 1,000 values is the 950th smallest). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length, Math.max(1, rank)) - 1]!;
}

/** Gzipped size in bytes at level 9: one deterministic number for "what crosses the wire". */
export function gzipBytes(body: string | Uint8Array): number {
  return gzipSync(typeof body === 'string' ? Buffer.from(body) : body, { level: 9 }).length;
}

/** Bytes as KB (1 KB = 1,024 bytes) with one decimal. */
export function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

/** Milliseconds as seconds with one decimal. */
export function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}

/** Rounds to `digits` decimals (keeps JSON output readable). */
export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32, scripts/lib/prng.ts), so two runs ask the same things. */
export function rng(seed: number): () => number {
  return createRng(seed).next;
}
