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
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/** One file as the CDN step saw it: its digest and, for a page, its links and inline scripts. */
const FileScanSchema = z.object({
  digest: z.string().min(1),
  assets: z.array(z.string()).optional(),
  hashes: z.array(z.string()).optional(),
  amp: z.boolean().optional(),
});
export type FileScan = z.infer<typeof FileScanSchema>;

const StoreSchema = z.object({ version: z.literal(1), files: z.record(z.string(), FileScanSchema) });

/** The store's file name in the build's cache folder. */
export const FILE_SCANS = 'cdn-file-scans.json';

/** A file's identity: the same as in an earlier build only if it is the same file, unchanged since. */
export function fileIdentity(path: string): string {
  const s = statSync(path, { bigint: true });
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`;
}

export class FileScans {
  private readonly next: Record<string, FileScan> = {};
  /**
   * One string per asset name and script hash: every page names the same hundred or so, and 80,000
   * pages' own copies (50,000 products) held to the end of the build would cost tens of MB.
   */
  private readonly names = new Map<string, string>();

  private constructor(
    private readonly file: string | null,
    private readonly previous: Record<string, FileScan>,
    /** Why the stored scans were not used (unreadable or not a store), for the build's log. */
    readonly problem: string | null,
  ) {}

  /** No store: every file is read. */
  static none(): FileScans {
    return new FileScans(null, {}, null);
  }

  /** The store in `file` (none yet: an empty one; unreadable: an empty one and the problem named). */
  static load(file: string): FileScans {
    if (!existsSync(file)) return new FileScans(file, {}, null);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      return new FileScans(file, {}, `${file}: not JSON (${(e as Error).message}); every file is read again`);
    }
    const parsed = StoreSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return new FileScans(file, {}, `${file}: ${issue?.path.join('.') || '(root)'} ${issue?.message}; every file is read again`);
    }
    return new FileScans(file, parsed.data.files, null);
  }

  /** The scan of the file with this identity from the build before, if it was the same file (let go of: each file is asked for once). */
  take(identity: string): FileScan | undefined {
    const scan = this.previous[identity];
    delete this.previous[identity];
    return scan;
  }

  /** Records a file of this build. */
  set(identity: string, scan: FileScan): void {
    const one = (list: string[] | undefined) =>
      list?.map((n) => {
        const known = this.names.get(n);
        if (known !== undefined) return known;
        this.names.set(n, n);
        return n;
      });
    this.next[identity] = { ...scan, ...(scan.assets && { assets: one(scan.assets) }), ...(scan.hashes && { hashes: one(scan.hashes) }) };
  }

  /** Writes this build's files (only them) in place of the store (written beside it, then renamed). */
  save(): void {
    if (!this.file) return;
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: 1, files: this.next }));
    renameSync(tmp, this.file);
  }
}
