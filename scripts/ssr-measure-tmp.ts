// Temporary (not committed): the server's time per search page request over a catalogue's search files.
import { mkdirSync, writeFileSync, copyFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { storeSearchFiles, storeSearchListing } from '../src/lib/build/search-site-index';
import { folderOf } from '../src/lib/search/bundles';
import { splitIndexFiles } from '../src/lib/search/types';
import { splitListingFiles } from '../src/lib/search/split-listing';
import { Site } from '../server/static';

async function main() {
  const out = process.argv[2]!;
  const page = process.argv[3]!;
  rmSync(out, { recursive: true, force: true });
  const write = (name: string, text: string) => {
    mkdirSync(dirname(join(out, name)), { recursive: true });
    writeFileSync(join(out, name), text);
  };
  let t = performance.now();
  const { index, files, bundles } = storeSearchFiles('gb');
  const { listing, files: lfiles, bundles: lbundles } = storeSearchListing('gb');
  console.log(`search files made in ${Math.round(performance.now() - t)} ms; split: ${'split' in index}`);
  write('search-index.json', JSON.stringify(index));
  write('search-listing.json', JSON.stringify(listing));
  if ('split' in index) {
    const f = folderOf(index.split, () => splitIndexFiles(index.split));
    for (const [name, text] of [...files, ...bundles]) write(`search-index/${f(name)}/${name}.json`, text);
  }
  if ('split' in listing) {
    const f = folderOf(listing.split, () => splitListingFiles(listing));
    for (const [name, text] of [...lfiles, ...lbundles]) write(`search-listing/${f(name)}/${name}.json`, text);
  }
  mkdirSync(join(out, 'search'), { recursive: true });
  copyFileSync(page, join(out, 'search/index.html'));
  copyFileSync(join(dirname(dirname(page)), '_headers'), join(out, '_headers'));

  const site = new Site(out);
  const app = new Hono();
  for (const h of site.routes()) app.get('*', h);
  const queries = ['ring', 'gold', 'diamond earrings', 'silver necklace', 'watch', 'bracelet', 'pendant', 'white gold ring', 'zzqqxx', 'clogau'];
  const time = async (q: string, br: boolean) => {
    const s = performance.now();
    const res = await app.request(`/search?${new URLSearchParams({ q })}`, { headers: br ? { 'Accept-Encoding': 'br' } : {} });
    const body = await res.arrayBuffer();
    return { ms: performance.now() - s, bytes: body.byteLength, served: res.headers.get('x-search-answer') };
  };
  for (const q of queries) {
    const cold = await time(q, true);
    console.log(`first ${JSON.stringify(q)}: ${cold.ms.toFixed(1)} ms (${cold.bytes} B br, ${cold.served})`);
  }
  for (const br of [true, false]) {
    const all: number[] = [];
    for (let r = 0; r < 5; r++) for (const q of queries) all.push((await time(q, br)).ms);
    all.sort((a, b) => a - b);
    const at = (p: number) => all[Math.min(all.length - 1, Math.floor(p * all.length))]!.toFixed(1);
    console.log(`warm (${br ? 'brotli 5' : 'uncompressed'}), ${all.length} requests: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
  }
  // The bare static page for comparison.
  const st: number[] = [];
  for (let r = 0; r < 20; r++) {
    const s = performance.now();
    await (await app.request('/search', { headers: { 'Accept-Encoding': 'br' } })).arrayBuffer();
    st.push(performance.now() - s);
  }
  st.sort((a, b) => a - b);
  console.log(`the page without a query (a file): median ${st[10]!.toFixed(1)} ms`);
  console.log(`heap used ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`);
}
void main();
