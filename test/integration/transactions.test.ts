// Committed transactions through HTTP against DynamoDB Local: lifecycle, exact codes, and the
// reliability cases (races, retries) settled by DynamoDB conditions.
import { describe, expect, it } from 'vitest';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { eventsMentioning } from '../support/dynamo';
import { api, expectError, type Res, unique, V1 } from '../support/http';
import { itLocal } from '../support/target';

const NYC = { state: 'NY', zip: '10001' };
const AUS = { state: 'TX', zip: '78701' };
const sale = (code: string, lines: unknown[] = [{ amount: 100 }], extra: Record<string, unknown> = {}) => ({
  code,
  date: '2026-04-15',
  ship_to: NYC,
  lines,
  ...extra,
});
const commit = async (body: unknown, key: string = KEYS.admin) => {
  const res = await api('POST', `${V1}/transactions`, { key, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const get = (code: string, key: string = KEYS.admin) => api('GET', `${V1}/transactions/${encodeURIComponent(code)}`, { key });
const post = (path: string, body: unknown, key: string = KEYS.admin) => api('POST', `${V1}/transactions/${path}`, { key, body });
const cents = (x: number) => Math.round(x * 100);

describe('commit and lookup', () => {
  it('commits atomically, returns the document with ledger fields, and finds it by code', async () => {
    const code = unique('T');
    const made = await commit(
      sale(
        code,
        [
          { amount: 100, number: 'A' },
          { amount: 20, tax_code: '40030', number: 'B' },
        ],
        { customer_code: 'C-1' },
      ),
    );
    expect(made).toMatchObject({
      object: 'transaction',
      code,
      kind: 'sale',
      status: 'committed',
      environment: 'sandbox',
      customer_code: 'C-1',
      original_code: null,
      refunds: [],
      credits: [],
    });
    expect(made.lines[0]).toMatchObject({ number: 'A', tax: 8.88, refunded_amount: 0, refundable_amount: 100, credited_tax: 0, remaining_tax: 8.88 });
    expect(made.lines[1]).toMatchObject({ reason: 'product_exempt', remaining_tax: 0 });
    expect((await get(code)).body).toEqual(made);
  });

  it('answers an unknown code with transaction_not_found', async () => {
    expectError(await get(unique('none')), 404, 'transaction_not_found');
  });

  it('refuses reference nexus and stores nothing', async () => {
    const code = unique('T');
    expectError(
      await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(code, undefined, { nexus_mode: 'reference' }) }),
      400,
      'invalid_nexus_mode',
    );
    expectError(await get(code), 404, 'transaction_not_found');
  });

  it('rejects the whole document when one Kentucky line is outside its window, storing nothing', async () => {
    const code = unique('T');
    const res = await api('POST', `${V1}/transactions`, {
      key: KEYS.admin,
      body: { code, date: '2007-06-30', ship_to: { state: 'KY', zip: '40202' }, lines: [{ amount: 30 }, { amount: 12.5, tax_code: '40030' }] },
    });
    expect(expectError(res, 422, 'ky_historical_window_unsupported').details?.map((d) => d.target)).toEqual(['lines.1']);
    expectError(await get(code), 404, 'transaction_not_found');
  });

  it('keeps a duplicate code from touching the original', async () => {
    const code = unique('T');
    await commit(sale(code));
    const before = (await get(code)).text;
    expectError(
      await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(code, [{ amount: 555.55 }], { ship_to: AUS }) }),
      409,
      'duplicate_transaction',
    );
    expect((await get(code)).text).toBe(before);
  });

  it('isolates environments and accounts', async () => {
    const code = unique('T');
    await commit(sale(code));
    expectError(await get(code, KEYS.adminLive), 404, 'transaction_not_found');
    expectError(await get(code, KEYS.other), 404, 'transaction_not_found');
  });

  it('scopes documents to the location of a location key', async () => {
    const code = unique('T');
    const made = await commit(sale(code), KEYS.locNyc);
    expect(made.location_code).toBe('NYC');
    expectError(await get(code, KEYS.locAus), 404, 'transaction_not_found');
    expect((await get(code, KEYS.admin)).status).toBe(200);
    expectError(
      await api('POST', `${V1}/transactions`, { key: KEYS.locNyc, body: sale(unique('T'), undefined, { location_code: 'AUS' }) }),
      403,
      'location_not_authorized',
    );
    const list = await api('GET', `${V1}/transactions?limit=100`, { key: KEYS.locAus });
    expect(list.body.data.every((t: { location_code: string }) => t.location_code === 'AUS')).toBe(true);
  });

  it('lets a provider commit for a client, inside the client tenant only', async () => {
    const code = unique('T');
    const headers = { 'X-Service-Client-Ref': ENGAGEMENTS.usable.ref };
    const res = await api('POST', `${V1}/transactions`, { key: KEYS.provider, body: sale(code), headers });
    expect(res.status).toBe(201);
    expect((await api('GET', `${V1}/transactions/${code}`, { key: KEYS.provider, headers })).status).toBe(200);
    expectError(
      await api('GET', `${V1}/transactions/${code}`, { key: KEYS.provider, headers: { 'X-Service-Client-Ref': ENGAGEMENTS.fenced.ref } }),
      404,
      'transaction_not_found',
    );
  });
});

describe('listing', () => {
  it('filters by customer, status and date, newest first, with cursors', async () => {
    const customer = unique('CUST');
    const codes = [unique('L1'), unique('L2'), unique('L3')];
    for (const [i, code] of codes.entries()) await commit(sale(code, undefined, { customer_code: customer, date: `2026-04-1${i}` }));
    await post(`${codes[0]}/void`, {});
    const all = await api('GET', `${V1}/transactions?customer_code=${customer}&limit=2`, { key: KEYS.admin });
    expect(all.body.data.map((t: { code: string }) => t.code)).toEqual([codes[2], codes[1]]);
    expect(all.body.data[0].lines).toBeUndefined();
    const rest = await api('GET', `${V1}/transactions?customer_code=${customer}&limit=2&cursor=${all.body.next_cursor}`, { key: KEYS.admin });
    expect(rest.body.data.map((t: { code: string }) => t.code)).toEqual([codes[0]]);
    expect(rest.body.next_cursor).toBeNull();
    const voided = await api('GET', `${V1}/transactions?customer_code=${customer}&status=voided`, { key: KEYS.admin });
    expect(voided.body.data.map((t: { code: string }) => t.code)).toEqual([codes[0]]);
    const dated = await api('GET', `${V1}/transactions?customer_code=${customer}&date_from=2026-04-11&date_to=2026-04-11`, { key: KEYS.admin });
    expect(dated.body.data.map((t: { code: string }) => t.code)).toEqual([codes[1]]);
    expectError(await api('GET', `${V1}/transactions?cursor=bm9wZQ`, { key: KEYS.admin }), 422, 'validation_error');
  });
});

describe('refunds', () => {
  it('refunds partially at the original rates, then refuses more than remains', async () => {
    const code = unique('R');
    await commit(sale(code));
    const partial = await post(`${code}/refunds`, { refund_code: unique('RF'), lines: [{ number: '1', amount: 60 }] });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ kind: 'refund', original_code: code, total_amount: -60, total_tax: -5.33 });
    const over = await post(`${code}/refunds`, { refund_code: unique('RF'), lines: [{ number: '1', amount: 40.01 }] });
    expect(expectError(over, 422, 'refund_exceeds_refundable').details?.[0]?.target).toBe('lines.0.amount');
    const original = (await get(code)).body;
    expect(original.lines[0]).toMatchObject({ refunded_amount: 60, refundable_amount: 40, remaining_tax: 3.55 });
    expect(original.status).toBe('committed');
  });

  it('returns exactly the remaining tax on a full refund, then marks the original refunded', async () => {
    const code = unique('R');
    await commit(sale(code, [{ amount: 33.33 }, { amount: 66.67 }]));
    await post(`${code}/refunds`, { refund_code: unique('RF'), lines: [{ number: '1', amount: 11.11 }] });
    await post(`${code}/credits`, { credit_code: unique('CR'), lines: [{ number: '2', tax_amount: 0.5 }] });
    const before = (await get(code)).body;
    const remaining = before.lines.reduce((s: number, l: { remaining_tax: number }) => s + cents(l.remaining_tax), 0);
    const full = await post(`${code}/refunds`, { refund_code: unique('RF'), reason: 'returned' });
    expect(cents(full.body.total_tax)).toBe(-remaining);
    for (const l of full.body.lines) expect(l.jurisdictions.reduce((s: number, j: { tax: number }) => s + cents(j.tax), 0)).toBe(cents(l.tax));
    const after = (await get(code)).body;
    expect(after.status).toBe('refunded');
    expect(after.lines.every((l: { remaining_tax: number; refundable_amount: number }) => l.remaining_tax === 0 && l.refundable_amount === 0)).toBe(true);
    expect(after.refunds).toHaveLength(2);
    expectError(await post(`${code}/refunds`, { refund_code: unique('RF') }), 409, 'invalid_lifecycle');
    expectError(await post(`${code}/void`, {}), 409, 'invalid_lifecycle');
  });

  it('refuses refunds and credits of less than a cent', async () => {
    const code = unique('R');
    await commit(sale(code));
    const error = expectError(await post(`${code}/refunds`, { refund_code: unique('RF'), lines: [{ number: '1', amount: 0.004 }] }), 422, 'validation_error');
    expect(error.details?.[0]).toMatchObject({ code: 'greater_than_equal', target: 'lines.0.amount' });
    expectError(await post(`${code}/credits`, { credit_code: unique('CR'), lines: [{ number: '1', tax_amount: 0.001 }] }), 422, 'validation_error');
    expect((await post(`${code}/void`, {})).status).toBe(200);
  });

  it('refuses a refund line absent from the original, and lifecycle actions on refund documents', async () => {
    const code = unique('R');
    await commit(sale(code));
    expect(
      expectError(await post(`${code}/refunds`, { refund_code: unique('RF'), lines: [{ number: '9', amount: 1 }] }), 400, 'invalid_request').details?.[0]
        ?.target,
    ).toBe('lines.0.number');
    const refundCode = unique('RF');
    await post(`${code}/refunds`, { refund_code: refundCode, lines: [{ number: '1', amount: 1 }] });
    expectError(await post(`${refundCode}/refunds`, { refund_code: unique('RF') }), 409, 'invalid_lifecycle');
    expectError(await post(`${refundCode}/void`, {}), 409, 'invalid_lifecycle');
    expectError(await post(`${code}/refunds`, { refund_code: refundCode }), 409, 'duplicate_transaction');
    expectError(await post(`${unique('none')}/refunds`, { refund_code: unique('RF') }), 404, 'transaction_not_found');
  });
});

describe('credits and voids', () => {
  it('credits tax only, within the remaining tax of the line', async () => {
    const code = unique('C');
    const made = await commit(sale(code));
    expectError(
      await post(`${code}/credits`, { credit_code: unique('CR'), lines: [{ number: '1', tax_amount: made.lines[0].tax + 0.01 }] }),
      422,
      'credit_exceeds_tax',
    );
    const credit = await post(`${code}/credits`, { credit_code: unique('CR'), reason: 'goodwill', lines: [{ number: '1', tax_amount: 2 }] });
    expect(credit.body).toMatchObject({ kind: 'credit', total_amount: 0, total_tax: -2 });
    const after = (await get(code)).body;
    expect(cents(after.lines[0].remaining_tax)).toBe(cents(made.lines[0].tax) - 200);
    expect(after.lines[0].credited_tax).toBe(2);
    expect(after.status).toBe('committed');
    expectError(await post(`${code}/void`, {}), 409, 'invalid_lifecycle');
  });

  it('voids a fresh transaction once', async () => {
    const code = unique('V');
    await commit(sale(code));
    const voided = await post(`${code}/void`, { reason: 'cancelled' });
    expect(voided.body).toMatchObject({ status: 'voided', reason: 'cancelled' });
    expectError(await post(`${code}/void`, {}), 409, 'invalid_lifecycle');
    expectError(await post(`${code}/refunds`, { refund_code: unique('RF') }), 409, 'invalid_lifecycle');
  });
});

describe('adjustments', () => {
  it('checks the codes are distinct before anything else', async () => {
    const same = unique('S');
    const res = await post('adjustments', { original_code: unique('nope'), reversal_code: same, replacement_code: same, replacement: { bogus: true } });
    expectError(res, 422, 'invalid_adjustment_codes');
  });

  it('writes original, reversal and replacement together', async () => {
    const code = unique('A');
    const original = await commit(sale(code));
    const [reversal, replacement] = [unique('REV'), unique('REP')];
    const res = await post('adjustments', {
      original_code: code,
      reversal_code: reversal,
      replacement_code: replacement,
      reason: 'price fix',
      replacement: { ship_to: NYC, lines: [{ amount: 80 }] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.original).toMatchObject({ status: 'adjusted', adjustment: { reversal_code: reversal, replacement_code: replacement } });
    expect(res.body.reversal).toMatchObject({ kind: 'reversal', original_code: code, date: original.date, total_amount: -100, total_tax: -original.total_tax });
    expect(res.body.replacement).toMatchObject({ kind: 'replacement', status: 'committed', original_code: code, date: original.date, total_tax: 7.1 });
    expect((await get(reversal)).status).toBe(200);
    expect((await get(code)).body.status).toBe('adjusted');
    expectError(
      await post('adjustments', {
        original_code: code,
        reversal_code: unique('R2'),
        replacement_code: unique('P2'),
        replacement: { ship_to: NYC, lines: [{ amount: 1 }] },
      }),
      409,
      'invalid_lifecycle',
    );
    // A replacement can itself be refunded.
    expect((await post(`${replacement}/refunds`, { refund_code: unique('RF') })).status).toBe(201);
  });

  it('refuses to adjust a voided original before taxing the replacement', async () => {
    const code = unique('A');
    await commit(sale(code));
    await post(`${code}/void`, {});
    // The replacement would fail in the engine (Kentucky window); the lifecycle answers first.
    const replacement = { date: '2007-06-30', ship_to: { state: 'KY', zip: '40202' }, lines: [{ amount: 1, tax_code: '40030' }] };
    expectError(
      await post('adjustments', { original_code: code, reversal_code: unique('R'), replacement_code: unique('P'), replacement }),
      409,
      'invalid_lifecycle',
    );
  });

  it('taxes a replacement at the original location unless it names another', async () => {
    const code = unique('A');
    const original = await commit(sale(code), KEYS.locAus);
    expect(original.location_code).toBe('AUS');
    const res = await post('adjustments', {
      original_code: code,
      reversal_code: unique('R'),
      replacement_code: unique('P'),
      replacement: { ship_to: { state: 'TX', zip: '77002' }, lines: [{ amount: 100 }] },
    });
    // Sold from the Austin store to Houston: Texas sources at origin, so the Austin rate applies.
    expect(res.body.replacement).toMatchObject({ location_code: 'AUS', total_tax: 8.25 });
    expect(res.body.replacement.lines[0].sourcing).toBe('origin');
  });

  it('refuses codes already in use and leaves the original committed', async () => {
    const code = unique('A');
    const taken = unique('TAKEN');
    await commit(sale(code));
    await commit(sale(taken));
    const res = await post('adjustments', {
      original_code: code,
      reversal_code: taken,
      replacement_code: unique('REP'),
      replacement: { ship_to: NYC, lines: [{ amount: 1 }] },
    });
    expectError(res, 409, 'duplicate_transaction');
    expect((await get(code)).body.status).toBe('committed');
  });

  it('validates the replacement document with targets under replacement', async () => {
    const res = await post('adjustments', {
      original_code: unique('O'),
      reversal_code: unique('R'),
      replacement_code: unique('P'),
      replacement: { ship_to: NYC, lines: [{ amount: -1 }] },
    });
    expect(expectError(res, 422, 'validation_error').details?.map((d) => d.target)).toContain('replacement.lines.0.amount');
  });
});

describe('events', () => {
  itLocal('records an event with every committed change', async () => {
    const code = unique('EV');
    await commit(sale(code, [{ amount: 50 }, { amount: 50 }]));
    await post(`${code}/refunds`, { refund_code: unique('RF'), lines: [{ number: '1', amount: 10 }] });
    await post(`${code}/credits`, { credit_code: unique('CR'), lines: [{ number: '2', tax_amount: 0.1 }] });
    const voidCode = unique('EV');
    await commit(sale(voidCode));
    await post(`${voidCode}/void`, {});
    const adjustCode = unique('EV');
    await commit(sale(adjustCode));
    await post('adjustments', {
      original_code: adjustCode,
      reversal_code: unique('R'),
      replacement_code: unique('P'),
      replacement: { ship_to: NYC, lines: [{ amount: 1 }] },
    });
    expect((await eventsMentioning('acct_main', 'sandbox', code)).map((e) => e.type)).toEqual([
      'transaction.committed',
      'transaction.refunded',
      'transaction.credited',
    ]);
    expect((await eventsMentioning('acct_main', 'sandbox', voidCode)).map((e) => e.type)).toEqual(['transaction.committed', 'transaction.voided']);
    expect((await eventsMentioning('acct_main', 'sandbox', adjustCode)).map((e) => e.type)).toEqual(['transaction.committed', 'transaction.adjusted']);
  });
});

describe('reliability under races and retries', () => {
  it('20 concurrent commits of one code: exactly one 201, the rest 409, one document', async () => {
    const code = unique('RACE');
    const customer = unique('RACEC');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(code, [{ amount: 10 + i }], { customer_code: customer }) }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expectError(r, 409, 'duplicate_transaction');
    const winner = results.find((r) => r.status === 201)!;
    expect((await get(code)).body).toEqual(winner.body);
    const list = await api('GET', `${V1}/transactions?customer_code=${customer}`, { key: KEYS.admin });
    expect(list.body.data).toHaveLength(1);
  });

  it('20 concurrent partial refunds whose sum exceeds the line never over-refund', async () => {
    const code = unique('RACE');
    await commit(sale(code, [{ amount: 100 }]));
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', `${V1}/transactions/${code}/refunds`, { key: KEYS.admin, body: { refund_code: unique('RF'), lines: [{ number: '1', amount: 7 }] } }),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    for (const r of results.filter((r) => r.status !== 201)) expectError(r, 422, 'refund_exceeds_refundable');
    expect(accepted).toHaveLength(14); // 14 × 7 = 98 ≤ 100 < 15 × 7
    const original = (await get(code)).body;
    expect(cents(original.lines[0].refundable_amount)).toBe(10_000 - accepted.length * 700);
    const refundedTax = accepted.reduce((s, r) => s - cents(r.body.total_tax), 0);
    expect(cents(original.lines[0].remaining_tax)).toBe(888 - refundedTax);
    expect(original.refunds).toHaveLength(accepted.length);
  });

  it('a concurrent void and refund: exactly one wins, the other is 409', async () => {
    for (let round = 0; round < 3; round++) {
      const code = unique('RACE');
      await commit(sale(code));
      const [voided, refunded] = await Promise.all([
        post(`${code}/void`, {}),
        post(`${code}/refunds`, { refund_code: unique('RF'), lines: [{ number: '1', amount: 1 }] }),
      ]);
      const statuses = [voided.status, refunded.status].sort();
      expect(statuses[0] === 200 || statuses[0] === 201).toBe(true);
      expect(statuses[1]).toBe(409);
      expectError(voided.status === 409 ? voided : refunded, 409, 'invalid_lifecycle');
    }
  });

  it('a write retried with the same Idempotency-Key after a client timeout creates one document', async () => {
    const code = unique('IDEM');
    const customer = unique('IDEMC');
    const body = sale(code, undefined, { customer_code: customer });
    const headers = { 'Idempotency-Key': unique('ik'), 'Content-Type': 'application/json', Authorization: `Bearer ${KEYS.admin}` };
    const { inject } = await import('vitest');
    // The first attempt is abandoned by the client almost at once, as a timeout would.
    await fetch(`${inject('baseUrl')}${V1}/transactions`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(2) }).catch(
      () => undefined,
    );
    let retry: Res | undefined;
    for (let i = 0; i < 50; i++) {
      retry = await api('POST', `${V1}/transactions`, { key: KEYS.admin, body, headers: { 'Idempotency-Key': headers['Idempotency-Key'] } });
      if (retry.status !== 409) break;
      expect(retry.headers.get('retry-after')).toBe('1');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(retry!.status).toBe(201);
    const list = await api('GET', `${V1}/transactions?customer_code=${customer}`, { key: KEYS.admin });
    expect(list.body.data).toHaveLength(1);
  });
});
