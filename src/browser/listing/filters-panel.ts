/**
 * The full-screen filters panel of small screens (src/components/catalogue/FilterSidebar.astro): its
 * filters button opens it, its close buttons and Escape close it (the filtering itself is the listing
 * script's, ./CategoryListing.ts).
 */
const panel = document.querySelector<HTMLElement>('[data-filters-panel]');
const openers = document.querySelectorAll<HTMLButtonElement>('[data-filters-open]');
const setOpen = (open: boolean) => {
  if (!panel) return;
  panel.classList.toggle('is-open', open);
  openers.forEach((b) => b.setAttribute('aria-expanded', String(open)));
  document.documentElement.style.overflow = open ? 'hidden' : '';
  if (open) panel.querySelector<HTMLElement>('[data-filters-close]')?.focus();
  else openers[0]?.focus();
};
openers.forEach((b) => b.addEventListener('click', () => setOpen(true)));
panel?.querySelectorAll('[data-filters-close]').forEach((b) => b.addEventListener('click', () => setOpen(false)));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && panel?.classList.contains('is-open')) setOpen(false);
});
