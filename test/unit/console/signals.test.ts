// The overview's oldest-pending signal: growing (highlighted) while the same work keeps waiting.
import { describe, expect, it } from 'vitest';
import { NO_READING, readAge } from '../../../console/src/signals';

describe('readAge', () => {
  it('is idle without pending work and steady on a first reading', () => {
    expect(readAge(NO_READING, null, 1)).toEqual(NO_READING);
    expect(readAge(NO_READING, 40, 1)).toEqual({ age: 40, trend: 'steady', growingSince: null });
  });

  it('is growing while the age rises, remembering since when', () => {
    const first = readAge(NO_READING, 40, 1_000);
    const second = readAge(first, 55, 16_000);
    const third = readAge(second, 70, 31_000);
    expect(second).toEqual({ age: 55, trend: 'growing', growingSince: 16_000 });
    expect(third).toEqual({ age: 70, trend: 'growing', growingSince: 16_000 });
  });

  it('is steady again once the oldest work finished (a younger item is the oldest) and idle when none is left', () => {
    const growing = readAge(readAge(NO_READING, 40, 0), 55, 1);
    expect(readAge(growing, 3, 2)).toEqual({ age: 3, trend: 'steady', growingSince: null });
    expect(readAge(growing, null, 2)).toEqual(NO_READING);
  });
});
