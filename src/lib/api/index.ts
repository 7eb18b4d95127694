/** The typed client of the shop's API contract (docs/api.md). */
export * from './client';
export * from './contract';
