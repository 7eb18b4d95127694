import { defineConfig } from 'vitest/config';

/**
 * Three projects: the unit tests, and the API tests once per database (`sqlite`: a temporary file per
 * test shop; `postgres`: a throw-away cluster started by tests/api/postgres.ts, a schema per test shop).
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    server: { deps: { inline: ['@nanostores/react'] } },
    provide: { postgresUrl: '' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'server/**/*.test.ts'] } },
      { extends: true, test: { name: 'sqlite', include: ['tests/api/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/api/**/*.test.ts'],
          // Builds of the site from a snapshot: no API and no database, once is enough.
          exclude: ['tests/api/incremental-build.test.ts', 'tests/api/sharded-build.test.ts'],
          globalSetup: ['tests/api/postgres.ts'],
        },
      },
    ],
  },
});
