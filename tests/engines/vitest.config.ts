import { defineConfig } from 'vitest/config';

/**
 * `npm run test:engines`: the shopper's journeys in Firefox ESR and WebKitGTK (docs/engines.md), one
 * file per engine, both engines at once (one worker each); the built site (dist/) is served by an own
 * shop server per engine.
 */
export default defineConfig({
  test: {
    name: 'engines',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/engines/*.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    server: { deps: { inline: ['@nanostores/react'] } },
  },
});
