/** Mounts the header panels (microcart, wishlist) once, outside Astro's hydration (used by HeaderControls.ts). */
import { createRoot } from 'react-dom/client';
import Microcart from './Microcart';
import WishlistPanel from './WishlistPanel';
import css from './Panels.css?inline';

function HeaderPanels() {
  return (
    <>
      <style href="pj-header-panels" precedence="island">{css}</style>
      <Microcart />
      <WishlistPanel />
    </>
  );
}

let mounted = false;

/** Renders the panels into a new element at the end of the body; they open and close with `$ui`. */
export function mountPanels(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.className = 'header-panels';
  document.body.append(host);
  createRoot(host).render(<HeaderPanels />);
}
