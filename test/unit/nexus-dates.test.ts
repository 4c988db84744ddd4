// The calendar arithmetic of economic nexus (functions/core/nexus/dates.ts) against the platform's
// own calendar: every day of four centuries, both ways, and the dates that are not dates.
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, daysInMonth, fromDayNumber, isIsoDate } from '../../functions/core/nexus/dates';

const DAY_MS = 86_400_000;

describe('nexus dates', () => {
  it('numbers every day from 1850 to 2250 as the platform calendar does, and back', () => {
    const first = Date.UTC(1850, 0, 1) / DAY_MS;
    const last = Date.UTC(2250, 11, 31) / DAY_MS;
    let mismatches = 0;
    for (let day = first; day <= last; day++) {
      const text = new Date(day * DAY_MS).toISOString().slice(0, 10);
      if (fromDayNumber(day) !== text || dayNumber(text) !== day || !isIsoDate(text)) mismatches++;
    }
    expect(last - first).toBeGreaterThan(146_000);
    expect(mismatches).toBe(0);
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-03-01', -1)).toBe('2000-02-29');
  });

  it('knows the days of each month, leap years by the Gregorian rule', () => {
    for (const year of [1900, 2000, 2023, 2024, 2100, 2400])
      for (let month = 1; month <= 12; month++) expect(daysInMonth(year, month)).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
  });

  it('refuses what is not a calendar date', () => {
    for (const text of [
      '2023-02-29',
      '2100-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-01-00',
      '2024-1-01',
      '2024/01/01',
      '20240101',
      ' 2024-01-01',
      '2024-01-0a',
      '2024-01-011',
      '+024-01-01',
    ])
      expect(isIsoDate(text), text).toBe(false);
    for (const text of ['2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) expect(isIsoDate(text), text).toBe(true);
    expect(() => dayNumber('2023-02-29')).toThrow('not a date');
  });
});
