// Metered usage rules (functions/core/usage): grouping, day ranges, the export's CSV.
import { describe, expect, it } from 'vitest';
import { groupUsage, mergeRows, monthRange, type UsageRow, usageCsv, usageRange } from '../../functions/core/usage/usage';

const row = (day: string, keyId: string, units: UsageRow['units'], environment: UsageRow['environment'] = 'sandbox'): UsageRow => ({
  accountId: 'acct_a',
  environment,
  keyId,
  day,
  units,
});

const ROWS = [
  row('2026-11-02', 'key_b', { calculation: 3, commit: 1 }),
  row('2026-11-01', 'key_a', { calculation: 2 }),
  // A second slot of the same owner and day.
  row('2026-11-01', 'key_a', { calculation: 1, refund: 1 }),
];

describe('usage grouping', () => {
  it('sums slots, then groups per day, key or kind in ascending order', () => {
    expect(mergeRows(ROWS)).toHaveLength(2);
    expect(groupUsage(mergeRows(ROWS), 'day')).toEqual([
      { group: '2026-11-01', total: 4, by_kind: { calculation: 3, refund: 1 } },
      { group: '2026-11-02', total: 4, by_kind: { calculation: 3, commit: 1 } },
    ]);
    expect(groupUsage(ROWS, 'key').map((g) => [g.group, g.total])).toEqual([
      ['key_a', 4],
      ['key_b', 4],
    ]);
    expect(groupUsage(ROWS, 'kind')).toEqual([
      { group: 'calculation', total: 6, by_kind: { calculation: 6 } },
      { group: 'commit', total: 1, by_kind: { commit: 1 } },
      { group: 'refund', total: 1, by_kind: { refund: 1 } },
    ]);
  });

  it('leaves out zero units and attributes that are no kind', () => {
    expect(groupUsage([row('2026-11-01', 'k', { calculation: 0, ...({ PK: 1 } as object) })], 'day')).toEqual([]);
  });
});

describe('usage ranges', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('defaults to the month so far', () => expect(usageRange({}, now)).toEqual({ from: '2026-11-01', to: '2026-11-26' }));
  it('takes the first of to’s month as from', () => expect(usageRange({ to: '2026-10-05' }, now)).toEqual({ from: '2026-10-01', to: '2026-10-05' }));
  it('refuses an inverted, too long or impossible range', () => {
    expect(() => usageRange({ from: '2026-11-02', to: '2026-11-01' }, now)).toThrow(/not be after/);
    expect(() => usageRange({ from: '2026-01-01', to: '2026-12-31' }, now)).toThrow(/at most 93 days/);
    expect(() => usageRange({ from: '2026-02-30' }, now)).toThrow(/calendar day/);
  });
  it('accepts exactly 93 days', () => expect(usageRange({ from: '2026-08-26', to: '2026-11-26' }, now).from).toBe('2026-08-26'));
  it('knows each month’s last day', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(() => monthRange('2026-13')).toThrow();
  });
});

describe('the usage export', () => {
  it('writes one CSV line per owner, day and kind, slots summed, fields quoted when needed', () => {
    const csv = usageCsv([...ROWS, row('2026-11-01', 'key,"odd"', { estimate: 2 }, 'production')]);
    expect(csv.split('\n')).toEqual([
      'account_id,environment,key_id,day,kind,units',
      'acct_a,production,"key,""odd""",2026-11-01,estimate,2',
      'acct_a,sandbox,key_a,2026-11-01,calculation,3',
      'acct_a,sandbox,key_a,2026-11-01,refund,1',
      'acct_a,sandbox,key_b,2026-11-02,calculation,3',
      'acct_a,sandbox,key_b,2026-11-02,commit,1',
      '',
    ]);
  });
});
