import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { orderPayload, startTestShop, useTestShop } from './fixture';

describe('tokens', () => {
  // The server's token clock: moved forward instead of sleeping, so slow machines do not expire tokens early.
  let now = Date.now();
  const shop = useTestShop({ options: { tokenTtlSeconds: 60 }, clock: () => now });

  it('an expired access token answers 401 and the refresh token renews it', async () => {
    await shop().call('POST', '/api/user/create', {
      body: { customer: { email: 'exp@example.org', firstname: 'Eve', lastname: 'X' }, password: 'password123' },
    });
    const login = await shop().call('POST', '/api/user/login', { body: { username: 'exp@example.org', password: 'password123' } });
    const token = login.body.result as string;
    const refreshToken = login.body.meta.refreshToken as string;
    const cart = (await shop().call('POST', '/api/cart/create', { query: { token } })).body.result;
    expect((await shop().call('GET', '/api/user/me', { query: { token } })).status).toBe(200);
    now += 61_000;
    const expired = await shop().call('GET', '/api/user/me', { query: { token } });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ code: 401, result: 'token: the access token has expired' });
    expect((await shop().call('GET', '/api/cart/pull', { query: { token, cartId: cart } })).status).toBe(401);
    expect((await shop().call('POST', '/api/order', { query: { token }, body: orderPayload() })).status).toBe(401);
    const refreshed = await shop().call('POST', '/api/user/refresh', { body: { refreshToken } });
    expect(refreshed.status).toBe(200);
    const fresh = refreshed.body.result as string;
    expect(fresh).not.toBe(token);
    expect((await shop().call('GET', '/api/cart/pull', { query: { token: fresh, cartId: cart } })).status).toBe(200);
  });

  it("tokens are JWTs (HS256) signed with the shop's secret; one signed with another key or with alg none is refused", async () => {
    const login = await shop().call('POST', '/api/user/login', { body: { username: 'exp@example.org', password: 'password123' } });
    const token = login.body.result as string;
    const [header, payload, signature] = token.split('.');
    const part = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    expect(part(header!)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(part(payload!)).toMatchObject({ typ: 'access', sub: expect.any(Number), fam: expect.any(String) });
    // SQLite: a file beside the database; PostgreSQL: in the database, shared by every instance.
    const secret =
      shop().db.dialect === 'postgres'
        ? ((await shop().db.prepare("SELECT value FROM meta WHERE key = 'token_secret'").get()) as { value: string }).value
        : readFileSync(join(shop().dir, 'token-secret'), 'utf8').trim();
    const hs256 = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');
    expect(signature).toBe(hs256(secret, `${header}.${payload}`));
    expect((await shop().call('GET', '/api/user/me', { query: { token } })).status).toBe(200);
    const otherKey = `${header}.${payload}.${hs256('another secret', `${header}.${payload}`)}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const forged of [otherKey, none]) {
      expect((await shop().call('GET', '/api/user/me', { query: { token: forged } })).body).toEqual({
        code: 401,
        result: 'token: the access token is not valid',
      });
    }
  });

  it('a tampered or wrong-type token is refused', async () => {
    const login = await shop().call('POST', '/api/user/login', { body: { username: 'exp@example.org', password: 'password123' } });
    const token = login.body.result as string;
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    expect((await shop().call('GET', '/api/user/me', { query: { token: tampered } })).body).toEqual({
      code: 401,
      result: 'token: the access token is not valid',
    });
    // A refresh token is not an access token, and the reverse.
    expect((await shop().call('GET', '/api/user/me', { query: { token: login.body.meta.refreshToken } })).status).toBe(401);
    expect((await shop().call('POST', '/api/user/refresh', { body: { refreshToken: token } })).status).toBe(401);
  });
});

describe('accounts', () => {
  const shop = useTestShop({ options: { rateLimit: { windowMs: 60_000, max: 3 } } });

  it('login is rate limited per client address with 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await shop().call('POST', '/api/user/login', { body: { username: 'nobody@example.org', password: 'guess' } })).status);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const r = await shop().call('POST', '/api/user/login', { body: { username: 'nobody@example.org', password: 'guess' } });
    expect(r.body.code).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('create and reset-password have their own limits', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (
          await shop().call('POST', '/api/user/create', {
            body: { customer: { email: `u${i}@example.org`, firstname: 'Uma', lastname: 'U' }, password: 'password123' },
          })
        ).status,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    const resets: number[] = [];
    for (let i = 0; i < 4; i++) resets.push((await shop().call('POST', '/api/user/reset-password', { body: { email: 'unknown@example.org' } })).status);
    expect(resets).toEqual([200, 200, 200, 429]);
  });
});

describe('passwords', () => {
  const shop = useTestShop();

  it('passwords are stored as scrypt hashes', async () => {
    await shop().call('POST', '/api/user/create', {
      body: { customer: { email: 'hash@example.org', firstname: 'Hal', lastname: 'H' }, password: 'password123' },
    });
    const row = (await shop().db.prepare('SELECT password_hash FROM customers WHERE email = ?').get('hash@example.org')) as { password_hash: string };
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('password123');
  });

  it('a duplicate e-mail is refused naming the field', async () => {
    const r = await shop().call('POST', '/api/user/create', {
      body: { customer: { email: 'HASH@example.org', firstname: 'Hal', lastname: 'H' }, password: 'password123' },
    });
    expect(r.status).toBe(400);
    expect(r.body.result).toMatch(/^customer\.email: /);
  });

  it('reset password sends a mail to the outbox and the token sets a new password', async () => {
    const r = await shop().call('POST', '/api/user/reset-password', { body: { email: 'hash@example.org' } });
    expect(r.body).toEqual({ code: 200, result: true });
    const unknown = await shop().call('POST', '/api/user/reset-password', { body: { email: 'nobody@example.org' } });
    expect(unknown.body).toEqual({ code: 200, result: true });
    const mails = (await shop().call('GET', '/api/__outbox')).body.result as { kind: string; to_addr: string; text: string; file: string }[];
    const resets = mails.filter((m) => m.kind === 'reset-password');
    expect(resets.map((m) => m.to_addr)).toEqual(['hash@example.org']);
    const eml = readFileSync(join(shop().dir, 'outbox', resets[0]!.file), 'utf8');
    expect(eml).toContain('To: hash@example.org');
    expect(eml).toContain('Subject: ');
    const resetToken = /Reset token: (\S+)/.exec(resets[0]!.text)![1]!;
    const oldLogin = (await shop().call('POST', '/api/user/login', { body: { username: 'hash@example.org', password: 'password123' } })).body.result;
    const bad = await shop().call('POST', '/api/user/create-password', {
      body: { email: 'hash@example.org', resetToken: 'wrong', newPassword: 'new password 1' },
    });
    expect(bad.body.result).toMatch(/^resetToken: /);
    const ok = await shop().call('POST', '/api/user/create-password', { body: { email: 'hash@example.org', resetToken, newPassword: 'new password 1' } });
    expect(ok.body).toEqual({ code: 200, result: true });
    // The token is single-use and the reset revokes older sessions.
    expect(
      (await shop().call('POST', '/api/user/create-password', { body: { email: 'hash@example.org', resetToken, newPassword: 'new password 2' } })).status,
    ).toBe(400);
    expect((await shop().call('GET', '/api/user/me', { query: { token: oldLogin } })).status).toBe(401);
    expect((await shop().call('POST', '/api/user/login', { body: { username: 'hash@example.org', password: 'new password 1' } })).status).toBe(200);
  });

  it('change password needs the current password', async () => {
    const token = (await shop().call('POST', '/api/user/login', { body: { username: 'hash@example.org', password: 'new password 1' } })).body.result;
    const wrong = await shop().call('POST', '/api/user/change-password', {
      query: { token },
      body: { currentPassword: 'nope', newPassword: 'another password' },
    });
    expect(wrong.body).toEqual({ code: 400, result: 'currentPassword: the current password is not correct' });
    const short = await shop().call('POST', '/api/user/change-password', {
      query: { token },
      body: { currentPassword: 'new password 1', newPassword: 'short' },
    });
    expect(short.body.result).toMatch(/^newPassword: /);
    const ok = await shop().call('POST', '/api/user/change-password', {
      query: { token },
      body: { currentPassword: 'new password 1', newPassword: 'another password' },
    });
    expect(ok.body).toMatchObject({ code: 200, result: true });
    // The change closes the old session (a password change closes every session); the caller's new one is in meta.
    expect((await shop().call('GET', '/api/user/me', { query: { token } })).status).toBe(401);
    expect((await shop().call('GET', '/api/user/me', { query: { token: ok.body.meta.token } })).status).toBe(200);
    expect((await shop().call('POST', '/api/user/login', { body: { username: 'hash@example.org', password: 'another password' } })).status).toBe(200);
    expect((await shop().call('POST', '/api/user/change-password', { body: { currentPassword: 'x', newPassword: 'another password' } })).status).toBe(401);
  });

  it('a customer updates only their own account', async () => {
    const token = (await shop().call('POST', '/api/user/login', { body: { username: 'hash@example.org', password: 'another password' } })).body.result;
    const me = { email: 'hash@example.org', firstname: 'Harold', lastname: 'Hash' };
    const r = await shop().call('POST', '/api/user/me', { query: { token }, body: { customer: { ...me, addresses: [] } } });
    expect(r.body.result).toMatchObject({ email: 'hash@example.org', firstname: 'Harold' });
    const bad = await shop().call('POST', '/api/user/me', { query: { token }, body: { customer: { ...me, firstname: 'H' } } });
    expect(bad.body).toEqual({ code: 400, result: 'customer.firstname: customer.firstname must have at least 2 letters' });
    expect((await shop().call('POST', '/api/user/me', { body: { customer: me } })).status).toBe(401);
  });

  it("user/me takes vue-storefront-api's userProfileUpdate shape: e-mail and names required, two street lines, region an object", async () => {
    const token = (await shop().call('POST', '/api/user/login', { body: { username: 'hash@example.org', password: 'another password' } })).body.result;
    const me = { email: 'hash@example.org', firstname: 'Harold', lastname: 'Hash' };
    const address = {
      firstname: 'Harold',
      lastname: 'Hash',
      street: ['Fishergate', '12'],
      city: 'Preston',
      postcode: 'PR1 2AD',
      country_id: 'GB',
      telephone: '01772 203481',
    };
    const namesOnly = await shop().call('POST', '/api/user/me', { query: { token }, body: { customer: { addresses: [address] } } });
    expect(namesOnly.status).toBe(400);
    expect(namesOnly.body.result).toMatch(/^customer\.email: /);
    const oneLine = await shop().call('POST', '/api/user/me', {
      query: { token },
      body: { customer: { ...me, addresses: [{ ...address, street: ['12 Fishergate'] }] } },
    });
    expect(oneLine.status).toBe(400);
    expect(oneLine.body.result).toMatch(/^customer\.addresses\.0\.street: /);
    const saved = await shop().call('POST', '/api/user/me', {
      query: { token },
      body: { customer: { ...me, addresses: [{ ...address, region: { region: 'Lancashire', region_code: null, region_id: 0 }, default_shipping: true }] } },
    });
    expect(saved.status).toBe(200);
    const read = await shop().call('GET', '/api/user/me', { query: { token } });
    expect(read.body.result.addresses[0]).toMatchObject({ street: ['Fishergate', '12'], region: { region: 'Lancashire' }, default_shipping: true });
  });

  it('tokens never appear in the server logs', async () => {
    const login = await shop().call('POST', '/api/user/login', { body: { username: 'hash@example.org', password: 'another password' } });
    const token = login.body.result as string;
    const cart = (await shop().call('POST', '/api/cart/create', { query: { token } })).body.result as string;
    await shop().call('GET', '/api/cart/pull', { query: { token, cartId: cart } });
    await shop().call('GET', '/api/user/me', { query: { token: token + 'x' } });
    const placed = await shop().call('POST', '/api/order', { query: { token }, body: orderPayload() });
    await shop().call('GET', `/api/ext/order-info/${placed.body.result.token}`);
    const all = shop().logs.join('\n');
    expect(shop().logs.some((l) => l.includes('GET /api/cart/pull 200'))).toBe(true);
    for (const secret of [token, login.body.meta.refreshToken, cart, placed.body.result.token]) expect(all).not.toContain(secret);
  });
});

describe('the rebuild token (hono/bearer-auth, compared in constant time)', () => {
  it('a rebuild token that cannot be sent as a bearer token stops the start, naming the variable', async () => {
    await expect(startTestShop({ options: { rebuildToken: 'has a space' } })).rejects.toThrow(/^REBUILD_TOKEN: /);
  });

  const shop = useTestShop({ options: { rebuildToken: 's3cret-token' } });
  const near = ['Bearer s3cret-tokeN', 'Bearer s3cret', 'Bearer s3cret-token-and-more', 'Bearer ', 'Basic s3cret-token', 's3cret-token', 'Bearer s3cret token'];

  it('opens the rebuild status and the coupons only for the very same token, whatever its length or where it differs', async () => {
    const auth = (value?: string): { headers: Record<string, string> } => ({ headers: value === undefined ? {} : { Authorization: value } });
    expect((await shop().call('GET', '/api/rebuild/status', auth('Bearer s3cret-token'))).status).toBe(200);
    expect((await shop().call('GET', '/api/catalog/coupons', auth('Bearer s3cret-token'))).status).toBe(200);
    for (const value of [undefined, ...near]) {
      expect((await shop().call('GET', '/api/rebuild/status', auth(value))).body, String(value)).toEqual({
        code: 401,
        result: 'authorization: a valid rebuild token is required',
      });
      expect((await shop().call('POST', '/api/rebuild', auth(value))).status, String(value)).toBe(401);
      expect((await shop().call('GET', '/api/catalog/coupons', auth(value))).body, String(value)).toEqual({
        code: 403,
        result: 'authorization: coupons need the rebuild token',
      });
    }
  });
});
