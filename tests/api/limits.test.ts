/**
 * Abuse limits. Behind a proxy only the proxy's own X-Forwarded-For entry (the last)
 * counts; apply-coupon, change-password, newsletter and the mailer are limited; the mailer's
 * confirmation copy is limited per address; unsubscribing needs proof of the address.
 */
import { describe, expect, it } from 'vitest';
import { useTestShop } from './fixture';

const MAX = 5;
const shop = useTestShop({ options: { trustProxy: true, rateLimit: { windowMs: 60_000, max: MAX } } });

/** Statuses of `n` calls from the proxy hop `ip`, each with a different spoofed first entry. */
async function burst(n: number, ip: string, call: (headers: Record<string, string>, i: number) => Promise<{ status: number }>) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await call({ 'X-Forwarded-For': `10.0.${i}.1, ${ip}` }, i)).status);
  return codes;
}

describe('limits', () => {
  it('spoofed first X-Forwarded-For entries do not get past the login limit', async () => {
    const codes = await burst(MAX + 3, '203.0.113.1', (headers) =>
      shop().call('POST', '/api/user/login', { headers, body: { username: 'nobody@example.org', password: 'wrong password' } }),
    );
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    // Another client behind the same proxy has its own window.
    expect(
      (await shop().call('POST', '/api/user/login', { headers: { 'X-Forwarded-For': '203.0.113.2' }, body: { username: 'nobody@example.org', password: 'x' } }))
        .status,
    ).toBe(401);
  });

  it('apply-coupon is limited: wrong codes cannot be tried without end', async () => {
    const cartId = (await shop().call('POST', '/api/cart/create', { headers: { 'X-Forwarded-For': '203.0.113.3' } })).body.result;
    const codes = await burst(MAX + 2, '203.0.113.3', (headers, i) =>
      shop().call('POST', '/api/cart/apply-coupon', { headers, query: { cartId, coupon: `GUESS${i}` } }),
    );
    expect(codes.slice(0, MAX).every((c) => c === 400)).toBe(true);
    expect(codes.slice(MAX)).toEqual([429, 429]);
  });

  it('change-password is limited', async () => {
    const ip = '203.0.113.4';
    await shop().call('POST', '/api/user/create', {
      headers: { 'X-Forwarded-For': ip },
      body: { customer: { email: 'limit@example.org', firstname: 'Li', lastname: 'Mit' }, password: 'password123' },
    });
    const token = (
      await shop().call('POST', '/api/user/login', { headers: { 'X-Forwarded-For': ip }, body: { username: 'limit@example.org', password: 'password123' } })
    ).body.result;
    const codes = await burst(MAX + 1, '203.0.113.5', (headers) =>
      shop().call('POST', '/api/user/change-password', { headers, query: { token }, body: { currentPassword: 'guess guess', newPassword: 'password456' } }),
    );
    expect(codes.at(-1)).toBe(429);
  });

  it('newsletter subscribe is limited, so it cannot send coupon mails without end', async () => {
    const codes = await burst(MAX + 2, '203.0.113.6', (headers, i) =>
      shop().call('POST', '/api/ext/mailchimp-subscribe/subscribe', { headers, body: { email: `flood${i}@example.org` } }),
    );
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
    const mails = (await shop().call('GET', '/api/__outbox')).body.result as { to_addr: string }[];
    expect(mails.filter((m) => m.to_addr.startsWith('flood'))).toHaveLength(MAX);
  });

  it("the mailer's confirmation copy reaches one address at most 3 times an hour and carries none of the sender's text", async () => {
    for (let i = 0; i < 5; i++) {
      const headers = { 'X-Forwarded-For': `203.0.114.${i}` };
      const token = (await shop().call('GET', '/api/ext/mail-service/get-token', { headers })).body.result;
      const r = await shop().call('POST', '/api/ext/mail-service/send-email', {
        headers,
        body: {
          sourceAddress: 'victim@example.org',
          targetAddress: 'hello@pendleandjames.co.uk',
          subject: 'Buy cheap pills',
          emailText: 'SPAM TEXT http://spam.example',
          confirmation: true,
          token,
        },
      });
      expect(r.status).toBe(200);
    }
    const copies = ((await shop().call('GET', '/api/__outbox')).body.result as { kind: string; to_addr: string; subject: string; text: string }[]).filter(
      (m) => m.kind === 'confirmation' && m.to_addr === 'victim@example.org',
    );
    expect(copies).toHaveLength(3);
    for (const m of copies) expect(`${m.subject} ${m.text}`).not.toMatch(/SPAM|pills/);
  });

  it('unsubscribing another address without proof changes nothing; the owner can with a token', async () => {
    const email = 'keepme@example.org';
    await shop().call('POST', '/api/ext/mailchimp-subscribe/subscribe', { headers: { 'X-Forwarded-For': '203.0.115.1' }, body: { email } });
    const subscribed = async () =>
      ((await shop().db.prepare('SELECT subscribed FROM newsletter WHERE email = ?').get(email)) as { subscribed: number }).subscribed;
    const r = await shop().call('DELETE', '/api/ext/mailchimp-subscribe/subscribe', { headers: { 'X-Forwarded-For': '203.0.115.2' }, body: { email } });
    expect(r.status).toBe(202);
    expect(await subscribed()).toBe(1);
    const forged = await shop().call('GET', '/api/ext/mailchimp-subscribe/unsubscribe', {
      headers: { 'X-Forwarded-For': '203.0.115.2' },
      query: { email, token: 'forged' },
    });
    expect(forged.status).toBe(400);
    expect(await subscribed()).toBe(1);
    // The account owner unsubscribes at once with their token.
    const ip = { 'X-Forwarded-For': '203.0.115.3' };
    await shop().call('POST', '/api/user/create', { headers: ip, body: { customer: { email, firstname: 'Kee', lastname: 'Pme' }, password: 'password123' } });
    const token = (await shop().call('POST', '/api/user/login', { headers: ip, body: { username: email, password: 'password123' } })).body.result;
    const own = await shop().call('DELETE', '/api/ext/mailchimp-subscribe/subscribe', { headers: ip, query: { token }, body: { email } });
    expect(own.body).toEqual({ code: 200, result: true });
    expect(await subscribed()).toBe(0);
  });
});
