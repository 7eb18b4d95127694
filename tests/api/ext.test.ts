import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CmsPageSchema, MenuNodeSchema, ReviewSchema, SocialSettingsSchema } from '../../src/lib/schemas';
import { messages } from '../../src/lib/messages';
import { useTestShop } from './fixture';

const shop = useTestShop();

const outbox = async () =>
  (await shop().call('GET', '/api/__outbox')).body.result as { kind: string; to_addr: string; reply_to: string; subject: string; text: string; file: string }[];

describe('cms, menus and social settings', () => {
  it('cms pages and blocks are found by id and by identifier with store id', async () => {
    const byId = await shop().call('GET', '/api/ext/cms-data/cmsPage/1');
    expect(CmsPageSchema.parse(byId.body.result).identifier).toBe('about-us');
    const byIdent = await shop().call('GET', '/api/ext/cms-data/cmsPageIdentifier/repairs/storeId/1');
    expect(byIdent.body.result).toMatchObject({ id: 2, title: 'Repairs' });
    const block = await shop().call('GET', '/api/ext/cms-data/cmsBlockIdentifier/footer-about/storeId/1');
    expect(block.body.result.id).toBe(1);
    expect((await shop().call('GET', '/api/ext/cms-data/cmsBlock/1')).body.result.identifier).toBe('footer-about');
  });

  it('an unknown cms page answers 404 (the storefront sets cmsError 400)', async () => {
    const r = await shop().call('GET', '/api/ext/cms-data/cmsPageIdentifier/nope/storeId/1');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(404);
    // about-us belongs to store 1: another store view does not see it.
    expect((await shop().call('GET', '/api/ext/cms-data/cmsPageIdentifier/about-us/storeId/2')).status).toBe(404);
  });

  it('menus 1 to 6 answer their nodes', async () => {
    for (const id of [1, 2, 3, 4, 5, 6]) {
      const r = await shop().call('GET', `/api/ext/menus/nodes/${id}`);
      expect(r.body.code).toBe(200);
      expect(r.body.result.map((n: unknown) => MenuNodeSchema.parse(n).title)).toEqual([`Menu ${id}`]);
    }
    expect((await shop().call('GET', '/api/ext/menus/nodes/7')).status).toBe(404);
  });

  it('social settings answer the snapshot fallback, the same at catalog/social', async () => {
    const r = await shop().call('GET', '/api/ext/social-settings');
    expect(SocialSettingsSchema.parse(r.body.result).handle).toBe('@pj');
    expect((await shop().call('GET', '/api/catalog/social')).body).toEqual(r.body);
  });

  it("a store's banners answer, an unknown store code 404 naming the parameter", async () => {
    const gb = await shop().call('GET', '/api/catalog/banners/gb');
    expect(gb.body.result.mainBanners[0]).toMatchObject({ title: 'Main', link: '/rings' });
    const none = await shop().call('GET', '/api/catalog/banners/xx');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ code: 404, result: 'storeCode: no banners for this store code' });
  });
});

describe('stock', () => {
  it('checks one sku and lists several', async () => {
    const one = await shop().call('GET', '/api/stock/check', { query: { sku: 'RING-101' } });
    expect(one.body.result).toMatchObject({ qty: 10, is_in_stock: true, product_id: 101 });
    // As Magento's stock item (what vue-storefront-api answers): no sku, so a client cannot come to rely on one.
    expect(one.body.result).not.toHaveProperty('sku');
    const child = await shop().call('GET', '/api/stock/check/BANGLE-103-SILVER');
    expect(child.body.result).toMatchObject({ is_in_stock: false, qty: 0 });
    const list = await shop().call('GET', '/api/stock/list', { query: { skus: 'RING-101,NOPE,BANGLE-103-GOLD' } });
    expect(list.body.result.map((s: { product_id: number }) => s.product_id)).toEqual([101, 1031]);
    expect((await shop().call('GET', '/api/stock/check', { query: { sku: 'NOPE' } })).status).toBe(404);
  });
});

describe('reviews', () => {
  it('a new review is stored pending and only approved reviews are listed', async () => {
    // The list is the catalogue search on entity 'review' (§7), answered as Elasticsearch does.
    const list = () =>
      shop().call('POST', '/api/catalog/vue_storefront_catalog/review/_search', {
        query: { from: '0', size: '50' },
        body: { query: { bool: { filter: { bool: { must: [{ terms: { product_id: [101] } }, { terms: { review_status: [1] } }] } } } } },
      });
    const before = await list();
    expect(before.body.hits.hits.map((h: { _source: unknown }) => ReviewSchema.parse(h._source).title)).toEqual(['Lovely']);
    const created = await shop().call('POST', '/api/review/create', {
      query: { token: '' },
      body: { review: { product_id: 101, title: 'Great', detail: 'Very nice', nickname: 'Sam', rating: 4, review_entity: 'product' } },
    });
    expect(created.body.result).toMatchObject({ review_status: 2 });
    // A shopper cannot approve their own review.
    const sneaky = await shop().call('POST', '/api/review/create', {
      body: { review: { product_id: 101, title: 'Self', detail: 'approved?', nickname: 'Sam', review_status: 1, review_entity: 'product' } },
    });
    expect(sneaky.body.result.review_status).toBe(2);
    const after = await list();
    expect(after.body.hits.total).toBe(1);
    // vue-storefront-api has no review/list route.
    expect((await shop().call('GET', '/api/review/list', { query: { product_id: '101' } })).status).toBe(404);
    const row = (await shop().db.prepare('SELECT review_status FROM reviews WHERE id = ?').get(created.body.result.id)) as { review_status: number };
    expect(row.review_status).toBe(2);
  });
});

describe('newsletter', () => {
  it('subscribe sends the 10 percent coupon once; unsubscribe with delete', async () => {
    expect((await shop().call('POST', '/api/ext/mailchimp-subscribe/subscribe', { body: { email: 'news@example.org' } })).body).toEqual({
      code: 200,
      result: true,
    });
    await shop().call('POST', '/api/ext/mailchimp-subscribe/subscribe', { body: { email: 'news@example.org' } });
    const welcome = (await outbox()).filter((m) => m.kind === 'newsletter' && m.to_addr === 'news@example.org');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.text).toContain('WELCOME10');
    // Without the customer's token, DELETE mails a confirmation link (no one unsubscribes another by knowing the address); the link unsubscribes.
    expect((await shop().call('DELETE', '/api/ext/mailchimp-subscribe/subscribe', { body: { email: 'news@example.org' } })).status).toBe(202);
    const confirm = (await outbox()).filter((m) => m.kind === 'newsletter' && m.to_addr === 'news@example.org').at(-1)!;
    const link = new URL(/https?:\/\/\S+unsubscribe\S*/.exec(confirm.text)![0]);
    expect((await shop().call('GET', link.pathname, { query: Object.fromEntries(link.searchParams) })).body).toEqual({ code: 200, result: true });
    const row = (await shop().db.prepare('SELECT subscribed FROM newsletter WHERE email = ?').get('news@example.org')) as { subscribed: number };
    expect(row.subscribed).toBe(0);
  });

  it('the customer account shows the subscription', async () => {
    await shop().call('POST', '/api/user/create', {
      body: { customer: { email: 'sub@example.org', firstname: 'Sue', lastname: 'S' }, password: 'password123' },
    });
    const token = (await shop().call('POST', '/api/user/login', { body: { username: 'sub@example.org', password: 'password123' } })).body.result;
    expect((await shop().call('GET', '/api/user/me', { query: { token } })).body.result.is_subscribed).toBe(false);
    await shop().call('POST', '/api/ext/mailchimp-subscribe/subscribe', { body: { email: 'sub@example.org' } });
    expect((await shop().call('GET', '/api/user/me', { query: { token } })).body.result.is_subscribed).toBe(true);
  });
});

describe('mailer', () => {
  it('the token endpoint then the send endpoint put a booking mail with every field in the outbox', async () => {
    const t = await shop().call('GET', '/api/ext/mail-service/get-token');
    expect(t.body.code).toBe(200);
    const booking = {
      name: 'Ann Smith',
      phone: '07700 900123',
      email: 'ann@example.org',
      date: '2026-12-03',
      time: '14:30',
      store: 'Preston',
      requirements: 'Resize a ring',
      item: 'Silver Ring',
      pageLink: 'https://www.pendleandjames.co.uk/repairs',
    };
    const r = await shop().call('POST', '/api/ext/mail-service/send-email', {
      body: {
        sourceAddress: 'ann@example.org',
        targetAddress: 'hello@pendleandjames.co.uk',
        subject: 'Appointment booking',
        emailText: 'Booking request',
        confirmation: true,
        booking,
        token: t.body.result,
      },
    });
    expect(r.body).toEqual({ code: 200, result: messages.emailSent });
    const mails = await outbox();
    const mail = mails.find((m) => m.kind === 'booking')!;
    expect(mail.to_addr).toBe('hello@pendleandjames.co.uk');
    expect(mail.reply_to).toBe('ann@example.org');
    for (const line of [
      'Name: Ann Smith',
      'Phone: 07700 900123',
      'Email: ann@example.org',
      'Date: 2026-12-03',
      'Time: 14:30',
      'Store: Preston',
      'Requirements: Resize a ring',
      'Item: Silver Ring',
      'Page link: https://www.pendleandjames.co.uk/repairs',
    ]) {
      expect(mail.text).toContain(line);
    }
    const eml = readFileSync(join(shop().dir, 'outbox', mail.file), 'utf8');
    expect(eml).toContain('Subject: Appointment booking');
    expect(eml).toContain('Store: Preston');
    expect(mails.some((m) => m.kind === 'confirmation' && m.to_addr === 'ann@example.org')).toBe(true);
  });

  it('a shop e-mail address is an allowed target; a forged token is refused', async () => {
    const t = (await shop().call('GET', '/api/ext/mail-service/get-token')).body.result;
    const ok = await shop().call('POST', '/api/ext/mail-service/send-email', {
      body: { sourceAddress: 'a@example.org', targetAddress: 'bury@pendleandjames.co.uk', subject: 'Question', emailText: 'Open on Sunday?', token: t },
    });
    expect(ok.body.code).toBe(200);
    const forged = await shop().call('POST', '/api/ext/mail-service/send-email', {
      body: { sourceAddress: 'a@example.org', targetAddress: 'bury@pendleandjames.co.uk', subject: 'Q', token: 'abc.def' },
    });
    expect(forged.status).toBe(401);
  });
});

describe('catalogue reads', () => {
  it('products are paged with live stock and looked up by url_path', async () => {
    const p1 = await shop().call('GET', '/api/catalog/products', { query: { from: '0', size: '2' } });
    expect(p1.body.result).toMatchObject({ total: 7, from: 0, size: 2 });
    expect(p1.body.result.items.map((p: { sku: string }) => p.sku)).toEqual(['RING-101', 'WATCH-102']);
    const byPath = await shop().call('GET', '/api/catalog/products', { query: { url_path: '/rings/bangle-103' } });
    expect(byPath.body.result.items[0].sku).toBe('BANGLE-103');
    // §5: size 0 or below becomes 50, a negative start becomes 0.
    const odd = await shop().call('GET', '/api/catalog/products', { query: { from: '-5', size: '0' } });
    expect(odd.body.result).toMatchObject({ from: 0, size: 50 });
  });

  it('coupons are only listed with the rebuild token', async () => {
    expect((await shop().call('GET', '/api/catalog/coupons')).status).toBe(403);
  });
});
