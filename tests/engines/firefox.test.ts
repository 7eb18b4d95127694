/** The journeys in Firefox ESR (puppeteer-core over WebDriver BiDi); which journey runs in which engine, and why: docs/engines.md. */
import { engineSuite } from './suite';
import { listingPlace, searchJourney, searchTypedAhead, shopperJourney } from './journeys';
import { offlineNextPageStart, offlineOnlineEventTwoTabs, reloadMidSend } from './offline-journeys';
import { axeClean, galleryKeys, workerLife } from './site-journeys';

engineSuite('firefox', {
  'browse, filter, sort, scroll, size, bag, cash-on-delivery checkout': shopperJourney,
  'a long listing reloaded, or come back to from a product, shows the same batches and the same tile': listingPlace,
  'search: a name typed straight after pressing the search button, before the panel is there, lands whole in its box': searchTypedAhead,
  'an order placed offline waits, the bag closes, and the next page start sends it once': offlineNextPageStart,
  'with two tabs open, the online event sends the waiting order once': offlineOnlineEventTwoTabs,
  'a reload in the middle of a send does not send the order twice': reloadMidSend,
  'search: the header panel finds a product and opens it; the results page lists it': searchJourney,
  'axe: no serious or critical WCAG 2.2 AA violation on home, category, product, bag and checkout': axeClean,
  'the worker: the offline page, visited pages offline, an update to a new build': workerLife,
  'the product gallery steps one picture per arrow key': galleryKeys,
});
