/**
 * The orders still waiting to be sent (./OfflineOrders.tsx `WaitingOrders`), downloaded when first
 * shown by an island that lists them beside its own content (My orders, the order confirmation).
 * Nothing shows until the download is there; a failed one (offline before it was cached) shows
 * nothing and, by src/lib/state/lazy-module.ts's rule, is tried again the next time the list is shown. React's
 * `lazy()` is not used: it keeps a failed download for the life of the page and throws it into the island.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { lazyModule } from '../../lib/state/lazy-module';

type Props = { mine?: boolean };
const load = lazyModule(() => import('./OfflineOrders'));

export function LazyWaitingOrders(props: Props) {
  const [Orders, setOrders] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (m) => live && setOrders(() => m.WaitingOrders),
      (err: unknown) => console.error('[orders] the waiting orders could not be loaded', err),
    );
    return () => {
      live = false;
    };
  }, []);
  return Orders ? <Orders {...props} /> : null;
}
