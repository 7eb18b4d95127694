/**
 * The product gallery (src/components/catalogue/Gallery.astro): the carousel (previous, next,
 * thumbnails) and the full-screen zoom overlay, the shop's one dialog (src/browser/kit/dialog-core.ts:
 * Tab stays inside, Escape closes, focus returns to the opener). When the product form chooses a
 * configurable child with a picture of its own in the gallery, the carousel goes to it.
 */
import { openDialog, rememberOpener } from '../kit/dialog-core';
for (const root of document.querySelectorAll<HTMLElement>('[data-gallery]')) {
  const track = root.querySelector<HTMLElement>('[data-gallery-track]');
  const thumbs = [...root.querySelectorAll<HTMLButtonElement>('[data-gallery-goto]')];
  const count = track ? track.children.length : 0;
  const current = () => (track ? Math.round(track.scrollLeft / Math.max(1, track.clientWidth)) : 0);
  const go = (i: number) => {
    if (!track) return;
    const n = (i + count) % count;
    track.scrollTo({ left: n * track.clientWidth });
    thumbs.forEach((t, k) => (k === n ? t.setAttribute('aria-current', 'true') : t.removeAttribute('aria-current')));
  };
  root.querySelector('[data-gallery-prev]')?.addEventListener('click', () => go(current() - 1));
  root.querySelector('[data-gallery-next]')?.addEventListener('click', () => go(current() + 1));
  thumbs.forEach((t) => t.addEventListener('click', () => go(Number(t.dataset.galleryGoto))));
  track?.addEventListener('keydown', (e) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    // The engine's own scroll of a focused strip (Firefox's) would add to this step and skip a picture.
    e.preventDefault();
    go(current() + step);
  });
  track?.addEventListener(
    'scroll',
    () => {
      const n = current();
      thumbs.forEach((t, k) => (k === n ? t.setAttribute('aria-current', 'true') : t.removeAttribute('aria-current')));
    },
    { passive: true },
  );

  // The chosen child's own picture, when the gallery holds it: once live, the form names it
  // (`data-child-image`, a media path); each slide's picture is that path through the image proxy.
  // Only a child other than the one the page opened with moves the carousel.
  const form = document.querySelector<HTMLElement>('[data-product-form]')?.parentElement;
  let sku = form?.querySelector<HTMLElement>('[data-product-form]')?.dataset.childSku;
  if (form && track) {
    new MutationObserver(() => {
      const chosen = form.querySelector<HTMLElement>('[data-product-form]')?.dataset;
      if (!chosen?.childImage || chosen.childSku === sku) return;
      sku = chosen.childSku;
      const slide = [...track.querySelectorAll('img')].findIndex((i) => i.getAttribute('src')?.endsWith(chosen.childImage!));
      if (slide >= 0 && slide !== current()) go(slide);
    }).observe(form, { subtree: true, attributes: true, attributeFilter: ['data-child-sku', 'data-child-image'] });
  }

  const overlay = root.querySelector<HTMLDialogElement>('[data-zoom-overlay]');
  const img = root.querySelector<HTMLImageElement>('[data-zoom-img]');
  const close = root.querySelector<HTMLButtonElement>('[data-zoom-close]');
  let release: (() => void) | null = null;
  const hide = () => {
    release?.();
    release = null;
  };
  root.querySelectorAll<HTMLElement>('[data-zoom]').forEach((b) =>
    b.addEventListener('click', () => {
      if (!overlay || !img || release) return;
      img.src = b.dataset.zoom ?? '';
      rememberOpener(b);
      release = openDialog(overlay, { onClose: hide, initial: close });
    }),
  );
  close?.addEventListener('click', hide);
}
