/**
 * The category listing as the shopper's browser runs it: the root category's listing file (every
 * listed product of SNAPSHOT_DIR, built by src/lib/build/listing-file.ts exactly as the build writes it)
 * parsed and indexed by src/lib/catalog/listing-engine.ts, then filtered, counted per facet and
 * sorted by `runListing`. Run in its own process (the catalogue is read once per process):
 * `SNAPSHOT_DIR=... tsx scripts/bench/listing-engine.ts [rounds]` prints one JSON object.
 */
import { performance } from 'node:perf_hooks';
import { listingFile } from '../../src/lib/build/listing-file';
import { rootCategoryId } from '../../src/lib/routing/routes';
import { indexListing, runListing } from '../../src/lib/catalog/listing-engine';
import { config } from '../../src/lib/config';
import { OptionError, scriptOptions } from '../lib/cli-options';
import { median, percentile } from './lib/stats';

export interface EngineBench {
  products: number;
  fileKb: number;
  indexMs: number;
  cases: { name: string; total: number; medianMs: number; p95Ms: number }[];
}

/** Times the engine over the root category's listing file. */
export function benchEngine(rounds = 30): EngineBench {
  const file = listingFile(rootCategoryId());
  const json = JSON.stringify(file);
  let s = performance.now();
  const index = indexListing(JSON.parse(json));
  const indexMs = performance.now() - s;
  const facet = (code: string, nth = 0) => file.facets.find((f) => f.code === code)?.values[nth]?.id;
  const [latest, asc, desc] = config.constants.sorts.map((x) => x.value);
  const colour = facet('color');
  const colour2 = facet('color', 1);
  const brand = facet('brand');
  const states: [string, Parameters<typeof runListing>[1]][] = [
    ['latest (default)', { filters: {}, sort: latest! }],
    ['price low to high', { filters: {}, sort: asc! }],
    ['price high to low', { filters: {}, sort: desc! }],
  ];
  if (colour) states.push(['one colour, price low to high', { filters: { color: [colour] }, sort: asc! }]);
  if (colour && colour2 && brand) states.push(['two colours and a brand', { filters: { color: [colour, colour2], brand: [brand] }, sort: latest! }]);
  const cases: EngineBench['cases'] = [];
  for (const [name, state] of states) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < rounds + 3; i++) {
      s = performance.now();
      total = runListing(index, state).total;
      if (i >= 3) times.push(performance.now() - s);
    }
    cases.push({ name, total, medianMs: median(times), p95Ms: percentile(times, 95) });
  }
  return { products: file.products.length, fileKb: Math.round(Buffer.byteLength(json) / 1024), indexMs, cases };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = scriptOptions(
    process.argv.slice(2),
    { name: 'listing-engine', usage: 'usage: tsx scripts/bench/listing-engine.ts [ROUNDS]', positional: true },
    (o) => {
      const n = Number(o.rest[0] ?? 30);
      if (o.rest.length > 1 || !Number.isInteger(n) || n < 1)
        throw new OptionError(`ROUNDS must be one whole number of at least 1 (got '${o.rest.join(' ')}')`);
      return n;
    },
  );
  process.stdout.write(JSON.stringify(benchEngine(rounds)));
}
