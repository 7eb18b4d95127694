/** Customer account and the user calls' bodies (§7 user, §5 rules). */
import { z, opt } from './common';
import { AddressSchema, CustomerAddressSchema } from './address';

export const CustomerSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.number().int(),
    email: z.email(),
    firstname: z.string(),
    lastname: z.string(),
    group_id: z.number().int().default(1),
    created_at: opt(z.string()),
    addresses: z.array(CustomerAddressSchema).default([]),
    is_subscribed: z.boolean().default(false),
  }))();
export type Customer = z.output<typeof CustomerSchema>;

export const LoginInputSchema = /*#__PURE__*/ (() =>
  z.object({
    username: z.email('username must be a valid e-mail address'),
    password: z.string().min(1, 'password is required'),
  }))();

export const CreateUserInputSchema = /*#__PURE__*/ (() =>
  z.object({
    customer: z.object({
      email: z.email('customer.email must be a valid e-mail address'),
      firstname: z.string().trim().min(2, 'customer.firstname must have at least 2 letters'),
      lastname: z.string().trim().min(1, 'customer.lastname is required'),
      addresses: z.array(AddressSchema).default([]),
    }),
    password: z.string().min(8, 'password must have at least 8 characters'),
  }))();

export const ChangePasswordInputSchema = /*#__PURE__*/ (() =>
  z.object({
    currentPassword: z.string().min(1, 'currentPassword is required'),
    newPassword: z.string().min(8, 'newPassword must have at least 8 characters'),
  }))();

export const ResetPasswordInputSchema = /*#__PURE__*/ (() => z.object({ email: z.email('email must be a valid e-mail address') }))();
export const RefreshInputSchema = /*#__PURE__*/ (() => z.object({ refreshToken: z.string().min(1, 'refreshToken is required') }))();
