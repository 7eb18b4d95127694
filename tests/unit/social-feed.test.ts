import { describe, expect, it } from 'vitest';
import { sameItems, settingsFromAnswer, socialFeedItems } from '../../src/browser/content/SocialFeed';
import { readSocial } from '../../src/lib/snapshot/read';
import { config } from '../../src/lib/config';

const post = (n: number, extra: Record<string, unknown> = {}) => ({
  image: `/social/post-${n}.svg`,
  link: 'https://www.instagram.com/p/' + n,
  caption: `Post ${n}`,
  ...extra,
});

describe('social photo feed', () => {
  it('shows 7 images from the settings, through the image proxy at tile size', () => {
    expect(config.constants.socialFeedImages).toBe(7);
    const items = socialFeedItems({ images: Array.from({ length: 9 }, (_, i) => post(i + 1)) })!;
    expect(items).toHaveLength(7);
    expect(items[0]).toEqual({
      src: '/img/310/300/resize/social/post-1.svg',
      srcset: '/img/155/150/resize/social/post-1.svg 155w, /img/310/300/resize/social/post-1.svg 310w',
      link: 'https://www.instagram.com/p/1',
      caption: 'Post 1',
    });
  });

  it('falls back to the snapshot: social.json gives the 7 pictures the page is built with', () => {
    const items = socialFeedItems(readSocial())!;
    expect(items).toHaveLength(7);
    for (const i of items) expect(i.src).toMatch(/^\/img\/310\/300\/resize\/social\//);
  });

  it('skips pictures from another site and unsafe links, so nothing loads from a third party', () => {
    const items = socialFeedItems({
      images: [
        post(1, { image: 'https://cdn.instagram.com/x.jpg' }),
        post(2, { image: '//evil.example/x.png' }),
        post(3, { link: 'javascript:alert(1)' }),
        post(4),
      ],
    })!;
    expect(items.map((i) => i.caption)).toEqual(['Post 4']);
  });

  it('reads the settings only from a code 200 answer; anything else is not settings', () => {
    expect(settingsFromAnswer({ code: 200, result: { images: [] } })).toEqual({ images: [] });
    expect(settingsFromAnswer({ code: 404, result: 'social: no social settings' })).toBeNull();
    expect(socialFeedItems(settingsFromAnswer({ code: 500, result: 'x' }))).toBeNull();
    expect(socialFeedItems({ title: 'no images' })).toBeNull();
  });

  it('leaves the page alone when the extension answers the same pictures', () => {
    const a = socialFeedItems(readSocial())!;
    expect(sameItems(a, socialFeedItems(readSocial())!)).toBe(true);
    expect(sameItems(a, a.slice(1))).toBe(false);
  });
});
