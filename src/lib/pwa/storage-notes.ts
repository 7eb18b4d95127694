/** What the waiting orders tell the shopper about where an order is kept (./storage.ts has the facts). */
import { messages } from '../messages';
import type { StorageFacts } from '../state/stores/storage-persistence';

/**
 * The notes shown with waiting orders, in order (or only that the page must stay open, when an order
 * could not be saved on the device): the order is only on this device; whether the
 * browser keeps the shop's data (kept, not kept, cannot be asked); and, in a WebKit browser outside a
 * home-screen app, Safari's deletion after seven days without a visit (WebKit documents persistent
 * storage as exempt from deletion for space; nothing says it lifts the seven-day rule).
 */
export function storageNotes(facts: StorageFacts, savedOnDevice = true): string[] {
  // An order the browser storage did not take lives in the page only: nothing about keeping it applies.
  if (!savedOnDevice) return [messages.offlineOrderNotSaved];
  const notes = [messages.orderOnlyOnDevice];
  if (facts.persistence === 'kept') notes.push(messages.storageKept);
  else notes.push(facts.persistence === 'unsupported' ? messages.storageCannotAsk : messages.storageNotKept);
  if (facts.webkit && !facts.homeScreen) notes.push(messages.storageSevenDays);
  return notes;
}
