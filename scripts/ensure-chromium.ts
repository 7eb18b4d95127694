/**
 * First step of `npm test`: the end-to-end tests drive Debian's Chromium (`playwright install` cannot
 * download browsers here). When it is missing, install it as `.ci/run` does (root with apt-get), or stop
 * at once with the exact command to run, instead of failing deep inside Playwright.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

export interface ChromiumEnv {
  /** The browser the e2e tests start (CHROMIUM_PATH, else /usr/bin/chromium). */
  path: string;
  exists(path: string): boolean;
  /** True when this process may install Debian packages (root with apt-get). */
  canInstall: boolean;
  /** Runs a command, inheriting the output; returns its exit code. */
  run(cmd: string, args: string[], env?: Record<string, string>): number;
  log(line: string): void;
}

/** Makes sure the browser is there: true when the tests can run. */
export function ensureChromium(env: ChromiumEnv): boolean {
  if (env.exists(env.path)) return true;
  if (env.path === DEFAULT_CHROMIUM && env.canInstall) {
    env.log(`Chromium is not installed (${env.path}): installing Debian's chromium package for the end-to-end tests.`);
    const apt = { DEBIAN_FRONTEND: 'noninteractive' };
    if (env.run('apt-get', ['update'], apt) === 0 && env.run('apt-get', ['install', '-y', 'chromium'], apt) === 0 && env.exists(env.path)) return true;
    env.log('Installing chromium failed (see above).');
  }
  env.log(
    env.path === DEFAULT_CHROMIUM
      ? `The end-to-end tests need Chromium at ${env.path}. Install it, then run npm test again:\n  ${INSTALL_COMMAND}`
      : `The end-to-end tests need Chromium at ${env.path} (CHROMIUM_PATH), which does not exist. Point CHROMIUM_PATH at a Chromium binary, or unset it and run:\n  ${INSTALL_COMMAND}`,
  );
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  const ok = ensureChromium({
    path: process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM,
    exists: existsSync,
    canInstall: process.getuid?.() === 0 && hasApt,
    run: (cmd, args, extra) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...extra } }).status ?? 1,
    log: (line) => console.error(line),
  });
  process.exit(ok ? 0 : 1);
}
