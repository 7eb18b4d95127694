/** An island's one API read (src/lib/api/load.ts): the result, the error text to show, and the stop. */
import { describe, expect, it } from 'vitest';
import { startLoad, type Load } from '../../src/lib/api/load';
import type { ApiResult } from '../../src/lib/api/client';

async function outcome<T>(run: () => Promise<ApiResult<T>>): Promise<Load<T>[]> {
  const shown: Load<T>[] = [];
  startLoad(run, 'Something went wrong.', (l) => shown.push(l));
  await new Promise((r) => setTimeout(r, 0));
  return shown;
}

describe('one API read', () => {
  it('shows the result once it arrives', async () => {
    expect(await outcome(async () => ({ ok: true, code: 200, result: [1, 2] }))).toEqual([{ state: 'ready', data: [1, 2] }]);
  });

  it("shows the API's message, but the caller's text for a 404, an answer without a message or a failed request", async () => {
    expect(await outcome(async () => ({ ok: false, code: 500, result: 'Token expired' }))).toEqual([{ state: 'error', message: 'Token expired' }]);
    expect(await outcome(async () => ({ ok: false, code: 404, result: 'No such entity' }))).toEqual([{ state: 'error', message: 'Something went wrong.' }]);
    expect(await outcome(async () => ({ ok: false, code: 500, result: { code: 1 } }))).toEqual([{ state: 'error', message: 'Something went wrong.' }]);
    expect(await outcome(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual([{ state: 'error', message: 'Something went wrong.' }]);
  });

  it('shows nothing once stopped (the island unmounted)', async () => {
    const shown: unknown[] = [];
    const stop = startLoad(
      async () => ({ ok: true, code: 200, result: 1 }),
      'x',
      (l) => shown.push(l),
    );
    stop();
    await new Promise((r) => setTimeout(r, 0));
    expect(shown).toEqual([]);
  });
});
