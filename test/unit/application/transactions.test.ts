// The transaction use cases without HTTP: what each writes, the events it returns, and how it
// settles races, over in-memory ports.
import { describe, expect, it } from 'vitest';
import { call, TENANT, tenantPrincipal } from '../../support/fakes';
import { wired } from './wiring';

const sale = (code: string, lines: { amount: number }[] = [{ amount: 100 }, { amount: 20 }]) => ({
  code,
  date: '2026-04-15',
  ship_to: { state: 'NY', zip: '10001' },
  lines,
});

async function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).name;
  }
  return undefined;
}

describe('transaction service', () => {
  it('commits a taxed sale with its event, and refuses the same code again', async () => {
    const { transactions, stores } = wired();
    const { result, events } = await transactions.commit(call(), sale('S1'));
    expect(result).toMatchObject({ code: 'S1', kind: 'sale', status: 'committed', tenant: TENANT });
    expect(result.lines.map((l) => l.tax)).toEqual([888, 178]);
    expect(events.map((e) => [e.type, e.version])).toEqual([['transaction.committed', 1]]);
    expect(stores.docs.of(TENANT).events).toEqual(events);
    expect(await rejection(transactions.commit(call(), sale('S1')))).toBe('duplicate_transaction');
    expect(await rejection(transactions.commit(call(), { ...sale('S2'), nexus_mode: 'reference' }))).toBe('invalid_nexus_mode');
  });

  it('refunds, credits and voids through the lifecycle rules, each with its event', async () => {
    const { transactions } = wired();
    await transactions.commit(call(), sale('S1'));
    const refund = await transactions.refund(call(), 'S1', { refund_code: 'R1', lines: [{ number: '1', amount: 40 }] });
    expect(refund.result).toMatchObject({ kind: 'refund', original_code: 'S1', date: '2026-04-20' });
    expect(refund.events.map((e) => e.type)).toEqual(['transaction.refunded']);
    const credit = await transactions.credit(call(), 'S1', { credit_code: 'C1', lines: [{ number: '2', tax_amount: 0.5 }] });
    expect(credit.result.lines[0]?.tax).toBe(-50);
    expect(await rejection(transactions.void(call(), 'S1', {}))).toBe('invalid_lifecycle');
    await transactions.commit(call(), sale('S2'));
    const voided = await transactions.void(call(), 'S2', { reason: 'typo' });
    expect(voided.result).toMatchObject({ status: 'voided', reason: 'typo' });
    expect(voided.events.map((e) => e.type)).toEqual(['transaction.voided']);
  });

  it('retries a change that lost a race on the version it read', async () => {
    const { transactions, stores } = wired();
    await transactions.commit(call(), sale('S1'));
    const repo = stores.docs.of(TENANT);
    repo.staleWrites = 2;
    const writesBefore = repo.writes;
    await transactions.refund(call(), 'S1', { refund_code: 'R1' });
    expect(repo.writes - writesBefore).toBe(3);
    expect(repo.docs.get('S1')).toMatchObject({ version: 2, record: { status: 'refunded', refunds: ['R1'] } });
  });

  it('adjusts: distinct codes first, then the original, then the replacement, all in one write', async () => {
    const { transactions, stores } = wired();
    const codes = { original_code: 'S1', reversal_code: 'V1', replacement_code: 'P1' };
    expect(await rejection(transactions.adjust(call(), { ...codes, reversal_code: 'S1', replacement: sale('x') }))).toBe('invalid_adjustment_codes');
    expect(await rejection(transactions.adjust(call(), { ...codes, replacement: sale('x') }))).toBe('transaction_not_found');
    await transactions.commit(call(), sale('S1'));
    const { result, events } = await transactions.adjust(call(), {
      ...codes,
      replacement: { ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 50 }] },
    });
    expect([result.original.status, result.reversal.kind, result.replacement.kind]).toEqual(['adjusted', 'reversal', 'replacement']);
    expect(result.replacement.date).toBe('2026-04-15');
    expect(events.map((e) => e.type)).toEqual(['transaction.adjusted']);
    expect([...stores.docs.of(TENANT).docs.keys()].sort()).toEqual(['P1', 'S1', 'V1']);
  });

  it('hides documents of another location from a location-scoped principal', async () => {
    const { transactions } = wired();
    await transactions.commit(call(), sale('S1'));
    const located = tenantPrincipal({ locationCode: 'NYC' });
    expect(await rejection(transactions.get(call(located), 'S1'))).toBe('transaction_not_found');
    expect((await transactions.list(call(located), {}, { limit: 10 })).data).toEqual([]);
    expect((await transactions.list(call(), {}, { limit: 10 })).data.map((s) => s.code)).toEqual(['S1']);
  });

  it('simulates an internal failure for sandbox callers only when asked', async () => {
    const { transactions } = wired();
    expect(await rejection(transactions.commit(call(), sale('S1'), { simulate: 'internal_error' }))).toBe('SimulatedInternalError');
  });
});
