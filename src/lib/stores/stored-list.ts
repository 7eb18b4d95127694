/**
 * A product list kept in browser storage (the wishlist, compare and recently viewed lists, spec §3):
 * read once when the store is first used, merged with what was added before the stored list arrived,
 * written back after each change and, with a topic, shared with the other tabs. The add and remove
 * actions of the wishlist and compare lists are here too: they change the list and record the change
 * in `$lastChange`, which the list's module turns into the shopper's notice (its reaction). One place
 * for what the three stores used to repeat.
 */
import { atom, map, onMount, type MapStore, type ReadableAtom } from 'nanostores';
import { collection, type CollectionName } from '../storage';
import { onTabMessage, publishToTabs } from './cross-tab';

export interface StoredListState<T> {
  /** True once the stored list has been read. */
  loaded: boolean;
  items: T[];
}

/** A product the shopper added to or removed from a list. */
export interface ListChange {
  kind: 'added' | 'removed';
  item: { sku: string; name: string };
}

export interface StoredListOptions<T> {
  collection: CollectionName;
  key: string;
  /** The list once the stored one arrives: `cached` as stored, `early` what was added before it arrived. */
  merge: (cached: T[], early: T[]) => T[];
  /** Shares each change with the other tabs under this topic, and takes theirs. */
  topic?: string;
  /** Runs on every change of the items (a header badge follows the list). */
  onItems?: (items: T[]) => void;
}

export interface StoredList<T extends { sku: string; name: string }> {
  $list: MapStore<StoredListState<T>>;
  /** The last product the shopper added or removed with `add` or `remove`; null before any. */
  $lastChange: ReadableAtom<ListChange | null>;
  /** Reads the stored list once; later calls share the first read. */
  load: () => Promise<void>;
  /** True when the sku is on the list. */
  has: (sku: string) => boolean;
  /** Adds an item not on the list yet (at the end); false when its sku was there. */
  add: (item: T) => boolean;
  /** Removes the item with this sku; false when it was not there. */
  remove: (item: { sku: string; name: string }) => boolean;
}

const initial = <T>(): StoredListState<T> => ({ loaded: false, items: [] });

/** A list store persisted in `collection` under `key` (see the module comment). */
export function storedList<T extends { sku: string; name: string }>(o: StoredListOptions<T>): StoredList<T> {
  const $list = map<StoredListState<T>>(initial());
  const $lastChange = atom<ListChange | null>(null);
  let loading: Promise<void> | null = null;
  // True while the list is set to what is stored already, or to another tab's list: nothing to write or tell.
  let unchanged = false;

  const setQuietly = (items: T[]) => {
    unchanged = true;
    try {
      $list.set({ loaded: true, items });
    } finally {
      unchanged = false;
    }
  };

  const load = () => {
    loading ??= (async () => {
      const cached = (await collection(o.collection).getItem<T[]>(o.key)) ?? [];
      const items = o.merge(cached, $list.get().items);
      // Nothing to write or tell only when the list is exactly the stored one (recently viewed reorders).
      if (JSON.stringify(items) === JSON.stringify(cached)) setQuietly(items);
      else $list.set({ loaded: true, items });
    })();
    return loading;
  };

  const has = (sku: string) => $list.get().items.some((i) => i.sku === sku);

  // Starts on first use (a read, an action or a subscriber). Its own listener keeps the store mounted
  // for the life of the page, so actions called with no subscriber are still written; the clean-up
  // runs only when the store is cleaned (tests: nanostores' cleanStores), back to unread and empty.
  onMount($list, () => {
    let last = $list.get().items;
    const stopWriting = $list.listen((s) => {
      if (s.items !== last) o.onItems?.(s.items);
      last = s.items;
      if (!s.loaded || unchanged) return;
      void collection(o.collection).setItem(o.key, s.items);
      if (o.topic) publishToTabs(o.topic, s.items);
    });
    const stopTabs = o.topic
      ? onTabMessage(o.topic, (items) => {
          if (!Array.isArray(items)) return;
          setQuietly(items as T[]);
          loading ??= Promise.resolve();
        })
      : () => {};
    void load();
    return () => {
      stopWriting();
      stopTabs();
      loading = null;
      $list.set(initial());
      $lastChange.set(null);
    };
  });

  return {
    $list,
    $lastChange,
    load,
    has,
    add: (item) => {
      if (has(item.sku)) return false;
      $list.setKey('items', [...$list.get().items, item]);
      $lastChange.set({ kind: 'added', item });
      return true;
    },
    remove: (item) => {
      if (!has(item.sku)) return false;
      $list.setKey('items', $list.get().items.filter((i) => i.sku !== item.sku));
      $lastChange.set({ kind: 'removed', item });
      return true;
    },
  };
}
