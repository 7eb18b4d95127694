/**
 * The engine journeys' bound on every driver call (tests/engines/bounded.ts): a call the browser
 * driver never answers fails its step within the bound, with a message naming the engine and the
 * step, and WebdriverIO neither waits its own two minutes nor sends the command again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { remote } from 'webdriverio';
import { boundAll, boundDriverRequests, bounded, NoAnswer, noAnswerOr } from '../engines/bounded';

const never = () => new Promise<never>(() => undefined);

describe('a bounded driver call', () => {
  it('fails with NoAnswer naming the step once its bound has passed', async () => {
    const start = Date.now();
    const err = await bounded('webkit tab: goto("http://shop/")', 300, never).catch((e: unknown) => e);
    expect(Date.now() - start).toBeGreaterThanOrEqual(290);
    expect(Date.now() - start).toBeLessThan(2000);
    expect(err).toBeInstanceOf(NoAnswer);
    expect(String(err)).toBe('NoAnswer: webkit tab: goto("http://shop/"): no answer from the browser within 0.3 s');
  });

  it("passes on the call's own answer and its own error", async () => {
    await expect(bounded('step', 1000, async () => 42)).resolves.toBe(42);
    await expect(bounded('step', 1000, async () => Promise.reject(new Error('no such window')))).rejects.toThrow('no such window');
  });

  it('bounds every method of a tab and names the call with its arguments (patterns as written)', async () => {
    const tab = { click: (_t: unknown) => never(), url: async () => 'http://shop/' };
    const bound = boundAll('webkit tab', tab, 200, { url: 1000 });
    await expect(bound.url()).resolves.toBe('http://shop/');
    await expect(bound.click({ css: 'button', text: /^Continue$/ })).rejects.toThrow(
      'webkit tab: click({"css":"button","text":"/^Continue$/"}): no answer from the browser within 0.2 s',
    );
  });

  it('lets a polling step retry a failed call but not an unanswered one', () => {
    expect(noAnswerOr(false)(new Error('javascript error'))).toBe(false);
    expect(() => noAnswerOr(false)(new NoAnswer('webkit tab: evaluate(markScript)'))).toThrow(NoAnswer);
  });
});

describe('WebdriverIO against a driver that never answers a command', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });

  it('gives up after its bound and sends the command once', async () => {
    let executes = 0;
    // A W3C WebDriver endpoint: a session opens; Execute Script is received and never answered.
    server = createServer((req, res) => {
      if (req.method === 'POST' && req.url === '/session') {
        res.setHeader('content-type', 'application/json');
        return void res.end(JSON.stringify({ value: { sessionId: 's1', capabilities: { browserName: 'MiniBrowser' } } }));
      }
      if (req.url?.endsWith('/execute/sync')) return void executes++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ value: null }));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const b = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'silent',
      connectionRetryCount: 10,
      capabilities: { 'wdio:enforceWebDriverClassic': true } as WebdriverIO.Capabilities,
    });
    // The journeys' own bound (CALL_MS) is a minute; the same set-up with 300 ms.
    boundDriverRequests(b, 300);
    const start = Date.now();
    await expect(b.execute(() => 1)).rejects.toThrow(/timed out/i);
    expect(Date.now() - start).toBeLessThan(5300 + 2000);
    expect(executes).toBe(1);
  });
});
