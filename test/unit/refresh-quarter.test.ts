// The date a scheduled content refresh prepares (scripts/content/refresh/quarter.ts).
import { describe, expect, it } from 'vitest';
import { quarterStart, refreshQuarter } from '../../scripts/content/refresh/quarter';

describe('refreshQuarter', () => {
  it("prepares the next quarter in a quarter's last month", () => {
    expect(refreshQuarter('2026-03-15')).toBe('2026-04-01');
    expect(refreshQuarter('2026-06-25')).toBe('2026-07-01');
    expect(refreshQuarter('2026-09-01')).toBe('2026-10-01');
    expect(refreshQuarter('2026-12-25')).toBe('2027-01-01');
  });

  it('prepares the current quarter in its first two months', () => {
    expect(refreshQuarter('2026-01-01')).toBe('2026-01-01');
    expect(refreshQuarter('2026-04-08')).toBe('2026-04-01');
    expect(refreshQuarter('2026-08-31')).toBe('2026-07-01');
    expect(refreshQuarter('2026-11-02')).toBe('2026-10-01');
  });

  it("is always a quarter's first day", () => {
    for (let m = 1; m <= 12; m++) {
      const q = refreshQuarter(`2026-${String(m).padStart(2, '0')}-10`);
      expect(quarterStart(q)).toBe(q);
    }
  });
});
