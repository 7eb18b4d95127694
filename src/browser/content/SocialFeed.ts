/**
 * The social photo feed's client part (spec §1 social photo feed, §7 social-settings, §9 7 images),
 * plain code, no React: the page is built with the snapshot's social.json; when the feed comes into
 * view this asks the `social-settings` extension once and shows its newer images. Only images the
 * shop serves itself (paths through the image proxy) are shown, so nothing loads from another site.
 */
import { config } from '../../lib/config';
import { responsiveImage } from '../../lib/catalog/image-slots';
import { fetchJson } from '../../lib/content/social-feed';

/** One picture of the feed as the page shows it. */
export interface FeedItem {
  src: string;
  /** Optional so an item read back from the page (src only) still compares. */
  srcset?: string | undefined;
  link: string;
  caption: string;
}

/** The endpoint of the social-settings extension on the API base. */
export const SOCIAL_SETTINGS_PATH = '/api/ext/social-settings';

const localPath = (s: unknown): s is string => typeof s === 'string' && s.startsWith('/') && !s.startsWith('//');
const safeLink = (s: unknown): s is string => typeof s === 'string' && (/^https?:\/\//i.test(s) || localPath(s));

/**
 * The first `count` pictures of a settings object (the extension's answer or the snapshot's file);
 * pictures not served by the shop itself or with an unsafe link are skipped. Null when the object
 * is not social settings.
 */
export function socialFeedItems(settings: unknown, count: number = config.constants.socialFeedImages): FeedItem[] | null {
  if (!settings || typeof settings !== 'object') return null;
  const images = (settings as { images?: unknown }).images;
  if (!Array.isArray(images)) return null;
  const items: FeedItem[] = [];
  for (const raw of images) {
    if (items.length >= count) break;
    const i = raw as { image?: unknown; link?: unknown; caption?: unknown };
    if (!localPath(i?.image) || !safeLink(i.link)) continue;
    const r = responsiveImage(i.image, 'social');
    items.push({ src: r.src, srcset: r.srcset, link: i.link, caption: typeof i.caption === 'string' ? i.caption : '' });
  }
  return items;
}

/** The settings from an API answer `{ code, result }`, or null unless code is 200. */
export function settingsFromAnswer(body: unknown): unknown {
  const b = body as { code?: unknown; result?: unknown } | null;
  return b && Number(b.code) === 200 ? b.result : null;
}

/** True when the page already shows exactly these pictures. */
export function sameItems(a: FeedItem[], b: FeedItem[]): boolean {
  return a.length === b.length && a.every((x, i) => x.src === b[i]!.src && x.link === b[i]!.link && x.caption === b[i]!.caption);
}

function itemsOnPage(list: HTMLElement): FeedItem[] {
  return [...list.querySelectorAll<HTMLAnchorElement>('a[data-social-item]')].map((a) => ({
    src: a.querySelector('img')?.getAttribute('src') ?? '',
    link: a.getAttribute('href') ?? '',
    caption: a.querySelector('img')?.getAttribute('alt') ?? '',
  }));
}

/** Replaces the pictures of the list, reusing the first item's markup as the template. */
export function renderFeed(list: HTMLElement, items: FeedItem[]): void {
  const template = list.querySelector('li');
  if (!template || items.length === 0) return;
  const fresh = items.map((item) => {
    const li = template.cloneNode(true) as HTMLElement;
    const a = li.querySelector<HTMLAnchorElement>('a[data-social-item]')!;
    const img = li.querySelector('img')!;
    a.href = item.link;
    // srcset before src: the template's srcset would otherwise keep showing its old picture.
    if (item.srcset) img.srcset = item.srcset;
    else img.removeAttribute('srcset');
    img.src = item.src;
    img.alt = item.caption;
    const cap = li.querySelector('[data-social-caption]');
    if (cap) cap.textContent = item.caption;
    return li;
  });
  list.replaceChildren(...fresh);
}

/** Asks the extension once, when the feed comes into view (now, without IntersectionObserver). */
export function startSocialFeed(root: HTMLElement, readJson: (url: string) => Promise<unknown> = fetchJson): Promise<void> {
  const list = root.querySelector<HTMLElement>('[data-social-list]');
  if (!list) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const run = () =>
      readJson(`${config.api.baseUrl}${SOCIAL_SETTINGS_PATH}`)
        .then((body) => {
          const items = socialFeedItems(settingsFromAnswer(body));
          // An empty or invalid answer keeps the snapshot's pictures.
          if (items && items.length > 0 && !sameItems(items, itemsOnPage(list))) renderFeed(list, items);
          root.dataset.feedSource = items && items.length > 0 ? 'extension' : 'snapshot';
        })
        .catch(() => {
          root.dataset.feedSource = 'snapshot';
        })
        .finally(resolve);
    if (typeof IntersectionObserver === 'undefined') return void run();
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        void run();
      },
      { rootMargin: '300px' },
    );
    io.observe(root);
  });
}
