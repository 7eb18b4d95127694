/** The one lazy-module helper (src/lib/state/lazy-module.ts): one download shared, a failed one retried on next use. */
import { describe, expect, it } from 'vitest';
import { lazyModule } from '../../src/lib/state/lazy-module';

/** A load whose answers are given in turn: an Error rejects, anything else resolves. */
function scripted<T>(...answers: (T | Error)[]) {
  let calls = 0;
  const load = () => {
    const a = answers[calls++];
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a as T);
  };
  return { load, calls: () => calls };
}

describe('lazyModule', () => {
  it('does not download before the first use', () => {
    const s = scripted({ v: 1 });
    lazyModule(s.load);
    expect(s.calls()).toBe(0);
  });

  it('gives concurrent and later callers the one download', async () => {
    const s = scripted({ v: 1 }, { v: 2 });
    const get = lazyModule(s.load);
    const [a, b] = await Promise.all([get(), get()]);
    const c = await get();
    expect(s.calls()).toBe(1);
    expect(a).toEqual({ v: 1 });
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('forgets a failed download: concurrent callers share the failure, the next use downloads again', async () => {
    const s = scripted<{ v: number }>(new TypeError('Failed to fetch dynamically imported module'), { v: 2 });
    const get = lazyModule(s.load);
    const first = await Promise.allSettled([get(), get()]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(s.calls()).toBe(1);
    await expect(get()).resolves.toEqual({ v: 2 });
    expect(s.calls()).toBe(2);
    await get();
    expect(s.calls()).toBe(2);
  });

  it('treats a load that throws at once like a failed download', async () => {
    let calls = 0;
    const get = lazyModule(() => {
      if (calls++ === 0) throw new Error('no chunk');
      return Promise.resolve('ok');
    });
    await expect(get()).rejects.toThrow('no chunk');
    await expect(get()).resolves.toBe('ok');
  });
});
