/**
 * Reading a source's imports without a compiler: the checks of the repository's shape
 * (tests/unit/browser-imports.test.ts, dependencies.test.ts and friends) and the layer graph of
 * src/lib (scripts/layers.ts) share these, so they agree on what an import is.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The files under `dir` whose name matches `ext`, recursively. */
export function sourceFiles(dir: string, ext: RegExp = /\.(m?[jt]sx?)$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p, ext);
    return ext.test(e.name) ? [p] : [];
  });
}

/** Every module specifier a source imports: static imports and re-exports, side-effect imports, `import()` and `import type`. */
export function specifiers(source: string): string[] {
  const out: string[] = [];
  const patterns = [/\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const re of patterns) for (const m of source.matchAll(re)) out.push(m[1]!);
  return out;
}

/** The modules a source loads at run time: value imports, re-exports, side-effect imports and `import()` (type-only imports leave nothing). */
export function runtimeSpecifiers(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm)) if (!m[1]) out.push(m[2]!);
  for (const m of source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) out.push(m[1]!);
  for (const m of source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  return out;
}

/** The file a relative specifier names, as Vite resolves it (extensionless, or a folder's index); null for a package. */
export function resolveLocal(from: string, spec: string): string | null {
  if (!spec.startsWith('.') && !spec.startsWith('/')) return null;
  const base = resolve(dirname(from), spec.split('?')[0]!);
  const tries = [base, ...['.ts', '.tsx', '.js', '.mjs'].map((e) => base + e), ...['index.ts', 'index.tsx', 'index.js'].map((i) => join(base, i))];
  return tries.find((p) => existsSync(p) && statSync(p).isFile()) ?? null;
}
