/**
 * Claims (spec §3 Claim: code, created_at, value, description) in their local collection `claims`,
 * one item per code: a small record that something was agreed to, seen or granted in this browser
 * (e.g. a dismissed notice). `$claims` holds them by code once loaded. No zod here (client bundles):
 * a stored item that is not a claim is ignored; tests check what is written against ClaimSchema.
 */
import { map, onMount } from 'nanostores';
import { collection } from '../storage';
import type { Claim } from '../../schemas/claim';

export type { Claim };

/** The claims by code. */
export const $claims = map<Record<string, Claim>>({});

/** True for a stored value shaped like a claim. */
export function isClaim(x: unknown): x is Claim {
  if (!x || typeof x !== 'object') return false;
  const c = x as Record<string, unknown>;
  return (
    typeof c.code === 'string' &&
    c.code.length > 0 &&
    typeof c.created_at === 'string' &&
    !Number.isNaN(Date.parse(c.created_at)) &&
    typeof (c.description ?? '') === 'string'
  );
}

let loading: Promise<void> | null = null;
/** Codes set or removed since the read of the stored claims began: what that read found of them is stale. */
const touched = new Set<string>();

/** Reads every stored claim once into `$claims` (claims set or removed meanwhile stay as they are now). */
export function loadClaims(): Promise<void> {
  loading ??= (async () => {
    touched.clear();
    const stored = await collection('claims').entries<unknown>();
    const found: Record<string, Claim> = {};
    for (const [, v] of stored) if (isClaim(v) && !touched.has(v.code)) found[v.code] = { ...v, description: v.description ?? '' };
    $claims.set({ ...found, ...$claims.get() });
  })();
  return loading;
}

/** Records a claim (replacing one with the same code) and stores it; answers the claim. */
export async function setClaim(code: string, value: unknown = true, description = '', now: Date = new Date()): Promise<Claim> {
  if (!code) throw new Error('A claim needs a code');
  const claim: Claim = { code, created_at: now.toISOString(), value, description };
  touched.add(code);
  $claims.setKey(code, claim);
  await collection('claims').setItem(code, claim);
  return claim;
}

/** The claim with this code, from storage when not loaded yet; null when there is none. */
export async function getClaim(code: string): Promise<Claim | null> {
  const known = $claims.get()[code];
  if (known) return known;
  const stored = await collection('claims').getItem<unknown>(code);
  return isClaim(stored) ? stored : null;
}

/** True when a claim with this code exists. */
export async function hasClaim(code: string): Promise<boolean> {
  return (await getClaim(code)) !== null;
}

/** Removes a claim. */
export async function removeClaim(code: string): Promise<void> {
  const { [code]: _gone, ...rest } = $claims.get();
  touched.add(code);
  $claims.set(rest);
  await collection('claims').removeItem(code);
}

// Reads the stored claims when first used; once no one uses the store, the next use reads them again
// (claims set meanwhile are kept).
onMount($claims, () => {
  void loadClaims();
  return () => {
    loading = null;
  };
});
