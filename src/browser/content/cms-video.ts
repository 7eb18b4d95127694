/**
 * The video player's play button (src/components/content/CmsVideo.astro): embeds the YouTube or
 * Vimeo player only when asked, on the first press on play, so the page loads nothing from another
 * site until then (plain code, a few hundred bytes).
 */
document.addEventListener('click', (e) => {
  const btn = e.target instanceof Element ? e.target.closest<HTMLButtonElement>('[data-video-play]') : null;
  const fig = btn?.closest<HTMLElement>('[data-video-player]');
  const frame = fig?.querySelector<HTMLElement>('[data-video-frame]');
  if (!fig || !frame || !fig.dataset.embed) return;
  const iframe = document.createElement('iframe');
  iframe.src = fig.dataset.embed;
  iframe.title = fig.dataset.title ?? '';
  iframe.width = fig.dataset.width ?? '640';
  iframe.height = fig.dataset.height ?? '320';
  iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  iframe.allowFullscreen = true;
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.replaceChildren(iframe);
  fig.dataset.state = 'playing';
  iframe.focus();
});
