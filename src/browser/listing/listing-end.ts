/**
 * Calls `near` when the end of a listing (its load-more sentinel) comes within `margin` pixels of the
 * bottom of the view, or when the shopper has jumped past it (the End key, a fling) and the page's
 * footer is in view. On a phone the footer is taller than the screen: at the very bottom the
 * sentinel sits above the view, where a margin below the view never reaches it. A hidden sentinel
 * (everything shown) asks for nothing.
 */
export function watchListingEnd(sentinel: HTMLElement, near: () => void, margin: number): IntersectionObserver {
  const io = new IntersectionObserver(
    (entries) => {
      if (!sentinel.hidden && entries.some((e) => e.isIntersecting)) near();
    },
    { rootMargin: `0px 0px ${margin}px 0px` },
  );
  io.observe(sentinel);
  const footer = document.querySelector('.site-footer');
  if (footer) io.observe(footer);
  return io;
}
