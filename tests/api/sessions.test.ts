/** Sessions: refresh tokens rotate on use, a reused one revokes its session, password change and reset close every session. */
import { describe, expect, it } from 'vitest';
import { useTestShop } from './fixture';

const shop = useTestShop();
let n = 0;

async function account(password = 'password123') {
  const email = `sess${++n}@example.org`;
  await shop().call('POST', '/api/user/create', { body: { customer: { email, firstname: 'Sam', lastname: 'Session' }, password } });
  const login = await shop().call('POST', '/api/user/login', { body: { username: email, password } });
  return { email, token: login.body.result as string, refreshToken: login.body.meta.refreshToken as string };
}
const me = async (token: string) => (await shop().call('GET', '/api/user/me', { query: { token } })).status;
const refresh = (refreshToken: string) => shop().call('POST', '/api/user/refresh', { body: { refreshToken } });

describe('sessions', () => {
  it('a refresh token works once and is replaced by a new one each time', async () => {
    const s = await account();
    const first = await refresh(s.refreshToken);
    expect(first.status).toBe(200);
    const next = first.body.meta.refreshToken as string;
    expect(next).not.toBe(s.refreshToken);
    expect(await me(first.body.result)).toBe(200);
    const second = await refresh(next);
    expect(second.status).toBe(200);
    expect(second.body.meta.refreshToken).not.toBe(next);
  });

  it('a reused refresh token is refused and revokes the whole session (access and refresh tokens)', async () => {
    const s = await account();
    const stolen = s.refreshToken;
    const legit = await refresh(stolen);
    expect(legit.status).toBe(200);
    const reuse = await refresh(stolen);
    expect(reuse.status).toBe(401);
    expect(reuse.body.result).toMatch(/^refreshToken: /);
    expect(await me(legit.body.result)).toBe(401);
    expect((await refresh(legit.body.meta.refreshToken)).status).toBe(401);
    expect(await me(s.token)).toBe(401);
    // Other sessions of the customer are not affected: a new login works.
    const again = await shop().call('POST', '/api/user/login', { body: { username: s.email, password: 'password123' } });
    expect(await me(again.body.result)).toBe(200);
  });

  it('the same refresh token is not accepted 10 of 10 times', async () => {
    const s = await account();
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await refresh(s.refreshToken)).status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
  });

  it('change-password revokes the old access and refresh tokens of every session', async () => {
    const s = await account();
    const other = await shop().call('POST', '/api/user/login', { body: { username: s.email, password: 'password123' } });
    const r = await shop().call('POST', '/api/user/change-password', {
      query: { token: s.token },
      body: { currentPassword: 'password123', newPassword: 'new password 123' },
    });
    expect(r.status).toBe(200);
    expect(await me(s.token)).toBe(401);
    expect((await refresh(s.refreshToken)).status).toBe(401);
    expect(await me(other.body.result)).toBe(401);
    expect((await refresh(other.body.meta.refreshToken)).status).toBe(401);
    // The session of the caller continues with the tokens of the answer.
    expect(await me(r.body.meta.token)).toBe(200);
    expect((await refresh(r.body.meta.refreshToken)).status).toBe(200);
  });

  it('a password reset revokes the old access and refresh tokens', async () => {
    const s = await account();
    await shop().call('POST', '/api/user/reset-password', { body: { email: s.email } });
    const mails = (await shop().call('GET', '/api/__outbox')).body.result as { to_addr: string; text: string }[];
    const resetToken = /Reset token: (\S+)/.exec(mails.filter((m) => m.to_addr === s.email).at(-1)!.text)![1]!;
    const done = await shop().call('POST', '/api/user/create-password', { body: { email: s.email, resetToken, newPassword: 'reset password 1' } });
    expect(done.status).toBe(200);
    expect(await me(s.token)).toBe(401);
    expect((await refresh(s.refreshToken)).status).toBe(401);
  });
});
