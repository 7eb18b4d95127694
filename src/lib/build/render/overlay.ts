/**
 * Generations as overlays. A full build writes a whole site folder; a change the persistent renderer
 * made (./overlay-build.ts) writes a folder with only the files it changed and a manifest
 * (`.overlay.json`) naming its parent, its base (the full build under it) and every file the chain
 * of overlays since that base holds, with the folder holding it: the lookup of a file is one map
 * read, however long the chain, and no overlay copies or links the whole tree. The server
 * (server/static.ts) and the CDN's deploy plan read a site folder through `openTree`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

/** The manifest of an overlay folder (never served: the server serves only the files it names). */
export const OVERLAY_MANIFEST = '.overlay.json';

const overlaySchema = z.object({
  version: z.literal(1),
  /** The generation this one was made on, and the full build under the chain (folder names beside this one). */
  parent: z.string().min(1),
  base: z.string().min(1),
  /** Each file the chain holds -> the folder (a name beside this one) holding it. */
  files: z.record(z.string(), z.string().min(1)),
  /** Files of the base no longer in the site. */
  removed: z.array(z.string()),
});
export type OverlayManifest = z.infer<typeof overlaySchema>;

/** A site folder as the server and the CDN step read it: a full build's folder, or an overlay on one. */
export interface SiteTree {
  /** The folder given (the generation). */
  readonly dir: string;
  /** The full build's folder under it (the folder itself when it is one). */
  readonly base: string;
  readonly overlay: OverlayManifest | null;
  /** The absolute path of a site file (relative, no leading slash); null when the site has none. */
  file(rel: string): string | null;
}

/** Whether `p` is a file; a name no file system could hold (ENAMETOOLONG) or a file taken for a folder (ENOTDIR) is not one. */
const isFile = (p: string): boolean => {
  try {
    return statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
};

/** Reads an overlay folder's manifest (null: a full build's folder); a clear error when it does not read as one. */
export function readOverlay(dir: string): OverlayManifest | null {
  const file = join(dir, OVERLAY_MANIFEST);
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`);
  }
  const r = overlaySchema.safeParse(raw);
  if (!r.success) throw new Error(`${file}: ${r.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
  return r.data;
}

/** A name in a manifest -> its folder (beside the overlay). */
export const besideOf = (dir: string, name: string): string => resolve(dirname(resolve(dir)), name);

export function openTree(dir: string): SiteTree {
  const root = resolve(dir);
  const overlay = readOverlay(root);
  if (!overlay) return { dir: root, base: root, overlay: null, file: (rel) => (isFile(join(root, rel)) ? join(root, rel) : null) };
  const base = besideOf(root, overlay.base);
  const removed = new Set(overlay.removed);
  return {
    dir: root,
    base,
    overlay,
    file(rel) {
      const holder = overlay.files[rel];
      if (holder !== undefined) return join(besideOf(root, holder), rel);
      if (removed.has(rel)) return null;
      const p = join(base, rel);
      return isFile(p) ? p : null;
    },
  };
}

/** The folders a generation needs besides itself (its chain's holders and its base), to keep while it may be served. */
export function foldersOf(tree: SiteTree): string[] {
  if (!tree.overlay) return [tree.dir];
  return [...new Set([tree.dir, tree.base, ...Object.values(tree.overlay.files).map((n) => besideOf(tree.dir, n))])];
}
