/**
 * Brotli for an answer made for one request (server/brotli.ts compressAnswer): the search page with
 * a query's first screen of results. Fast when that fits the first TCP window with its head; when
 * the fast quality passes it, a better one that brings the answer within, so a phone gets the page
 * in the first round trip.
 */
import { describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { compressAnswer, FIRST_WINDOW_BYTES, headBytes } from '../../server/brotli';
import { createRng } from '../../scripts/lib/prng';

const WORDS =
  'gold silver rose white platinum diamond sapphire ruby emerald pearl ring band solitaire halo eternity twist knot charm pendant necklace bracelet bangle stud hoop drop earrings watch chronograph automatic quartz steel leather strap dial vintage classic heart star moon flower leaf'.split(
    ' ',
  );

/** A results page of `tiles` tiles as the shop writes them: names, links and pictures that differ as a catalogue's do. */
function resultsPage(tiles: number): string {
  const rng = createRng(7);
  const next = rng.next;
  const pick = () => rng.pick(WORDS);
  const cells: string[] = [];
  for (let i = 0; i < tiles; i++) {
    const id = 1000 + Math.floor(next() * 9000);
    const name = `${pick()} ${pick()} ${pick()} ${pick()} ${pick()}`;
    const slug = name.replaceAll(' ', '-');
    const img = `catalog/product/${pick()}/${pick()}-${pick()}-${Math.floor(next() * 9)}-angle.jpg`;
    const price = (10 + Math.floor(next() * 4000)).toFixed(2);
    const srcset = [155, 310, 465, 620].map((w) => `/img/${w}/${Math.round(w * 0.97)}/resize/${img} ${w}w`).join(', ');
    cells.push(
      `<li class="grid__cell" data-astro-cid-gkv54swy><article class="tile" data-product-id="${id}" data-sku="SK${id}" data-type="simple" data-final-price="${price}"><a class="tile__link" href="/${pick()}/${pick()}/${slug}-${id}"><span class="tile__media"><img src="/img/310/300/resize/${img}" srcset="${srcset}" sizes="(max-width: 767px) calc(50vw - 24px), 310px" width="310" height="300" alt="" loading="eager" decoding="async" style="background-color:#${Math.floor(
        next() * 0xffffff,
      )
        .toString(16)
        .padStart(
          6,
          '0',
        )}" class="tile__img"></span><h3 class="tile__name">${name}</h3></a><p class="price price--sm" data-price="${price}"><span class="price__final">£${price}</span></p></article></li>`,
    );
  }
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><title>Search results for ring</title></head><body><ul class="grid">${cells.join('')}</ul></body></html>`;
}

/** The headers of an answered search page (a page's policy and caching), `Content-Encoding` set as the server sets it before compressing. */
function pageHeaders(): Headers {
  const hashes = Array.from({ length: 7 }, (_, i) => `'sha256-${String(i).repeat(43)}='`).join(' ');
  return new Headers({
    'cache-control': 'public, max-age=0, must-revalidate, s-maxage=300',
    'content-encoding': 'br',
    'content-security-policy': `default-src 'self'; script-src 'self' ${hashes}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
    'content-type': 'text/html; charset=utf-8',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
}

const atQuality = (text: string, quality: number) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length;

describe('compressAnswer', () => {
  it('brings an answer that passes the first window at the fast quality within it', async () => {
    const headers = pageHeaders();
    const room = FIRST_WINDOW_BYTES - headBytes(headers);
    // The most tiles whose page fits at the best quality: at the fast one it does not.
    let [fits, passes] = [10, 200];
    expect(atQuality(resultsPage(fits), 11)).toBeLessThanOrEqual(room);
    while (passes - fits > 1) {
      const mid = (fits + passes) >> 1;
      if (atQuality(resultsPage(mid), 11) <= room) fits = mid;
      else passes = mid;
    }
    const page = resultsPage(fits);
    expect(atQuality(page, 5)).toBeGreaterThan(room);
    const body = await compressAnswer(page, headers);
    expect(body.byteLength).toBeLessThanOrEqual(room);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it('keeps the fast quality when that fits, and the best one it has when nothing does', async () => {
    const headers = pageHeaders();
    const room = FIRST_WINDOW_BYTES - headBytes(headers);
    const small = resultsPage(12);
    expect(atQuality(small, 5)).toBeLessThanOrEqual(room);
    expect((await compressAnswer(small, headers)).byteLength).toBe(atQuality(small, 5));
    const large = resultsPage(200);
    const body = await compressAnswer(large, headers);
    expect(body.byteLength).toBe(atQuality(large, 11));
    expect(brotliDecompressSync(body).toString()).toBe(large);
  });

  it("counts the answer's head as sent over HTTP/1.1", () => {
    const headers = new Headers({ 'content-type': 'text/html' });
    // "content-type: text/html\r\n" is 25 bytes; the status line and Node's own headers come on top.
    expect(headBytes(headers) - headBytes(new Headers())).toBe(25);
    expect(headBytes(new Headers())).toBeGreaterThanOrEqual(
      'HTTP/1.1 200 OK\r\nDate: Tue, 01 Dec 2026 20:26:10 GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\ncontent-length: 13702\r\n\r\n'.length,
    );
  });
});
