/**
 * The one way an island without a place in the page's HTML is loaded: the dialogs and panels opened
 * by a header button, a link, a store flag or a page event (search panel, microcart and wishlist,
 * sign-in modal, newsletter popup, offline-orders panel). Islands that stand in the page's HTML
 * (forms, product options) hydrate where they are with the `client:interact` directive instead
 * (src/directives/interact.ts): these have no static HTML to hydrate, open from controls outside
 * themselves, and mostly from state (a failed token refresh opens the sign-in modal). See
 * docs/architecture.md, "Loading islands".
 *
 * A few hundred bytes on the page; React, the island and its styles download on the first `warm()`
 * (a hover) or `mount()`, and a failed download (offline before it was cached) is tried again next time
 * (the one rule of src/lib/state/lazy-module.ts).
 */
import type { ComponentType } from 'react';
import type { ReadableAtom } from 'nanostores';
import { lazyModule } from '../../lib/state/lazy-module';

export interface LazyIsland {
  /** Downloads the island's code without mounting it (a pointer hovering its button). */
  warm(): Promise<unknown>;
  /** Downloads and mounts the island once, into a new element at the end of the body. */
  mount(): Promise<void>;
}

type Module<P> = { default: ComponentType<P> };

/** An island mounted on demand; `name` names its host element (`{name}-host`). Downloads follow `lazyModule`'s retry rule. */
export function lazyIsland<P extends object>(name: string, load: () => Promise<Module<P>>, props?: P): LazyIsland {
  const warm = lazyModule(() => Promise.all([import('./mount-root'), load()]));
  const mount = lazyModule(() => warm().then(([root, m]) => root.mountRoot(name, m.default, props ?? ({} as P))));
  return { warm, mount };
}

/**
 * Mounts `island` as soon as `wanted` holds for the store's value (at once if it already does); the
 * island then follows the store itself. `onError` hears a failed download (the store may close again).
 */
export function mountWhen<T>(store: ReadableAtom<T>, wanted: (value: T) => boolean, island: LazyIsland, onError: (err: unknown) => void): void {
  store.subscribe((value) => {
    if (wanted(value)) island.mount().catch(onError);
  });
}
