import { beforeEach, describe, expect, it } from 'vitest';
import { memoryEngine, setStorageEngine, setStorageStoreCode, collectionDbName } from '../../src/lib/state/storage';
import { cleanStores } from 'nanostores';
import { $claims, getClaim, hasClaim, loadClaims, removeClaim, setClaim } from '../../src/lib/state/stores/claims';
import { ClaimSchema } from '../../src/lib/schemas';

let mem: ReturnType<typeof memoryEngine>;
beforeEach(() => {
  mem = memoryEngine();
  setStorageEngine(mem);
  setStorageStoreCode('gb');
  forget();
});
/** A new page: the store stops (the next use reads the stored claims again) and holds nothing. */
const forget = () => {
  cleanStores($claims);
  $claims.set({});
};
const stored = (code: string) => mem.dbs.get(collectionDbName('claims'))?.get(code);

describe('claims collection', () => {
  it('stores a claim with code, created_at, value and description in the claims collection', async () => {
    const at = new Date('2026-11-01T09:05:00Z');
    const claim = await setClaim('promo-strip-closed', { id: 5 }, 'The shopper closed the promo strip', at);
    expect(claim).toEqual({
      code: 'promo-strip-closed',
      created_at: '2026-11-01T09:05:00.000Z',
      value: { id: 5 },
      description: 'The shopper closed the promo strip',
    });
    expect(collectionDbName('claims')).toBe('shop-gb-claims');
    expect(ClaimSchema.parse(stored('promo-strip-closed'))).toEqual(claim);
  });

  it('reads stored claims back after a reload and ignores items that are not claims', async () => {
    await setClaim('cookies-accepted', true);
    mem.dbs.get(collectionDbName('claims'))!.set('junk', { nope: 1 });
    forget();
    expect($claims.get()).toEqual({});
    await loadClaims();
    expect(Object.keys($claims.get())).toEqual(['cookies-accepted']);
    expect(await hasClaim('cookies-accepted')).toBe(true);
    expect(await getClaim('junk')).toBeNull();
  });

  it('a claim set again replaces the old one; a removed claim is gone', async () => {
    await setClaim('seen', 1, '', new Date('2026-01-01T00:00:00Z'));
    await setClaim('seen', 2, '', new Date('2026-02-01T00:00:00Z'));
    expect((await getClaim('seen'))?.value).toBe(2);
    await removeClaim('seen');
    expect(await hasClaim('seen')).toBe(false);
    expect(stored('seen')).toBeUndefined();
  });
});

describe('claims changed while the stored ones are read', () => {
  it('a claim removed before the first read of the stored claims finishes stays removed', async () => {
    await setClaim('promo-strip-closed', { id: 5 });
    forget();
    // The first use starts the read of every stored claim; the removal comes before it finishes.
    const reading = loadClaims();
    await removeClaim('promo-strip-closed');
    await reading;
    expect($claims.get()['promo-strip-closed']).toBeUndefined();
    expect(await hasClaim('promo-strip-closed')).toBe(false);
  });
});
