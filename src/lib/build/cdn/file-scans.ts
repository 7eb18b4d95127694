/**
 * What the CDN step (./build-files.ts) learnt of each file, kept in the build's cache folder for the
 * next build. A rebuild restores ~16,000 unchanged pages as hard links to the incremental cache's
 * files (../link-restore.ts): the same file (device, inode, size and modification time to the
 * nanosecond) as in the build before, so its digest, the assets it links and its inline scripts'
 * hashes are those found then, and the step reads only the files this build wrote. Without the
 * store it read and hashed every file of the folder (500 MB at 10,000 products) on every build.
 * The store holds the files of the last build only, so it does not grow from build to build.
 * Build time only.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/** One file as the CDN step saw it: its digest and, for a page, its links and inline scripts. */
export interface FileScan {
  digest: string;
  assets?: string[];
  hashes?: string[];
  amp?: boolean;
}

/**
 * A file as stored: its asset names and script hashes are indices into the store's `names` (every
 * page names the same hundred or so, 80,000 pages at 50,000 products).
 */
const StoredScanSchema = z.object({
  digest: z.string().min(1),
  assets: z.array(z.number().int().nonnegative()).optional(),
  hashes: z.array(z.number().int().nonnegative()).optional(),
  amp: z.boolean().optional(),
});
type StoredScan = z.infer<typeof StoredScanSchema>;

const StoreSchema = z
  .object({ version: z.literal(1), names: z.array(z.string()), files: z.record(z.string(), StoredScanSchema) })
  .refine((s) => Object.values(s.files).every((f) => [...(f.assets ?? []), ...(f.hashes ?? [])].every((i) => i < s.names.length)), {
    message: 'a file names an index beyond `names`',
  });

/**
 * The scans made as this build wrote its pages (../link-restore.ts has each page's bytes in hand as
 * Astro writes it), by identity: the CDN step takes them instead of reading 2.5 GB of pages again at
 * 50,000 products. A file changed after it was written has another identity and is read.
 */
const scansAtWrite = new Map<string, FileScan>();

/** Records the scan of a file this build has just written. */
export function noteScanAtWrite(identity: string, scan: FileScan): void {
  scansAtWrite.set(identity, scan);
}

/** Forgets the scans of the build before (a new build starts). */
export function clearScansAtWrite(): void {
  scansAtWrite.clear();
}

/** The store's file name in the build's cache folder. */
export const FILE_SCANS = 'cdn-file-scans.json';

export class FileScans {
  private readonly next: Record<string, StoredScan> = {};
  /** This build's asset names and script hashes, and their indices. */
  private readonly names: string[] = [];
  private readonly index = new Map<string, number>();

  private constructor(
    private readonly file: string | null,
    private readonly previous: { names: string[]; files: Record<string, StoredScan> },
    /** Why the stored scans were not used (unreadable or not a store), for the build's log. */
    readonly problem: string | null,
  ) {}

  /** No store: every file is read. */
  static none(): FileScans {
    return new FileScans(null, { names: [], files: {} }, null);
  }

  /** The store in `file` (none yet: an empty one; unreadable: an empty one and the problem named). */
  static load(file: string): FileScans {
    const empty = { names: [], files: {} };
    if (!existsSync(file)) return new FileScans(file, empty, null);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      return new FileScans(file, empty, `${file}: not JSON (${(e as Error).message}); every file is read again`);
    }
    const parsed = StoreSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return new FileScans(file, empty, `${file}: ${issue?.path.join('.') || '(root)'} ${issue?.message}; every file is read again`);
    }
    return new FileScans(file, parsed.data, null);
  }

  /** The scan of the file with this identity made as this build wrote it, or from the build before if it was the same file (let go of: each file is asked for once). */
  take(identity: string): FileScan | undefined {
    const written = scansAtWrite.get(identity);
    if (written) {
      scansAtWrite.delete(identity);
      return written;
    }
    const stored = this.previous.files[identity];
    if (!stored) return undefined;
    delete this.previous.files[identity];
    const names = (list: number[] | undefined) => list?.map((i) => this.previous.names[i]!);
    return {
      digest: stored.digest,
      ...(stored.assets && { assets: names(stored.assets) }),
      ...(stored.hashes && { hashes: names(stored.hashes) }),
      ...(stored.amp !== undefined && { amp: stored.amp }),
    };
  }

  /** Records a file of this build. */
  set(identity: string, scan: FileScan): void {
    const indices = (list: string[] | undefined) =>
      list?.map((n) => {
        let i = this.index.get(n);
        if (i === undefined) this.index.set(n, (i = this.names.push(n) - 1));
        return i;
      });
    this.next[identity] = {
      digest: scan.digest,
      ...(scan.assets && { assets: indices(scan.assets) }),
      ...(scan.hashes && { hashes: indices(scan.hashes) }),
      ...(scan.amp !== undefined && { amp: scan.amp }),
    };
  }

  /** Writes this build's files (only them) in place of the store (written beside it, then renamed). */
  save(): void {
    if (!this.file) return;
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: 1, names: this.names, files: this.next }));
    renameSync(tmp, this.file);
  }
}
