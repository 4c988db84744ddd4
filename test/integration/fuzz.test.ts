// Hostile input, property-based, through HTTP (scripts/bench/fuzz.ts): path parameters of any length
// and byte, headers up to 20 KB, bodies nested 20,000 deep, numbers at the edges, a body past 10 MB.
// Never a 5xx, always X-Request-Id and the envelope, never a value echoed. Bounded for `npm test`;
// `npm run bench` runs more cases.
import { describe, expect, inject, it } from 'vitest';
import { runFuzz } from '../../scripts/bench/fuzz';
import { KEYS } from '../fixtures/seed';

describe('fuzzed requests', () => {
  it('never answer a 5xx, always carry X-Request-Id and the envelope, never echo a value', { timeout: 240_000 }, async () => {
    const report = await runFuzz(inject('baseUrl'), KEYS.admin, 500);
    expect(report.failures).toEqual([]);
    expect(report).toMatchObject({ cases: 501, fiveXx: 0 });
  });
});
