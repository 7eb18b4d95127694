/**
 * The site builds from an imported VSF dump (SNAPSHOT_DIR), and its product, category and CMS pages show
 * the dump's names, prices (VAT-inclusive as imported), variants, pictures and breadcrumbs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importFromDump } from '../../src/lib/import/vsf-import';
import { astroBuild } from '../../server/rebuild';
import { removeBuild } from './fixture';
import { ImportConfigSchema } from '../../src/lib/import/config';
import { contentPaths } from '../../src/lib/routing/content-routes';

const DUMP = join(__dirname, '..', 'fixtures', 'vsf-dump');
const MEDIA = join(__dirname, '..', 'fixtures', 'vsf-media');
let work = '';
let dist = '';

/** The HTML of a built page by its path. */
const page = (path: string) => readFileSync(join(dist, path.replace(/^\//, ''), 'index.html'), 'utf8');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'import-build-'));
  const out = join(work, 'snapshot');
  // The dump has two CMS pages; the content routes' other pages come from the configuration.
  const cms_pages = contentPaths().map((path, i) => ({
    id: 5000 + i,
    identifier: path.slice(1),
    title: `Page ${path.slice(1)}`,
    content: '<p>Configured page.</p>',
  }));
  await importFromDump(DUMP, { out, mediaDir: MEDIA, config: ImportConfigSchema.parse({ cms_pages }) });
  // Inside the project: an outDir outside it makes Astro share .astro/ with any other build.
  dist = mkdtempSync(join(process.cwd(), 'dist-test-import-'));
  await astroBuild({ projectRoot: process.cwd(), snapshotDir: out, outDir: dist });
}, 600_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  if (dist) removeBuild(dist);
});

describe('a site built from an imported dump', () => {
  it('product page: name, VAT-inclusive prices, pictures, breadcrumbs', () => {
    const html = page('/rings/solitaire-diamond-ring');
    expect(html).toContain('Solitaire Diamond Ring');
    expect(html).toContain('£800.00'); // special price in its window
    expect(html).toContain('£1,000.00'); // the regular price, struck through
    expect(html).toMatch(/\/img\/\d+\/\d+\/resize\/catalog\/product\/s\/o\/solitaire\.jpg/);
    expect(html).toMatch(/<nav[^>]*breadcrumb[\s\S]*?Rings[\s\S]*?<\/nav>/i);
  });

  it('configurable page: its variants with their labels and prices', () => {
    const html = page('/twist-bangle');
    expect(html).toContain('Twist Bangle');
    expect(html).toContain('Yellow Gold');
    expect(html).toContain('£250.00');
    expect(html).toContain('catalog/product/t/w/twist');
  });

  it('category page lists the products; the CMS page shows the dump content', () => {
    const rings = page('/rings');
    for (const name of ['Solitaire Diamond Ring', 'Twist Bangle', 'Gift Set', 'Engraving Service']) expect(rings).toContain(name);
    expect(page('/about-us')).toContain('Our story since 1911.');
    expect(page('/i/gift-guide')).toContain('Ideas.');
  });

  it('the old .html addresses are legacy redirects of the built site', () => {
    const files = readdirSync(dist).filter((f) => statSync(join(dist, f)).isFile());
    const redirects = files.map((f) => readFileSync(join(dist, f), 'utf8')).find((t) => t.includes('/rings/solitaire-diamond-ring.html'));
    expect(redirects ?? (existsSync(join(dist, '_redirects')) ? readFileSync(join(dist, '_redirects'), 'utf8') : '')).toContain(
      '/rings/solitaire-diamond-ring.html',
    );
  });
});
