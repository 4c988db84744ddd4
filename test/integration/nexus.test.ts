// Economic nexus over HTTP against DynamoDB Local (docs/economic-nexus.md): commits, refunds and
// voids move the measure through the running summaries, the sales history adds what the service
// never saw (all or nothing, idempotent), registrations decide what `nexus: registrations` taxes,
// projections store nothing, and an alert event is written once per state and period. Every
// test works in acct_nexus, which no other test writes to, on today's date (the measure is of
// today).
import { describe, expect, it } from 'vitest';
import { nexusRules } from '../../functions/adapters/content/nexus-rules-file';
import { NexusStore } from '../../functions/adapters/dynamodb/nexus-store';
import { PendingWorkStore } from '../../functions/adapters/dynamodb/pending-work-store';
import { SummaryStore } from '../../functions/adapters/dynamodb/summary-store';
import { TenantStore } from '../../functions/adapters/dynamodb/tenant-store';
import { type NexusPorts, sweepNexusTest } from '../../functions/application/nexus';
import { TenantConfigs } from '../../functions/application/tenant-configs';
import type { PendingWork } from '../../functions/core/work/pending-work';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { db, MAIN_TABLE, SUMMARY_TABLE } from '../support/dynamo';
import { api, expectDetail, expectError, unique, V1 } from '../support/http';
import { taxjar } from '../support/taxjar';

const KEY = KEYS.nexus;
const TODAY = new Date().toISOString().slice(0, 10);
const ZIPS: Record<string, string> = { SD: '57104', IA: '50309', AR: '72201', WY: '82001', ND: '58102', IL: '62701' };

interface StateAnswer {
  state: string;
  status: string;
  share: number;
  measured: { sales: number; transactions: number; excluded: Record<string, { sales: number; transactions: number }> };
  crossed_on: string | null;
  obligation_from: string | null;
  registered_from: string | null;
  threshold: { sales_usd: number; combine: string; comparison: { sales: string } };
}

async function commit(state: string, amount: number, extra: Record<string, unknown> = {}) {
  const code = unique(`NX-${state}`);
  const res = await api('POST', `${V1}/transactions`, {
    key: KEY,
    body: { code, date: TODAY, ship_to: { state, zip: ZIPS[state] }, lines: [{ amount }], ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return code;
}

async function nexusOf(state: string, query = ''): Promise<StateAnswer> {
  const res = await api('GET', `${V1}/nexus${query}`, { key: KEY });
  expect(res.status, res.text).toBe(200);
  const found = (res.body.states as StateAnswer[]).find((s) => s.state === state);
  expect(found, `${state} in GET /nexus`).toBeDefined();
  return found!;
}

const history = (entries: unknown[], key?: string) =>
  api('POST', `${V1}/nexus/sales-history`, { key: KEY, body: { entries }, headers: key ? { 'Idempotency-Key': key } : {} });

/** The alert events of a type about a state (GET /events), after `settleMs` for the watch to run. */
async function alerts(type: string, state: string): Promise<{ id: string; data: { state: string } }[]> {
  const res = await api('GET', `${V1}/events?type=${type}&limit=100`, { key: KEY });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { id: string; data: { state: string } }[]).filter((e) => e.data.state === state);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('economic nexus', () => {
  it('measures commits, refunds and voids from the running summaries', async () => {
    const first = await commit('SD', 60_000);
    const second = await commit('SD', 30_000);
    let sd = await nexusOf('SD');
    expect(sd.threshold).toMatchObject({ sales_usd: 100_000, combine: 'none', comparison: { sales: 'exceeds' } });
    expect(sd.measured).toMatchObject({ sales: 90_000, transactions: 2 });
    expect(sd).toMatchObject({ status: 'approaching', share: 0.9, crossed_on: null });

    // A refund takes back what it refunds; the sale stays a transaction.
    const refund = await api('POST', `${V1}/transactions/${first}/refunds`, {
      key: KEY,
      body: { refund_code: unique('NX-RF'), lines: [{ number: '1', amount: 20_000 }] },
    });
    expect(refund.status, refund.text).toBe(201);
    sd = await nexusOf('SD');
    expect(sd.measured).toMatchObject({ sales: 70_000, transactions: 2 });
    expect(sd.status).toBe('below');

    // A void takes back the whole sale and its transaction.
    const voided = await api('POST', `${V1}/transactions/${second}/void`, { key: KEY, body: {} });
    expect(voided.status, voided.text).toBe(200);
    sd = await nexusOf('SD');
    expect(sd.measured).toMatchObject({ sales: 40_000, transactions: 1 });
  });

  it('adds the sales history: marketplace and resale sales left out where the state does not count them', async () => {
    const res = await history([
      { state: 'AR', date: TODAY, amount: 50_000, transactions: 80 },
      { state: 'AR', date: TODAY, amount: 20_000, transactions: 30, channel: 'marketplace' },
      { state: 'AR', date: TODAY, amount: 5_000, transactions: 2, kind: 'resale' },
      { state: 'IA', date: TODAY, amount: 20_000, transactions: 30, channel: 'marketplace' },
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ object: 'nexus_sales_history', entry_count: 4 });
    expect(res.body.id).toMatch(/^nsh_[0-9a-f]{24}$/);
    const ar = await nexusOf('AR');
    // Arkansas counts its own taxable sales only.
    expect(ar.measured.sales).toBe(50_000);
    expect(ar.measured.excluded).toMatchObject({ marketplace: { sales: 20_000, transactions: 30 }, resale: { sales: 5_000, transactions: 2 } });
    // Iowa counts marketplace sales.
    expect((await nexusOf('IA')).measured.sales).toBeGreaterThanOrEqual(20_000);

    const read = await api('GET', `${V1}/nexus/sales-history/${res.body.id}`, { key: KEY });
    expect(read.status).toBe(200);
    expect(read.body.entries[1]).toEqual({ state: 'AR', date: TODAY, amount: 20_000, transactions: 30, channel: 'marketplace', kind: 'retail' });

    // Deleting the record takes its entries out at once.
    expect((await api('DELETE', `${V1}/nexus/sales-history/${res.body.id}`, { key: KEY })).status).toBe(200);
    expect((await nexusOf('AR')).measured.sales).toBe(0);
    expectError(await api('DELETE', `${V1}/nexus/sales-history/${res.body.id}`, { key: KEY }), 404, 'not_found');
  });

  it('counts a TaxJar order sold through a marketplace (exemption_type marketplace) as a marketplace sale, left out where the state leaves those out', async () => {
    // New Mexico does not count marketplace-facilitated sales.
    const client = taxjar(KEY);
    const order = (id: string, extra: Record<string, unknown>) => ({
      transaction_id: id,
      transaction_date: TODAY.replaceAll('-', '/'),
      to_country: 'US',
      to_zip: '87102',
      to_state: 'NM',
      amount: 100,
      shipping: 0,
      sales_tax: 0,
      line_items: [{ id: '1', quantity: 1, unit_price: 100 }],
      ...extra,
    });
    const before = await nexusOf('NM');
    const facilitated = unique('NX-MKT');
    await client.createOrder(order(facilitated, { exemption_type: 'marketplace' }));
    expect((await client.showOrder(facilitated)).order.exemption_type).toBe('marketplace');
    await client.createOrder(order(unique('NX-OWN'), { amount: 40, line_items: [{ id: '1', quantity: 1, unit_price: 40 }] }));
    const nm = await nexusOf('NM');
    expect(nm.measured.sales - before.measured.sales).toBe(40);
    expect(nm.measured.transactions - before.measured.transactions).toBe(1);
    expect(nm.measured.excluded.marketplace).toEqual({
      sales: (before.measured.excluded.marketplace?.sales ?? 0) + 100,
      transactions: (before.measured.excluded.marketplace?.transactions ?? 0) + 1,
    });
    // Its refund is a marketplace refund: it takes back from the marketplace part.
    await client.createRefund({
      ...order(unique('NX-MKT-R'), { amount: -30, line_items: [{ id: '1', quantity: 1, unit_price: -30 }] }),
      transaction_reference_id: facilitated,
    });
    expect((await nexusOf('NM')).measured.excluded.marketplace?.sales).toBe((before.measured.excluded.marketplace?.sales ?? 0) + 70);
  });

  it('owes collection from the first day of a law however early its look-back was met, and counts Kansas sales from 2021 only', async () => {
    const res = await history([
      { state: 'TX', date: '2019-03-05', amount: 600_000, transactions: 40 },
      { state: 'KS', date: '2020-05-10', amount: 200_000, transactions: 10 },
      { state: 'KS', date: '2021-04-01', amount: 100_000.01, transactions: 5 },
    ]);
    expect(res.status, res.text).toBe(201);
    expect(await nexusOf('TX', '?as_of=2019-11-01')).toMatchObject({ status: 'crossed', crossed_on: '2019-03-31', obligation_from: '2019-10-01' });
    const kansas = await nexusOf('KS', '?as_of=2021-08-01');
    expect(kansas).toMatchObject({
      status: 'crossed',
      crossed_on: '2021-04-01',
      obligation_from: '2021-07-01',
      threshold: { counts_sales_from: '2021-01-01' },
    });
    expect(kansas.measured.sales).toBe(100_000.01);
    expect((await api('DELETE', `${V1}/nexus/sales-history/${res.body.id}`, { key: KEY })).status).toBe(200);
  });

  it('refuses a whole request for one bad entry, with the specific code, and stores nothing', async () => {
    const before = (await api('GET', `${V1}/nexus/sales-history`, { key: KEY })).body.data.length;
    const good = { state: 'WY', date: TODAY, amount: 10, transactions: 1 };
    expectDetail(expectError(await history([good, { ...good, state: 'ZZ' }]), 422, 'validation_error'), 'enum', 'entries.1.state');
    expectDetail(expectError(await history([good, { ...good, amount: -5 }]), 422, 'validation_error'), 'greater_than_equal', 'entries.1.amount');
    expectDetail(expectError(await history([{ ...good, date: '2999-01-01' }]), 422, 'date_outside_coverage'), 'date_outside_coverage', 'entries.0.date');
    expectDetail(expectError(await history([{ ...good, date: '2014-12-31' }]), 422, 'date_outside_coverage'), 'date_outside_coverage', 'entries.0.date');
    expect((await api('GET', `${V1}/nexus/sales-history`, { key: KEY })).body.data.length).toBe(before);
  });

  it('answers a retry under the same Idempotency-Key with the same record, and other entries under it with idempotency_conflict', async () => {
    const key = unique('nx-idem');
    const entries = [{ state: 'WY', date: TODAY, amount: 1_000, transactions: 3 }];
    const first = await history(entries, key);
    const again = await history(entries, key);
    expect(first.status, first.text).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expectError(await history([{ ...entries[0], amount: 2_000 }], key), 409, 'idempotency_conflict');
    const ids = (await api('GET', `${V1}/nexus/sales-history`, { key: KEY })).body.data.map((r: { id: string }) => r.id);
    expect(ids.filter((id: string) => id === first.body.id)).toHaveLength(1);
  });

  it('writes nexus.threshold_crossed once when the sales history crosses a state, and not again on later commits', async () => {
    const res = await history([{ state: 'ND', date: TODAY, amount: 100_000.01, transactions: 5 }]);
    expect(res.status, res.text).toBe(201);
    const nd = await nexusOf('ND');
    expect(nd).toMatchObject({ status: 'crossed', crossed_on: TODAY });
    expect(nd.obligation_from).not.toBeNull();
    expect(await alerts('nexus.threshold_crossed', 'ND')).toHaveLength(1);
    // A commit to the state has the watch evaluate it again: the alert is not written twice.
    await commit('ND', 10);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await alerts('nexus.threshold_crossed', 'ND')).toHaveLength(1);
  });

  it('writes the alerts of commits from the stream: approaching, then crossed, each once', async () => {
    await commit('IA', 85_000);
    const approaching = await until(
      () => alerts('nexus.threshold_approaching', 'IA'),
      (list) => list.length > 0,
    );
    expect(approaching).toHaveLength(1);
    await commit('IA', 20_000);
    const crossed = await until(
      () => alerts('nexus.threshold_crossed', 'IA'),
      (list) => list.length > 0,
    );
    expect(crossed).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await alerts('nexus.threshold_approaching', 'IA')).toHaveLength(1);
    expect(await alerts('nexus.threshold_crossed', 'IA')).toHaveLength(1);
  });

  it('registers a coming quarter-end test the sales already meet, and the sweeper tells the crossing once its day has passed', async () => {
    await commit('IL', 120_000, { seller_class: 'remote', lines: [{ amount: 120_000, description: 'Desk lamps' }] });
    const il = await nexusOf('IL');
    // Illinois tests at quarter ends: met by today's sales, crossed only on the coming test's day.
    expect(il.status).toBe('approaching');
    const on = (il as unknown as { next_test: string }).next_test;
    const tenant = { accountId: 'acct_nexus', environment: 'sandbox' } as const;
    const registry = new PendingWorkStore(db(), MAIN_TABLE);
    const entry = async (): Promise<PendingWork | undefined> => {
      for await (const page of registry.pages(100))
        for (const w of page) if (w.kind === 'nexus_test' && w.tenant.accountId === tenant.accountId && w.id === `IL:${on}`) return w;
      return undefined;
    };
    const work = await until(entry, (w) => w !== undefined);
    expect(work, 'the watch registered the coming test').toBeDefined();
    expect(await alerts('nexus.threshold_crossed', 'IL')).toHaveLength(0);

    const tenants = new TenantStore(db(), MAIN_TABLE);
    const ports: NexusPorts = {
      nexus: (t) => new NexusStore(db(), MAIN_TABLE, t, new SummaryStore(db(), SUMMARY_TABLE, t), SUMMARY_TABLE),
      documents: () => ({ get: async () => null }),
      rules: nexusRules,
      tenants,
      tenantConfigs: new TenantConfigs(tenants, 0),
    };
    const afterDay = new Date(`${on}T00:00:00Z`);
    afterDay.setUTCDate(afterDay.getUTCDate() + 1);
    expect(await sweepNexusTest(ports, work!, new Date(`${on}T12:00:00Z`))).toEqual({ finished: false });
    expect(await sweepNexusTest(ports, work!, afterDay)).toEqual({ finished: true });
    const crossed = await alerts('nexus.threshold_crossed', 'IL');
    expect(crossed).toHaveLength(1);
    expect(crossed[0]!.data).toMatchObject({ state: 'IL', crossed_on: on });
    // The sweeper retrying the entry (its removal lost) writes the alert no second time.
    await sweepNexusTest(ports, work!, afterDay);
    expect(await alerts('nexus.threshold_crossed', 'IL')).toHaveLength(1);
  });

  it('taxes by registration date under nexus: registrations, and lists the registrations as TaxJar nexus regions', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const put = await api('PUT', `${V1}/nexus/registrations/wy`, { key: KEY, body: { registered_from: TODAY } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ object: 'nexus_registration', state: 'WY', registered_from: TODAY });
    expect((await nexusOf('WY')).status).toBe('registered');
    expect((await api('PATCH', `${V1}/account`, { key: KEY, body: { nexus: 'registrations' } })).status).toBe(200);
    try {
      const calc = (date: string, state: string) =>
        api('POST', `${V1}/calculations`, { key: KEY, body: { date, ship_to: { state, zip: ZIPS[state] }, lines: [{ amount: 100 }] } });
      const before = await calc(yesterday, 'WY');
      expect(before.body.lines[0].reason).toBe('no_nexus');
      const from = await calc(TODAY, 'WY');
      expect(from.body.lines[0].reason).not.toBe('no_nexus');
      expect(from.body.total_tax).toBeGreaterThan(0);
      expect((await calc(TODAY, 'SD')).body.lines[0].reason).toBe('no_nexus');
      const regions = await api('GET', '/taxjar/v2/nexus/regions', { key: KEY });
      expect(regions.status, regions.text).toBe(200);
      expect(regions.body.regions.map((r: { region_code: string }) => r.region_code)).toEqual(['WY']);
    } finally {
      expect((await api('PATCH', `${V1}/account`, { key: KEY, body: { nexus: 'all' } })).status).toBe(200);
    }
    expect((await api('DELETE', `${V1}/nexus/registrations/WY`, { key: KEY })).status).toBe(200);
    expectError(await api('DELETE', `${V1}/nexus/registrations/WY`, { key: KEY }), 404, 'not_found');
    expectDetail(
      expectError(await api('PUT', `${V1}/nexus/registrations/ZZ`, { key: KEY, body: { registered_from: TODAY } }), 422, 'validation_error'),
      'enum',
      'path.state',
    );
    expectError(await api('PUT', `${V1}/nexus/registrations/WY`, { key: KEYS.nexusRead, body: { registered_from: TODAY } }), 403, 'insufficient_scope');
  });

  it('projects a crossing from hypothetical entries and stores nothing', async () => {
    const before = (await api('GET', `${V1}/nexus/sales-history`, { key: KEY })).body.data.length;
    const res = await api('POST', `${V1}/nexus/projections`, {
      key: KEY,
      body: { as_of: TODAY, entries: [{ state: 'WY', date: TODAY, amount: 150_000, transactions: 1 }] },
    });
    expect(res.status, res.text).toBe(200);
    const wy = res.body.states.find((s: { state: string }) => s.state === 'WY');
    expect(wy).toMatchObject({ projected: false, status_on_as_of: 'crossed', crossed_on: TODAY });
    expect((await api('GET', `${V1}/nexus/sales-history`, { key: KEY })).body.data.length).toBe(before);
    expect((await nexusOf('WY')).status).not.toBe('crossed');
  });

  it('refuses a day outside what the rules cover, and serves a provider key for its client', async () => {
    expectDetail(
      expectError(await api('GET', `${V1}/nexus?as_of=2017-01-01`, { key: KEY }), 422, 'date_outside_coverage'),
      'date_outside_coverage',
      'query.as_of',
    );
    expectDetail(
      expectError(await api('GET', `${V1}/nexus?as_of=2999-01-01`, { key: KEY }), 422, 'date_outside_coverage'),
      'date_outside_coverage',
      'query.as_of',
    );
    expectDetail(expectError(await api('GET', `${V1}/nexus?as_of=2026-02-30`, { key: KEY }), 422, 'validation_error'), 'date_format', 'query.as_of');
    const past = await api('GET', `${V1}/nexus?as_of=2023-06-30`, { key: KEY });
    expect(past.status).toBe(200);
    // South Dakota's transaction test was in force on that day.
    expect(past.body.states.find((s: StateAnswer) => s.state === 'SD').threshold).toMatchObject({ combine: 'or', transactions: 200 });
    const provider = await api('GET', `${V1}/nexus`, { key: KEYS.provider, headers: { 'X-Service-Client-Ref': ENGAGEMENTS.usable.ref } });
    expect(provider.status, provider.text).toBe(200);
    expect(provider.body.object).toBe('nexus');
    expectError(await api('GET', `${V1}/nexus`, { key: KEYS.provider }), 400, 'missing_client_context');
  });
});
