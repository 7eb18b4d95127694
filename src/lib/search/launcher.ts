/**
 * The search button's few hundred bytes on every page: the first press of a `[data-panel="search"]`
 * button loads the panel (React, the island, its styles) and mounts it open. Nothing of React
 * loads before the shopper asks for search. Imported by a `<script>` in the header.
 */
const SELECTOR = '[data-panel="search"]';

type Mount = typeof import('./mount');
let loading: Promise<Mount> | null = null;
let mounted = false;

const load = () => (loading ??= import('./mount').catch((e: unknown) => {
  loading = null; // e.g. offline before the chunk was cached: the next press tries again
  throw e;
}));

function searchButton(e: Event): HTMLElement | null {
  const el = e.target instanceof Element ? e.target.closest(SELECTOR) : null;
  return el instanceof HTMLElement ? el : null;
}

// Pressing starts the download; the click (which follows) mounts. Keyboard presses only click.
function onPointerDown(e: Event) {
  if (!mounted && searchButton(e)) void load().catch(() => {});
}

function onClick(e: Event) {
  const button = searchButton(e);
  if (mounted || !button) return;
  e.preventDefault();
  load()
    .then((m) => {
      if (mounted) return;
      mounted = true;
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('click', onClick);
      m.mountSearchPanel(SELECTOR, button);
    })
    .catch((err: unknown) => console.error('Search panel could not be loaded', err));
}

document.addEventListener('pointerdown', onPointerDown);
document.addEventListener('click', onClick);
