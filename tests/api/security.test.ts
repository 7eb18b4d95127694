/**
 * Transport and storage security. Security headers on every answer (a CSP made at build
 * time from the pages' own inline scripts, frame-ancestors, Referrer-Policy, nosniff on the 404 page too), a 413
 * that closes its connection cleanly, the database file readable by its owner only, and scrypt at
 * OWASP's minimum with old hashes upgraded at login.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db';
import { hashPassword } from '../../server/auth';
import { useTestShop } from './fixture';
import { writeCdnFiles } from '../../src/lib/build/cdn/build-files';

const INLINE = "document.documentElement.dataset.js='1';";
const PAGE = `<!doctype html><html><head><script>${INLINE}</script><script type="application/ld+json">{"@type":"Product"}</script><script type="module" src="/_astro/a.js"></script></head><body>ok</body></html>`;
const AMP_PAGE = '<!doctype html><html amp><head><script async src="https://cdn.ampproject.org/v0.js"></script></head><body>amp</body></html>';

function site(): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-site-'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, '404.html'), '<!doctype html><html><body>Not found</body></html>');
  writeFileSync(join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});");
  mkdirSync(join(dir, 'amp'));
  writeFileSync(join(dir, 'amp', 'index.html'), AMP_PAGE);
  return dir;
}

/** The site as a build leaves it: with the CDN files made from its pages (_headers: the CSP), which the server obeys. */
const built = site();
await writeCdnFiles(built);

const directives = (csp: string | null) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v]),
  );

describe('headers', () => {
  const shop = useTestShop({ distDir: built });

  it('a page carries a CSP that allows its own inline script by hash, no unsafe-inline script, and no framing', async () => {
    const res = await fetch(shop().url + '/');
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(csp.get('script-src')).toContain(hash);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain('https://cdn.ampproject.org');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it("a page's 304 carries the page's CSP, not the default-src 'none' of other answers (a 304 replaces the stored headers)", async () => {
    const first = await fetch(shop().url + '/');
    const again = await fetch(shop().url + '/', { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
  });

  it('an AMP page may load the AMP runtime', async () => {
    const res = await fetch(shop().url + '/amp/');
    expect(directives(res.headers.get('content-security-policy')).get('script-src')).toContain('https://cdn.ampproject.org');
  });

  it('the 404 page has nosniff, a CSP and Referrer-Policy', async () => {
    const res = await fetch(shop().url + '/no-such-page');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it("the service worker's script lets the worker fetch from the shop (its fetches obey this policy), and nothing else", async () => {
    const res = await fetch(shop().url + '/sw.js');
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toContain("'self'");
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('API answers cannot be framed or run anything', async () => {
    const res = await fetch(shop().url + '/api/cart/create', { method: 'POST' });
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // A token or an order over plain HTTP is readable on the way: once seen over HTTPS, a browser keeps to it.
    expect(Number(res.headers.get('strict-transport-security')?.match(/max-age=(\d+)/)?.[1] ?? 0)).toBeGreaterThanOrEqual(15_768_000);
  });
});

describe('request bodies over the limit (413)', () => {
  const shop = useTestShop({ options: { bodyLimitBytes: 1024 } });

  it('a 413 closes its connection, so the next request of a keep-alive client works', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const port = shop().port;
    const send = (path: string, body?: string) =>
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            agent,
            headers: { 'Content-Type': 'application/json', ...(body ? { 'Content-Length': Buffer.byteLength(body) } : {}) },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const big = await send('/api/cart/create', JSON.stringify({ pad: 'x'.repeat(200_000) }));
    expect(big.status).toBe(413);
    expect(big.connection).toBe('close');
    await new Promise((r) => setTimeout(r, 700));
    const next = await send('/api/cart/create');
    expect(next.status).toBe(200);
    agent.destroy();
  });
});

describe('storage', () => {
  it('shop.db and its WAL file are created readable by the owner only (0600)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-dbmode-'));
    try {
      const path = join(dir, 'shop.db');
      const db = await openDatabase(path);
      await db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('k', 'v');
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('password hashing', () => {
  // The server's default cost (the fixture lowers it for speed): OWASP's N=2^17, r=8, p=1.
  const shop = useTestShop({ options: { scrypt: undefined } }, 120_000);
  const hashOf = async (email: string) =>
    ((await shop().db.prepare('SELECT password_hash FROM customers WHERE email = ?').get(email)) as { password_hash: string }).password_hash;

  it('new passwords are hashed with scrypt N=2^17, r=8, p=1', async () => {
    const r = await shop().call('POST', '/api/user/create', {
      body: { customer: { email: 'owasp@example.org', firstname: 'Ow', lastname: 'Asp' }, password: 'password123' },
    });
    expect(r.status).toBe(200);
    expect(await hashOf('owasp@example.org')).toMatch(/^scrypt\$131072\$8\$1\$/);
  }, 60_000);

  it('an existing N=2^14 hash still logs in and is re-hashed at N=2^17', async () => {
    const old = await hashPassword('old password 1', { N: 2 ** 14, r: 8, p: 1 });
    const now = new Date().toISOString();
    await shop()
      .db.prepare('INSERT INTO customers (email, password_hash, firstname, lastname, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run('legacy@example.org', old, 'Leg', 'Acy', now, now);
    const login = await shop().call('POST', '/api/user/login', { body: { username: 'legacy@example.org', password: 'old password 1' } });
    expect(login.status).toBe(200);
    expect(await hashOf('legacy@example.org')).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await shop().call('POST', '/api/user/login', { body: { username: 'legacy@example.org', password: 'old password 1' } })).status).toBe(200);
    expect((await shop().call('POST', '/api/user/login', { body: { username: 'legacy@example.org', password: 'wrong password' } })).status).toBe(401);
  }, 60_000);
});
