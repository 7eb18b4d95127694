/**
 * The phone's add-to-bag bar (src/components/catalogue/StickyBuy.astro): shown once the product
 * form's Add to cart has gone above the screen; its button presses the form's own. Measured on scroll
 * (the island may replace the form's button when it starts), and once when this script starts: page
 * scripts start after the first paint, so a shopper may have scrolled past the button already.
 */
const bar = document.querySelector<HTMLElement>('[data-sticky-buy]');
const add = () => document.querySelector<HTMLButtonElement>('[data-product-form] [data-add-to-cart]');
if (bar && add()) {
  const follow = () => {
    const on = (add()?.getBoundingClientRect().bottom ?? 1) < 0;
    if (on === bar.classList.contains('is-shown')) return;
    // The price as the page shows it now (a chosen size may have changed it).
    if (on) bar.querySelector('[data-sticky-price]')!.innerHTML = document.querySelector('[data-product-price]')?.innerHTML ?? '';
    bar.classList.toggle('is-shown', on);
  };
  addEventListener('scroll', follow, { passive: true });
  follow();
  bar.querySelector('button')!.addEventListener('click', () => add()?.click());
}
