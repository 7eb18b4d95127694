/**
 * Keeps, after a full build, what the persistent renderer (./renderer.ts) needs to render any page
 * again exactly as this build did, outside a build: Astro's prerender bundle of the pages (the same
 * compiled components, middleware and client asset names; Astro deletes it at the end of the build),
 * what the build's environment gave each page of its own (the head's stylesheets, the page scripts),
 * and every path the build wrote with its cache key. Kept beside the output folder, in
 * `<outDir>.render/` (never served, never deployed).
 *
 * Astro has no setting for this: the integration wraps Astro's default prerenderer (the hook
 * `astro:build:start`'s `setPrerenderer`), which it leaves to do all the work. Build time only.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { snapshotDir } from '../../snapshot/read';
import {
  BUNDLE_DIR,
  codeStamp,
  CONTEXT_FILE,
  keepDirOf,
  KEYS_FILE,
  PATHS_FILE,
  PRERENDER_ENTRY,
  ROUTES_FILE,
  type KeptPath,
  type KeysFile,
  type RenderContext,
  type RouteInputs,
} from './kept';
import { fixedPathKey, routeInputsOf, type ListingApp } from './paths';
import { snapshotDigests } from './changes';
import { idDigests, recordedDays, recordedEntries } from '../key-store';

/** Astro's default prerenderer (astro/dist/core/build/default-prerenderer.js, astro 7.3) has the app it loaded. */
type Prerenderer = AstroPrerenderer & { app?: BuildAppLike & ListingApp };

/** The parts of Astro's BuildApp (astro/dist/core/build/app.js) read here. */
export interface BuildAppLike {
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  getSettings(): { scripts: { stage: string; content: string }[] };
}

interface InternalsLike {
  pagesByKeys: Map<string, { styles: unknown[] }>;
  entrySpecifierToBundleMap: Map<string, string>;
}

/**
 * Node's own `import()`: this module is loaded by Vite's module runner with the config, whose
 * `import()` would load the bundle a second time (and is closed by then); Astro imports it natively.
 */
const nativeImport = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;

/** Astro's prerender output folder for a static build (astro/dist/prerender/utils.js): `<outDir>/.prerender/`, or `./.astro/.prerender/` for an outDir outside the working folder. */
function prerenderDir(outDir: string): string {
  const within = outDir.startsWith(process.cwd()) ? outDir : join(process.cwd(), '.astro');
  return join(within, '.prerender');
}

export function keepRenderer(): AstroIntegration {
  let outDir = '';
  let origin = '';
  return {
    name: 'pj-keep-renderer',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir).replace(/\/$/, '');
        origin = config.site ? new URL(config.site).origin : `http://localhost:${config.server.port}`;
      },
      'astro:build:start': ({ setPrerenderer, logger }) => {
        const keep = keepDirOf(outDir);
        rmSync(keep, { recursive: true, force: true });
        setPrerenderer((given: AstroPrerenderer): AstroPrerenderer => {
          const def = given as Prerenderer;
          let internals: InternalsLike | null = null;
          let paths: KeptPath[] = [];
          let entry = '';
          return {
            name: 'pj-keep-renderer',
            async setup() {
              const src = prerenderDir(outDir);
              entry = readdirSync(src).find((n) => n.startsWith(PRERENDER_ENTRY) && n.endsWith('.mjs')) ?? '';
              if (entry) {
                // The same module the default prerenderer imports next: its app hands over the build's internals.
                const mod = (await nativeImport(pathToFileURL(join(src, entry)).href)) as { app: BuildAppLike };
                const set = mod.app.setInternals.bind(mod.app);
                mod.app.setInternals = (i: unknown) => {
                  internals = i as InternalsLike;
                  set(i);
                };
                cpSync(src, join(keep, BUNDLE_DIR), { recursive: true });
                // The bundle imports the project's packages by name: found from any folder the kept
                // renderer is in (an output folder outside the project, as a server's may be).
                symlinkSync(join(process.cwd(), 'node_modules'), join(keep, 'node_modules'), 'dir');
              }
              await def.setup?.();
            },
            async getStaticPaths() {
              const all = await def.getStaticPaths();
              paths = [];
              for (const p of all) {
                // A fixed path's key, from its page module (./paths.ts): kept for the renderer, not given to Astro's build.
                const cacheKey = p.cacheKey ?? (p.route.pathname && def.app ? fixedPathKey(await def.app.getComponentByRoute(p.route)) : undefined);
                paths.push({
                  pathname: p.pathname,
                  route: p.route.route,
                  component: p.route.component,
                  ...(cacheKey !== undefined && { cacheKey: String(cacheKey) }),
                });
              }
              return all;
            },
            render: (request, opts) => def.render(request, opts),
            async teardown() {
              await def.teardown?.();
              if (!internals || !entry || !def.app) {
                logger.warn('the renderer is not kept (Astro did not hand over its prerender bundle): every change is a full build');
                rmSync(keep, { recursive: true, force: true });
                return;
              }
              const context: RenderContext = {
                version: 1,
                outDir,
                origin,
                bundle: join(keep, BUNDLE_DIR),
                entry,
                code: codeStamp(process.cwd()),
                snapshot: snapshotDir(),
                styles: Object.fromEntries([...internals.pagesByKeys].map(([k, v]) => [k, v.styles])),
                bundleMap: Object.fromEntries(internals.entrySpecifierToBundleMap),
                scripts: def.app.getSettings().scripts.filter((s) => s.stage === 'page' || s.stage === 'head-inline'),
              };
              mkdirSync(keep, { recursive: true });
              writeFileSync(join(keep, CONTEXT_FILE), JSON.stringify(context));
              writeFileSync(join(keep, PATHS_FILE), JSON.stringify(paths));
              // The pages' cache keys with what each read (../key-reuse.ts): the first change takes those it does not touch.
              // The inputs of the routes that declare them (./paths.ts), worked out as the listing had them;
              // before the keys are written, as what an input reads may record an entry (the products' routes).
              const routes: RouteInputs = { version: 1, inputs: await routeInputsOf(def.app) };
              const keys: KeysFile = { version: 1, files: snapshotDigests(snapshotDir()), entries: recordedEntries(), ...idDigests(), days: recordedDays() };
              writeFileSync(join(keep, KEYS_FILE), JSON.stringify(keys));
              writeFileSync(join(keep, ROUTES_FILE), JSON.stringify(routes));
            },
          };
        });
      },
      'astro:build:done': ({ logger }) => {
        if (existsSync(join(keepDirOf(outDir), CONTEXT_FILE))) logger.info(`renderer kept in ${keepDirOf(outDir)}`);
      },
    },
  };
}
