/**
 * A product list kept in browser storage (the wishlist, compare and recently viewed lists, spec §3):
 * read once when the store is first used, merged with what was added before the stored list arrived,
 * written back after each change and, with a topic, shared with the other tabs. One place for what
 * the three stores used to repeat (their add and remove: ./list-actions.ts).
 */
import { map, onMount, type MapStore } from 'nanostores';
import { collection, type CollectionName } from '../storage';
import { onTabMessage, publishToTabs } from './cross-tab';

export interface StoredListState<T> {
  /** True once the stored list has been read. */
  loaded: boolean;
  items: T[];
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

export interface StoredList<T> {
  $list: MapStore<StoredListState<T>>;
  /** Reads the stored list once; later calls share the first read. */
  load: () => Promise<void>;
}

const initial = <T>(): StoredListState<T> => ({ loaded: false, items: [] });

/** A list store persisted in `collection` under `key` (see the module comment). */
export function storedList<T>(o: StoredListOptions<T>): StoredList<T> {
  const $list = map<StoredListState<T>>(initial());
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

  // Starts on first use (a read, an action or a subscriber). Its own listener keeps the store mounted
  // for the life of the page, so actions called with no subscriber are still written; the clean-up
  // runs only when the store is cleaned (tests: nanostores' cleanStores): the next use reads again.
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
    };
  });

  return { $list, load };
}
