/** The `/api/ext/*` extensions: CMS, menus, social settings, order-info, newsletter, mailer. */
import { Hono, type Context } from 'hono';
import { MailPayloadSchema, NewsletterInputSchema, type CmsBlock, type CmsPage, type MenuNode, type Shop } from '../../src/lib/schemas';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import type { ConfirmationsDeps, CustomerDeps, DbDeps, LimitDeps, OptionsDeps, SignerDeps, SnapshotDeps } from '../context';
import { ApiError, answer, jsonBody, ok, okOr404, validQuery } from '../http';
import { socialSettings } from './catalog';
import { nowIso } from '../db';
import { sendMail } from '../mailer';
import { bookingText } from '../../src/lib/forms/mail';
import { externalOrderJson, type OrderRow } from '../orders';
import { sha256 } from '../auth';
import { z } from 'zod';

const MAIL_TOKEN_TTL_S = 600;
const UNSUBSCRIBE_TTL_S = 7 * 24 * 3600;

/** What the extension routes use: the database, CMS and menus (snapshot), the outbox, mail tokens, rate limits. */
export type ExtDeps = DbDeps & SnapshotDeps & Pick<CustomerDeps, 'customerOf'> & LimitDeps & OptionsDeps<'outboxDir'> & SignerDeps & ConfirmationsDeps;

export function extRoutes(ctx: ExtDeps): Hono {
  const r = new Hono();
  const db = ctx.db;

  // CMS: cms{type}/{id} and cms{type}Identifier/{identifier}/storeId/{storeId} (§7).
  const cmsById = (kind: 'cmsPage' | 'cmsBlock') => (c: Context) => {
    const item = ctx.entity<CmsPage | CmsBlock>(kind, c.req.param('id') ?? '');
    if (!item || item.active === false) throw new ApiError(404, `id: no ${kind} with this id`);
    return ok(c, item);
  };
  const cmsByIdentifier = (kind: 'cmsPage' | 'cmsBlock') => (c: Context) => {
    const identifier = c.req.param('identifier');
    const storeId = Number(c.req.param('storeId'));
    if (!Number.isSafeInteger(storeId)) throw new ApiError(400, 'storeId: storeId must be a number');
    const item = ctx
      .entities<(CmsPage | CmsBlock) & { store_id?: number | null }>(kind)
      .find((x) => x.identifier === identifier && x.active !== false && (x.store_id == null || x.store_id === 0 || x.store_id === storeId));
    if (!item) throw new ApiError(404, `identifier: no ${kind} with this identifier`);
    return ok(c, item);
  };
  r.get('/cms-data/cmsPage/:id', cmsById('cmsPage'));
  r.get('/cms-data/cmsBlock/:id', cmsById('cmsBlock'));
  r.get('/cms-data/cmsPageIdentifier/:identifier/storeId/:storeId', cmsByIdentifier('cmsPage'));
  r.get('/cms-data/cmsBlockIdentifier/:identifier/storeId/:storeId', cmsByIdentifier('cmsBlock'));

  r.get('/menus/nodes/:id', (c) =>
    okOr404(c, ctx.entity<MenuNode[]>('menus', c.req.param('id')), 'id: no menu with this id (1 header, 2 about, 3 legal, 4 help, 5 shopping, 6 mobile)'),
  );
  r.get('/social-settings', socialSettings(ctx));

  r.get('/order-info/:token', async (c) => {
    const row = (await db.prepare('SELECT * FROM orders WHERE token = ?').get(c.req.param('token'))) as OrderRow | undefined;
    if (!row) throw new ApiError(404, 'token: no order with this token');
    return ok(c, externalOrderJson(row));
  });

  // Newsletter (mailchimp-subscribe extension): POST subscribes, DELETE unsubscribes.
  const newsletterPath = '/mailchimp-subscribe/subscribe';
  // Each first subscription mails a coupon: limited per client address.
  r.post(newsletterPath, ctx.limit('newsletter'), jsonBody(NewsletterInputSchema), async (c) => {
    const { email } = c.req.valid('json');
    const before = (await db.prepare('SELECT subscribed FROM newsletter WHERE email = ?').get(email)) as { subscribed: number } | undefined;
    await db
      .prepare(
        'INSERT INTO newsletter (email, subscribed, updated_at) VALUES (?, 1, ?) ON CONFLICT(email) DO UPDATE SET subscribed = 1, updated_at = excluded.updated_at',
      )
      .run(email, nowIso());
    if (!before) {
      // First subscription: the newsletter's promise (§9), a 10% coupon.
      await sendMail(db, ctx.options.outboxDir, {
        kind: 'newsletter',
        from: config.mailer.contactAddress,
        to: email,
        subject: `${config.shop.name}: welcome, here is ${config.constants.newsletterCouponPercent}% off`,
        text: [
          `Thank you for subscribing to the ${config.shop.name} newsletter.`,
          '',
          `Your coupon code for ${config.constants.newsletterCouponPercent}% off your next order: ${config.constants.newsletterCouponCode}`,
        ].join('\n'),
      });
    }
    return ok(c, true);
  });
  /**
   * Unsubscribing needs proof of the address: the customer's own token (?token=, e-mail of that
   * account), else a link mailed to the address (202), which unsubscribes when opened.
   */
  const setUnsubscribed = async (email: string) =>
    await db
      .prepare(
        'INSERT INTO newsletter (email, subscribed, updated_at) VALUES (?, 0, ?) ON CONFLICT(email) DO UPDATE SET subscribed = 0, updated_at = excluded.updated_at',
      )
      .run(email, nowIso());
  const unsubscribeKey = (email: string) => sha256(`unsubscribe|${email.toLowerCase()}`).slice(0, 32);
  r.delete(newsletterPath, ctx.limit('newsletter'), jsonBody(NewsletterInputSchema), async (c) => {
    const customer = await ctx.customerOf(c);
    const { email } = c.req.valid('json');
    if (customer && customer.email.toLowerCase() === email.toLowerCase()) {
      await setUnsubscribed(email);
      return ok(c, true);
    }
    const row = (await db.prepare('SELECT subscribed FROM newsletter WHERE email = ?').get(email)) as { subscribed: number } | undefined;
    // The same answer whether or not the address is subscribed; only subscribed ones get the link.
    if (row?.subscribed && (await ctx.confirmations.take(`unsubscribe|${email.toLowerCase()}`)).allowed) {
      const token = await ctx.signer.sign('unsubscribe', 0, 0, UNSUBSCRIBE_TTL_S, { jti: unsubscribeKey(email) });
      const link = `${config.shop.siteUrl}/api/ext${newsletterPath.replace(/subscribe$/, 'unsubscribe')}?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
      await sendMail(db, ctx.options.outboxDir, {
        kind: 'newsletter',
        from: config.mailer.contactAddress,
        to: email,
        subject: `${config.shop.name}: confirm you want to unsubscribe`,
        text: [
          `To stop receiving the ${config.shop.name} newsletter, open this link within 7 days:`,
          link,
          '',
          'If you did not ask for this, ignore this e-mail: you stay subscribed.',
        ].join('\n'),
      });
    }
    return answer(c, 202, 'email: to unsubscribe, open the link we sent to this address (or unsubscribe from My account)');
  });
  const UnsubscribeQuery = z.object({ email: z.email('email must be a valid e-mail address'), token: z.string().min(1, 'token is required').max(1000) });
  r.get('/mailchimp-subscribe/unsubscribe', validQuery(UnsubscribeQuery), async (c) => {
    const q = c.req.valid('query');
    const v = await ctx.signer.verify(q.token, 'unsubscribe');
    if (!v.ok || v.claims.jti !== unsubscribeKey(q.email)) throw new ApiError(400, 'query.token: the unsubscribe link is not valid or has expired');
    await setUnsubscribed(q.email);
    return ok(c, true);
  });

  // Mailer: token endpoint, then send endpoint (§7).
  const base = (p: string) => p.replace(/^\/api\/ext/, '');
  r.get(base(config.mailer.tokenEndpoint), async (c) => ok(c, await ctx.signer.sign('mail', 0, 0, MAIL_TOKEN_TTL_S)));
  r.post(base(config.mailer.sendEndpoint), ctx.limit('mail'), jsonBody(MailPayloadSchema.strict()), async (c) => {
    const mail = c.req.valid('json');
    const v = await ctx.signer.verify(mail.token, 'mail');
    if (!v.ok) throw new ApiError(401, v.reason === 'expired' ? 'token: the mail token has expired' : 'token: the mail token is not valid');
    const allowed = new Set([config.mailer.contactAddress.toLowerCase(), ...ctx.entities<Shop>('shop').map((s) => s.email.toLowerCase())]);
    if (!allowed.has(mail.targetAddress.toLowerCase())) throw new ApiError(400, 'targetAddress: this address does not receive mail from the shop');
    const text = [mail.emailText, ...(mail.booking ? ['', bookingText(mail.booking)] : [])].join('\n').trim();
    const kind = mail.booking ? 'booking' : 'contact';
    await sendMail(db, ctx.options.outboxDir, {
      kind,
      from: config.mailer.contactAddress,
      to: mail.targetAddress,
      replyTo: mail.sourceAddress,
      subject: mail.subject,
      text,
    });
    // The copy goes to an address nobody has proven: at most 3 an hour per address, and it carries
    // none of the sender's text (else the shop relays anyone's words to anyone).
    if (mail.confirmation && (await ctx.confirmations.take(`confirmation|${mail.sourceAddress.toLowerCase()}`)).allowed) {
      await sendMail(db, ctx.options.outboxDir, {
        kind: 'confirmation',
        from: config.mailer.contactAddress,
        to: mail.sourceAddress,
        subject: `${config.shop.name}: we received your message`,
        text: `Thank you for contacting ${config.shop.name}. We received your message and will reply to this address.`,
      });
    }
    return ok(c, messages.emailSent);
  });

  return r;
}
