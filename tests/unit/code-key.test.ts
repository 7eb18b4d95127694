/**
 * The middleware's code in the incremental build's page keys (src/lib/build/code-key.ts): a change to
 * any module the middleware reaches changes the key, so no page is restored with an old rewrite.
 */
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { middlewareCodeKey, sourceClosureKey } from '../../src/lib/build/code-key';

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'code-key-'));
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(root, f, '..'), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  return root;
}

describe('middleware code key', () => {
  const files = {
    'src/middleware.ts': "import { defineMiddleware } from 'astro:middleware';\nimport { a } from './lib/a';\nexport const x = a;\n",
    'src/lib/a.ts': "export { b } from './deep/b';\nexport const a = 1;\nconst lazy = () => import('./c');\n",
    'src/lib/deep/b.ts': 'export const b = 2;\n',
    'src/lib/c.ts': 'export const c = 3;\n',
    'src/lib/unrelated.ts': 'export const u = 4;\n',
  };
  const key = (over: Record<string, string>) => {
    const root = project({ ...files, ...over });
    return sourceClosureKey(join(root, 'src/middleware.ts'), root);
  };

  it('is the same for the same code in another folder, and changes with any module the middleware reaches', () => {
    const base = key({});
    expect(key({})).toBe(base);
    expect(key({ 'src/middleware.ts': `${files['src/middleware.ts']}// changed\n` })).not.toBe(base);
    expect(key({ 'src/lib/deep/b.ts': 'export const b = 20;\n' })).not.toBe(base);
    expect(key({ 'src/lib/c.ts': 'export const c = 30;\n' })).not.toBe(base);
    expect(key({ 'src/lib/unrelated.ts': 'export const u = 40;\n' })).toBe(base);
  });

  it('names an import it cannot find instead of keying without it', () => {
    expect(() => key({ 'src/lib/deep/b.ts': "import './gone';\n" })).toThrow(/imports \.\/gone/);
  });

  it("changes when the page scripts' loader changes, in a copy of this project's middleware and src/lib", () => {
    const here = join(import.meta.dirname, '../..');
    const copy = mkdtempSync(join(tmpdir(), 'code-key-'));
    cpSync(join(here, 'src/middleware.ts'), join(copy, 'src/middleware.ts'));
    cpSync(join(here, 'src/lib'), join(copy, 'src/lib'), { recursive: true });
    const before = middlewareCodeKey(copy);
    expect(before).toBe(sourceClosureKey(join(here, 'src/middleware.ts'), here));
    const loader = join(copy, 'src/lib/build/page-scripts.ts');
    const text = readFileSync(loader, 'utf8');
    expect(text).toContain("'pointerdown', 'touchstart'");
    writeFileSync(loader, text.replace("'pointerdown', 'touchstart'", "'touchstart', 'pointerdown'"));
    expect(sourceClosureKey(join(copy, 'src/middleware.ts'), copy)).not.toBe(before);
  });
});
