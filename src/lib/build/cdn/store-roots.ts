/**
 * The homes of the enabled store views (`/`, and `/de/` on a multistore site): the only canonical
 * URLs ending in a slash (./canonical-url.ts). The build bakes them into the edge function
 * (./build-files.ts `workerBundle`); the shop's server reads them here.
 */
import { enabledStoreViews } from '../../config';
import { localizedPath } from '../../catalog/urls';

export const storeRoots = (): string[] => [...new Set(enabledStoreViews().map((s) => localizedPath('/', { storeCode: s.storeCode })))].sort();
