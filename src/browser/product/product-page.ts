/**
 * The product page's script (src/components/catalogue/ProductPage.astro): the collapsible details on
 * phones, the reviews waking as they come into view, the product page's start once the page is idle,
 * and a configurable child's URL preselecting that child.
 */
import { WAKE_EVENT } from '../../directives/interact';
import { readProductPageData } from '../../lib/catalog/product/embedded-data';
import { childSkuFromUrl } from '../../lib/catalog/product/child-url';
import { lazyModule } from '../../lib/state/lazy-module';

// Mobile details: collapsed at 140px, "Read more" opens them.
document.querySelectorAll<HTMLElement>('[data-collapsible]').forEach((box) => {
  const btn = box.querySelector<HTMLButtonElement>('[data-collapse-toggle]');
  btn?.addEventListener('click', () => {
    const open = box.classList.toggle('is-open');
    btn.setAttribute('aria-expanded', String(open));
    btn.textContent = (open ? btn.dataset.less : btn.dataset.more) ?? '';
  });
});

// The reviews island (client:interact, so that a press made while it wakes is held and replayed) wakes
// as it comes into view, to show the reviews approved since the build.
// Its box is watched: an island element is `display: contents` and never intersects.
const reviews = document.querySelector<HTMLElement>('[data-reviews]');
const reviewsIsland = reviews?.querySelector('astro-island');
if (reviews && reviewsIsland && 'IntersectionObserver' in window) {
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    reviewsIsland.dispatchEvent(new Event(WAKE_EVENT));
  });
  seen.observe(reviews);
}

// The data the build embedded, read through its schema: a missing or malformed blob leaves the page as built.
const data = readProductPageData(document.getElementById('product-data')?.textContent);
// Once the page is painted and idle, the view is recorded and the options island wakes when its
// static HTML is wrong for this shopper (the lists live in IndexedDB: nothing of that before the first paint).
if (data) {
  const island = document.querySelector('[data-product-form]')?.closest('astro-island');
  const pageStart = lazyModule(() => import('../../lib/catalog/product/page-start'));
  const start = () =>
    void pageStart().then(({ startProductPage }) =>
      startProductPage(data.viewed).subscribe((wake) => {
        if (wake) island?.dispatchEvent(new Event(WAKE_EVENT));
      }),
    );
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 1500 });
  else setTimeout(start, 200);
}
// A configurable child URL (/{parentSku}/{slug}/{childSku} or ?childSku=) answers with that child preselected.
if (data && data.type === 'configurable') {
  const childSku = childSkuFromUrl({ sku: data.sku, configurable_children: data.children }, location.pathname, location.search);
  const child = data.children.find((c) => c.sku === childSku);
  if (child) {
    for (const [code, value] of Object.entries(child.selection)) {
      document.querySelectorAll<HTMLElement>(`[data-option-code="${code}"][data-value]`).forEach((b) => {
        const on = b.dataset.value === String(value);
        b.setAttribute('aria-pressed', String(on));
        if (on) {
          const cur = document.querySelector(`[data-option-current="${code}"]`);
          if (cur) cur.textContent = b.dataset.label ?? '';
        }
      });
      const select = document.querySelector<HTMLSelectElement>(`select[data-option-code="${code}"]`);
      if (select) select.value = String(value);
    }
    const skuEl = document.querySelector('[data-sku-text]');
    if (skuEl) skuEl.textContent = child.sku;
    // The child's price, drawn by the build in the one price markup (src/lib/catalog/price-markup.ts).
    const priceBox = document.querySelector('[data-product-price] .price');
    if (priceBox) priceBox.outerHTML = child.price;
    document.querySelector('[data-product-form]')?.setAttribute('data-child-sku', child.sku);
  }
}
