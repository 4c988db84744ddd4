// The AvaTax-compatible surface's ping and error shape, driven by the official `avatax` client:
// the credentials a connector sends (its account id, as a string or as the numeric id strict
// clients need, with an API key as the licence key; a Bearer key), and what a wrong or missing one
// answers. Raw calls cover what the client cannot send.
import { describe, expect, it } from 'vitest';
import { accountNumber } from '../../functions/core/avatax/ids';
import { KEYS } from '../fixtures/seed';
import { AVATAX_ACCOUNT, avatax } from '../support/avatax';
import { api } from '../support/http';

const basic = (user: string, key: string) => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;

describe('ping (GET /api/v2/utilities/ping)', () => {
  it('authenticates a key sent as the licence key with its account id, or with the numeric account id', async () => {
    const byId = await avatax().ping();
    expect(byId).toMatchObject({ authenticated: true, authenticationType: 'AccountIdLicenseKey', authenticatedAccountId: accountNumber(AVATAX_ACCOUNT) });
    const strict = await avatax({ accountId: accountNumber(AVATAX_ACCOUNT), licenseKey: KEYS.avatax }, true).ping();
    expect(strict).toMatchObject({ authenticated: true, authenticatedAccountId: accountNumber(AVATAX_ACCOUNT) });
    expect(typeof strict.authenticatedUserId).toBe('number');
    expect(await avatax({ bearerToken: KEYS.avatax }).ping()).toMatchObject({ authenticated: true, authenticationType: 'OpenIdBearerToken' });
  });

  it('answers 200 authenticated: false for no credentials, an unknown key, a revoked one, or another account named with the key', async () => {
    for (const client of [
      avatax({}),
      avatax({ accountId: AVATAX_ACCOUNT, licenseKey: KEYS.unknown }),
      avatax({ accountId: 'acct_main', licenseKey: KEYS.revoked }),
      avatax({ accountId: 'acct_main', licenseKey: KEYS.avatax }),
    ])
      expect(await client.ping()).toEqual({ version: expect.any(String), authenticated: false, authenticationType: 'None' });
    const raw = await api('GET', '/api/v2/utilities/ping', { headers: { Authorization: basic(AVATAX_ACCOUNT, KEYS.avatax) } });
    expect(raw.status).toBe(200);
  });
});

describe("the surface's errors", () => {
  it('answer an unknown path and a wrong method in AvaTax’s error shape, never an empty or HTML body', async () => {
    const unknown = await api('GET', '/api/v2/no/such/thing', { headers: { Authorization: basic(AVATAX_ACCOUNT, KEYS.avatax) } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
      details: [expect.objectContaining({ number: expect.any(Number) })],
    });
    const method = await api('DELETE', '/api/v2/utilities/ping');
    expect(method.status).toBe(405);
    expect(method.body.error.details[0]).toMatchObject({ severity: expect.any(String), faultCode: 'Client' });
  });
});
