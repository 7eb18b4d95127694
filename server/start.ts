/**
 * `npm start`: one Node process on PORT (default 4321). Builds the site first when dist/ is missing or
 * older than the snapshot's manifest (skip with --no-build), then serves dist/ and the API.
 * SIGTERM/SIGINT: /readyz answers 503 and requests are still served for SHUTDOWN_DRAIN_MS (default
 * 5000: the load balancer's probes see it and send elsewhere), then stop accepting, finish in-flight
 * requests, close the database, exit 0.
 *
 * However it is started, the signal reaches the server:
 * - `npm start` runs `exec node --import tsx server/start.ts`: `exec` makes node npm's direct child
 *   (no `sh` in between to die of the forwarded signal and orphan the server), and tsx is a loader in
 *   this process, not a launcher.
 * - `tsx server/start.ts` (the tsx launcher) SIGKILLs its child when the child's report of a signal
 *   takes over 30 ms (tsx 4, relaySignals): under load the drain was cut short. Under that launcher
 *   this file starts the server in a process of its own (own process group) and relays the signals.
 * - Started by npm or by that relay, the server also shuts down gracefully when its parent goes
 *   away (killed without passing the signal on), instead of running on, orphaned, on its port.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { snapshotDir } from '../src/lib/snapshot/read';
import { astroBuild, needsBuild, readLivePointer } from './rebuild';
import { PROJECT_ROOT, startServer } from './server';

const RELAYED = 'PJ_SHOP_RELAYED';
/** Default of SHUTDOWN_DRAIN_MS: a load balancer probing /readyz every 2 s takes it out after two failures. */
const DRAIN_MS = 5000;

/** True in the child of the tsx launcher (it preloads tsx's preflight.cjs), unless already relayed. */
const underTsxLauncher = () => !process.env[RELAYED] && process.execArgv.some((a) => /tsx[\\/]dist[\\/]preflight\.cjs$/.test(a));

/** Runs this file again in a plain `node --import tsx` process of its own group, relaying SIGINT/SIGTERM to it. */
function relay(): void {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, [RELAYED]: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1)));
}

/** Calls `stop` when the parent process goes away (this process is re-parented), checked every 250 ms. */
function stopWhenOrphaned(stop: (why: string) => void): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('parent process exited');
  }, 250).unref();
}

async function main(): Promise<void> {
  if (underTsxLauncher()) return relay();
  const noBuild = process.argv.includes('--no-build');
  const dataDir = process.env.DATABASE_PATH ? dirname(resolve(process.env.DATABASE_PATH)) : join(PROJECT_ROOT, 'data');
  const live = readLivePointer(join(dataDir, 'live-site.json'));
  const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(PROJECT_ROOT, 'dist');
  if (!noBuild && (!live || process.env.DIST_DIR) && needsBuild(dist, snapshotDir())) {
    console.log(`building the site into ${dist} (dist/ is missing or older than the snapshot) ...`);
    const t = Date.now();
    await astroBuild({ projectRoot: PROJECT_ROOT, snapshotDir: snapshotDir(), outDir: dist, echo: true });
    console.log(`site built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  const running = await startServer();
  console.log(`shop server listening on http://localhost:${running.port} (site: ${running.site.dir ?? 'none'})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drainMs = Number(process.env.SHUTDOWN_DRAIN_MS ?? DRAIN_MS);
    console.log(`${signal}: not ready; serving for ${drainMs} ms more, then finishing in-flight requests and closing the database`);
    running
      .close(10_000, Number.isFinite(drainMs) && drainMs > 0 ? drainMs : 0)
      .then(() => process.exit(0))
      .catch((e) => {
        console.error(`shutdown failed: ${(e as Error).message}`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  if (process.env[RELAYED] || process.env.npm_lifecycle_event) stopWhenOrphaned(stop);
}

main().catch((e) => {
  console.error(`shop server failed to start: ${(e as Error).message}`);
  process.exit(1);
});
