import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ampCss } from '../../src/lib/build/amp-css';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { priceHtml, priceInnerHtml, priceText } from '../../src/lib/catalog/price-markup';
import { productPrices } from '../../src/lib/catalog/price';
import { formatPrice } from '../../src/lib/messages/format';
import { PriceTag } from '../../src/browser/kit/PriceTag';

const gbp = (n: number) => formatPrice(n);

describe('the one price markup', () => {
  it('a regular price is one amount, in the box the product page draws (size, data-price: what is paid)', () => {
    const text = priceText({ original: 55.99, special: null }, gbp);
    expect(priceHtml(text, { size: 'lg', price: 55.99 })).toBe('<p class="price price--lg" data-price="55.99"><span class="price__final">£55.99</span></p>');
  });

  it('a special price strikes the regular price through, then the special price, each named for screen readers', () => {
    const text = priceText({ original: 139, special: 115 }, gbp);
    expect(priceHtml(text, { size: 'sm', price: 115 })).toBe(
      '<p class="price price--sm price--special" data-price="115">' +
        '<del class="price__original"><span class="visually-hidden">Regular price </span>£139.00</del>' +
        '<span class="price__special"><span class="visually-hidden">Special price </span>£115.00</span>' +
        '</p>',
    );
  });

  it("a configurable product's price is its default child's, drawn like any other (the shop shows no 'From' price)", () => {
    const configurable = {
      type_id: 'configurable',
      price: 0,
      configurable_children: [
        { price: 64.99, special_price: 49.99, status: 1, stock: { is_in_stock: true } },
        { price: 70, status: 1, stock: { is_in_stock: true } },
      ],
    };
    const prices = productPrices(configurable, new Date('2026-06-01T12:00:00Z'));
    expect(priceInnerHtml(priceText(prices, gbp))).toBe(
      '<del class="price__original"><span class="visually-hidden">Regular price </span>£64.99</del>' +
        '<span class="price__special"><span class="visually-hidden">Special price </span>£49.99</span>',
    );
  });

  it('a zero price is written as an amount (the spec defines no "Free" text for products)', () => {
    expect(priceInnerHtml(priceText({ original: 0, special: null }, gbp))).toBe('<span class="price__final">£0.00</span>');
  });

  it('AMP: quantity times the unit price, in a box of the text size with no data attributes (no script reads it)', () => {
    const times3 = (n: number) => formatPrice(Math.round(n * 3 * 100) / 100);
    expect(priceHtml(priceText({ original: 10.5, special: 7.25 }, times3))).toBe(
      '<p class="price price--special">' +
        '<del class="price__original"><span class="visually-hidden">Regular price </span>£31.50</del>' +
        '<span class="price__special"><span class="visually-hidden">Special price </span>£21.75</span>' +
        '</p>',
    );
  });

  it('inside a line of text (the islands) the box is a span', () => {
    expect(priceHtml({ original: '£5.00', special: null }, { inline: true })).toBe(
      '<span class="price price--inline"><span class="price__final">£5.00</span></span>',
    );
  });

  it("the islands' PriceTag writes the same parts, classes and labels", () => {
    const html = renderToStaticMarkup(createElement(PriceTag, { prices: { original: 139, special: 115 }, block: true, size: 'lg' }));
    expect(html).toBe(
      '<p class="price price--lg price--special">' +
        '<del class="price__original"><span class="visually-hidden">Regular price </span>£139.00</del>' +
        '<span class="price__special"><span class="visually-hidden">Special price </span>£115.00</span>' +
        '</p>',
    );
    const inline = renderToStaticMarkup(createElement(PriceTag, { prices: { original: 20, special: null }, className: 'sp-price' }));
    expect(inline).toBe('<span class="price price--inline sp-price"><span class="price__final">£20.00</span></span>');
  });
});

describe("the price's one stylesheet", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });

  it('only src/styles/price.css styles the price classes (pages, islands and AMP pages)', () => {
    const styling = files('src')
      .filter((f) => /\.(css|astro)$/.test(f) && f !== join('src', 'styles', 'price.css'))
      .filter((f) => {
        const text = readFileSync(f, 'utf8');
        const css = f.endsWith('.astro') ? [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n') : text;
        return /\.price(__|--|\s*[{,.])|\.ptag\b/.test(css);
      });
    expect(styling).toEqual([]);
  });

  it('AMP pages inline it after their own CSS, minified once per build', () => {
    const own = readFileSync('src/styles/amp.css', 'utf8');
    const priceCss = readFileSync('src/styles/price.css', 'utf8');
    const css = ampCss(own, priceCss);
    expect(css.startsWith(own)).toBe(true);
    const price = css.slice(own.length);
    // Every class of the price's stylesheet, minified (no line breaks, no comments).
    for (const cls of new Set([...priceCss.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/\.([a-z][\w-]*)/g)].map((m) => m[1]!)))
      expect(price).toContain(`.${cls}`);
    expect(price).not.toMatch(/\n.|\/\*/);
    expect(ampCss(own, priceCss)).toBe(css);
  });
});
