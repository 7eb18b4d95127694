/**
 * The processes behind the Firefox and WebKit drivers, shared by the screenshots (scripts/lib/shot-engines.ts)
 * and the engine journeys (tests/engines/driver.ts): where Debian puts each browser, an Xvfb on a display
 * it picks itself, and a stop that cannot leave a child running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { remote } from 'webdriverio';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB = '/usr/bin/Xvfb';

/** Throws a clear error naming the Debian packages when a browser's file is missing. */
export function needBrowser(path: string, what: string): void {
  if (!existsSync(path))
    throw new Error(`${what} is missing (${path}): install Debian's chromium, firefox-esr, webkit2gtk-driver and xvfb (.ci/run does when they are missing)`);
}

/** Stops a child process: SIGTERM, then SIGKILL after 3 s. */
export function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
      child.once('exit', () => (clearTimeout(kill), resolve()));
      child.kill('SIGTERM');
    });
}

/** Xvfb on the first free display (it picks it itself: -displayfd); resolves with the display and its stop. */
export async function startXvfb(screen = '1600x1200x24'): Promise<{ display: string; stop: () => Promise<void> }> {
  needBrowser(XVFB, 'Xvfb');
  const child = spawn(XVFB, ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', screen], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  const display = await new Promise<string>((resolve, reject) => {
    child.stdio[3]!.once('data', (d) => resolve(`:${String(d).trim()}`));
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${err.slice(-500)}`)));
  });
  return { display, stop: stopper(child) };
}

/** A WebDriver session of WebKitWebDriver on `port`: a fresh MiniBrowser started with `--automation` and `args`. */
export function webkitSession(port: number, args: string[] = []): Promise<WebdriverIO.Browser> {
  return remote({
    hostname: '127.0.0.1',
    port,
    logLevel: 'error',
    connectionRetryCount: 10,
    // A try to open the session waits at most this long (the journeys bound each later call themselves).
    connectionRetryTimeout: 60_000,
    capabilities: {
      // Classic WebDriver: WebKitWebDriver has no BiDi session (WebdriverIO asks for one by default).
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', ...args] },
    } as WebdriverIO.Capabilities,
  });
}
