import { defineConfig } from 'vitest/config';

/** The islands are written against React's API and run on preact/compat (docs/architecture.md): tests run what ships. */
const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig({
  resolve: { alias: reactOnPreact },
  test: {
    include: ['tests/unit/**/*.test.ts', 'server/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    server: { deps: { inline: ['@nanostores/react'] } },
  },
});
