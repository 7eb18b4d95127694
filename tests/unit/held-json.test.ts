/**
 * Large JSON files held parsed between an editor's changes (src/lib/build/held-json.ts): a file read
 * or written once is taken again without parsing while it is the same file, and read afresh the
 * moment it is not (written over, even with the same size; removed; another inode).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readHeld, releaseHeld, writeHeld } from '../../src/lib/build/held-json';

let dir = '';
let parses = 0;
const parse = (text: string) => {
  parses++;
  return JSON.parse(text) as { n: number };
};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pj-held-'));
  parses = 0;
  releaseHeld();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('held JSON files', () => {
  it('parses a file once while it is the same file', () => {
    const f = join(dir, 'a.json');
    writeFileSync(f, '{"n":1}');
    const first = readHeld(f, parse);
    expect(readHeld(f, parse)).toBe(first);
    expect(parses).toBe(1);
  });

  it('reads a file written over again, even with the same size, and a file put in its place', () => {
    const f = join(dir, 'a.json');
    writeFileSync(f, '{"n":1}');
    expect(readHeld(f, parse).n).toBe(1);
    writeFileSync(f, '{"n":2}');
    expect(readHeld(f, parse).n).toBe(2);
    writeFileSync(join(dir, 'b.json'), '{"n":3}');
    renameSync(join(dir, 'b.json'), f);
    expect(readHeld(f, parse).n).toBe(3);
    expect(parses).toBe(3);
  });

  it('takes what was written without parsing it, until the file changes', () => {
    const f = join(dir, 'w.json');
    const value = { n: 7 };
    writeHeld(f, JSON.stringify(value), value);
    expect(readHeld(f, parse)).toBe(value);
    expect(parses).toBe(0);
    writeFileSync(f, '{"n":8}');
    expect(readHeld(f, parse)).toEqual({ n: 8 });
    expect(parses).toBe(1);
  });

  it('holds nothing for a file that fails to parse, and says so each time', () => {
    const f = join(dir, 'bad.json');
    writeFileSync(f, '{not json');
    expect(() => readHeld(f, parse)).toThrow(SyntaxError);
    expect(() => readHeld(f, parse)).toThrow(SyntaxError);
    expect(parses).toBe(2);
  });

  it('holds only the last few files used', () => {
    const names = Array.from({ length: 8 }, (_, i) => join(dir, `${i}.json`));
    for (const [i, f] of names.entries()) writeFileSync(f, JSON.stringify({ n: i }));
    for (const f of names) readHeld(f, parse);
    expect(parses).toBe(8);
    // The last one used is still held; the first was let go for the others.
    readHeld(names[7]!, parse);
    expect(parses).toBe(8);
    readHeld(names[0]!, parse);
    expect(parses).toBe(9);
  });
});
