// What committed documents add to the economic nexus measure (core/nexus/recorded.ts), kept on the
// return summaries and read back from their items; the registrations that decide nexus by date;
// the alerts' once-per-period keys; and the watch writing an alert once under redelivery.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nexusRules } from '../../functions/adapters/content/nexus-rules-file';
import { summaryEntity } from '../../functions/adapters/dynamodb/entities/summary';
import { type NexusPorts, sweepNexusTest, watchDocumentEvents, watchStates } from '../../functions/application/nexus';
import { TenantConfigs } from '../../functions/application/tenant-configs';
import { hasNexus } from '../../functions/core/account/settings';
import type { EventDraft } from '../../functions/core/events/catalogue';
import { alertOf } from '../../functions/core/nexus/alerts';
import type { HistoryRecord } from '../../functions/core/nexus/history';
import type { DatedTotal } from '../../functions/core/nexus/measure';
import { type MonthTotal, quarterOf } from '../../functions/core/nexus/month-sales';
import type { NexusRepository } from '../../functions/core/nexus/ports';
import { datedTotals, documentSales, lineSales } from '../../functions/core/nexus/recorded';
import { monthsToRead, nexusReport } from '../../functions/core/nexus/report';
import { ALL_LOCATIONS, contributions, keyOf, monthSalesSummaryKey, summaryDeltas } from '../../functions/core/returns/summary';
import { calculate } from '../../functions/core/tax/engine';
import type { LineTax } from '../../functions/core/tax/types';
import { commit, refund, voidTransaction } from '../../functions/core/transactions/lifecycle';
import { type TransactionRecord, withChannel } from '../../functions/core/transactions/transaction';
import { nexusTestWork } from '../../functions/core/work/pending-work';
import { context } from '../support/engine';
import { monthRecordsOf } from '../support/nexus-rules';

const TENANT = { accountId: 'acct_nexus_unit', environment: 'sandbox' } as const;
const AT = '2026-11-10T12:00:00.000Z';

function sale(lines: { amount: number; zip: string }[], code = 'S1', date = '2026-11-10'): TransactionRecord {
  const doc = { date, ship_to: { zip: lines[0]!.zip }, lines: lines.map((l, i) => ({ number: String(i + 1), amount: l.amount, ship_to: { zip: l.zip } })) };
  return commit(calculate(doc, context()), { code, tenant: TENANT, location_code: null, customer_code: null, at: AT }).document;
}

const line = (over: Partial<LineTax>): LineTax => ({ ...sale([{ amount: 100, zip: '57104' }]).lines[0]!, ...over });

describe('what a document adds to the nexus measure', () => {
  it('splits a line by kind: resale by certificate or wholesale declaration, other exemptions exempt, no nexus retail', () => {
    expect(lineSales(line({ taxable: 10_000, exempt: 0 }))).toEqual([{ kind: 'retail', cents: 10_000 }]);
    const grant = { id: 'cert_1', jurisdiction: 'SD', exemption_reason: 'resale', document_sha256: null };
    expect(lineSales(line({ reason: 'certificate_applied', taxable: 0, exempt: 10_000, certificate: grant }))).toEqual([{ kind: 'resale', cents: 10_000 }]);
    expect(lineSales(line({ reason: 'certificate_applied', taxable: 0, exempt: 10_000, certificate: { ...grant, exemption_reason: 'government' } }))).toEqual([
      { kind: 'exempt', cents: 10_000 },
    ]);
    const declaration = { type: 'wholesale' as const, source: 'document' as const, states: null, reason: null };
    expect(lineSales(line({ reason: 'declared_exemption', taxable: 0, exempt: 500, declaration }))).toEqual([{ kind: 'resale', cents: 500 }]);
    expect(lineSales(line({ reason: 'product_exempt', taxable: 0, exempt: 700 }))).toEqual([{ kind: 'exempt', cents: 700 }]);
    // Not collected for want of nexus: counted as a taxable retail sale, erring toward an obligation.
    expect(lineSales(line({ reason: 'no_nexus', taxable: 0, exempt: 900 }))).toEqual([{ kind: 'retail', cents: 900 }]);
  });

  it('counts a document once in each state it ships to, and a refund as no new transaction', () => {
    const record = sale([
      { amount: 100, zip: '57104' },
      { amount: 50, zip: '57104' },
      { amount: 30, zip: '50309' },
    ]);
    const sales = documentSales(record);
    expect(sales.get('SD')!.get('10|direct|retail')).toEqual({ cents: 15_000, transactions: 1 });
    expect(sales.get('IA')!.get('10|direct|retail')).toEqual({ cents: 3_000, transactions: 1 });
    const refunded = refund(record, { code: 'R1', date: '2026-11-12', reason: null, lines: [{ number: '1', amount: 4_000 }] }, AT);
    expect(documentSales(refunded.document).get('SD')!.get('12|direct|retail')).toEqual({ cents: -4_000, transactions: 0 });
  });

  it('counts a document sold through a marketplace facilitator, and its refund, in the marketplace channel', () => {
    const record = withChannel(sale([{ amount: 100, zip: '57104' }]), 'marketplace');
    expect(record.channel).toBe('marketplace');
    expect(documentSales(record).get('SD')!.get('10|marketplace|retail')).toEqual({ cents: 10_000, transactions: 1 });
    expect(documentSales(record).get('SD')!.has('10|direct|retail')).toBe(false);
    const refunded = refund(record, { code: 'R1', date: '2026-11-12', reason: null, lines: [{ number: '1', amount: 4_000 }] }, AT);
    expect(documentSales(refunded.document).get('SD')!.get('12|marketplace|retail')).toEqual({ cents: -4_000, transactions: 0 });
    // Said direct, or inherited from a direct original, the channel is gone; inherited, it stays.
    expect(withChannel(record, 'direct').channel).toBeUndefined();
    expect(withChannel(sale([{ amount: 1, zip: '57104' }]), undefined, 'marketplace').channel).toBe('marketplace');
    expect(withChannel(record, undefined, undefined).channel).toBeUndefined();
  });

  it('keeps the day sales on the summary of all locations, through the item and back, and a void takes them back', () => {
    const record = sale([{ amount: 250, zip: '57104' }]);
    const [delta, month] = summaryDeltas({ create: [record], update: [] });
    expect(delta!.key).toEqual({ state: 'SD', period: '2026-11', location: ALL_LOCATIONS });
    // The quarter's month record follows, with the month's net and the state's bound.
    expect(month!.key).toEqual(monthSalesSummaryKey('2026-Q4'));
    expect(Object.fromEntries(summaryEntity.increments(month!.totals))).toEqual({ SD11drs: 25_000, SD11drn: 1, SD11us: 25_000, SD11un: 1 });
    const item = Object.fromEntries(summaryEntity.increments(delta!.totals));
    expect(item.d10drs).toBe(25_000);
    expect(item.d10drn).toBe(1);
    expect(datedTotals('2026-11', summaryEntity.totals(item).sales)).toEqual([
      { date: '2026-11-10', sales_cents: 25_000, transactions: 1, channel: 'direct', kind: 'retail' },
    ]);
    const voided = voidTransaction(record, null, AT).original;
    const [back, backMonth] = summaryDeltas({ create: [], update: [{ before: record, record: voided }] });
    expect([...back!.totals.sales]).toEqual([['10|direct|retail', { cents: -25_000, transactions: -1 }]]);
    // A void lowers the net and leaves the bound: it bounds what any days of the month counted.
    expect([...backMonth!.totals.sales]).toEqual([['SD|11|direct|retail', { cents: -25_000, transactions: -1 }]]);
  });

  it('adds up: the day sales of every state are the lines’ sales, for any mix of lines', () => {
    const zips = ['57104', '50309', '72201', '10001', '78701'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.integer({ min: 0, max: 500_000 }), zip: fc.constantFrom(...zips) }), { minLength: 1, maxLength: 8 }),
        (lines) => {
          const record = sale(lines.map((l) => ({ amount: l.amount / 100, zip: l.zip })));
          const fromSales = [...documentSales(record).values()].flatMap((m) => [...m.values()]).reduce((n, d) => n + d.cents, 0);
          expect(fromSales).toBe(record.lines.reduce((n, l) => n + l.taxable + l.exempt, 0));
          // The location-less summaries hold them, once per state.
          const parts = contributions(record);
          const states = new Set(record.lines.map((l) => l.address.state));
          for (const state of states) expect(parts.get(keyOf({ state, period: '2026-11', location: ALL_LOCATIONS }))!.totals.sales.size).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('registrations', () => {
  it('taxes a state from its registration date under nexus: registrations, and lists elsewhere as before', () => {
    const registrations = [{ state: 'TX', registered_from: '2026-03-01' }];
    expect(hasNexus({ nexus: 'registrations', registrations }, 'TX', '2026-02-28')).toBe(false);
    expect(hasNexus({ nexus: 'registrations', registrations }, 'TX', '2026-03-01')).toBe(true);
    expect(hasNexus({ nexus: 'registrations', registrations }, 'NY', '2026-03-01')).toBe(false);
    expect(hasNexus({ nexus: ['NY'], registrations }, 'TX', '2026-03-01')).toBe(false);
    expect(hasNexus({ nexus: 'all', registrations: [] }, 'TX', '2000-01-01')).toBe(true);
  });
});

const rules = nexusRules();
const day = (date: string, cents: number, extra: Partial<DatedTotal> = {}): DatedTotal => ({
  date,
  sales_cents: cents,
  transactions: 1,
  channel: 'direct',
  kind: 'retail',
  ...extra,
});

describe('alerts', () => {
  it('keys a crossing by its day and an approach by the next test or the year', () => {
    const report = nexusReport(
      rules,
      '2026-11-20',
      new Map([
        ['SD', [day('2026-11-10', 10_000_001)]],
        ['TX', [day('2026-10-10', 45_000_000)]],
        ['WY', [day('2026-11-01', 8_500_000)]],
      ]),
      [],
    );
    const of = (state: string) => alertOf(report.find((s) => s.state === state)!, '2026-11-20');
    expect(of('SD')).toMatchObject({ type: 'nexus.threshold_crossed', key: 'SD#crossed#2023-07-01#2026-11-10' });
    // Texas tests at month ends: the approach is about the next one.
    expect(of('TX')).toMatchObject({ type: 'nexus.threshold_approaching', key: 'TX#approaching#2019-10-01#2026-11-30' });
    expect(of('WY')).toMatchObject({ type: 'nexus.threshold_approaching', key: 'WY#approaching#2024-07-01#2026' });
    expect(of('IA')).toBeNull();
    // A registered state is not alerted.
    const registered = nexusReport(rules, '2026-11-20', new Map([['SD', [day('2026-11-10', 10_000_001)]]]), [{ state: 'SD', registered_from: '2026-01-01' }]);
    expect(alertOf(registered.find((s) => s.state === 'SD')!, '2026-11-20')).toBeNull();
  });

  it('reads only the months each state’s rule looks back over', () => {
    const months = monthsToRead(rules, '2026-11-20');
    expect(months.get('SD')![0]).toBe('2025-01');
    expect(months.get('SD')!.at(-1)).toBe('2026-11');
    expect(months.has('OR')).toBe(false);
  });
});

/** An in-memory store: the watch's at-least-once evaluation must write an alert once. */
class MemoryNexus implements NexusRepository {
  readonly events: EventDraft[] = [];
  private readonly alerts = new Set<string>();
  constructor(private readonly totals: Map<string, DatedTotal[]>) {}
  async recorded(months: ReadonlyMap<string, readonly string[]>) {
    return new Map([...this.totals].filter(([state]) => months.has(state)).map(([s, t]) => [s, t.filter((d) => months.get(s)!.includes(d.date.slice(0, 7)))]));
  }
  /** The month totals the records would hold, each total one change. */
  async monthSales(quarters: readonly string[], states: readonly string[]) {
    return new Map<string, MonthTotal[] | null>(
      states.map((s) => [s, monthRecordsOf(s, this.totals.get(s) ?? []).filter((m) => quarters.includes(quarterOf(m.month)))]),
    );
  }
  async history(): Promise<HistoryRecord[]> {
    return [];
  }
  async putHistory(r: HistoryRecord) {
    return r;
  }
  async getHistory() {
    return null;
  }
  async deleteHistory() {
    return false;
  }
  /** Registered coming tests, `state:day` → when. */
  readonly tests = new Map<string, string>();
  async scheduleTest(state: string, on: string, since: string) {
    this.tests.set(`${state}:${on}`, since);
  }
  async alertOnce(key: string, event: EventDraft) {
    if (this.alerts.has(key)) return false;
    this.alerts.add(key);
    this.events.push(event);
    return true;
  }
}

const SETTINGS = {
  nexus: 'all' as const,
  registrations: [],
  illinois: { derive_seller_posture: false, in_state_selling_enabled: false },
  declarationSecret: '',
  updatedAt: '',
};

const portsOf = (store: MemoryNexus, documents: NexusPorts['documents'] = () => ({ get: async () => null })): NexusPorts => ({
  nexus: () => store,
  documents,
  rules: () => rules,
  tenants: { updateSettings: async () => SETTINGS },
  tenantConfigs: new TenantConfigs({ config: async () => ({ settings: SETTINGS, locations: [] }) }, 0),
});

describe('the watch', () => {
  it('registers a coming quarter-end test the sales already meet, and the sweeper tells the crossing after its day', async () => {
    // Illinois tests the previous 12 months at each quarter's end: $120,000 by 3 December meets the
    // 31 December test, but the crossing is only that day's.
    const store = new MemoryNexus(new Map([['IL', [day('2026-12-01', 12_000_000)]]]));
    const ports = portsOf(store);
    expect(await watchStates(ports, TENANT, new Set(['IL']), new Date('2026-12-03T09:00:00Z'))).toBe(1);
    expect(store.events.map((e) => e.type)).toEqual(['nexus.threshold_approaching']);
    expect([...store.tests.keys()]).toEqual(['IL:2026-12-31']);
    const work = nexusTestWork(TENANT, 'IL', '2026-12-31', '2026-12-03T09:00:00.000Z');
    expect(await sweepNexusTest(ports, work, new Date('2026-12-31T23:59:00Z'))).toEqual({ finished: false });
    expect(await sweepNexusTest(ports, work, new Date('2027-01-01T00:05:00Z'))).toEqual({ finished: true });
    expect(store.events.map((e) => e.type)).toEqual(['nexus.threshold_approaching', 'nexus.threshold_crossed']);
    expect(store.events[1]!.data).toMatchObject({ state: 'IL', crossed_on: '2026-12-31' });
    // A second sweep of the same entry (a retry) writes nothing more.
    await sweepNexusTest(ports, work, new Date('2027-01-01T00:10:00Z'));
    expect(store.events).toHaveLength(2);
  });

  it('registers nothing where the coming test is not yet met, or the state tests every day', async () => {
    const store = new MemoryNexus(
      new Map([
        ['IL', [day('2026-12-01', 5_000_000)]],
        ['SD', [day('2026-11-10', 12_000_000)]],
      ]),
    );
    await watchStates(portsOf(store), TENANT, new Set(['IL', 'SD']), new Date('2026-12-03T09:00:00Z'));
    expect(store.tests.size).toBe(0);
  });

  it('writes an alert once however often the same events are delivered', async () => {
    const record = sale([{ amount: 100_001, zip: '57104' }], 'BIG', '2026-11-10');
    const store = new MemoryNexus(new Map([['SD', [day('2026-11-10', 10_000_100)]]]));
    const settings = {
      nexus: 'all' as const,
      registrations: [],
      illinois: { derive_seller_posture: false, in_state_selling_enabled: false },
      declarationSecret: '',
      updatedAt: '',
    };
    const ports: NexusPorts = {
      nexus: () => store,
      documents: () => ({ get: async (code) => (code === 'BIG' ? { record, version: 1 } : null) }),
      rules: () => rules,
      tenants: { updateSettings: async () => settings },
      tenantConfigs: new TenantConfigs({ config: async () => ({ settings, locations: [] }) }, 0),
    };
    const events = [{ type: 'transaction.committed', data: JSON.stringify({ code: 'BIG' }) }];
    const now = new Date('2026-11-20T00:00:00Z');
    expect(await watchDocumentEvents(ports, TENANT, events, now)).toBe(1);
    expect(await watchDocumentEvents(ports, TENANT, events, now)).toBe(0);
    expect(await watchStates(ports, TENANT, new Set(['SD']), now)).toBe(0);
    expect(store.events.map((e) => e.type)).toEqual(['nexus.threshold_crossed']);
    expect(store.events[0]!.data).toMatchObject({ state: 'SD', crossed_on: '2026-11-10', obligation_from: '2026-11-11' });
  });
});
