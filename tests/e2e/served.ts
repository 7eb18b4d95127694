/**
 * A server an e2e spec starts itself (wrangler serving dist/, nginx in front of the shop's server):
 * on a port that must be free (something already answering there would be tested instead), awaited
 * until it answers, stopped and awaited at the end.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { expect } from './fixture';

export interface Served {
  api: APIRequestContext;
  stop(): Promise<void>;
}

/** Starts `start()` for `port` and waits up to `waitMs` for it to answer `/`; its log is told when it does not. */
export async function serve(
  name: string,
  port: number,
  start: () => { proc: ChildProcess; log: () => string },
  waitMs: number,
  stopSignal: NodeJS.Signals = 'SIGTERM',
): Promise<Served> {
  const busy = await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' }).then(
    () => true,
    () => false,
  );
  expect(busy, `port ${port} is free for ${name}`).toBe(false);
  const { proc, log } = start();
  const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const stop = async () => {
    await api.dispose();
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill(stopSignal);
    await exited;
  };
  const deadline = Date.now() + waitMs;
  for (;;) {
    const up = await api.get('/', { maxRedirects: 0, timeout: 2_000 }).then(
      (r) => r.status() < 500,
      () => false,
    );
    if (up) return { api, stop };
    if (proc.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not start:\n${log().slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
