// The client against the local runner (the integration project's global setup starts it).
import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { KEYS } from '../../../test/fixtures/seed';
import { conformingFetch } from '../../../test/support/http';
import { createClient } from '../../src/index';

const api = () => createClient({ baseUrl: inject('baseUrl'), apiKey: KEYS.admin, fetch: conformingFetch });
const code = (tag: string) => `${tag}-${createHash('sha256').update(`${Math.random()}`).digest('hex').slice(0, 10)}`;
const DOC = { date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }] };

describe('@salestax/client against the local runner', () => {
  it('calls an operation with typed body and answer', async () => {
    const { data, response } = await api().POST('/api/v1/calculations', { body: DOC });
    expect(response.status).toBe(200);
    expect(data?.object).toBe('calculation');
    expect(data?.total_tax).toBe(8.88);
  });

  it('gives typed errors with the API error code', async () => {
    const { data, error, response } = await api().GET('/api/v1/transactions/{code}', { params: { path: { code: code('NONE') } } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(error?.error.code).toBe('transaction_not_found');
  });

  it('makes a write idempotent with the caller’s key: a repeat replays the first answer', async () => {
    const client = api();
    const body = { ...DOC, code: code('IDEM') };
    const header = { 'Idempotency-Key': `load-${body.code}` };
    const first = await client.POST('/api/v1/transactions', { body, params: { header } });
    const again = await client.POST('/api/v1/transactions', { body, params: { header } });
    expect([first.response.status, again.response.status]).toEqual([201, 201]);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
  });

  it('sends an automatic Idempotency-Key on writes: a new call is a new write (duplicate code refused)', async () => {
    const client = api();
    const body = { ...DOC, code: code('AUTO') };
    expect((await client.POST('/api/v1/transactions', { body })).response.status).toBe(201);
    const second = await client.POST('/api/v1/transactions', { body });
    expect(second.response.status).toBe(409);
    expect(second.error?.error.code).toBe('duplicate_transaction');
  });

  it('reads the API description without a key', async () => {
    const { data, response } = await createClient({ baseUrl: inject('baseUrl'), apiKey: '', fetch: conformingFetch }).GET('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(data?.openapi).toBe('3.1.0');
  });
});
