// The plausibility guard of npm run content:refresh (scripts/content/refresh/plausibility.ts): a
// candidate version judged against the previous one, each limit on its own.
import { describe, expect, it } from 'vitest';
import { type Candidate, changedZips, DEFAULT_LIMITS, implausibilities } from '../../scripts/content/refresh/plausibility';

const parts = (combined: number) => ({ state: 60_000, county: combined - 60_000, city: 0, special: 0 });
/** Ten ZIPs of one state at 8 %; `composed` replaces some. */
const candidate = (composed: Record<string, number>, more: Partial<Candidate> = {}): Candidate => ({
  previous: new Map([['MN', new Map(Array.from({ length: 10 }, (_, i) => [`5540${i}`, 80_000]))]]),
  composed: new Map([['MN', new Map(Object.entries(composed).map(([zip, rate]) => [zip, parts(rate)]))]]),
  composedFrom: 'sst-rates',
  stated: [],
  records: [],
  ...more,
});

describe('the plausibility of a refreshed version', () => {
  it('passes a quarter of a few small changes', () => {
    expect(implausibilities(candidate({ 55400: 80_000, 55401: 85_000 }))).toEqual([]);
    expect(changedZips(candidate({ 55400: 80_000, 55401: 85_000 }))).toBe(1);
  });

  it('refuses a composed rate outside the plausible range, and a large move', () => {
    expect(implausibilities(candidate({ 55400: 170_000 })).map((p) => p.detail)).toEqual([
      'ZIP 55400: combined rate 17 % outside 0–16 %',
      'ZIP 55400: 8 % → 17 %, a move over 2 %',
    ]);
    expect(implausibilities(candidate({ 55400: 102_500 }))).toEqual([
      { source: 'sst-rates', state: 'MN', kind: 'implausible', detail: 'ZIP 55400: 8 % → 10.25 %, a move over 2 %' },
    ]);
  });

  it("refuses when more than the limit of a state's ZIPs change, the limit given", () => {
    const two = { 55400: 81_000, 55401: 81_000 };
    expect(implausibilities(candidate(two)).map((p) => p.detail)).toEqual(['2 of 10 ZIPs change rate (20.0 %, over 10 %)']);
    expect(implausibilities(candidate(two), { ...DEFAULT_LIMITS, maxChangedShare: 0.2 })).toEqual([]);
  });

  it('refuses a stated rate beyond a jurisdiction, or beyond a total where the file states totals', () => {
    const stated = (rate: number, total: boolean) => [{ source: 'tx-rates' as const, state: 'TX', file: 'taxrates.txt', line: 4, rate, total }];
    expect(implausibilities(candidate({}, { stated: stated(130_000, false) })).map((p) => p.detail)).toEqual(['taxrates.txt:4: rate 13 % outside 0–12 %']);
    expect(implausibilities(candidate({}, { stated: stated(130_000, true) }))).toEqual([]);
    expect(implausibilities(candidate({}, { stated: stated(-1, true) }))).toHaveLength(1);
  });

  it("refuses a file with less than half the previous version's records of its source and state", () => {
    const records = (n: number) => [{ source: 'il-rates' as const, state: 'IL', records: n, previous: { version: '2026-10-01', records: 100 } }];
    expect(implausibilities(candidate({}, { records: records(50) }))).toEqual([]);
    expect(implausibilities(candidate({}, { records: records(49) }))).toEqual([
      { source: 'il-rates', state: 'IL', kind: 'implausible', detail: '49 records, 100 in version 2026-10-01 (below 50 %)' },
    ]);
    expect(implausibilities(candidate({}, { records: [{ source: 'il-rates', state: 'IL', records: 1 }] }))).toEqual([]);
  });
});
