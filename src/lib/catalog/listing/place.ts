/**
 * The shopper's place in a long listing (spec §3 pagination): how many batches show and how far the
 * page is scrolled, kept when the page goes, so that coming back to it shows the same batches at the
 * same place. Back or Forward without the page cache reads it from the history entry's state; a reload
 * from this tab's sessionStorage, since Firefox and Chromium drop a `history.replaceState` made while a
 * reload unloads the page (WebKit keeps it), while a sessionStorage write made then stays in all three.
 * Used by the category page's script (src/browser/listing/CategoryListing.ts) and the listing it starts
 * (CategoryListingRun.ts, also the search results page's). Small: it is on the search page's first load.
 */

/** Where the shopper was: the query state's offset (the last batch shown starts there) and the page's scroll. */
export interface ListingPlace {
  offset: number;
  y: number;
}

/** The key of the place in the history entry's state and in sessionStorage. */
export const PLACE_KEY = 'categoryListing';

const here = () => location.pathname + location.search;

/** The sessionStorage copy, taken away; null when there is none, or the storage is refused. */
function takeKept(): (ListingPlace & { url?: string }) | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(PLACE_KEY)!) as (ListingPlace & { url?: string }) | null;
    sessionStorage.removeItem(PLACE_KEY);
    return kept;
  } catch {
    return null;
  }
}

/**
 * The place to come back to as this page starts: on a reload the one the page left in sessionStorage
 * (for this address; the history entry's where the storage is refused), on Back or Forward the
 * history entry's; null on a new visit or when only the first batch showed. Every listing start
 * takes the sessionStorage copy away, so a reload never finds a place its page did not leave.
 */
export function takeListingPlace(): ListingPlace | null {
  const kept = takeKept();
  const nav = (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  const place: ListingPlace | null | undefined =
    nav === 'reload' && kept?.url === here()
      ? kept
      : nav === 'reload' || nav === 'back_forward'
        ? (history.state as Record<string, ListingPlace> | null)?.[PLACE_KEY]
        : null;
  return place && place.offset > 0 ? { offset: place.offset, y: place.y } : null;
}

/** Writes the place into the history entry's state and, for a reload, into sessionStorage. */
export function saveListingPlace(place: ListingPlace): void {
  history.replaceState({ ...(history.state as object | null), [PLACE_KEY]: place }, '');
  try {
    sessionStorage.setItem(PLACE_KEY, JSON.stringify({ ...place, url: here() }));
  } catch {
    // Storage refused or full: a reload shows the first batch.
  }
}

let kept = false;

/**
 * Keeps the listing's place for the way back (once per page): saved as the page goes, with the offset
 * `offset` reads and the page's scroll. With more batches than the page's HTML holds, the browser's own
 * scroll restore is switched off for the way back: the listing scrolls back itself once they are back,
 * where the browser's would scroll the shorter page to its end first.
 */
export function keepListingPlace(offset: () => number): void {
  if (kept) return;
  kept = true;
  addEventListener('pagehide', () => {
    const place = { offset: offset(), y: scrollY };
    saveListingPlace(place);
    history.scrollRestoration = place.offset > 0 ? 'manual' : 'auto';
  });
}
