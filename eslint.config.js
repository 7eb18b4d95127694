// @ts-check
/**
 * ESLint 9 flat config: typescript-eslint (syntax rules, no type information: `astro check` already
 * type-checks, and typed linting would take minutes on two cores), eslint-plugin-astro,
 * eslint-plugin-react-hooks 7 (the React Compiler-era rules) and eslint-plugin-jsx-a11y.
 * Formatting is Prettier's (.prettierrc.json), not ESLint's. Choices and reasons: docs/architecture.md, "Lint and format".
 */
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
// @ts-expect-error -- eslint-plugin-jsx-a11y ships no type declarations
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/**
 * A scrolling region (role="region" with a label, like the compare table's scroller) takes focus so
 * keyboard users can scroll it (axe: scrollable-region-focusable, WCAG 2.1.1).
 */
const scrollRegionMayTakeFocus = { tags: [], roles: ['tabpanel', 'region'] };

/**
 * Import boundaries (docs/architecture.md, "Boundaries"). The UI (src/browser: islands and page
 * scripts; the client scripts of .astro files) renders and calls actions; the modules below reach
 * the network, browser storage, the data layer or the service worker by themselves, and only
 * src/lib's actions, stores and page starts import them. Type-only imports are fine: they leave
 * nothing in the bundle.
 */
export const ioModules = [
  { regex: '^localforage$', what: 'browser storage', instead: 'read and write through the stores and actions of src/lib' },
  { regex: '^workbox-', what: 'service worker code', instead: 'the page talks to the worker through src/lib/pwa' },
  { regex: '(^|/)lib/api(/(client|index))?$', what: 'the API client', instead: 'call the action of src/lib that uses it' },
  { regex: '(^|/)lib/state/sync(/(fetch|index))?$', what: 'the sync fetch', instead: 'call the action of src/lib that uses it' },
  { regex: '(^|/)lib/state/storage(/.*)?$', what: 'browser storage', instead: 'read and write through the stores and actions of src/lib' },
  { regex: '(^|/)lib/analytics/datalayer$', what: 'the data layer', instead: 'pages start it with src/lib/analytics/page-start' },
  { regex: '(^|/)lib/catalog/listing/client$', what: 'the listing file loader', instead: 'call src/lib/catalog/listing/load' },
  { regex: '(^|/)lib/search/client$', what: 'the search index loader', instead: 'use the page client of src/lib/search/session' },
  { regex: '(^|/)lib/pwa/register$', what: 'the service worker registration', instead: 'src/lib/pwa/boot starts it' },
];

/**
 * Node-only code, which browser code (src/browser, the client scripts of .astro files, the service
 * worker) must not import: it reads and writes files, or runs only in the build or the server.
 * Written as targets rather than as the importers' folders, so it holds wherever browser code lives.
 * A type-only import is fine (it leaves nothing in the bundle). Node builtins are `import-x/no-nodejs-modules`'s
 * (below); what browser code reaches through a chain of imports is followed by tests/unit/browser-imports.test.ts.
 */
export const nodeOnlyTargets = [
  { regex: '(^|/)server/', message: 'Browser code must not import the reference API (server/): what both need is a pure rule in src/lib.' },
  { regex: '(^|/)lib/build(/|$)', message: 'Browser code must not import build-time code (src/lib/build): it is Node only.' },
  {
    regex: '(^|/)lib/snapshot(/|$)',
    message: 'Browser code must not import the snapshot format (src/lib/snapshot): its readers and writers are Node only; pages pass what they read.',
  },
  { regex: '(^|/)lib/import(/|$)', message: 'Browser code must not import the catalogue importer (src/lib/import): it is Node only.' },
].map((target) => ({ ...target, allowTypeImports: true }));

/** Browser code outside src/lib: the islands and page scripts, and the client scripts of .astro files. */
const browserFiles = ['src/browser/**/*.{ts,tsx}', 'src/**/*.astro/*.ts', 'src/**/*.astro/*.js'];

/** What src/lib must not import: the UI (src/lib is shared with the server and the build; it announces, the UI reacts). */
const uiModules = [
  {
    regex: '(^|/)(browser|components|layouts|pages|views|scripts)(/|$)',
    message: 'src/lib must not import the UI (browser code, components, layouts, pages, views) nor tooling (scripts/).',
  },
  { regex: '\\.(tsx|jsx|astro)$', message: 'src/lib must not import a component.' },
  {
    regex: '^(react|react-dom|preact|@nanostores/react|@astrojs/react)(/|$)',
    message: 'src/lib must not import a UI library: it announces (a store, a DOM event) and the UI reacts.',
  },
];

export default defineConfig(
  // Build output, dependencies, generated data and test artefacts (the .gitignore list, plus the
  // committed sample snapshot and benchmark results, which scripts write).
  globalIgnores([
    'dist/**',
    'dist-*/**',
    // The page bundle a full build keeps for the persistent renderer (src/lib/build/render/keep.ts).
    'dist.render/**',
    '.astro/**',
    'node_modules/**',
    'data/**',
    'test-results/**',
    'coverage/**',
    'playwright-report/**',
    'bench/tmp/**',
    'src/content/sample/**',
    'public/**',
    'bench/results/**',
  ]),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  astro.configs['flat/jsx-a11y-recommended'],
  {
    // The astro a11y config above already registers the jsx-a11y plugin for every file; take the
    // recommended rules for the React islands from the plugin's own flat config.
    files: ['**/*.tsx'],
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'jsx-a11y/no-noninteractive-tabindex': ['error', scrollRegionMayTakeFocus],
    },
  },
  {
    files: ['**/*.astro'],
    rules: { 'astro/jsx-a11y/no-noninteractive-tabindex': ['error', scrollRegionMayTakeFocus] },
  },
  {
    // Hooks live in the islands (src/browser). Elsewhere a `use…` name is not a React hook (the API tests'
    // `useTestShop()` fixture, Playwright's `use`), and rules-of-hooks would misread it.
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // Storage and feature probes (`try { sessionStorage… } catch {}`) ignore a throw on purpose;
      // an empty catch says so. Other empty blocks stay errors.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // `_`-prefixed names are deliberate: unused parameters kept for a signature, skipped tuple slots.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests and scripts read untyped JSON (API answers, dataLayer events, snapshot files they break on
    // purpose) and poke at it: `any` is the honest type there. In src and server every outside input
    // passes zod, and the rule stays on.
    files: ['tests/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: browserFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: ioModules
            .map(({ regex, what, instead }) => ({
              regex,
              message: `An island or page script must not import ${what} (I/O): ${instead}.`,
              allowTypeImports: true,
            }))
            .concat(nodeOnlyTargets),
        },
      ],
    },
  },
  {
    // The service worker is browser code too; its I/O (workbox, storage, the order send) is its own.
    files: ['src/sw.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: nodeOnlyTargets }] },
  },
  {
    // A file holds one concern: 400 lines of code at most (blank lines and comments not counted).
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Data tables, exempt: the shopper texts' one catalogue (§8), and the sample shop's catalogue and content.
    files: ['src/lib/messages/texts.ts', 'scripts/lib/sample-catalog-data.ts', 'scripts/lib/sample-content.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    // The reference API is product code: tooling (scripts/) may import it, never the other way round.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)scripts/', message: 'The server must not import tooling (scripts/): move the code it needs into server/ or src/lib.' }] },
      ],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx,mjs,js}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: uiModules }] },
  },
  {
    // No import cycles anywhere: a cycle makes a module's exports undefined while its partner loads and
    // ties two files' layers together. Type-only imports leave nothing at run time and are not counted;
    // an `import()` is, so a lazy chunk may not be a cycle in disguise.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }] },
  },
  {
    // Browser code (src/browser, the client scripts of .astro files, the service worker) runs
    // no Node: no builtin module. What it reaches through src/lib is followed by
    // tests/unit/browser-imports.test.ts.
    files: [...browserFiles, 'src/sw.ts'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
);
