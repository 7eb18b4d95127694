import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, type StoreView } from '../../src/lib/config';
import { nextDayStart } from '../../src/lib/messages/format';
import { DAY_START_DELAY_MS, nextDayStartRun, parseAtDayStart, scheduleDayStarts, type DayStart } from '../../server/day-start';
import { panel, type PanelState } from '../../server/routes/publish-page';

const zone = (timeZone: string): StoreView => ({ ...config.storeViews.default, i18n: { ...config.storeViews.default.i18n, timeZone } });
const london = zone('Europe/London');
const berlin = zone('Europe/Berlin');
const at = (iso: string) => new Date(iso);

describe('nextDayStart: the next local midnight, strictly after the moment given', () => {
  it('in London: midnight GMT in winter, 23:00 UTC under British Summer Time', () => {
    expect(nextDayStart(at('2026-12-02T10:00:00Z'), london).toISOString()).toBe('2026-12-03T00:00:00.000Z');
    expect(nextDayStart(at('2026-07-01T10:00:00Z'), london).toISOString()).toBe('2026-07-01T23:00:00.000Z');
    // At midnight itself, the day after's.
    expect(nextDayStart(at('2026-12-03T00:00:00Z'), london).toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(nextDayStart(at('2026-12-02T23:59:59.999Z'), london).toISOString()).toBe('2026-12-03T00:00:00.000Z');
  });

  it('across the clock changes (29 March and 25 October 2026 in London, at 01:00 UTC)', () => {
    // The 29th starts in GMT and ends in BST; the 25th October starts in BST and ends in GMT.
    expect(nextDayStart(at('2026-03-28T12:00:00Z'), london).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(nextDayStart(at('2026-03-29T12:00:00Z'), london).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(nextDayStart(at('2026-10-24T12:00:00Z'), london).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(nextDayStart(at('2026-10-25T12:00:00Z'), london).toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it("in another store view's zone, and where the clock change skips midnight (Chile moves 00:00 to 01:00 on 6 September 2026)", () => {
    expect(nextDayStart(at('2026-12-02T10:00:00Z'), berlin).toISOString()).toBe('2026-12-02T23:00:00.000Z');
    // Santiago is at UTC-4 until then: the 6th begins at 01:00 UTC-3, 04:00 UTC.
    expect(nextDayStart(at('2026-09-05T12:00:00Z'), zone('America/Santiago')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});

describe('the day-start runs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('REBUILD_AT_DAY_START: on unless 0 or off; anything else is named', () => {
    expect(parseAtDayStart(undefined)).toBe(true);
    expect(parseAtDayStart('')).toBe(true);
    expect(parseAtDayStart('1')).toBe(true);
    expect(parseAtDayStart('0')).toBe(false);
    expect(parseAtDayStart('off')).toBe(false);
    expect(() => parseAtDayStart('sometimes')).toThrow("REBUILD_AT_DAY_START: expected 1 (on, the default) or 0 (off), got 'sometimes'");
  });

  it('the next run is the earliest day start of the enabled store views, a minute after its midnight', () => {
    expect(DAY_START_DELAY_MS).toBe(60_000);
    expect(nextDayStartRun(at('2026-12-02T10:00:00Z'), [london, berlin])).toEqual({ at: at('2026-12-02T23:01:00Z'), timeZone: 'Europe/Berlin' });
    expect(nextDayStartRun(at('2026-12-02T23:30:00Z'), [london, berlin])).toEqual({ at: at('2026-12-03T00:01:00Z'), timeZone: 'Europe/London' });
    // Started within the minute after a midnight: that day's run is still to come.
    expect(nextDayStartRun(at('2026-12-03T00:00:30Z'), [london])).toEqual({ at: at('2026-12-03T00:01:00Z'), timeZone: 'Europe/London' });
    expect(nextDayStartRun(at('2026-12-03T00:01:00Z'), [london])).toEqual({ at: at('2026-12-04T00:01:00Z'), timeZone: 'Europe/London' });
  });

  it('runs at each day start in turn, once each, and not before its moment when the clock goes back', () => {
    vi.useFakeTimers({ now: at('2026-12-02T22:00:00Z') });
    const runs: DayStart[] = [];
    const timer = scheduleDayStarts({ stores: () => [london, berlin], run: (d) => runs.push(d) });
    try {
      expect(timer.next()).toEqual({ at: at('2026-12-02T23:01:00Z'), timeZone: 'Europe/Berlin' });
      vi.advanceTimersByTime(60 * 60_000 + 59_000);
      expect(runs).toEqual([]);
      vi.advanceTimersByTime(1_000);
      expect(runs).toEqual([{ at: at('2026-12-02T23:01:00Z'), timeZone: 'Europe/Berlin' }]);
      expect(timer.next()).toEqual({ at: at('2026-12-03T00:01:00Z'), timeZone: 'Europe/London' });
      vi.advanceTimersByTime(60 * 60_000);
      expect(runs.map((r) => r.timeZone)).toEqual(['Europe/Berlin', 'Europe/London']);
      expect(timer.next()).toEqual({ at: at('2026-12-03T23:01:00Z'), timeZone: 'Europe/Berlin' });
      // The clock set back an hour just before the next run: the timer fires, finds it early, and waits.
      vi.advanceTimersByTime(22 * 60 * 60_000 + 59 * 60_000);
      vi.setSystemTime(at('2026-12-03T22:00:00Z'));
      vi.advanceTimersByTime(60_000);
      expect(runs).toHaveLength(2);
      vi.advanceTimersByTime(60 * 60_000);
      expect(runs.map((r) => r.timeZone)).toEqual(['Europe/Berlin', 'Europe/London', 'Europe/Berlin']);
    } finally {
      timer.stop();
    }
    vi.advanceTimersByTime(2 * 24 * 60 * 60_000);
    expect(runs).toHaveLength(3);
  });
});

describe("the publishing page and the day's runs", () => {
  const state = (nextDayStart: PanelState['status']['nextDayStart']): PanelState => ({
    status: { state: 'idle', pending: false, runs: 0, current: null, last: null, lastSuccess: null, nextDayStart },
    live: null,
    liveDir: null,
    preview: null,
    previewChanged: [],
    kept: [],
    history: [],
    csrf: 'c',
  });

  it('says when the server runs by itself next, and why; nothing when that is off', () => {
    expect(panel(state({ at: '2026-12-03T00:01:00.000Z', timeZone: 'Europe/London' }))).toContain(
      `<p class="muted">The next run of its own: <time datetime="2026-12-03T00:01:00.000Z">2026-12-03 00:01 UTC</time>, at the day's start in Europe/London, for the prices of the new day.</p>`,
    );
    expect(panel(state(null))).not.toContain('The next run of its own');
  });
});
