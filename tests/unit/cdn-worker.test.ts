/**
 * The Cloudflare Pages worker as the build bundles it (src/lib/build/cdn/build-files.ts workerBundle),
 * run in-process over a site folder: it answers the search page with a query's first screen of
 * results with the build's configuration. Workers have no `process.env`, so a `PUBLIC_*` override
 * the build was made with must travel in the bundle, or the edge's tiles and the browser's differ.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { workerBundle } from '../../src/lib/build/cdn/build-files';
import { bucketFile, buildEdgeMap, EDGE_INDEX } from '../../src/lib/build/cdn/edge-map';
import { storeSearchFiles, storeSearchListing } from '../../src/lib/build/search-site-index';

const TEMPLATE = 'https://pictures.example/{width}x{height}{path}';

/** A search page with the hooks the writer fills (src/pages/[...store]/search.astro, CategoryListing.astro) and a tile template. */
const SEARCH_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Search results | Shop</title></head><body>
<div class="listing container" data-listing="search" data-search-listing-src="/search-listing.json">
<header class="listing__head"><h1 class="listing__title" data-listing-heading>Search results</h1>
<form role="search" action="/search" method="get"><input id="search-page-q" type="search" name="q" data-search-input></form></header>
<div class="listing__toolbar" hidden><p class="listing__count" data-listing-count></p></div>
<p id="search-page-status" role="status" data-search-status></p>
<div class="listing__body" hidden><div class="listing__main"><ul class="grid" id="product-grid" data-product-grid data-total="0"></ul>
<template data-tile-template><li class="grid__cell"><article class="tile" data-product-id="1" data-sku="T" data-type="simple" data-final-price="1"><a class="tile__link" href="/t"><span class="tile__media"><img src="/t.jpg" width="310" height="300" alt loading="lazy" decoding="async" class="tile__img"><span class="tile__badge"></span></span><h3 class="tile__name">Template</h3></a><p class="price price--sm" data-price="1"><span class="price__final">£1.00</span></p></article></li><span class="badge badge--sale" data-badge="sale">Sale</span><span class="badge badge--new" data-badge="new">New</span><p class="price price--sm price--special"><del class="price__original">{original}</del><span class="price__special">{special}</span></p><p class="price price--sm"><span class="price__final">{original}</span></p></template>
</div></div></div></body></html>`;

let dir = '';
let worker: { fetch(request: Request, env: { ASSETS: { fetch(input: Request | URL | string): Promise<Response> } }): Promise<Response> };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cdn-worker-'));
  const index = storeSearchFiles('default').index;
  if ('split' in index) throw new Error('the sample catalogue is searched with a whole index');
  const { index: map, buckets } = buildEdgeMap([], new Map([['/search', ['site']]]), 2);
  const files: Record<string, string> = {
    'search/index.html': SEARCH_PAGE,
    'search-index.json': JSON.stringify(index),
    'search-listing.json': JSON.stringify(storeSearchListing('default').listing),
    [EDGE_INDEX]: JSON.stringify(map),
    ...Object.fromEntries(buckets.map((b, i) => [bucketFile(i), JSON.stringify(b)])),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  // Bundled by a build with the override; the worker then runs where no process environment holds it.
  process.env.PUBLIC_IMAGE_URL_TEMPLATE = TEMPLATE;
  let bundle: Uint8Array;
  try {
    bundle = await workerBundle();
  } finally {
    delete process.env.PUBLIC_IMAGE_URL_TEMPLATE;
  }
  writeFileSync(join(dir, '_worker.mjs'), bundle);
  worker = ((await import(pathToFileURL(join(dir, '_worker.mjs')).href)) as { default: typeof worker }).default;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Cloudflare Pages' assets: a folder's files by path, `/search` as its index.html. */
const ASSETS = {
  fetch(input: Request | URL | string): Promise<Response> {
    const path = new URL(input instanceof Request ? input.url : input).pathname;
    for (const name of [path.slice(1), `${path.slice(1)}/index.html`]) {
      try {
        const body = readFileSync(join(dir, name));
        return Promise.resolve(new Response(body, { headers: { 'Content-Type': name.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/json' } }));
      } catch {
        // The next form, else 404.
      }
    }
    return Promise.resolve(new Response('Not Found', { status: 404 }));
  },
};

describe('the edge worker', () => {
  it("answers the search page's first screen with the configuration the build was made with", async () => {
    const res = await worker.fetch(new Request('https://shop.example/search?q=ring'), { ASSETS });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-search-served="results"');
    const grid = html.slice(html.indexOf('data-product-grid'), html.indexOf('<template data-tile-template>'));
    const pictures = Array.from(grid.matchAll(/<img src="([^"]+)"/g), (m) => m[1]!);
    expect(pictures.length).toBeGreaterThan(4);
    for (const src of pictures) expect(src).toMatch(/^https:\/\/pictures\.example\/\d+x\d+\//);
  });
});
