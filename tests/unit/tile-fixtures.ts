/** A product tile template for the tile filler's tests (tile-html.test.ts, search-page-html.test.ts). */
/** The tile template as CategoryListing.astro renders it (scoped-style attributes, bare `alt`). */
export const TEMPLATE =
  '<li class="grid__cell" data-astro-cid-a><article class="tile" data-product-id="1" data-sku="T" data-type="configurable" data-child-skus="T-1" data-final-price="1" data-astro-cid-b>' +
  '<a class="tile__link" href="/t" data-astro-cid-b><span class="tile__media" data-astro-cid-b><img src="/t.jpg" width="310" height="300" alt loading="lazy" decoding="async" style="background-color:#000000" class="tile__img" data-astro-cid-b>' +
  '<img src="/h.jpg" alt class="tile__img tile__img--hover" data-astro-cid-b><span class="tile__badge" data-astro-cid-b><span class="badge badge--new">New</span></span></span>' +
  '<h3 class="tile__name" data-astro-cid-b>Template</h3></a><p class="price price--sm" data-price="1"><span class="price__final">£1.00</span></p></article></li>' +
  '<span class="badge badge--sale" data-badge="sale" data-astro-cid-c>Sale</span><span class="badge badge--new" data-badge="new" data-astro-cid-c>New</span>' +
  '<p class="price price--sm price--special"><del class="price__original">{original}</del><span class="price__special">{special}</span></p>' +
  '<p class="price price--sm"><span class="price__final">{original}</span></p>';
