/**
 * The folders of restored pages, made ahead. A rebuild restores ~16,000 unchanged pages, nearly each
 * in a folder of its own (`p/<sku>/<slug>/index.html`), and Astro restores one page after another:
 * made then, each folder costs the main thread a wait for the kernel. On this project's build machine
 * a `mkdir` costs 15-200 µs and grows as a file system has had many folders made and removed (a
 * measured property of the kernel there, not of the build: docs/benchmarks.md, "Rebuild growth").
 *
 * At the first restore, the folders of every page the build before wrote (Astro's cache manifest,
 * `<cacheDir>/incremental-build.json`, in the order the pages are generated) are made by a few
 * workers on Node's thread pool, ahead of the restores, which then only link. Folders made ahead for
 * pages this build does not write any more (a product taken off the site) are removed again when the
 * pages are done, so the output holds no empty folder. Build time only.
 */
import { readFileSync, rmdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** What is read of Astro's cache manifest: each page's output file. Anything else there is ignored. */
const ManifestSchema = z.object({
  routes: z.record(z.string(), z.object({ paths: z.record(z.string(), z.object({ outputFile: z.string().min(1) })) })),
});

/** A folder's URL as a path, without a trailing separator. */
export const folderPath = (u: URL): string => fileURLToPath(u).replace(/[\\/]$/, '');

/** How many folders are made at once (Node's thread pool has four threads). */
const WORKERS = 4;

/** The output files of the build before, in the manifest's (generation) order; [] when it cannot be read. */
export function previousOutputFiles(manifestFile: string): string[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    return [];
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) return [];
  return Object.values(parsed.data.routes).flatMap((r) => Object.values(r.paths).map((p) => p.outputFile));
}

/** Folders made ahead for one output folder, and which of them a restore has used. */
export class FoldersAhead {
  private readonly work = new Map<string, Promise<boolean>>();
  private readonly used = new Set<string>();
  /** Every folder made ahead (parents included), for the clean-up. */
  private readonly made = new Set<string>();

  /** The output folder, as a path. */
  readonly outDir: string;

  /**
   * Starts making the folders of `outputFiles` (relative URLs, as Astro names them) under `outDir`;
   * a name that would lead out of it is left alone.
   */
  constructor(outDir: URL, outputFiles: readonly string[]) {
    this.outDir = folderPath(outDir);
    const inside = this.outDir + sep;
    const folders = [...new Set(outputFiles.map((f) => dirname(fileURLToPath(new URL(f, outDir)))))].filter((f) => f.startsWith(inside));
    const settle: Array<(ok: boolean) => void> = [];
    for (const f of folders) this.work.set(f, new Promise<boolean>((resolve) => settle.push(resolve)));
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < folders.length) {
        const i = next++;
        const folder = folders[i]!;
        try {
          const first = await mkdir(folder, { recursive: true });
          // The folder and the parents this call made (`first` is the outermost), never the output folder itself.
          if (first) for (let f = folder; f.length >= first.length && f.length > this.outDir.length; f = dirname(f)) this.made.add(f);
          settle[i]!(true);
        } catch {
          settle[i]!(false);
        }
      }
    };
    for (let w = 0; w < Math.min(WORKERS, folders.length); w++) void worker();
  }

  /** Waits for `folder` if it is being made ahead: true once it exists, false when not made ahead (or its making failed). */
  async ready(folder: string): Promise<boolean> {
    const p = this.work.get(folder);
    if (!p) return false;
    for (let f = folder; f.length > this.outDir.length && !this.used.has(f); f = dirname(f)) this.used.add(f);
    return p;
  }

  /**
   * Waits for every folder, then removes those made ahead that stayed empty (a page this build did not
   * write), innermost first. A folder something wrote into stays.
   */
  async removeUnused(): Promise<number> {
    await Promise.all(this.work.values());
    let removed = 0;
    for (const f of [...this.made].sort((a, b) => b.length - a.length)) {
      if (this.used.has(f)) continue;
      try {
        rmdirSync(f);
        removed++;
      } catch {
        // Not empty (a page was written into it), or gone already.
      }
    }
    return removed;
  }
}
