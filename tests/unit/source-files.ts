/** Helpers of the tests that read the repository's own sources (boundaries, dependencies, docs): those of scripts/lib/imports.ts, which the layer graph shares, and the folders of a file list. */
export { runtimeSpecifiers, sourceFiles, specifiers } from '../../scripts/lib/imports';

/** Every folder that holds one of the files (paths from the repository's root), with its parents. */
export function folderSetOf(files: readonly string[]): Set<string> {
  return new Set(
    files.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
}
