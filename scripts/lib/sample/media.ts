/** The photographs a sample references, copied from the photographs folder, and the blog authors' drawn initials. */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { config } from '../../../src/lib/config';
import { slugify } from '../../../src/lib/catalog/slug';
import { BLOG_AUTHORS } from '../sample-content';
import type { Look, ShotView } from '../sample-photos';
import { avatarSvg } from '../sample-svg';
import type { CategoryRow } from './categories';
import { MEDIA_BASE_URL } from './common';
import { bannerSet } from './menus-banners';
import type { Post, Shop } from './shops-content';

export interface MediaSources {
  out: string;
  /** Where the photographs are. */
  photoDir: string;
  shots: Map<string, Look & { view: ShotView }>;
  categories: CategoryRow[];
  posts: Post[];
  shops: Shop[];
  log: (line: string) => void;
}

/** Returns every picture referenced (the product shots first, in the order they were used). */
export function writeMedia({ out, photoDir, shots, categories, posts, shops, log }: MediaSources): Set<string> {
  // Photographs are rendered by scripts/photos (npm run photos) into the sample's media/ folder;
  // a snapshot written elsewhere gets a copy of the ones it uses. Only the authors' initials are drawn here.
  const pictures = new Set<string>(shots.keys());
  for (const c of categories) for (const f of [c.image, c.takeover_banner]) if (typeof f === 'string') pictures.add(f);
  const gbBanners = bannerSet('gb');
  for (const b of [...gbBanners.mainBanners, ...gbBanners.smallBanners, ...gbBanners.productBanners, gbBanners.headImage]) pictures.add(b.image);
  for (const post of posts) pictures.add(post.featuredImage.sourceUrl.slice(MEDIA_BASE_URL.length));
  for (const s of shops) pictures.add(s.image);
  for (let i = 1; i <= config.constants.socialFeedImages; i++) pictures.add(`/social/post-${i}.jpg`);
  const mediaDir = join(out, 'media');
  let missing = 0;
  for (const path of [...pictures].sort()) {
    const from = join(photoDir, path);
    const to = join(mediaDir, path);
    if (from === to) continue;
    if (!existsSync(from)) {
      missing++;
      continue;
    }
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
  if (missing) log(`sample: ${missing} pictures are not photographed yet: run npm run photos`);
  for (const a of BLOG_AUTHORS) {
    const file = join(mediaDir, `blog/authors/${slugify(a.name)}.svg`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, avatarSvg(a.name, a.colour));
  }
  return pictures;
}
