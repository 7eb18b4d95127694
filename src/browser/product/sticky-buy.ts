/**
 * The phone's add-to-bag bar (src/components/catalogue/StickyBuy.astro): shown once the product
 * form's Add to cart has gone above the screen; its button presses the form's own. Measured on scroll
 * (the island may replace the form's button when it starts).
 */
const bar = document.querySelector<HTMLElement>('[data-sticky-buy]');
const add = () => document.querySelector<HTMLButtonElement>('[data-product-form] [data-add-to-cart]');
if (bar && add()) {
  addEventListener(
    'scroll',
    () => {
      const on = (add()?.getBoundingClientRect().bottom ?? 1) < 0;
      if (on === bar.classList.contains('is-shown')) return;
      // The price as the page shows it now (a chosen size may have changed it).
      if (on) bar.querySelector('[data-sticky-price]')!.innerHTML = document.querySelector('[data-product-price]')?.innerHTML ?? '';
      bar.classList.toggle('is-shown', on);
    },
    { passive: true },
  );
  bar.querySelector('button')!.addEventListener('click', () => add()?.click());
}
