// The nexus page's pure parts: which states the share chart draws and in what order, a state's
// test in words, and the alert figures read back from an event's data.
import { describe, expect, it } from 'vitest';
import { type NexusState, nexusAlert, shareAxisMax, shareBars, shareSummary, thresholdText } from '../../../console/src/nexus';

const threshold = (over: Partial<NexusState['threshold']> = {}): NexusState['threshold'] => ({
  effective_from: '2023-07-01',
  sales_usd: 100_000,
  sales_min_transactions: null,
  counts_sales_from: null,
  transactions: null,
  combine: 'none',
  period: 'previous_or_current_calendar_year',
  counts: 'gross',
  marketplace_included: 'yes',
  comparison: { sales: 'exceeds', transactions: null },
  duty: 'collect',
  source: { kind: 'official', urls: [], inferred: [] },
  ...over,
});

const none = { sales: 0, transactions: 0 };
const state = (code: string, share: number, status: NexusState['status']): NexusState => ({
  state: code,
  status,
  threshold: threshold(),
  period: null,
  next_test: null,
  measured: { sales: share * 100_000, transactions: 1, excluded: { marketplace: none, resale: none, exempt: none } },
  share,
  measured_status: status === 'registered' ? 'below' : status,
  crossed_on: null,
  obligation_from: null,
  registered_from: null,
  assumptions: [],
  earlier_rules: [],
});

describe('the nexus share chart', () => {
  it('draws the states with something measured, largest share first and ties by code, and counts the others', () => {
    const bars = shareBars([
      state('TX', 0.5, 'below'),
      state('ND', 1.2, 'crossed'),
      state('AL', 0, 'below'),
      state('KS', 0.9, 'not_measured'),
      state('SD', 0.85, 'approaching'),
      state('AR', 0.5, 'registered'),
    ]);
    expect(bars).toEqual({
      states: ['ND', 'SD', 'AR', 'TX'],
      shares: [1.2, 0.85, 0.5, 0.5],
      statuses: ['crossed', 'approaching', 'registered', 'below'],
      omitted: 2,
    });
    expect(shareSummary(bars)).toBe(
      "Horizontal bar chart of each state's measure as a share of its economic nexus threshold, largest first: ND 120 % (crossed), SD 85 % (approaching), AR 50 % (registered), TX 50 % (below). The threshold is at 100 %; a state is approaching from 80 %. The table below has every figure.",
    );
  });

  it('reaches past the threshold, and past the largest share', () => {
    expect(shareAxisMax([])).toBe(1.1);
    expect(shareAxisMax([0.3, 0.9])).toBe(1.1);
    expect(shareAxisMax([2])).toBeCloseTo(2.1);
  });
});

describe('a state’s test in words', () => {
  it('says the boundary of each test and how they combine', () => {
    expect(thresholdText(threshold())).toBe('over $100,000');
    expect(thresholdText(threshold({ comparison: { sales: 'at_least', transactions: null } }))).toBe('$100,000 or more');
    expect(thresholdText(threshold({ sales_usd: 500_000, transactions: 100, combine: 'and', comparison: { sales: 'exceeds', transactions: 'exceeds' } }))).toBe(
      'over $500,000 and over 100 transactions',
    );
    expect(thresholdText(threshold({ transactions: 200, combine: 'or', comparison: { sales: 'at_least', transactions: 'at_least' } }))).toBe(
      '$100,000 or more or 200 transactions or more',
    );
    expect(thresholdText(threshold({ sales_usd: 250_000.5 }))).toBe('over $250,000.50');
    expect(
      thresholdText(threshold({ sales_min_transactions: 10, transactions: 100, combine: 'or', comparison: { sales: 'exceeds', transactions: 'at_least' } })),
    ).toBe('over $100,000 in 10 or more sales or 100 transactions or more');
    expect(thresholdText(threshold({ counts_sales_from: '2021-01-01' }))).toBe('over $100,000, sales from 2021-01-01');
    expect(thresholdText(threshold({ period: 'not_measured' }))).toBe('not measured');
  });
});

describe('a nexus alert from an event', () => {
  const data = {
    state: 'ND',
    as_of: '2026-12-02',
    status: 'crossed',
    share: 1,
    period: { from: '2026-01-01', to: '2026-12-02' },
    next_test: null,
    measured: { sales: 100_000.01, transactions: 4 },
    threshold: { sales_usd: 100_000, transactions: null, combine: 'none', effective_from: '2019-07-01' },
    crossed_on: '2026-12-02',
    obligation_from: '2027-01-01',
  };

  it('reads the figures of the payload the API writes', () => {
    expect(nexusAlert(data)).toEqual({
      state: 'ND',
      asOf: '2026-12-02',
      status: 'crossed',
      share: 1,
      sales: 100_000.01,
      transactions: 4,
      crossedOn: '2026-12-02',
      obligationFrom: '2027-01-01',
      nextTest: null,
    });
  });

  it('answers null for any other payload rather than showing a guess', () => {
    expect(nexusAlert(null)).toBeNull();
    expect(nexusAlert({ object: 'transaction', code: 'A-1' })).toBeNull();
    expect(nexusAlert({ ...data, status: 'below' })).toBeNull();
    expect(nexusAlert({ ...data, measured: { sales: '100000' } })).toBeNull();
    expect(nexusAlert({ ...data, crossed_on: 'yesterday' })).toBeNull();
  });
});
