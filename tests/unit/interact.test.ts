/**
 * The `client:interact` directive (src/directives/interact.ts) and the lazy-module retry rule: a
 * failed download of the island is forgotten and the island listens again, so the next interaction
 * downloads it again and hydrates; a later interaction downloads nothing more.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientDirective } from 'astro';
import interact from '../../src/directives/interact';

const flush = () => new Promise((r) => setTimeout(r, 0));

/** An island element with no children (the events come from the element itself), live as soon as hydrated. */
const island = () => Object.assign(new EventTarget(), { contains: () => false, querySelector: () => ({}) }) as unknown as HTMLElement;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('client:interact', () => {
  it('downloads on the first interaction and hydrates once', async () => {
    const el = island();
    const hydrate = vi.fn(async () => {});
    const load = vi.fn(async () => hydrate);
    interact(load, { name: 'interact', value: '' } as Parameters<ClientDirective>[1], el);
    expect(load).not.toHaveBeenCalled();
    el.dispatchEvent(new Event('pointerdown'));
    await flush();
    el.dispatchEvent(new Event('focusin'));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('after a failed download the next interaction downloads again and hydrates', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const el = island();
    const hydrate = vi.fn(async () => {});
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(hydrate);
    interact(load, { name: 'interact', value: '' } as Parameters<ClientDirective>[1], el);

    el.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalled();

    el.dispatchEvent(new Event('focusin'));
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(hydrate).toHaveBeenCalledTimes(1);

    el.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('holds a click that comes while the island hydrates (its module already downloaded) and replays it once live', async () => {
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 0));
    let finish = () => {};
    const hydrate = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const load = vi.fn(async () => hydrate);
    // The island and the radio the shopper taps are one element here: the click's target is inside it.
    // It marks itself live (data-live) once `finish` has run, as the islands do after React's commit.
    let marked = false;
    const el = Object.assign(new EventTarget(), {
      contains: () => true,
      closest: () => el,
      isConnected: true,
      click: vi.fn(),
      querySelector: () => (marked ? el : null),
    }) as unknown as HTMLElement;
    interact(load, { name: 'interact', value: '' } as Parameters<ClientDirective>[1], el);
    el.dispatchEvent(new Event('pointerover'));
    await flush();
    el.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(hydrate).toHaveBeenCalledTimes(1);
    // The tap's click arrives while React is still taking the form over: held, not toggled.
    const click = new Event('click', { cancelable: true });
    el.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(el.click).not.toHaveBeenCalled();
    finish();
    await flush();
    await flush();
    // Hydrated but not yet committed: still held.
    expect(el.click).not.toHaveBeenCalled();
    marked = true;
    // The mark is looked for every 50 ms; then the replay waits a frame.
    await new Promise((r) => setTimeout(r, 150));
    expect(el.click).toHaveBeenCalledTimes(1);
    // Live: clicks are the island's own.
    const later = new Event('click', { cancelable: true });
    el.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});
