import { describe, expect, it } from 'vitest';
import { weekHours } from '../../src/lib/content/opening-hours';

const day = (d: string, open: string | null, close: string | null) => ({ day: d, open, close }) as Parameters<typeof weekHours>[0][number];

describe("a shop's week in one line", () => {
  it('tells every day: runs of days alike share an entry, a late night and a closed day stand apart', () => {
    const week = [
      day('Monday', '09:00', '17:30'),
      day('Tuesday', '09:00', '17:30'),
      day('Wednesday', '09:00', '17:30'),
      day('Thursday', '09:00', '19:00'),
      day('Friday', '09:00', '17:30'),
      day('Saturday', '09:00', '17:30'),
      day('Sunday', null, null),
    ];
    expect(weekHours(week, 'Closed')).toEqual(['Mon–Wed 09:00–17:30', 'Thu 09:00–19:00', 'Fri–Sat 09:00–17:30', 'Sun Closed']);
  });

  it('reads the days in the week’s order whatever order they come in, and a missing day as closed', () => {
    const week = [day('Sunday', '10:30', '16:30'), day('Monday', '09:00', '17:30'), day('Saturday', '10:30', '16:30')];
    expect(weekHours(week, 'Closed')).toEqual(['Mon 09:00–17:30', 'Tue–Fri Closed', 'Sat–Sun 10:30–16:30']);
  });
});
