import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses a lock file in which a package names a dependency (optional ones included: the
 * native bindings of other platforms) that has no entry of its own. `npm install` does not complain:
 * when a registry lacks a platform's binding it silently leaves the entry out, and CI then fails
 * before running a single test. This walks the lock as npm resolves it (nearest node_modules first).
 */
type Entry = {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, Entry>;
};

function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[key]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

describe('package-lock.json is complete for npm ci', () => {
  it('has an entry for every dependency and optional dependency each package names', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (entry.link) continue;
      const names = { ...entry.dependencies, ...entry.devDependencies, ...entry.optionalDependencies };
      for (const name of Object.keys(names)) {
        if (!resolves(path, name)) missing.push(`${path || '(root)'} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
