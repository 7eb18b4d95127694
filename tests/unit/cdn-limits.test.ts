/**
 * The CDN files of generated catalogues of 10,000 and 50,000 products stay within every deploy
 * target's limits (src/lib/build/cdn/limits.ts, docs/deploy.md): the bench's catalogue generator makes the
 * snapshots (kept in the temp folder and reused), scripts/cdn-limits.ts measures the files a build of
 * each would write. Slow (about a minute at 50,000 products on an idle machine, more when loaded).
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSnapshot } from '../../scripts/bench/lib/catalog';

const ROOT = join(import.meta.dirname, '../..');
const WORK = join(tmpdir(), 'pj-cdn-limits');

interface Report {
  products: number;
  rules: number;
  moved: number;
  rewrites: number;
  gone: number;
  summary: { edgeFiles: number; largestBucketBytes: number; headerRules: number; redirectLines: number; mostTagsOnAPage: number };
  violations: string[];
}

async function measure(products: number): Promise<Report> {
  const snap = await ensureSnapshot(ROOT, WORK, products, 1, () => {});
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/cdn-limits.ts'], {
    cwd: ROOT,
    env: { ...process.env, SNAPSHOT_DIR: snap.dir, NODE_OPTIONS: '--max-old-space-size=3072' },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Report;
}

describe('CDN files within the targets limits', () => {
  for (const products of [10_000, 50_000]) {
    it(`at ${products.toLocaleString('en-GB')} products`, { timeout: 900_000 }, async () => {
      const r = await measure(products);
      expect(r.products).toBe(products);
      expect(r.violations).toEqual([]);
      // Every product keeps its old URLs: at least its stale-slug rules under /{sku} and /p/{sku}.
      expect(r.moved).toBeGreaterThan(products);
      expect(r.gone).toBeGreaterThan(0);
      // The redirect map replaces _redirects: a few dozen or hundred small files, a handful of header rules.
      expect(r.summary.redirectLines).toBe(0);
      expect(r.summary.edgeFiles).toBeGreaterThan(products / 1000);
      expect(r.summary.headerRules).toBeLessThanOrEqual(10);
    });
  }
});
