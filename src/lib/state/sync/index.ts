/** The sync layer: task queue, token-refresh lock, forced logout, events. */
export * from './tasks';
export * from './token-lock';
export * from './persistent-queue';
export { forceLogout, onForcedLogout } from './logout';
export { onSyncEvent, emitSyncEvent } from './events';
export { setSyncFetch, syncFetch, apiUrl, type FetchFn } from './fetch';
export { withTabLock } from './tab-lock';
