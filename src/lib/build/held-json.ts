/**
 * Large JSON files of the live generation kept parsed in the process that wrote or read them. The
 * server makes an editor's change (./render/overlay-build.ts) from the generation before: its files
 * manifest, tag manifest and render context, each listing every file or page (186,000 at 100,000
 * products), which take seconds to read and check again at each change. The process that wrote them
 * at the change before still holds what it wrote, so the next change takes that instead.
 *
 * A file is taken as held only while it is the file that was held: same path and identity
 * (./file-identity.ts: a file written over, even with the same size, is read again). Only the last few files are held.
 * A held value is shared by every reader: nothing may change it. Build time only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileIdentity } from './file-identity';

/** How many files are held at once: a change reads its parent's manifests and context and writes its own. */
const HELD_FILES = 6;

interface Held {
  identity: string;
  value: unknown;
}
/** By absolute path, the most recently used last. */
const held = new Map<string, Held>();

function keep(path: string, entry: Held): void {
  held.delete(path);
  held.set(path, entry);
  while (held.size > HELD_FILES) held.delete(held.keys().next().value!);
}

/** The file's value as `parse` made it from its text, held from the last read or write when the file is still that file. */
export function readHeld<T>(file: string, parse: (text: string) => T): T {
  const path = resolve(file);
  const identity = fileIdentity(path);
  const got = held.get(path);
  if (got && identity !== null && got.identity === identity) {
    keep(path, got);
    return got.value as T;
  }
  const value = parse(readFileSync(path, 'utf8'));
  // The identity from before the read: a file written over while it was read is read again next time.
  if (identity !== null) keep(path, { identity, value });
  return value;
}

/** Writes `text` to `file` and holds `value`, what reading the text back would give. */
export function writeHeld(file: string, text: string, value: unknown): void {
  const path = resolve(file);
  writeFileSync(path, text);
  const identity = fileIdentity(path);
  if (identity !== null) keep(path, { identity, value });
}

/** Whether the file's value is held (it is still the file read or written). */
export function isHeld(file: string): boolean {
  const path = resolve(file);
  const got = held.get(path);
  return !!got && got.identity === fileIdentity(path);
}

/** Lets go of every held file (tests). */
export function releaseHeld(): void {
  held.clear();
}
