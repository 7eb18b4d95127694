import { describe, expect, it } from 'vitest';
import { bannersFor } from '../../src/lib/routing/routes';
import { readBanners } from '../../src/lib/snapshot/read';
import { config } from '../../src/lib/config';

describe('banner json per store code', () => {
  it('each store view reads banners/{storeCode}.json', () => {
    expect(bannersFor('gb')).toEqual(readBanners('gb'));
    expect(bannersFor('de')).toEqual(readBanners('de'));
    expect(bannersFor('it')).toEqual(readBanners('it'));
    expect(bannersFor('de')).not.toEqual(bannersFor('gb'));
  });

  it("a store code without its own file shows the default store's banners", () => {
    expect(bannersFor('xx')).toEqual(bannersFor(config.storeViews.default.storeCode));
  });

  it('every banner has image, title, subtitle and link in main, small and product groups', () => {
    const b = bannersFor('gb');
    for (const group of [b.mainBanners, b.smallBanners, b.productBanners]) {
      expect(group.length).toBeGreaterThan(0);
      for (const x of group) expect(Object.keys(x)).toEqual(expect.arrayContaining(['image', 'title', 'subtitle', 'link']));
    }
  });
});
