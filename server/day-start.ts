/**
 * A run at the start of each day. A page shows the prices of the day it was built on (a special price
 * applies between its dates, src/lib/catalog/price.ts), and a special price that starts or ends at
 * midnight moves no record in the backend, so no hook says so. The server therefore asks for a run
 * itself just after midnight in each enabled store view's time zone: it pulls what changed, as the
 * hook's `{}` does, and renders the pages whose prices the new day moved (docs/api.md, "Another day").
 * On by default wherever the rebuild hook is; REBUILD_AT_DAY_START=0 leaves it to the operator's cron.
 */
import type { StoreView } from '../src/lib/config';
import { nextDayStart } from '../src/lib/messages/format';
import { envBoolean } from '../src/lib/config/schema';

/** How long after midnight the run starts: the backend's own midnight jobs (Magento's price indexer) first. */
export const DAY_START_DELAY_MS = 60_000;

/** Reads REBUILD_AT_DAY_START: on when unset or empty; else a yes or no as every variable of the config reads them. */
export function parseAtDayStart(v: string | undefined): boolean {
  const on = v === undefined || v.trim() === '' ? true : envBoolean(v);
  if (on === null) throw new Error(`REBUILD_AT_DAY_START: expected 1 (on, the default) or 0 (off), got '${v}'`);
  return on;
}

/** The next run: when, and the time zone whose day starts then (the first of several at the same moment). */
export interface DayStart {
  at: Date;
  timeZone: string;
}

/** The next day start after `now` in any of the store views' time zones, `delayMs` after its midnight. */
export function nextDayStartRun(now: Date, stores: readonly StoreView[], delayMs = DAY_START_DELAY_MS): DayStart {
  let next: DayStart | null = null;
  for (const store of stores) {
    // The day start whose run is still to come: its midnight may be within the delay before now.
    const at = new Date(nextDayStart(new Date(now.getTime() - delayMs), store).getTime() + delayMs);
    if (at.getTime() <= now.getTime()) continue;
    if (!next || at < next.at) next = { at, timeZone: store.i18n.timeZone };
  }
  if (!next) throw new Error('nextDayStartRun: no store view');
  return next;
}

export interface DayStartTimer {
  /** The run to come. */
  next(): DayStart;
  stop(): void;
}

/**
 * Calls `run` at each day start of the store views, for as long as it is not stopped. The timer does
 * not keep the process alive. A timer that fires early (the clock set back) waits again for the same
 * moment; one that fires late (the machine asleep) runs once and waits for the next day start.
 */
export function scheduleDayStarts(opts: {
  stores: () => readonly StoreView[];
  run: (start: DayStart) => void;
  now?: () => number;
  delayMs?: number;
}): DayStartTimer {
  const now = opts.now ?? Date.now;
  const delay = opts.delayMs ?? DAY_START_DELAY_MS;
  let next = nextDayStartRun(new Date(now()), opts.stores(), delay);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const arm = () => {
    timer = setTimeout(fire, Math.max(0, next.at.getTime() - now()));
    timer.unref?.();
  };
  const fire = () => {
    if (now() < next.at.getTime()) return arm();
    const due = next;
    next = nextDayStartRun(new Date(Math.max(now(), due.at.getTime())), opts.stores(), delay);
    arm();
    opts.run(due);
  };
  arm();
  return {
    next: () => next,
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
