/**
 * Routes and per-page data, computed once per build from the snapshot (see docs/architecture.md,
 * "Routing and scale"). Page files call these memoised functions; nothing here renders HTML.
 */
import * as snap from './snapshot';
import { config, enabledStoreViews, type StoreView } from './config';
import { menuTree, type MenuItem } from './menus';
import { MENU_IDS, type CmsBlock, type Shop } from './schemas';

/** Memoises a zero-argument loader for the life of the build process. */
function once<T>(load: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = load();
      done = true;
    }
    return value;
  };
}

export interface SiteChrome {
  header: MenuItem[];
  mobile: MenuItem[];
  about: MenuItem[];
  legal: MenuItem[];
  help: MenuItem[];
  shopping: MenuItem[];
  shops: Shop[];
  promoStrip: CmsBlock | null;
}

/** The six menus as trees, the shops and the promo strip block: everything the header and footer show. */
export const siteChrome = once((): SiteChrome => {
  const menus = snap.readMenus();
  const tree = (id: number) => menuTree(menus[String(id) as keyof typeof menus] ?? []);
  const blocks = snap.readCmsBlocks();
  return {
    header: tree(MENU_IDS.header),
    mobile: tree(MENU_IDS.mobile),
    about: tree(MENU_IDS.about),
    legal: tree(MENU_IDS.legal),
    help: tree(MENU_IDS.help),
    shopping: tree(MENU_IDS.shopping),
    shops: snap.readShops(),
    promoStrip: blocks.find((b) => b.identifier === 'promo-strip' && b.active) ?? null,
  };
});

/** The home path of a store view: '/' for the default one, '/de/' for a prefixed one. */
export function homeUrl(storeCode?: string): string {
  const def = config.storeViews.default.storeCode;
  if (!storeCode || storeCode === def || !config.storeViews.multistore) return '/';
  return `/${storeCode}/`;
}

/** The store view with this code (default store when absent or unknown). */
export function storeViewOf(storeCode?: string): StoreView {
  if (!storeCode) return config.storeViews.default;
  return enabledStoreViews().find((s) => s.storeCode === storeCode) ?? config.storeViews.default;
}

/** The `lang` attribute of a store view's pages ('en-GB', 'de-DE'). */
export function storeLang(storeCode?: string): string {
  return storeViewOf(storeCode).i18n.defaultLocale;
}
