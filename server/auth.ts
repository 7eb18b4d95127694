/** Passwords (scrypt) and signed tokens (JWT, HS256) for customers, the mailer and newsletter links. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { sign as signJwt, verify as verifyJwt } from 'hono/jwt';
import { z } from 'zod';

const ALG = 'HS256';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1 (128 MiB per hash). */
export const SCRYPT_DEFAULT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** Stored parameters above these are refused (a tampered row must not make one login take gigabytes). */
const SCRYPT_LIMIT: ScryptParams = { N: 2 ** 20, r: 16, p: 4 };

/** scrypt needs 128 * N * r bytes; Node's default maxmem is 32 MiB, too little from N=2^15 with r=8. */
const maxmemOf = (p: ScryptParams) => 128 * p.N * p.r * p.p + 16 * 1024 * 1024;

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_DEFAULT): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, { ...params, maxmem: maxmemOf(params) });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

const parseHash = (stored: string) => {
  const [alg, N, r, p, salt, hash] = stored.split('$');
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  const sane =
    alg === 'scrypt' &&
    !!salt &&
    !!hash &&
    (['N', 'r', 'p'] as const).every((k) => Number.isInteger(params[k]) && params[k] > 0 && params[k] <= SCRYPT_LIMIT[k]);
  return sane ? { params, salt: salt!, hash: hash! } : null;
};

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parseHash(stored);
  if (!h) return false;
  const expected = Buffer.from(h.hash, 'base64url');
  const got = await scrypt(password, Buffer.from(h.salt, 'base64url'), expected.length, { ...h.params, maxmem: maxmemOf(h.params) });
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** True when a stored hash is weaker than `params` (hashed before the cost was raised): re-hash it at the next login. */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_DEFAULT): boolean {
  const h = parseHash(stored);
  return !h || h.params.N < params.N || h.params.r < params.r || h.params.p < params.p;
}

/** The token secret: env TOKEN_SECRET, else a file beside the database generated at first start. */
export function loadSecret(env: NodeJS.ProcessEnv, secretFile: string | null): string {
  if (env.TOKEN_SECRET) return env.TOKEN_SECRET;
  if (!secretFile) return randomBytes(32).toString('base64url');
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim();
  mkdirSync(dirname(secretFile), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(secretFile, secret + '\n', { mode: 0o600 });
  return secret;
}

export type TokenType = 'access' | 'refresh' | 'mail' | 'unsubscribe';

/** The claims our tokens carry (a JWT payload; `typ` here is ours, the header's `typ` is 'JWT'). */
const TokenClaimsSchema = z.object({
  typ: z.enum(['access', 'refresh', 'mail', 'unsubscribe']),
  /** Customer id (0 for the mailer token). */
  sub: z.number().int(),
  /** Customer token version: bumped on password change to revoke older tokens. */
  ver: z.number().int(),
  iat: z.number(),
  exp: z.number(),
  jti: z.string(),
  /** Session (login) the access or refresh token belongs to: rotation and reuse detection (the sessions table: server/context.ts `issueTokens`, `sessionOpen`). */
  fam: z.string().optional(),
});

export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'type' };

/**
 * Signs and verifies our tokens as JWTs (HS256, `hono/jwt`). Expiry is checked against this signer's
 * clock (tests move it forward), not hono's `Date.now()`, so hono's own time checks are off.
 */
export class TokenSigner {
  constructor(
    private readonly secret: string,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  now(): number {
    return Math.floor(this.clock() / 1000);
  }

  /** The claims of a new token; `signClaims` turns them into the token (apart, so that a database transaction can decide them). */
  claims(typ: TokenType, sub: number, ver: number, ttlSeconds: number, extra: { fam?: string; jti?: string } = {}): TokenClaims {
    const iat = this.now();
    return { typ, sub, ver, iat, exp: iat + ttlSeconds, jti: extra.jti ?? randomBytes(9).toString('base64url'), ...(extra.fam ? { fam: extra.fam } : {}) };
  }

  signClaims(claims: TokenClaims): Promise<string> {
    return signJwt({ ...claims }, this.secret, ALG);
  }

  sign(typ: TokenType, sub: number, ver: number, ttlSeconds: number, extra: { fam?: string; jti?: string } = {}): Promise<string> {
    return this.signClaims(this.claims(typ, sub, ver, ttlSeconds, extra));
  }

  async verify(token: string, typ: TokenType): Promise<VerifyResult> {
    let payload: unknown;
    try {
      payload = await verifyJwt(token, this.secret, { alg: ALG, exp: false, nbf: false, iat: false });
    } catch (err) {
      return { ok: false, reason: (err as Error).name === 'JwtTokenSignatureMismatched' ? 'signature' : 'malformed' };
    }
    const parsed = TokenClaimsSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    const claims = parsed.data;
    if (claims.typ !== typ) return { ok: false, reason: 'type' };
    if (claims.exp <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }
}

/** A random opaque id (cart ids, order tokens, reset tokens). */
export const randomId = (bytes = 16): string => randomBytes(bytes).toString('base64url');

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
