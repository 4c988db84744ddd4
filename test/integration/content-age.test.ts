// An honest age over HTTP: GET /config lists each state's newest rate version and its sources; a
// calculation, a transaction and an estimate dated more than one quarter after it carry
// content_older_than_date, and accuracy_policy deterministic refuses them.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_RATE_CHANGE_COLUMNS } from '../../scripts/content/build/state-rates';
import { readCsv } from '../../scripts/content/files/csv';
import { KEYS } from '../fixtures/seed';
import { api, V1 } from '../support/http';

const LATE = '2026-11-26';
const age = (body: { messages: { code: string }[] }) => body.messages.filter((m) => m.code === 'content_older_than_date');

describe('how current the content is, over HTTP', () => {
  it('GET /config lists every state and DC with its newest version and quarter, sources and their kinds, and current_until', async () => {
    const res = await api('GET', `${V1}/config`, { key: KEYS.admin });
    expect(res.status).toBe(200);
    const states: {
      state: string;
      version: string;
      effective_from: string;
      current_until: string;
      newest_quarter: string;
      weakest_source_kind: string;
      sources: { publisher: string; table: string; date: string; kind: string }[];
    }[] = res.body.content.states;
    expect(states).toHaveLength(51);
    const ga = states.find((s) => s.state === 'GA')!;
    expect(ga).toMatchObject({ version: '2026-04-01', effective_from: '2026-04-01', current_until: '2026-07-01' });
    expect(ga.sources[0]).toEqual({ publisher: expect.stringContaining('Georgia'), table: 'GAR2026Q2FEB19.csv', date: '2026-02-19', kind: 'official_file' });
    expect(ga.sources.at(-1)).toMatchObject({ table: 'TAXRATES_ZIP5_GA202603.csv', date: '2026-03-01', kind: 'vendor_table' });
    // Georgia's newest quarter is its Streamlined file's; its local rows still lean on the vendor table.
    expect(ga).toMatchObject({ newest_quarter: '2026-Q2', weakest_source_kind: 'vendor_table' });
    expect(states.find((s) => s.state === 'NY')).toMatchObject({ version: '2026-03-01', current_until: '2026-06-01', newest_quarter: '2026-Q1' });
    const order = ['official_file', 'official_notice', 'vendor_table', 'secondary'];
    for (const s of states) expect(order.indexOf(s.weakest_source_kind), s.state).toBe(Math.max(...s.sources.map((x) => order.indexOf(x.kind))));
    expect(states.find((s) => s.state === 'CA')!.sources.map((s) => s.table)).toContain('Effective Sales and Use Tax Rates 1-1-26');
  });

  it("GET /config sums up the local changes since each state's rates: how many, the newest first day, the weakest kind", async () => {
    const res = await api('GET', `${V1}/config`, { key: KEYS.admin });
    const states: { state: string; effective_from: string; local_changes: { count: number; newest_from: string; weakest_source_kind: string } | null }[] =
      res.body.content.states;
    const changes = readCsv(join(import.meta.dirname, '..', '..', 'data', 'local_rate_changes.csv'), LOCAL_RATE_CHANGE_COLUMNS);
    const order = ['official_file', 'official_notice', 'vendor_table', 'secondary'];
    for (const s of states) {
      // A change dated before the state's rates is in their table already.
      const mine = changes.filter((c) => c.state === s.state && c.effective_from >= s.effective_from);
      expect(s.local_changes, s.state).toEqual(
        mine.length === 0
          ? null
          : {
              count: mine.length,
              newest_from: mine
                .map((c) => c.effective_from)
                .sort()
                .at(-1),
              weakest_source_kind: order[Math.max(...mine.map((c) => order.indexOf(c.source_kind)))],
            },
      );
    }
    expect(states.find((s) => s.state === 'NY')!.local_changes).toBeNull();
    expect(changes.some((c) => c.state === 'AK')).toBe(true);
    expect(states.find((s) => s.state === 'AK')!.local_changes).toBeNull();
    expect(states.find((s) => s.state === 'WA')!.local_changes).toMatchObject({ newest_from: '2026-07-01', weakest_source_kind: 'secondary' });
  });

  it('a calculation dated after current_until carries the warning with the version date; deterministic refuses it', async () => {
    const body = { date: LATE, ship_to: { state: 'GA', zip: '30114' }, lines: [{ amount: 100 }] };
    const late = await api('POST', `${V1}/calculations`, { key: KEYS.admin, body });
    expect(late.status).toBe(200);
    expect(age(late.body)).toEqual([
      { code: 'content_older_than_date', severity: 'warning', target: 'ship_to', message: expect.stringContaining('content version 2026-04-01') },
    ]);
    const current = await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: { ...body, date: '2026-06-30' } });
    expect(age(current.body)).toEqual([]);
    const rates = await api('GET', `${V1}/rates?zip=30114&state=GA&date=${LATE}`, { key: KEYS.admin });
    expect(rates.body.notes).toEqual([expect.stringContaining('content version 2026-04-01')]);
    const refused = await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: { ...body, accuracy_policy: 'deterministic' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'accuracy_requirement_not_met', details: [expect.objectContaining({ target: 'ship_to' })] });
  });

  it('a transaction dated late keeps the warning; an estimate carries it too', async () => {
    const code = `AGE-${Date.now().toString(36)}`;
    const tx = await api('POST', `${V1}/transactions`, {
      key: KEYS.admin,
      body: { code, date: LATE, ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 20 }] },
    });
    expect(tx.status).toBe(201);
    expect(age(tx.body)).toHaveLength(1);
    const read = await api('GET', `${V1}/transactions/${code}`, { key: KEYS.admin });
    expect(age(read.body)).toHaveLength(1);
    const estimate = await api('POST', `${V1}/estimates`, { key: KEYS.admin, body: { ship_to: { state: 'NY', zip: '10001' }, amount: 10, date: LATE } });
    expect(estimate.status).toBe(200);
    expect(age(estimate.body)).toHaveLength(1);
  });

  it('a batch item dated late carries it in its result, and a deterministic one fails alone', async () => {
    const request = { date: LATE, ship_to: { state: 'WI', zip: '53202' }, lines: [{ amount: 10 }] };
    const submitted = await api('POST', `${V1}/batches`, {
      key: KEYS.admin,
      body: {
        items: [
          { reference_id: 'late', request },
          { reference_id: 'late-deterministic', request: { ...request, accuracy_policy: 'deterministic' } },
        ],
      },
    });
    expect(submitted.status, submitted.text).toBe(202);
    const until = Date.now() + 30_000;
    let batch = submitted.body;
    while (batch.status === 'pending') {
      if (Date.now() > until) throw new Error('batch still pending');
      await new Promise((r) => setTimeout(r, 100));
      batch = (await api('GET', `${V1}/batches/${submitted.body.id}`, { key: KEYS.admin })).body;
    }
    const byRef = Object.fromEntries(batch.items.map((i: { reference_id: string }) => [i.reference_id, i]));
    expect(byRef.late).toMatchObject({ status: 'succeeded' });
    expect(age(byRef.late.result)).toEqual([expect.objectContaining({ message: expect.stringContaining('content version 2026-04-01') })]);
    expect(byRef['late-deterministic']).toMatchObject({ status: 'failed', error: { code: 'accuracy_requirement_not_met' } });
  });
});
