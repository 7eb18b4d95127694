/**
 * The page-not-found body's URL dispatcher (src/components/UrlDispatcher.astro): looks the unknown
 * path up in the build's URL map (src/lib/routing/dispatcher.ts) and moves the shopper, unless the page answered 410.
 */
import { dispatch } from '../../lib/routing/dispatcher';

const el = document.querySelector<HTMLElement>('[data-url-dispatcher]');
const nav = performance.getEntriesByType?.('navigation')[0] as (PerformanceNavigationTiming & { responseStatus?: number }) | undefined;
// A gone product (410) shares this body: it has no new home, so nothing is looked up.
if (el && nav?.responseStatus !== 410) {
  el.dataset.state = 'looking';
  void dispatch({
    path: location.pathname + location.search,
    replace: (to) => location.replace(to),
    log: (line) => console.warn(line),
    texts: { routeNotFound: el.dataset.routeNotFound ?? 'Route not found', noMappingFound: el.dataset.noMappingFound ?? 'No mapping found' },
  }).then((out) => {
    el.dataset.state = 'moved' in out ? 'moved' : 'not-found';
  });
}
