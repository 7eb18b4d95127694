import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PAGES, DEFAULT_MAX_SHARE, parseMaxPages } from '../../server/render';

describe('how many pages a change may render in place of a full build (RENDER_MAX_PAGES)', () => {
  it('unset: 2000, or a tenth of the site when that is more', () => {
    expect(parseMaxPages(undefined)).toEqual({ maxPages: 2000, maxShare: 0.1 });
    expect(parseMaxPages('')).toEqual({ maxPages: DEFAULT_MAX_PAGES, maxShare: DEFAULT_MAX_SHARE });
  });

  it('set: that many pages whatever the size of the site; 0 turns the renderer off', () => {
    expect(parseMaxPages('500')).toEqual({ maxPages: 500, maxShare: 0 });
    expect(parseMaxPages('0')).toEqual({ maxPages: 0, maxShare: 0 });
  });

  it('refuses anything but a whole number, by name', () => {
    for (const v of ['-1', '2.5', 'lots', '1e']) expect(() => parseMaxPages(v)).toThrow(/^RENDER_MAX_PAGES: expected a whole number of pages/);
  });
});
