/** "Is React running this island": false in the static HTML and while hydrating, true once React runs it. */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the static HTML and while hydrating, true once React runs the island. During hydration
 * React reads the server snapshot (false), then renders again with the client's (true), so the first
 * render matches the build's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
