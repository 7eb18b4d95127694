/**
 * The add, remove and toggle actions of a list the shopper builds (the wishlist and the compare list, kept by
 * ./stored-list.ts): they change the list and record the change in `$lastChange`, which the list's
 * module turns into the shopper's notice (its reaction). Apart from stored-list so that the recently
 * viewed list, read on every product page's load, does not carry them.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { listedEntry } from './product-summary';
import type { StoredList } from './stored-list';

/** A product the shopper added to or removed from a list. */
export interface ListChange {
  kind: 'added' | 'removed';
  item: { sku: string; name: string };
}

export interface ListActions<T> {
  /** The last product the shopper added or removed with `add` or `remove`; null before any. */
  $lastChange: ReadableAtom<ListChange | null>;
  /** True when the sku is on the list. */
  has: (sku: string) => boolean;
  /** Adds an item not on the list yet (at the end); false when its sku was there. */
  add: (item: T) => boolean;
  /** Removes the item with this sku; false when it was not there. */
  remove: (item: { sku: string; name: string }) => boolean;
  /** Removes the entry that holds the item as configured (./product-summary.ts `listedEntry`), else adds the item. */
  toggle: (item: T) => void;
}

/** The add and remove actions of a list the shopper builds (the wishlist, the compare list). */
export function listActions<T extends { sku: string; name: string; parentSku?: string }>({ $list }: StoredList<T>): ListActions<T> {
  const $lastChange = atom<ListChange | null>(null);
  const has = (sku: string) => $list.get().items.some((i) => i.sku === sku);
  // A cleaned list (tests) forgets its last change too.
  onMount($list, () => () => $lastChange.set(null));
  const add = (item: T) => {
    if (has(item.sku)) return false;
    $list.setKey('items', [...$list.get().items, item]);
    $lastChange.set({ kind: 'added', item });
    return true;
  };
  const remove = (item: { sku: string; name: string }) => {
    if (!has(item.sku)) return false;
    $list.setKey(
      'items',
      $list.get().items.filter((i) => i.sku !== item.sku),
    );
    $lastChange.set({ kind: 'removed', item });
    return true;
  };
  return {
    $lastChange,
    has,
    add,
    remove,
    toggle: (item) => {
      const listed = listedEntry($list.get().items, item);
      if (listed) remove(listed);
      else add(item);
    },
  };
}
