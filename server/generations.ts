/**
 * The builds kept ("generations"): each successful rebuild makes one, named by its REBUILD_STAMP
 * (`20261123220108026-1`), with a site folder and the snapshot it was built from. One is live; at most
 * one is a pending preview (built, not switched to); the others are kept for a rollback, the newest
 * `keep` of them (PUBLISH_KEEP, default 5). The index of generations (`generations.json`, beside the
 * live pointer) records when each was made, by which trigger and who; folders are the truth: an entry
 * whose folders went is dropped when read.
 *
 * The interface a rebuild and the publishing page use, kept small on purpose: how a generation is made
 * and stored (a whole folder today) may change behind it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { MiddlewareHandler } from 'hono';
import { Site } from './static';
import { FILES_MANIFEST, filesManifestSchema } from '../src/lib/build/cdn/deploy-plan';
import { foldersOf, openTree } from '../src/lib/build/render/overlay';
import { keepDirOf } from '../src/lib/build/render/kept';

/** Who or what asked for a generation: an editor (their e-mail), the backend's hook, the server's start or a day's start (server/day-start.ts). */
export const TriggerSchema = z.object({ kind: z.enum(['editor', 'hook', 'start', 'day']), by: z.string().max(200) });
export type Trigger = z.infer<typeof TriggerSchema>;

const EntrySchema = z.object({
  id: z.string().regex(/^\d{17}-\d+$/),
  dist: z.string().min(1),
  snapshot: z.string().min(1),
  createdAt: z.string(),
  trigger: TriggerSchema,
  /** A preview waits for "Go live" or "Discard"; a kept one was live or may become live by a rollback. */
  state: z.enum(['preview', 'kept']),
  /** The pages (URL paths) that differed from the site served when it was built (the first 1,000). */
  changed: z.array(z.string()).max(1000).optional(),
});
const IndexSchema = z.object({ version: z.literal(1), live: z.string().nullable(), generations: z.array(EntrySchema) });

export type GenerationEntry = z.infer<typeof EntrySchema>;
export interface Generation extends GenerationEntry {
  live: boolean;
}

/** PUBLISH_KEEP: how many generations are kept for a rollback (besides a pending preview); at least 2. */
export function parseKeep(v: string | undefined): number {
  if (!v) return 5;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 2 || n > 100) throw new Error(`PUBLISH_KEEP: expected a whole number from 2 to 100, got '${v}'`);
  return n;
}

/** The time of a stamp (`20261123220108026-1`) as ISO 8601. */
export const stampTime = (id: string): string =>
  `${id.slice(0, 4)}-${id.slice(4, 6)}-${id.slice(6, 8)}T${id.slice(8, 10)}:${id.slice(10, 12)}:${id.slice(12, 14)}.${id.slice(14, 17)}Z`;

export class Generations {
  private sites = new Map<string, Site>();

  constructor(
    /** The index file (`generations.json`). */
    private readonly indexFile: string,
    /** Switches the served site and the live pointer to a generation's folders (RebuildSteps.activate). */
    private readonly switchTo: (dist: string, snapshot: string) => void,
    /** How many generations are kept, the live one included (parseKeep). */
    readonly keepCount = 5,
    /** The folder being served (the live generation's, or the site the server started with). */
    readonly servedDir: () => string | null = () => null,
  ) {}

  private read(): z.infer<typeof IndexSchema> {
    try {
      const r = IndexSchema.safeParse(JSON.parse(readFileSync(this.indexFile, 'utf8')));
      if (r.success) return { ...r.data, generations: r.data.generations.filter((g) => existsSync(g.dist) && existsSync(g.snapshot)) };
    } catch {
      // No index yet (first run) or an unreadable one: start a new one; the folders stay until pruned by name.
    }
    return { version: 1, live: null, generations: [] };
  }

  private write(index: z.infer<typeof IndexSchema>): void {
    mkdirSync(dirname(this.indexFile), { recursive: true });
    const tmp = `${this.indexFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(index, null, 2) + '\n');
    renameSync(tmp, this.indexFile);
  }

  /** The kept generations, newest first, each marked live or not. */
  list(): Generation[] {
    const index = this.read();
    return index.generations.map((g) => ({ ...g, live: g.id === index.live })).sort((a, b) => (a.id < b.id ? 1 : -1));
  }

  get(id: string): Generation | null {
    return this.list().find((g) => g.id === id) ?? null;
  }

  live(): Generation | null {
    return this.list().find((g) => g.live) ?? null;
  }

  /** The pending preview, if any. */
  preview(): Generation | null {
    return this.list().find((g) => g.state === 'preview') ?? null;
  }

  /** Records a finished build (`state` preview: it waits for `activate` or `drop`). A new preview replaces a pending one. */
  add(entry: Omit<GenerationEntry, 'createdAt'>): Generation {
    const index = this.read();
    const old = entry.state === 'preview' ? index.generations.find((g) => g.state === 'preview') : undefined;
    if (old)
      this.remove(
        old,
        index.generations.filter((x) => x !== old),
      );
    const g: GenerationEntry = { ...entry, changed: entry.changed?.slice(0, 1000), createdAt: stampTime(entry.id) };
    index.generations = [...index.generations.filter((x) => x.id !== entry.id && x.id !== old?.id), g];
    this.write(index);
    return { ...g, live: false };
  }

  /** Makes a kept generation (or the pending preview) live, atomically for the server (one folder switch, then the index). */
  activate(id: string): Generation {
    const index = this.read();
    const g = index.generations.find((x) => x.id === id);
    if (!g) throw new Error(`generation ${id}: not kept (it may have been pruned or discarded)`);
    this.switchTo(g.dist, g.snapshot);
    g.state = 'kept';
    index.live = id;
    this.write(index);
    return { ...g, live: true };
  }

  /** Drops a generation that is not live (a discarded preview): its entry and folders. */
  drop(id: string): void {
    const index = this.read();
    const g = index.generations.find((x) => x.id === id);
    if (!g) return;
    if (index.live === id) throw new Error(`generation ${id}: it is live and cannot be dropped`);
    index.generations = index.generations.filter((x) => x.id !== id);
    this.remove(g, index.generations);
    this.write(index);
  }

  /** Removes the oldest kept generations beyond `n`; never the live one or a pending preview. */
  keep(n = this.keepCount): string[] {
    const index = this.read();
    const spare = index.generations.filter((g) => g.id !== index.live && g.state !== 'preview').sort((a, b) => (a.id < b.id ? 1 : -1));
    // The live one counts towards n.
    const gone = spare.slice(Math.max(0, n - (index.live ? 1 : 0)));
    index.generations = index.generations.filter((g) => !gone.includes(g));
    for (const g of gone) this.remove(g, index.generations);
    this.write(index);
    return gone.map((g) => g.id);
  }

  /**
   * Removes a generation's folders, except those a generation still kept reads: an overlay
   * (src/lib/build/render/overlay.ts) reads the folders of the generations under it, which stay until
   * the last overlay on them goes.
   */
  private remove(g: GenerationEntry, kept: GenerationEntry[]): void {
    this.sites.delete(g.id);
    rmSync(g.snapshot, { recursive: true, force: true });
    const needed = new Set(kept.flatMap((k) => generationFolders(k.dist)));
    for (const dir of generationFolders(g.dist)) {
      if (needed.has(dir)) continue;
      rmSync(dir, { recursive: true, force: true });
      rmSync(keepDirOf(dir), { recursive: true, force: true });
    }
  }

  /**
   * The GET handlers serving a generation's files as the live site serves them (its `_headers`, redirect
   * map and 404 page), for a private preview path: mount them where the path inside the site is the
   * request's path (strip the prefix before).
   */
  handlerFor(id: string): MiddlewareHandler[] | null {
    const g = this.get(id);
    if (!g) return null;
    let site = this.sites.get(id);
    if (!site) this.sites.set(id, (site = new Site(g.dist)));
    return site.routes();
  }

  /** The pages (URL paths) of a list of site files (those that differ between two generations), sorted. */
  static pagesOf(files: readonly string[]): string[] {
    return files
      .filter((f) => f.endsWith('.html'))
      .map(pageUrl)
      .sort();
  }

  /** The pages (URL paths) whose file differs between two generations' folders, sorted; `before` null: every page of `after`. */
  static changedPages(beforeDir: string | null, afterDir: string): string[] {
    // Both folders' manifests, or both folders' bytes: digests of the two kinds do not compare.
    const byManifest = !!beforeDir && existsSync(join(beforeDir, FILES_MANIFEST)) && existsSync(join(afterDir, FILES_MANIFEST));
    const a = beforeDir ? pageDigests(beforeDir, byManifest) : new Map<string, string>();
    const b = pageDigests(afterDir, byManifest);
    const out = new Set<string>();
    for (const [f, d] of b) if (a.get(f) !== d) out.add(f);
    for (const f of a.keys()) if (!b.has(f)) out.add(f);
    return [...out].map(pageUrl).sort();
  }
}

/** The folders a generation's site reads (its own; an overlay's, those under it too); its own only when it cannot be read. */
function generationFolders(dist: string): string[] {
  try {
    return foldersOf(openTree(dist));
  } catch {
    return [resolve(dist)];
  }
}

/** The URL a page file answers at (`index.html` -> `/`, `a/index.html` and `a.html` -> `/a`). */
export const pageUrl = (file: string): string => `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/(.)\/$/, '$1');

/** How many pages a site folder has (the build's progress counts against it). */
export const pageCount = (dir: string): number => pageDigests(dir).size;

/** Digest of each HTML file of a site folder: from its files manifest (written by every build), else by reading the files. */
function pageDigests(dir: string, byManifest = true): Map<string, string> {
  const manifest = join(dir, FILES_MANIFEST);
  if (byManifest && existsSync(manifest)) {
    const r = filesManifestSchema.safeParse(JSON.parse(readFileSync(manifest, 'utf8')));
    if (r.success) return new Map(Object.entries(r.data.files).filter(([f]) => f.endsWith('.html')));
  }
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.html')) out.set(relative(dir, p), createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** The generation id of a rebuild's site folder (`dist-<stamp>`), or null for another folder. */
export const generationIdOf = (dist: string): string | null => /^dist-(\d{17}-\d+)$/.exec(basename(dist))?.[1] ?? null;
