/** User calls of the contract (§7): create, login, refresh, reset and change password, me, order history. */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CustomerAddressSchema,
  RegionSchema,
  ChangePasswordInputSchema,
  CreateUserInputSchema,
  LoginInputSchema,
  RefreshInputSchema,
  ResetPasswordInputSchema,
} from '../../src/lib/schemas';
import { config } from '../../src/lib/config';
import type { CustomerDeps, CustomerRow, DbDeps, LimitDeps, OptionsDeps, SessionDeps } from '../context';
import { ApiError, jsonBody, ok, validQuery } from '../http';
import { hashPassword as hashWith, needsRehash, randomId, sha256, SCRYPT_DEFAULT, verifyPassword } from '../auth';
import { nowIso } from '../db';
import { sendMail } from '../mailer';
import { orderJson, type OrderRow } from '../orders';

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * user/me's body, as vue-storefront-api's `userProfileUpdate.schema.json` has it: the e-mail and names
 * always, at most two addresses, each with two filled street lines and `region` an object.
 */
const UpdateMeBody = z.strictObject({
  customer: z.strictObject({
    email: z.email('customer.email must be a valid e-mail address'),
    firstname: z.string().trim().min(2, 'customer.firstname must have at least 2 letters'),
    lastname: z.string().trim().min(1, 'customer.lastname is required'),
    addresses: z
      .array(
        CustomerAddressSchema.extend({
          street: z.array(z.string().trim().min(1, 'a street line is empty')).min(2, 'street needs two lines (street, house number or name)'),
          region: RegionSchema.optional(),
        }),
      )
      .max(2, 'at most 2 addresses')
      .optional(),
  }),
});

const CreatePasswordBody = z.object({
  email: z.email('email must be a valid e-mail address'),
  resetToken: z.string().min(1, 'resetToken is required'),
  newPassword: z.string().min(8, 'newPassword must have at least 8 characters'),
});

const HistoryQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  currentPage: z.coerce.number().int().min(1).default(1),
});

const BAD_LOGIN = 'You did not sign in correctly or your account is temporarily disabled.';

/** What the user routes use: the database, rate limits, password hashing cost, the outbox, the customer's sessions. */
export type UserDeps = DbDeps & LimitDeps & OptionsDeps<'scrypt' | 'outboxDir'> & Pick<CustomerDeps, 'requireCustomer'> & SessionDeps;

export function userRoutes(ctx: UserDeps): Hono {
  const r = new Hono();
  const db = ctx.db;
  const limit = (group: string) => ctx.limit(group);
  const scryptParams = ctx.options.scrypt ?? SCRYPT_DEFAULT;
  const hashPassword = (password: string) => hashWith(password, scryptParams);
  const byEmail = async (email: string) => (await db.prepare('SELECT * FROM customers WHERE email = ?').get(email)) as CustomerRow | undefined;

  r.post('/create', limit('create'), jsonBody(CreateUserInputSchema.strict()), async (c) => {
    const input = c.req.valid('json');
    if (await byEmail(input.customer.email)) throw new ApiError(400, 'customer.email: a customer with the same email address already exists');
    const hash = await hashPassword(input.password);
    const now = nowIso();
    const row = (await db
      .prepare('INSERT INTO customers (email, password_hash, firstname, lastname, addresses, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *')
      .get(input.customer.email, hash, input.customer.firstname, input.customer.lastname, JSON.stringify(input.customer.addresses), now, now)) as CustomerRow;
    return ok(c, await ctx.customerJson(row));
  });

  r.post('/login', limit('login'), jsonBody(LoginInputSchema.strict()), async (c) => {
    const input = c.req.valid('json');
    const row = await byEmail(input.username);
    // Hash even for an unknown e-mail, so timing does not tell which addresses exist.
    const valid = row ? await verifyPassword(input.password, row.password_hash) : (await hashPassword(input.password), false);
    if (!row || !valid) throw new ApiError(401, BAD_LOGIN);
    // A hash made with a lower cost (before N was raised) is replaced now that the password is known.
    if (needsRehash(row.password_hash, scryptParams)) {
      const upgraded = await hashPassword(input.password);
      await db.prepare('UPDATE customers SET password_hash = ? WHERE id = ? AND password_hash = ?').run(upgraded, row.id, row.password_hash);
    }
    const { token, refreshToken } = await ctx.issueTokens(row);
    return ok(c, token, { refreshToken });
  });

  r.post('/refresh', jsonBody(RefreshInputSchema.strict()), async (c) => {
    const input = c.req.valid('json');
    const v = await ctx.signer.verify(input.refreshToken, 'refresh');
    if (!v.ok) throw new ApiError(401, v.reason === 'expired' ? 'refreshToken: the refresh token has expired' : 'refreshToken: the refresh token is not valid');
    const { token, refreshToken } = await ctx.rotateRefreshToken(v.claims);
    return ok(c, token, { refreshToken });
  });

  r.post('/reset-password', limit('reset-password'), jsonBody(ResetPasswordInputSchema.strict()), async (c) => {
    const input = c.req.valid('json');
    const row = await byEmail(input.email);
    // Same answer whether or not the address is known; only known addresses get a mail.
    if (row) {
      const resetToken = randomId(24);
      await db
        .prepare('INSERT INTO password_resets (token_hash, customer_id, expires_at) VALUES (?, ?, ?)')
        .run(sha256(resetToken), row.id, Date.now() + RESET_TTL_MS);
      const link = `${config.shop.siteUrl}/?resetToken=${encodeURIComponent(resetToken)}&email=${encodeURIComponent(row.email)}`;
      await sendMail(db, ctx.options.outboxDir, {
        kind: 'reset-password',
        from: config.mailer.contactAddress,
        to: row.email,
        subject: `${config.shop.name}: reset your password`,
        text: [
          `Hello ${row.firstname},`,
          '',
          'We received a request to reset the password of your account. To choose a new password, open this link within one hour:',
          link,
          '',
          `Reset token: ${resetToken}`,
          '',
          'If you did not ask for this, you can ignore this e-mail.',
        ].join('\n'),
      });
    }
    return ok(c, true);
  });

  r.post('/create-password', limit('reset-password'), jsonBody(CreatePasswordBody.strict()), async (c) => {
    const input = c.req.valid('json');
    const row = await byEmail(input.email);
    const reset = (await db.prepare('SELECT * FROM password_resets WHERE token_hash = ?').get(sha256(input.resetToken))) as
      { customer_id: number; expires_at: number; used: number } | undefined;
    if (!row || !reset || reset.customer_id !== row.id || reset.used || reset.expires_at < Date.now()) {
      throw new ApiError(400, 'resetToken: the reset token is not valid or has expired');
    }
    const hash = await hashPassword(input.newPassword);
    await db.transaction(async () => {
      await db.prepare('UPDATE password_resets SET used = 1 WHERE token_hash = ?').run(sha256(input.resetToken));
      // A reset revokes every token issued before it.
      await db.prepare('UPDATE customers SET password_hash = ?, token_version = token_version + 1, updated_at = ? WHERE id = ?').run(hash, nowIso(), row.id);
    })();
    return ok(c, true);
  });

  r.post('/change-password', limit('change-password'), jsonBody(ChangePasswordInputSchema.strict()), async (c) => {
    const row = await ctx.requireCustomer(c);
    const input = c.req.valid('json');
    if (!(await verifyPassword(input.currentPassword, row.password_hash))) throw new ApiError(400, 'currentPassword: the current password is not correct');
    const hash = await hashPassword(input.newPassword);
    // Every token issued before (every session, this one too) stops working; this caller gets a new session in meta.
    const pair = await db.transaction(async () => {
      await db.prepare('UPDATE customers SET password_hash = ?, token_version = token_version + 1, updated_at = ? WHERE id = ?').run(hash, nowIso(), row.id);
      return ctx.recordTokens(
        (await db.prepare('SELECT id, token_version FROM customers WHERE id = ?').get(row.id)) as Pick<CustomerRow, 'id' | 'token_version'>,
      );
    })();
    return ok(c, true, await ctx.signTokens(pair));
  });

  r.get('/me', async (c) => ok(c, await ctx.customerJson(await ctx.requireCustomer(c))));

  r.post('/me', jsonBody(UpdateMeBody), async (c) => {
    const row = await ctx.requireCustomer(c);
    const { customer } = c.req.valid('json');
    if (customer.email && customer.email.toLowerCase() !== row.email.toLowerCase() && (await byEmail(customer.email))) {
      throw new ApiError(400, 'customer.email: a customer with the same email address already exists');
    }
    await db
      .prepare('UPDATE customers SET email = ?, firstname = ?, lastname = ?, addresses = ?, updated_at = ? WHERE id = ?')
      .run(
        customer.email ?? row.email,
        customer.firstname ?? row.firstname,
        customer.lastname ?? row.lastname,
        customer.addresses ? JSON.stringify(customer.addresses) : row.addresses,
        nowIso(),
        row.id,
      );
    return ok(c, await ctx.customerJson((await db.prepare('SELECT * FROM customers WHERE id = ?').get(row.id)) as CustomerRow));
  });

  r.get('/order-history', validQuery(HistoryQuery), async (c) => {
    const row = await ctx.requireCustomer(c);
    const q = c.req.valid('query');
    const total = ((await db.prepare('SELECT COUNT(*) AS n FROM orders WHERE customer_id = ?').get(row.id)) as { n: number }).n;
    const orders = (await db
      .prepare('SELECT rowid AS entity_id, * FROM orders WHERE customer_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?')
      .all(row.id, q.pageSize, (q.currentPage - 1) * q.pageSize)) as OrderRow[];
    return ok(c, { items: orders.map(orderJson), total_count: total, search_criteria: { page_size: q.pageSize, current_page: q.currentPage } });
  });

  return r;
}
