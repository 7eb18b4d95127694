/** src/lib/catalog/listing/place.ts: which kept place a listing comes back to, by the way the page was opened. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PLACE_KEY, saveListingPlace, takeListingPlace } from '../../src/lib/catalog/listing/place';

/** A page at `path` opened by `navigation`, its history entry's state and its tab's sessionStorage (null: refused), in memory. */
function page(navigation: string, state: unknown = null, stored: Record<string, string> | null = {}, path = '/brands') {
  const history = {
    state,
    replaceState(s: unknown) {
      history.state = s;
    },
  };
  const refused = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  vi.stubGlobal('history', history);
  vi.stubGlobal('location', { pathname: path, search: '' });
  vi.stubGlobal('performance', { getEntriesByType: () => [{ type: navigation }] });
  vi.stubGlobal(
    'sessionStorage',
    stored
      ? { getItem: (k: string) => stored[k] ?? null, setItem: (k: string, v: string) => void (stored[k] = v), removeItem: (k: string) => void delete stored[k] }
      : { getItem: refused, setItem: refused, removeItem: refused },
  );
  return { history, stored };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const deep = { offset: 150, y: 17_000 };
const earlier = { offset: 50, y: 5_000 };
const left = (place: { offset: number; y: number }, url = '/brands') => ({ [PLACE_KEY]: JSON.stringify({ ...place, url }) });

describe('takeListingPlace', () => {
  test('a reload comes back to the place the page left in sessionStorage, not to an older one in the history entry', () => {
    page('reload', { [PLACE_KEY]: earlier }, left(deep));
    expect(takeListingPlace()).toEqual(deep);
  });

  test("Back or Forward comes back to the history entry's place, not to what the last listing left in sessionStorage", () => {
    page('back_forward', { [PLACE_KEY]: earlier }, left(deep));
    expect(takeListingPlace()).toEqual(earlier);
  });

  test('a new visit comes back to nothing, and every start takes the sessionStorage copy away', () => {
    const { stored } = page('navigate', { [PLACE_KEY]: earlier }, left(deep));
    expect(takeListingPlace()).toBeNull();
    expect(stored).toEqual({});
    // Its own reload later, the page having left nothing (its listing never started): no place.
    page('reload', null, stored);
    expect(takeListingPlace()).toBeNull();
  });

  test("a reload finds a place another address left: it is not this page's", () => {
    page('reload', null, left(deep, '/rings'));
    expect(takeListingPlace()).toBeNull();
  });

  test('with sessionStorage refused a reload falls back on the history entry (WebKit keeps a state written as the page went)', () => {
    page('reload', { [PLACE_KEY]: deep }, null);
    expect(takeListingPlace()).toEqual(deep);
  });

  test('only the first batch shown, or a copy that does not parse: nothing to come back to', () => {
    page('back_forward', { [PLACE_KEY]: { offset: 0, y: 900 } });
    expect(takeListingPlace()).toBeNull();
    page('reload', null, { [PLACE_KEY]: '{not json' });
    expect(takeListingPlace()).toBeNull();
  });
});

describe('saveListingPlace', () => {
  test("writes the place into the entry's state beside what it holds, and a copy that the page's reload comes back to", () => {
    const { history, stored } = page('navigate', { other: 1 });
    saveListingPlace(deep);
    expect(history.state).toEqual({ other: 1, [PLACE_KEY]: deep });
    page('reload', null, stored);
    expect(takeListingPlace()).toEqual(deep);
  });

  test('with sessionStorage refused the history entry still gets it', () => {
    const { history } = page('navigate', null, null);
    saveListingPlace(deep);
    expect(history.state).toEqual({ [PLACE_KEY]: deep });
  });
});
