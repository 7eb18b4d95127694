/** Helpers of the tests that read the repository's own sources (boundaries, dependencies): those of scripts/lib/imports.ts, which the layer graph shares. */
export { runtimeSpecifiers, sourceFiles, specifiers } from '../../scripts/lib/imports';
