/**
 * Brings a page's pictures to the state a shopper's second visit (or a CDN in front of the shop) finds
 * them in, before it is audited. The image proxy (server/images.ts) answers a picture's first AVIF
 * request with a provisional WebP and encodes the AVIF in the background, seconds of CPU per picture:
 * an audit that meets that first request times the encoder (its answer and the encodes running on
 * the same cores as the simulated page), not the page, and the next run of the same page gets other
 * bytes. So: one unmeasured load of the page by the same audit, then every picture it asked for is
 * asked again, as Chromium asks (AVIF accepted), until each answers from the cache in its final form.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Lhr } from '../lighthouse';

/** What Chromium sends for an `<img>`. */
export const CHROMIUM_IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** The image proxy's pictures (`/img/...`) a Lighthouse run requested, on the audited page's origin. */
export function proxyPictures(lhr: Lhr, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as unknown as { url?: unknown }[];
  const urls = items.map((i) => (typeof i.url === 'string' ? i.url : '')).filter((u) => u.startsWith(`${origin}/img/`));
  return [...new Set(urls)];
}

/** True when an answer is the picture's final form (not the provisional WebP the proxy sends while the AVIF is made). */
export function isFinalPicture(res: Pick<Response, 'status' | 'headers'>, provisionalCacheControl: string): boolean {
  return res.status === 200 && res.headers.get('cache-control') !== provisionalCacheControl;
}

/**
 * Loads `url` once with `audit` (the same audit as the measured runs, unmeasured), then asks each
 * picture it requested until every one is final, or `timeoutMs` passes. Answers how many pictures
 * and how long it took, and the ones still provisional at the deadline (reported, not fatal).
 */
export async function warmPage(
  url: string,
  audit: (url: string) => Promise<Lhr>,
  provisionalCacheControl: string,
  timeoutMs = 180_000,
): Promise<{ pictures: number; ms: number; notFinal: string[] }> {
  const start = performance.now();
  const pictures = proxyPictures(await audit(url), url);
  let pending = pictures;
  while (pending.length && performance.now() - start < timeoutMs) {
    const still: string[] = [];
    for (const p of pending) {
      const res = await fetch(p, { headers: { accept: CHROMIUM_IMAGE_ACCEPT } });
      await res.arrayBuffer();
      if (!isFinalPicture(res, provisionalCacheControl)) still.push(p);
    }
    pending = still;
    if (pending.length) await sleep(500);
  }
  return { pictures: pictures.length, ms: Math.round(performance.now() - start), notFinal: pending };
}
