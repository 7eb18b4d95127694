/**
 * package.json's `dependencies` are what the shop needs to build and run (the site, the reference
 * API); tooling, benchmarks and tests take theirs from `devDependencies`. Every package that product
 * code (src/, server/, tests left out) imports is a dependency, and a benchmark-only package such as
 * minisearch is not.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runtimeSpecifiers, sourceFiles } from './source-files';

const ROOT = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** The package a bare specifier names ('@scope/name/x' → '@scope/name'), or null for a relative path, a builtin or a virtual module. */
export function packageOf(spec: string): string | null {
  const bare = spec.split('?')[0]!;
  if (bare.startsWith('.') || bare.startsWith('/') || bare.startsWith('node:') || /^(astro|virtual):/.test(bare)) return null;
  const name = bare.startsWith('@') ? bare.split('/').slice(0, 2).join('/') : bare.split('/')[0]!;
  return builtinModules.includes(name) ? null : name;
}

describe('dependencies', () => {
  test('the package of a specifier', () => {
    expect(packageOf('@hono/node-server/serve-static')).toBe('@hono/node-server');
    expect(packageOf('zod/mini')).toBe('zod');
    expect(packageOf('./x')).toBeNull();
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('fs')).toBeNull();
    expect(packageOf('astro:content')).toBeNull();
    expect(packageOf('virtual:pwa-register')).toBeNull();
  });

  test('the run-time imports of a module', () => {
    const src = `import type { Plugin } from 'vite';\nimport { build } from 'esbuild';\nexport { z } from 'zod';\nimport 'side';\nconst s = "from 'nope'";\nconst m = await import('sharp');`;
    expect(runtimeSpecifiers(src).sort()).toEqual(['esbuild', 'sharp', 'side', 'zod']);
  });

  test('every package product code imports is in dependencies', () => {
    const files = [...sourceFiles(join(ROOT, 'src'), /\.(m?[jt]sx?|astro)$/), ...sourceFiles(join(ROOT, 'server'))].filter((f) => !/\.test\.[jt]s$/.test(f));
    const missing: string[] = [];
    for (const file of files) {
      for (const spec of runtimeSpecifiers(readFileSync(file, 'utf8'))) {
        const name = packageOf(spec);
        if (name && !(name in pkg.dependencies)) missing.push(`${relative(ROOT, file)}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('benchmark-only packages stay out of dependencies', () => {
    expect(pkg.dependencies).not.toHaveProperty('minisearch');
    expect(pkg.devDependencies).toHaveProperty('minisearch');
  });
});
