/**
 * A file's identity: its device, inode, size and modification time. Two reads with the same identity
 * read the same bytes unless the file was written in place with its time set back (the assumption of
 * make and rsync). A hard link has its target's identity: an incremental pull links the product
 * shards it did not change (src/lib/snapshot/write.ts), a restored page links the build before's.
 * Null when there is no such file.
 */
import { statSync, type BigIntStats } from 'node:fs';

export function fileIdentity(path: string): string | null {
  const s = statSync(path, { bigint: true, throwIfNoEntry: false });
  return s ? identityOf(s) : null;
}

/** The identity of a file as a `statSync(path, { bigint: true })` found it (a caller that reads its size too stats once). */
export const identityOf = (s: BigIntStats): string => `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`;
