// The loader's pacing: submissions spaced to the key's batch bucket, and nothing before a 429's
// Retry-After; polling backs off to a few seconds.
import { describe, expect, it, vi } from 'vitest';
import { backoff, Pacer } from '../../../cli/src/pacing';

describe('pacing', () => {
  it('spaces turns by the interval and waits out Retry-After', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const pacer = new Pacer(6000);
      const times: number[] = [];
      const take = async () => {
        await pacer.turn();
        times.push(Date.now());
      };
      const first = take();
      await vi.advanceTimersByTimeAsync(0);
      await first;
      const second = take();
      await vi.advanceTimersByTimeAsync(6000);
      await second;
      pacer.throttled(30);
      const third = take();
      await vi.advanceTimersByTimeAsync(40_000);
      await third;
      expect(times).toEqual([0, 6000, 36_000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('backs off polling from a quarter second to five seconds', () => {
    const delays = backoff();
    const first = Array.from({ length: 8 }, () => delays.next().value as number);
    expect(first[0]).toBeGreaterThanOrEqual(250);
    expect(first[0]).toBeLessThan(300);
    expect(Math.min(...first.slice(5))).toBeGreaterThanOrEqual(5000);
    expect(Math.max(...first)).toBeLessThan(6000);
  });
});
