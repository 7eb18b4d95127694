/**
 * A shop's week in one line for the stores list panel: days in a row with the same hours share one
 * entry ("Mon–Wed 09:00–17:30 · Thu 09:00–19:00 · Sun Closed"), so every day is told and a late
 * opening or a closed day is not hidden. The shop's own page lists the seven days as a table. Pure.
 */
import type { Shop } from '../schemas';

type Hours = Shop['opening_hours'][number];

const WEEK: Hours['day'][] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The week's hours, Monday first, grouped by runs of days alike; `closed` is the word for a day without hours. */
export function weekHours(hours: readonly Hours[], closed: string): string[] {
  const byDay = new Map(hours.map((h) => [h.day, h]));
  const text = (h: Hours | undefined) => (h?.open && h.close ? `${h.open}–${h.close}` : closed);
  const runs: { from: string; to: string; text: string }[] = [];
  for (const day of WEEK) {
    const t = text(byDay.get(day));
    const last = runs[runs.length - 1];
    if (last && last.text === t) last.to = day;
    else runs.push({ from: day, to: day, text: t });
  }
  const short = (d: string) => d.slice(0, 3);
  return runs.map((r) => `${r.from === r.to ? short(r.from) : `${short(r.from)}–${short(r.to)}`} ${r.text}`);
}
