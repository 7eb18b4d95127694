import { describe, expect, it } from 'vitest';
import { videoSource, vimeoId, youtubeId } from '../../src/lib/content/video';
import { config } from '../../src/lib/config';

describe('video player', () => {
  it('plays by videoId from YouTube without cookies, starting when the shopper presses play', () => {
    const s = videoSource({ videoId: 'M7lc1UVf-VE', controls: true, loop: false })!;
    expect(s).toMatchObject({ kind: 'embed', host: 'YouTube', id: 'M7lc1UVf-VE', watch: 'https://www.youtube.com/watch?v=M7lc1UVf-VE' });
    if (s.kind !== 'embed') throw new Error('embed expected');
    const u = new URL(s.embed);
    expect(u.origin).toBe('https://www.youtube-nocookie.com');
    expect(u.pathname).toBe('/embed/M7lc1UVf-VE');
    expect(u.searchParams.get('autoplay')).toBe('1');
    expect(u.searchParams.get('controls')).toBe('1');
    expect(u.searchParams.get('loop')).toBeNull();
  });

  it('honours loop and controls; loop on YouTube repeats the one video', () => {
    const s = videoSource({ videoUrl: 'https://youtu.be/abcDEF12345', loop: true, controls: false });
    if (s?.kind !== 'embed') throw new Error('embed expected');
    const u = new URL(s.embed);
    expect(u.searchParams.get('loop')).toBe('1');
    expect(u.searchParams.get('playlist')).toBe('abcDEF12345');
    expect(u.searchParams.get('controls')).toBe('0');
  });

  it('plays by videoUrl: youtube and vimeo addresses, local files inline with loop, autoplay and controls', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=M7lc1UVf-VE&t=3')).toBe('M7lc1UVf-VE');
    expect(youtubeId('https://www.youtube.com/shorts/abcDEF12345')).toBe('abcDEF12345');
    expect(vimeoId('https://vimeo.com/76979871')).toBe('76979871');
    expect(videoSource({ videoUrl: 'https://vimeo.com/76979871', loop: true })).toMatchObject({
      kind: 'embed',
      host: 'Vimeo',
      embed: expect.stringContaining('loop=1'),
    });
    expect(videoSource({ videoUrl: '/media/launch.mp4', loop: true, autoplay: true, controls: false })).toEqual({
      kind: 'local',
      src: '/media/launch.mp4',
      loop: true,
      autoplay: true,
      controls: false,
    });
    expect(videoSource({ videoUrl: '/media/launch.mp4' })).toEqual({ kind: 'local', src: '/media/launch.mp4', loop: false, autoplay: false, controls: true });
  });

  it('another https address is a link; nothing usable is no video', () => {
    expect(videoSource({ videoUrl: 'https://example.com/film' })).toEqual({ kind: 'link', href: 'https://example.com/film' });
    expect(videoSource({ videoUrl: 'javascript:alert(1)' })).toBeNull();
    expect(videoSource({})).toBeNull();
  });

  it('the default size is 640 by 320', () => {
    expect(config.constants.video).toEqual({ width: 640, height: 320 });
  });
});
