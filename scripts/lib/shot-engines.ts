/**
 * The three browser engines for screenshots (scripts/screenshots.ts): Chromium through Playwright,
 * Firefox ESR through puppeteer-core over WebDriver BiDi, and WebKitGTK's MiniBrowser through
 * WebKitWebDriver with WebdriverIO, under an Xvfb started and stopped here (MiniBrowser has no
 * headless mode). Each gives pages of an exact viewport with the same three primitives: go to a URL,
 * run a function in the page, and take a screenshot of the viewport.
 */
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import puppeteer from 'puppeteer-core';
import { freePort } from '../bench/lib/server';
import { CHROMIUM, FIREFOX, MINIBROWSER, WEBKIT_DRIVER, needBrowser as need, startXvfb, stopper, webkitSession } from './engine-processes';

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINES)[number];

export interface ShotPage {
  goto(url: string): Promise<void>;
  /** Runs a self-contained function in the page (its argument passed as JSON); awaits a returned promise. */
  run<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface ShotEngine {
  /** A page of this viewport in a fresh profile (an empty bag). */
  newPage(width: number, height: number): Promise<ShotPage>;
  close(): Promise<void>;
}

async function launchChromium(): Promise<ShotEngine> {
  need(CHROMIUM, 'Chromium');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    async newPage(width, height) {
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      return {
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        run: (fn, arg) => page.evaluate(fn as never, arg) as never,
        screenshot: () => page.screenshot(),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

async function launchFirefox(): Promise<ShotEngine> {
  need(FIREFOX, 'Firefox ESR');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // Scrollbars over the page as on a phone (and as Chromium's screenshots have them): Firefox's
    // classic 12 px bar on Linux would narrow the 390 px layout to 378 px.
    extraPrefsFirefox: { 'ui.useOverlayScrollbars': 1 },
  });
  return {
    async newPage(width, height) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height, deviceScaleFactor: 1 });
      return {
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        run: (fn, arg) => page.evaluate(fn as never, arg as never) as never,
        screenshot: async () => Buffer.from(await page.screenshot({ type: 'png' })),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/**
 * WebKit: one WebDriver session (a fresh MiniBrowser) per page. `--full-screen` drops MiniBrowser's
 * toolbar, so the window size set is the viewport (the toolbar also kept windows at least 447 px wide).
 */
async function launchWebKit(): Promise<ShotEngine> {
  need(WEBKIT_DRIVER, 'WebKitWebDriver');
  need(MINIBROWSER, 'MiniBrowser');
  const x = await startXvfb();
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { env: { ...process.env, DISPLAY: x.display }, stdio: 'ignore' });
  const stopAll = async () => {
    await stopper(driver)();
    await x.stop();
  };
  return {
    async newPage(width, height) {
      const b = await webkitSession(port, ['--full-screen']);
      await b.setWindowSize(width, height);
      return {
        goto: async (url) => void (await b.url(url)),
        run: async (fn, arg) => (await b.execute(fn as never, arg as never)) as never,
        screenshot: async () => Buffer.from(await b.takeScreenshot(), 'base64'),
        close: () => b.deleteSession(),
      };
    },
    close: stopAll,
  };
}

export function launchEngine(name: EngineName): Promise<ShotEngine> {
  return name === 'chromium' ? launchChromium() : name === 'firefox' ? launchFirefox() : launchWebKit();
}
