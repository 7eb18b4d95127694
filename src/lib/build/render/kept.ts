/**
 * What a full build keeps for the persistent renderer (./keep.ts writes it, ./renderer.ts and
 * ./overlay-build.ts read it): where, and in which shape. Build time only.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { readHeld } from '../held-json';

/** The kept folder of a build's output folder: `<outDir>.render/`, beside it. */
export const keepDirOf = (outDir: string): string => `${outDir.replace(/\/+$/, '')}.render`;
/** Astro's prerender bundle, copied. */
export const BUNDLE_DIR = 'bundle';
/** The render context (`RenderContext`). */
export const CONTEXT_FILE = 'context.json';
/**
 * Every path the generation wrote, with its cache key (`KeptPath[]`): read and written by the
 * renderer alone (186,000 paths at 100,000 products), beside the small context the server reads.
 */
export const PATHS_FILE = 'paths.json';
/** Where the renderer leaves the next generation's paths in its staging folder. */
export const STAGED_PATHS_FILE = '.paths.json';
/** The cache keys of the generation with what each read, to take again for the next change (`KeysFile`, ../key-reuse.ts). */
export const KEYS_FILE = 'keys.json';
/** Where the renderer leaves them in its staging folder (never a site file: the site has no dot files). */
export const STAGED_KEYS_FILE = '.keys.json';
/**
 * The inputs digest of each route that declares one (`RouteInputs`, ../key-store.ts ListedFrom), by
 * route (`routeKey`): a change that leaves a route's inputs as they were takes its paths from
 * PATHS_FILE instead of listing them (./paths.ts).
 */
export const ROUTES_FILE = 'routes.json';
/** Where the renderer leaves them in its staging folder. */
export const STAGED_ROUTES_FILE = '.routes.json';
/** The CDN step's inline script hashes of the build's pages (`CdnHashes`). */
export const CDN_HASHES_FILE = 'cdn-hashes.json';
/** How Astro names the prerender bundle's entry (astro/dist/core/build/static-build.js). */
export const PRERENDER_ENTRY = 'prerender-entry';

/** A path the generation wrote, with its cache key (none: rendered by every change). */
const keptPathSchema = z.object({ pathname: z.string(), route: z.string(), component: z.string(), cacheKey: z.string().optional() });
export type KeptPath = z.infer<typeof keptPathSchema>;

const contextSchema = z.object({
  version: z.literal(1),
  /** The output folder the build wrote (the base of the overlays made from it). */
  outDir: z.string(),
  /** The site's origin, as the build's page requests had it (Astro.url). */
  origin: z.string(),
  /** Where the bundle is (an overlay's context names its base's). */
  bundle: z.string(),
  /** The bundle's entry module, in BUNDLE_DIR. */
  entry: z.string(),
  /** Each page's head stylesheets as the build gave them (Astro's page data `styles`, by page key). */
  styles: z.record(z.string(), z.array(z.unknown())),
  /** Astro's entry specifiers -> built file names (the page scripts'). */
  bundleMap: z.record(z.string(), z.string()),
  /** The integrations' scripts injected into every page. */
  scripts: z.array(z.object({ stage: z.string(), content: z.string() })),
  /** The code the bundle was built from (`codeStamp`): another stamp is a code change, a full build. */
  code: z.string(),
  /** The snapshot folder the generation was made of (the renderer of the next change reads it ahead). */
  snapshot: z.string().optional(),
});
export type RenderContext = z.infer<typeof contextSchema>;

const keyEntrySchema = z.object({
  keys: z.array(z.string()).min(1),
  base: z.string(),
  day: z.number().nullable(),
  deps: z.object({
    ids: z.array(z.number()).optional(),
    skus: z.array(z.string()).optional(),
    subtree: z.number().nullable().optional(),
    all: z.boolean().optional(),
    read: z.string().optional(),
  }),
});
/** The kept keys of a generation (KEYS_FILE; ../key-store.ts). */
export const keysFileSchema = z.object({
  version: z.literal(1),
  /** Each snapshot file the keys were computed from -> the sha1 of its bytes (./changes.ts). */
  files: z.record(z.string(), z.string()),
  entries: z.record(z.string(), keyEntrySchema),
  /** The digest of each product record of the default catalogue, by id (../cache-keys.ts recordKey); absent: every record is digested again. */
  records: z.record(z.string(), z.string()).optional(),
  /** The digest of each product's route fields (../cache-keys.ts routeDigest), by id; absent: the products' routes are digested again. */
  routes: z.record(z.string(), z.string()).optional(),
  /** The day each store view's prices were judged on (../key-store.ts GenerationDays); absent: a change cannot tell whether the day moved a price without asking each key. */
  days: z.record(z.string(), z.number().nullable()).optional(),
});
export type KeysFile = z.infer<typeof keysFileSchema>;

const routeInputsSchema = z.object({ version: z.literal(1), inputs: z.record(z.string(), z.string()) });
export type RouteInputs = z.infer<typeof routeInputsSchema>;
/** A route's name in ROUTES_FILE, as Astro's route cache names it: its pattern and its component. */
export const routeKey = (route: string, component: string): string => `${route}_${component}`;

const cdnHashesSchema = z.object({ pageHashes: z.array(z.string()), ampHashes: z.array(z.string()) });
export type CdnHashes = z.infer<typeof cdnHashesSchema>;

/** A kept file read and checked; a clear error naming the file and what is wrong. */
function readKept<T>(file: string, schema: z.ZodType<T>): T {
  if (!existsSync(file)) throw new Error(`${file}: missing (the build kept no renderer)`);
  // Held from the change before by the process that wrote it (../held-json.ts): the context lists every path.
  return readHeld(file, (text) => {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw new Error(`${file}: not JSON (${(e as Error).message})`);
    }
    const r = schema.safeParse(raw);
    if (!r.success) throw new Error(`${file}: ${r.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
    return r.data;
  });
}

export const readRenderContext = (keepDir: string): RenderContext => readKept(join(keepDir, CONTEXT_FILE), contextSchema);
export const readCdnHashes = (keepDir: string): CdnHashes => readKept(join(keepDir, CDN_HASHES_FILE), cdnHashesSchema);
export const readKeptPaths = (keepDir: string): KeptPath[] => readKept(join(keepDir, PATHS_FILE), z.array(keptPathSchema));
/** The kept keys of a generation; null when it kept none (every key is computed then). */
export const readKeys = (keepDir: string): KeysFile | null =>
  existsSync(join(keepDir, KEYS_FILE)) ? readKept(join(keepDir, KEYS_FILE), keysFileSchema) : null;

/** The routes' inputs of a generation; null when it kept none (every route is listed then). */
export const readRouteInputs = (keepDir: string): RouteInputs | null =>
  existsSync(join(keepDir, ROUTES_FILE)) ? readKept(join(keepDir, ROUTES_FILE), routeInputsSchema) : null;

/** What the site's code is made of: the pages, components and libraries, the config, the lock file. */
const CODE = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/**
 * A stamp of the project's code (each file's path, size and time): the same as at the full build when
 * the code is unchanged. A checkout that touches files without changing them only costs a full build.
 */
export function codeStamp(root: string): string {
  const h = createHash('sha256');
  const walk = (rel: string) => {
    const st = statSync(join(root, rel), { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const n of readdirSync(join(root, rel)).sort()) walk(`${rel}/${n}`);
    else h.update(`${rel}\0${st.size}\0${Math.floor(st.mtimeMs)}\n`);
  };
  for (const c of CODE) walk(c);
  return h.digest('base64url');
}
