/** The header's panels (microcart, wishlist), mounted on demand by HeaderControls.ts (src/browser/kit/lazy.ts); they open and close with `$ui`. */
import Microcart from '../bag/Microcart';
import WishlistPanel from './WishlistPanel';
import css from './Panels.css?inline';

export default function HeaderPanels() {
  return (
    <>
      <style href="pj-header-panels" precedence="island">
        {css}
      </style>
      <Microcart />
      <WishlistPanel />
    </>
  );
}
