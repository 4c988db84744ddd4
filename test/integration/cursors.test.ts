// List cursors are sealed for whoever received them and for the list, and its parent, that issued
// them (docs/security.md, "Tenant isolation and list cursors"): altered, truncated, replayed by
// another tenant, key scope or credential, used on another list (lists whose positions look alike
// included) or under another parent (another batch's items), or expired, a cursor is a 422 at
// `query.cursor`; and it shows nothing of the table's keys. Every list's alterations are checked in
// hostile-input.test.ts; this file checks who may present a cursor, where, and for how long.
import { beforeAll, describe, expect, it } from 'vitest';
import { DeploymentSecretStore } from '../../functions/adapters/dynamodb/deployment-secret-store';
import { audienceOf } from '../../functions/application/cursors';
import type { Principal } from '../../functions/core/access/authorize';
import { CURSOR_LIFETIME_SECONDS, cursorKeys, openCursor, sealCursor } from '../../functions/core/lists/cursor-seal';
import { listOf } from '../../functions/http/steps/cursors';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { db, MAIN_TABLE } from '../support/dynamo';
import { api, expectDetail, expectError, unique, V1 } from '../support/http';
import { describeLocal, idleReceiver } from '../support/target';

const ship_to = { state: 'NY', zip: '10001' };
const DATE = '2026-04-15';
const client = { 'X-Service-Client-Ref': ENGAGEMENTS.usable.ref };

async function firstCursor(path: string, key: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await api('GET', `${V1}${path}?limit=1`, { key, headers });
  expect(res.status, res.text).toBe(200);
  expect(typeof res.body.next_cursor).toBe('string');
  return res.body.next_cursor;
}

const page = (path: string, cursor: string, key: string, headers: Record<string, string> = {}) =>
  api('GET', `${V1}${path}?limit=1&cursor=${encodeURIComponent(cursor)}`, { key, headers });

function refused(res: Awaited<ReturnType<typeof api>>): string {
  const error = expectError(res, 422, 'validation_error');
  expectDetail(error, 'string_pattern_mismatch', 'query.cursor');
  return error.details?.[0]?.message ?? '';
}

beforeAll(async () => {
  for (const [key, headers] of [
    [KEYS.admin, {}],
    [KEYS.northwind, {}],
  ] as const)
    for (let i = 0; i < 2; i++) {
      const res = await api('POST', `${V1}/transactions`, { key, headers, body: { code: unique('CUR'), date: DATE, ship_to, lines: [{ amount: 5 }] } });
      expect(res.status, res.text).toBe(201);
    }
  for (let i = 0; i < 2; i++) expect((await api('POST', `${V1}/customers`, { key: KEYS.admin, body: { customer_code: unique('CURC') } })).status).toBe(201);
});

describe('who may present a cursor', () => {
  it('another key of the same tenant and scope may; another tenant, environment, location scope or credential may not', async () => {
    const cursor = await firstCursor('/transactions', KEYS.admin);
    expect((await page('/transactions', cursor, KEYS.admin)).status).toBe(200);
    expect((await page('/transactions', cursor, KEYS.second)).status).toBe(200);
    for (const key of [KEYS.other, KEYS.adminLive, KEYS.locNyc]) refused(await page('/transactions', cursor, key));
    // A provider acting for a client, and the client's own key: one tenant, two credentials.
    const own = await firstCursor('/transactions', KEYS.northwind);
    refused(await page('/transactions', own, KEYS.provider, client));
    const provided = await firstCursor('/transactions', KEYS.provider, client);
    expect((await page('/transactions', provided, KEYS.provider, client)).status).toBe(200);
    refused(await page('/transactions', provided, KEYS.northwind));
  });

  it('a cursor of one list is refused by another', async () => {
    refused(await page('/customers', await firstCursor('/transactions', KEYS.admin), KEYS.admin));
    refused(await page('/transactions', await firstCursor('/customers', KEYS.admin), KEYS.admin));
  });

  it('lists whose positions look alike (webhooks, keys, locations, tax codes) refuse each other’s cursors', async () => {
    const hooks: string[] = [];
    for (let i = 0; i < 2; i++) {
      // Subscribed to an event this account never has: nothing is ever delivered.
      const res = await api('POST', `${V1}/webhooks`, { key: KEYS.lists, body: { url: idleReceiver(`lists-${i}`), events: ['certificate.activated'] } });
      expect(res.status, res.text).toBe(201);
      hooks.push(res.body.id);
    }
    try {
      const lists = ['/webhooks', '/keys', '/locations', '/tax-codes'];
      const cursors = new Map<string, string>();
      for (const list of lists) cursors.set(list, await firstCursor(list, KEYS.lists));
      for (const issued of lists)
        for (const used of lists) {
          const res = await page(used, cursors.get(issued)!, KEYS.lists);
          if (issued === used) expect(res.status, `${issued} on itself`).toBe(200);
          else refused(res);
        }
    } finally {
      for (const id of hooks) await api('DELETE', `${V1}/webhooks/${id}`, { key: KEYS.lists });
    }
  });

  it("one batch's item cursor is refused on another batch's items and on the batch list; GET /batches/{id} hands out its own items' cursor", async () => {
    const items = Array.from({ length: 3 }, (_, i) => ({ reference_id: `r${i}`, request: { date: DATE, ship_to, lines: [{ amount: 1 }] } }));
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await api('POST', `${V1}/batches`, { key: KEYS.lists, body: { items } });
      expect(res.status, res.text).toBe(202);
      ids.push(res.body.id);
    }
    for (const id of ids)
      await expect
        .poll(async () => (await api('GET', `${V1}/batches/${id}?items_limit=0`, { key: KEYS.lists })).body.status, { timeout: 30_000, interval: 200 })
        .toBe('completed');
    const [a, b] = ids as [string, string];
    const itemsOfA = await firstCursor(`/batches/${a}/items`, KEYS.lists);
    expect((await page(`/batches/${a}/items`, itemsOfA, KEYS.lists)).status).toBe(200);
    refused(await page(`/batches/${b}/items`, itemsOfA, KEYS.lists));
    refused(await page('/batches', itemsOfA, KEYS.lists));
    refused(await page(`/batches/${a}/items`, await firstCursor('/batches', KEYS.lists), KEYS.lists));
    // The batch's own answer carries the first page of its items, and a cursor for GET /batches/{id}/items.
    const got = await api('GET', `${V1}/batches/${a}?items_limit=1`, { key: KEYS.lists });
    expect(typeof got.body.items_next_cursor).toBe('string');
    expect((await page(`/batches/${a}/items`, got.body.items_next_cursor, KEYS.lists)).status).toBe(200);
    refused(await page(`/batches/${b}/items`, got.body.items_next_cursor, KEYS.lists));
  });

  it('shows nothing of the keys it stands for', async () => {
    const cursor = await firstCursor('/transactions', KEYS.admin);
    const bytes = Buffer.from(cursor.replace(/^c1\./, ''), 'base64url').toString('latin1');
    for (const leak of ['acct_main', 'TXN', 'GSI1', 'sandbox']) expect(bytes + cursor).not.toContain(leak);
  });
});

describeLocal('how long a cursor lasts', () => {
  it(`is refused ${CURSOR_LIFETIME_SECONDS / 3600} hours after it was issued, saying so`, async () => {
    const cursor = await firstCursor('/transactions', KEYS.admin);
    // The deployment's cursor key, as the functions keep it, to issue the same position a day earlier.
    const keys = cursorKeys(await new DeploymentSecretStore(db(), MAIN_TABLE).secret('cursor'));
    const principal = {
      environment: 'sandbox',
      tenant: { accountId: 'acct_main', environment: 'sandbox' },
      locationCode: null,
      practice: null,
      engagement: null,
    };
    const audience = audienceOf(principal as unknown as Principal, listOf({ path: '/transactions' }, {}));
    const position = openCursor(cursor, keys, audience, new Date());
    const dayOld = sealCursor(position, keys, audience, new Date(Date.now() - CURSOR_LIFETIME_SECONDS * 1000 - 1000));
    expect(refused(await page('/transactions', dayOld, KEYS.admin))).toMatch(/expired/);
    // The same position sealed now is accepted: only the age differs.
    expect((await page('/transactions', sealCursor(position, keys, audience, new Date()), KEYS.admin)).status).toBe(200);
  });
});
