import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './src/build/react-on-preact.mjs';

export default defineConfig({
  resolve: { alias: reactOnPreact },
  test: {
    include: ['tests/unit/**/*.test.ts', 'server/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    server: { deps: { inline: ['@nanostores/react'] } },
  },
});
