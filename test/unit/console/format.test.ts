import { describe, expect, it } from 'vitest';
import { duration, instant, money, percent } from '../../../console/src/format';

describe('console formats', () => {
  it('formats money, durations, instants and rates', () => {
    expect(money(1234.5)).toBe('$1,234.50');
    expect(money(-3.1)).toBe('-$3.10');
    expect(duration(0)).toBe('0 s');
    expect(duration(45)).toBe('45 s');
    expect(duration(200)).toBe('3 min 20 s');
    expect(duration(7_500)).toBe('2 h 5 min');
    expect(duration(3 * 86_400 + 4 * 3_600 + 59)).toBe('3 d 4 h');
    expect(duration(3_600)).toBe('1 h');
    expect(instant('2026-03-14T09:26:53.589Z')).toBe('2026-03-14 09:26:53 UTC');
    expect(instant(null)).toBe('—');
    expect(percent(0.0625)).toBe('6.25 %');
    expect(percent(0.10250001)).toBe('10.25 %');
  });
});
