/**
 * The client bundles' zod without its JSON Schema generator (src/vite/zod-client.ts): the stubs
 * export every name the real modules export (a zod upgrade that adds one fails here, not in a
 * shopper's browser), they throw when called, and schemas built with them still parse.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import zodClient, { exportNames, stubModule } from '../../src/vite/zod-client';

const zodCore = join(dirname(createRequire(import.meta.url).resolve('zod/package.json')), 'v4', 'core');

describe('zod in client bundles', () => {
  it('reads every export form: functions, consts and renamed lists', () => {
    const src = 'export function a() {}\nexport const b = 1;\nexport async function c() {}\nfunction d() {}\nexport { d as e, f };\n';
    expect(exportNames(src).sort()).toEqual(['a', 'b', 'c', 'e', 'f']);
  });

  it("finds the generator's exports that zod's classic schemas import", () => {
    const toJson = exportNames(readFileSync(join(zodCore, 'to-json-schema.js'), 'utf8'));
    expect(toJson).toEqual(expect.arrayContaining(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod', 'process']));
    const processors = exportNames(readFileSync(join(zodCore, 'json-schema-processors.js'), 'utf8'));
    expect(processors).toEqual(expect.arrayContaining(['stringProcessor', 'objectProcessor', 'aggregateChecks', 'toJSONSchema']));
    // every import of them in the classic schemas is satisfied by the stub
    const classic = readFileSync(join(zodCore, '..', 'classic', 'schemas.js'), 'utf8');
    const used = new Set([...classic.matchAll(/\bprocessors\.(\w+)\(/g)].map((m) => m[1]!));
    for (const name of used) expect(processors, `processors.${name}`).toContain(name);
  });

  it('stubs throw a clear error when called', () => {
    const code = stubModule(['toJSONSchema'], 'json-schema-processors.js');
    // the module's body run as a function: `export const x = gone;` becomes `exports.x = gone;`
    const body = code.replace(/export const (\w+) = gone;/g, 'exports.$1 = gone;');
    const mod = new Function('exports', `${body}\nreturn exports;`)({}) as Record<string, () => void>;
    expect(() => mod.toJSONSchema!()).toThrow(/not bundled for the browser \(json-schema-processors\.js\)/);
  });

  it('replaces the generator in client builds only, never on the server', () => {
    const plugin = zodClient();
    const load = plugin.load as (id: string, o?: { ssr?: boolean }) => string | null;
    const file = join(zodCore, 'to-json-schema.js');
    expect(load.call({}, file, { ssr: true })).toBeNull();
    expect(load.call({}, join(zodCore, 'schemas.js'), {})).toBeNull();
    const stub = load.call({}, file, {});
    expect(stub).toContain('export const createToJSONSchemaMethod = gone;');
    expect(stub).not.toContain('globalRegistry');
  });
});
