import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/lib/catalog/slug';

describe('slugify', () => {
  it('lower-cases the text', () => {
    expect(slugify('EVERMORE')).toBe('evermore');
  });

  it('turns spaces into hyphens', () => {
    expect(slugify('Evermore Platinum Solitaire Ring')).toBe('evermore-platinum-solitaire-ring');
  });

  it('turns & into -and-', () => {
    expect(slugify('Rings&Things')).toBe('rings-and-things');
    expect(slugify('Rings & Things')).toBe('rings-and-things');
  });

  it('removes non-word characters', () => {
    expect(slugify("Mother's Day: 18ct Gold!")).toBe('mothers-day-18ct-gold');
    expect(slugify('£1,000 (approx.)')).toBe('1000-approx');
  });

  it('keeps hyphens, underscores and digits', () => {
    expect(slugify('pj_brand 9-ct')).toBe('pj_brand-9-ct');
  });

  it('collapses repeated hyphens into one', () => {
    expect(slugify('Gold  -  Silver')).toBe('gold-silver');
    expect(slugify('a---b')).toBe('a-b');
  });

  it('trims leading and trailing hyphens', () => {
    expect(slugify('  Watches  ')).toBe('watches');
    expect(slugify('& more')).toBe('and-more');
  });

  it('folds accents to their base letters', () => {
    expect(slugify('Crème Brûlée Ring')).toBe('creme-brulee-ring');
    expect(slugify('Façade Größe Øre')).toBe('facade-grosse-ore');
  });

  it('is idempotent on a slug', () => {
    expect(slugify('evermore-platinum-solitaire-ring-1042')).toBe('evermore-platinum-solitaire-ring-1042');
  });

  it('gives an empty slug for text without word characters', () => {
    expect(slugify('!!!')).toBe('');
  });
});
