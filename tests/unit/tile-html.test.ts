/**
 * The one tile filler (src/lib/catalog/tile-html.ts) and the markup edits under it
 * (src/lib/catalog/markup.ts): a listing item written into the page's tile template as the static
 * tile writes it (links, pictures, badge, prices in the store's currency), texts escaped, the
 * template's scoped-style attributes kept.
 */
import { describe, expect, it } from 'vitest';
import { parseTileTemplate, tileHtml } from '../../src/lib/catalog/tile-html';
import { closeOf, rawAttr, setAttrs, tokenize, topElements } from '../../src/lib/catalog/markup';
import { responsiveImage } from '../../src/lib/catalog/image-slots';
import { formatPrice } from '../../src/lib/messages/format';
import { config } from '../../src/lib/config';
import type { ListingItem } from '../../src/lib/catalog/listing/client';
import { TEMPLATE } from './tile-fixtures';

const store = config.storeViews.default;
const item: ListingItem = {
  id: 42,
  sku: 'R-42',
  type: 'simple',
  name: 'Ring <b>"Rose"</b> & Co',
  url: '/rings/rose-42',
  img: 'ring/rose.jpg',
  ph: '#aabbcc',
  price: [120, 99.5, 99.5],
  badge: 'sale',
  f: {},
};

describe('markup edits', () => {
  it("cuts markup into tags and texts, a script's content whole", () => {
    expect(tokenize('<p class="a">x<b>y</b></p><script>if (a<b) {}</script><!-- <i> -->')).toEqual([
      '<p class="a">',
      'x',
      '<b>',
      'y',
      '</b>',
      '</p>',
      '<script>if (a<b) {}</script>',
      '<!-- <i> -->',
    ]);
    const tokens = tokenize('<ul><li><ul><li>a</li></ul></li><li>b</li></ul>');
    expect(closeOf(tokens, 1)).toBe(7);
    expect(topElements('<li>a</li> <img src="x"><p>b</p>')).toEqual(['<li>a</li>', '<img src="x">', '<p>b</p>']);
  });

  it('sets, removes and adds attributes, escaping the values; reads them as written', () => {
    const tag = '<input id="q" hidden type=search data-x=\'1\'>';
    expect(rawAttr(tag, 'type')).toBe('search');
    expect(rawAttr(tag, 'hidden')).toBe('');
    expect(rawAttr(tag, 'data-x')).toBe('1');
    expect(rawAttr(tag, 'value')).toBeNull();
    expect(setAttrs(tag, { hidden: null, id: 'r', value: '"<&>' })).toBe('<input id="r" type=search data-x=\'1\' value="&quot;&lt;&amp;&gt;">');
  });
});

describe('the tile filler', () => {
  const t = parseTileTemplate(TEMPLATE)!;

  it("writes the item's attributes, link, pictures, badge, name and prices into the template's markup", () => {
    const html = tileHtml(t, item, true, store);
    const main = responsiveImage(item.img!, 'tile');
    expect(html).toContain('<article class="tile" data-product-id="42" data-sku="R-42" data-type="simple" data-final-price="99.5" data-astro-cid-b>');
    expect(html).toContain('<a class="tile__link" href="/rings/rose-42" data-astro-cid-b>');
    expect(html).toContain(
      `<img src="${main.src}" width="310" height="300" alt="" loading="eager" decoding="async" style="background-color:#aabbcc" class="tile__img" data-astro-cid-b srcset="${main.srcset}" sizes="${main.sizes}">`,
    );
    // No hover picture for this item: the template's is gone; the sale badge replaces the template's.
    expect(html).not.toContain('tile__img--hover');
    expect(html).toContain('<span class="tile__badge" data-astro-cid-b><span class="badge badge--sale" data-badge="sale" data-astro-cid-c>Sale</span></span>');
    expect(html).toContain('<h3 class="tile__name" data-astro-cid-b>Ring &lt;b&gt;"Rose"&lt;/b&gt; &amp; Co</h3>');
    expect(html).toContain(
      `<p class="price price--sm price--special" data-price="99.5"><del class="price__original">${formatPrice(120, store)}</del><span class="price__special">${formatPrice(99.5, store)}</span></p></article></li>`,
    );
    expect(html.startsWith('<li class="grid__cell" data-astro-cid-a>')).toBe(true);
  });

  it('a hover picture, children, no badge, the plain price; lazy below the first row', () => {
    const html = tileHtml(t, { ...item, hover: 'ring/rose-hover.jpg', kids: ['R-42-S', 'R-42-M'], badge: undefined, price: [80, null, 80] }, false, store);
    const hover = responsiveImage('ring/rose-hover.jpg', 'tileHover');
    expect(html).toContain('data-child-skus="R-42-S,R-42-M"');
    expect(html).toContain('loading="lazy" decoding="async" style="background-color:#aabbcc" class="tile__img"');
    expect(html).toContain(`class="tile__img tile__img--hover" data-astro-cid-b srcset="${hover.srcset}" sizes="${hover.sizes}"`);
    expect(html).toContain('<span class="tile__badge" data-astro-cid-b></span>');
    expect(html).toContain(`<p class="price price--sm" data-price="80"><span class="price__final">${formatPrice(80, store)}</span></p>`);
  });

  it('without a picture, the empty one with the scoped-style attributes of its place', () => {
    const html = tileHtml(t, { ...item, img: undefined, ph: undefined }, false, store);
    expect(html).toContain(
      '<span class="tile__media" data-astro-cid-b><span data-astro-cid-b class="tile__img tile__img--empty" aria-hidden="true"></span><span class="tile__badge"',
    );
    expect(html).not.toContain('<img');
  });

  it('the store view of the tile gives its currency', () => {
    const de = config.storeViews.others.find((s) => s.storeCode === 'de')!;
    expect(tileHtml(t, item, false, de)).toContain(formatPrice(99.5, de));
  });

  it('no tile cell in the template: nothing to fill', () => {
    expect(parseTileTemplate('<span class="badge">x</span>')).toBeNull();
  });
});
