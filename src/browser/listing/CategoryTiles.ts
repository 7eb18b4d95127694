/**
 * Product tiles made in the browser for the category listing: the cells of the tile template the
 * page rendered (`<template data-tile-template>`), filled from listing file items by the one tile
 * filler (src/lib/catalog/tile-html.ts, which the server's search results page uses too), so appended
 * tiles are the same markup as the static ones and as those the server wrote.
 */
import { parseTileTemplate, tileHtml } from '../../lib/catalog/tile-html';
import type { StoreView } from '../../lib/config';
import type { ListingItem } from '../../lib/catalog/listing/client';

/** Makes tile cells from listing items; null when the page has no tile template. */
export function tileMaker(template: HTMLTemplateElement | null, store: StoreView): ((item: ListingItem, eager: boolean) => HTMLElement) | null {
  const parsed = template ? parseTileTemplate(template.innerHTML) : null;
  if (!parsed) return null;
  const parse = document.createElement('template');
  return (item, eager) => {
    parse.innerHTML = tileHtml(parsed, item, eager, store);
    return parse.content.firstElementChild as HTMLElement;
  };
}
