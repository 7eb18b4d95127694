/**
 * The video player's source (spec §3 Video player props: videoId, videoUrl, loop, autoplay,
 * controls; §9 default 640 by 320). A local file plays in a <video>; a YouTube or Vimeo video is
 * embedded only once the shopper presses play (no third-party request before that); any other
 * address is a plain link.
 */
export interface VideoProps {
  videoId?: string | null;
  videoUrl?: string | null;
  loop?: boolean | null;
  autoplay?: boolean | null;
  controls?: boolean | null;
}

export type VideoSource =
  | { kind: 'local'; src: string; loop: boolean; autoplay: boolean; controls: boolean }
  | { kind: 'embed'; host: 'YouTube' | 'Vimeo'; id: string; embed: string; watch: string }
  | { kind: 'link'; href: string };

const YT_ID = /^[\w-]{6,20}$/;

/** The YouTube id of a watch, share, embed or shorts address. */
export function youtubeId(url: string): string | null {
  const m = /^https:\/\/(?:www\.|m\.)?(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,20})/i.exec(url);
  return m ? m[1]! : null;
}

/** The Vimeo id of a vimeo.com or player.vimeo.com address. */
export function vimeoId(url: string): string | null {
  const m = /^https:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d{4,12})/i.exec(url);
  return m ? m[1]! : null;
}

/** Where and how a CMS or campaign page's video plays; null when it names none. */
export function videoSource(v: VideoProps): VideoSource | null {
  const loop = v.loop ?? false;
  const controls = v.controls ?? true;
  const url = v.videoUrl?.trim() || '';
  if (/^\/[^/].*\.(mp4|webm|ogg)$/i.test(url)) return { kind: 'local', src: url, loop, autoplay: v.autoplay ?? false, controls };
  const yt = v.videoId && YT_ID.test(v.videoId) ? v.videoId : url ? youtubeId(url) : null;
  if (yt) {
    // Pressing play is the shopper's go-ahead, so the embed starts playing at once (autoplay=1).
    const q = new URLSearchParams({ autoplay: '1', controls: controls ? '1' : '0', rel: '0', modestbranding: '1' });
    if (loop) {
      q.set('loop', '1');
      q.set('playlist', yt);
    }
    return {
      kind: 'embed',
      host: 'YouTube',
      id: yt,
      embed: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(yt)}?${q}`,
      watch: `https://www.youtube.com/watch?v=${encodeURIComponent(yt)}`,
    };
  }
  const vm = url ? vimeoId(url) : null;
  if (vm) {
    const q = new URLSearchParams({ autoplay: '1', controls: controls ? '1' : '0', loop: loop ? '1' : '0', dnt: '1' });
    return { kind: 'embed', host: 'Vimeo', id: vm, embed: `https://player.vimeo.com/video/${vm}?${q}`, watch: `https://vimeo.com/${vm}` };
  }
  if (/^https:\/\//i.test(url)) return { kind: 'link', href: url };
  return null;
}
