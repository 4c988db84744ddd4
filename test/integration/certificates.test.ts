// Customers and exemption certificates: evidence, validity, review authority, assignment, use in
// documents, scope isolation and the snapshot rule.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { eventsMentioning } from '../support/dynamo';
import { api, expectError, unique, V1 } from '../support/http';
import { REMOTE } from '../support/target';

const TODAY = new Date().toISOString().slice(0, 10);
const days = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const REVIEWER = { reviewer: { name: 'Priya Raman', title: 'Tax Analyst' } };

async function customer(key: string = KEYS.admin, extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const code = unique('CU');
  const res = await api('POST', `${V1}/customers`, { key, body: { customer_code: code, name: 'Acme', ...extra }, headers });
  expect(res.status, res.text).toBe(201);
  return code;
}

function evidence(customer_code: string, extra: Record<string, unknown> = {}) {
  return {
    customer_code,
    jurisdiction: 'NY',
    exemption_reason: 'resale',
    exemption_number: 'NY-123',
    valid_from: days(-30),
    valid_to: days(365),
    signer: { name: 'Morgan Ellis', title: 'Purchasing' },
    signature_type: 'electronic',
    evidence_reference: `vault://certs/${unique('doc')}.pdf`,
    document_sha256: createHash('sha256').update(unique('doc')).digest('hex'),
    ...extra,
  };
}

async function certificate(key: string, body: object, headers?: Record<string, string>) {
  const res = await api('POST', `${V1}/certificates`, { key, body, headers });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; status: string };
}

async function activeAssigned(key: string = KEYS.admin, extra: Record<string, unknown> = {}) {
  const code = await customer(key);
  const cert = await certificate(key, evidence(code, extra));
  expect((await api('POST', `${V1}/certificates/${cert.id}/activate`, { key, body: REVIEWER })).status).toBe(200);
  expect((await api('POST', `${V1}/customers/${code}/certificates`, { key, body: { certificate_id: cert.id } })).status).toBe(200);
  return { code, id: cert.id };
}

describe('certificates', () => {
  it('are created pending for a customer in scope', async () => {
    const cert = await certificate(KEYS.admin, evidence(await customer()));
    expect(cert.status).toBe('pending');
    expectError(await api('POST', `${V1}/certificates`, { key: KEYS.admin, body: evidence(unique('ghost')) }), 404, 'not_found');
  });

  it('name each missing piece of evidence on activation', async () => {
    const cert = await certificate(KEYS.admin, {
      customer_code: await customer(),
      jurisdiction: 'NY',
      exemption_reason: 'resale',
      valid_from: days(-1),
      valid_to: days(10),
    });
    const error = expectError(
      await api('POST', `${V1}/certificates/${cert.id}/activate`, { key: KEYS.admin, body: {} }),
      422,
      'certificate_evidence_incomplete',
    );
    expect(error.details?.map((d) => d.target)).toEqual(['signer', 'signature_type', 'evidence_reference', 'document_sha256', 'reviewer.name']);
  });

  it('activate only inside the validity window', async () => {
    const code = await customer();
    const future = await certificate(KEYS.admin, evidence(code, { valid_from: days(10), valid_to: days(400) }));
    const past = await certificate(KEYS.admin, evidence(code, { valid_from: days(-400), valid_to: days(-1) }));
    expectError(await api('POST', `${V1}/certificates/${future.id}/activate`, { key: KEYS.admin, body: REVIEWER }), 422, 'certificate_not_effective');
    expectError(await api('POST', `${V1}/certificates/${past.id}/activate`, { key: KEYS.admin, body: REVIEWER }), 422, 'certificate_not_effective');
  });

  it('accept provider review authority only from provider keys, and audit who activated', async () => {
    const cert = await certificate(KEYS.admin, evidence(await customer()));
    expectError(
      await api('POST', `${V1}/certificates/${cert.id}/activate`, { key: KEYS.admin, body: { ...REVIEWER, review_authority: 'provider' } }),
      422,
      'certificate_review_authority_not_permitted',
    );

    const headers = { 'X-Service-Client-Ref': ENGAGEMENTS.usable.ref };
    const clientCustomer = await customer(KEYS.provider, {}, headers);
    const clientCert = await certificate(KEYS.provider, evidence(clientCustomer), headers);
    const activated = await api('POST', `${V1}/certificates/${clientCert.id}/activate`, {
      key: KEYS.provider,
      headers,
      body: { ...REVIEWER, review_authority: 'provider' },
    });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ status: 'active', review_authority: 'provider', reviewer: { name: 'Priya Raman' }, effective: true });
    expect(activated.body.audit.at(-1)).toMatchObject({
      action: 'activated',
      practice_id: 'prac_ledger',
      engagement_id: ENGAGEMENTS.usable.id,
      key_prefix: expect.stringMatching(/^stx_test_/),
    });
    // The event log is read from DynamoDB Local: not from a deployed stage.
    if (!REMOTE) expect((await eventsMentioning('acct_cli_northwind', 'sandbox', clientCert.id)).map((e) => e.type)).toContain('certificate.activated');
  });

  it('assign only active, effective certificates to the customer that owns them', async () => {
    const owner = await customer();
    const stranger = await customer();
    const cert = await certificate(KEYS.admin, evidence(owner));
    expectError(
      await api('POST', `${V1}/customers/${owner}/certificates`, { key: KEYS.admin, body: { certificate_id: cert.id } }),
      422,
      'certificate_not_active',
    );
    await api('POST', `${V1}/certificates/${cert.id}/activate`, { key: KEYS.admin, body: REVIEWER });
    expectError(
      await api('POST', `${V1}/customers/${stranger}/certificates`, { key: KEYS.admin, body: { certificate_id: cert.id } }),
      422,
      'certificate_customer_mismatch',
    );
    expectError(await api('POST', `${V1}/customers/${owner}/certificates`, { key: KEYS.admin, body: { certificate_id: 'cert_nope' } }), 404, 'not_found');
    const assigned = await api('POST', `${V1}/customers/${owner}/certificates`, { key: KEYS.admin, body: { certificate_id: cert.id } });
    expect(assigned.body).toMatchObject({ assigned: true, status: 'active' });
    expect((await api('GET', `${V1}/customers/${owner}`, { key: KEYS.admin })).body.certificates).toEqual([cert.id]);
  });
});

describe('certificates in documents', () => {
  it('exempt only lines shipped to the certificate state, and keep a snapshot through a refund', async () => {
    const { code, id } = await activeAssigned();
    const tx = unique('TC');
    const made = await api('POST', `${V1}/transactions`, {
      key: KEYS.admin,
      body: {
        code: tx,
        customer_code: code,
        exemption_certificate_id: id,
        ship_to: { state: 'NY', zip: '10001' },
        lines: [{ amount: 80 }, { amount: 50, ship_to: { state: 'TX', zip: '78701' } }],
      },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.lines[0]).toMatchObject({
      tax: 0,
      reason: 'certificate_applied',
      taxability: 'exempt',
      exemption_certificate: { id, exemption_reason: 'resale' },
    });
    expect(made.body.lines[0].exemption_certificate.document_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(made.body.lines[1]).toMatchObject({ reason: 'standard_rated', exemption_certificate: null });
    const refund = await api('POST', `${V1}/transactions/${tx}/refunds`, { key: KEYS.admin, body: { refund_code: unique('RF') } });
    expect(refund.body.lines[0]).toMatchObject({ reason: 'certificate_applied', tax: 0, exemption_certificate: made.body.lines[0].exemption_certificate });
    expect((await api('GET', `${V1}/transactions/${tx}`, { key: KEYS.admin })).body.lines[0].exemption_certificate).toEqual(
      made.body.lines[0].exemption_certificate,
    );
  });

  it('apply at line level too', async () => {
    const { code, id } = await activeAssigned();
    const res = await api('POST', `${V1}/calculations`, {
      key: KEYS.admin,
      body: { customer_code: code, ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 10, exemption_certificate_id: id }, { amount: 10 }] },
    });
    expect(res.body.lines.map((l: { reason: string }) => l.reason)).toEqual(['certificate_applied', 'standard_rated']);
  });

  it('refuse a certificate of another customer, outside its window, pending, or of another account', async () => {
    const { id } = await activeAssigned();
    const other = await customer();
    const body = (extra: Record<string, unknown>) => ({
      ship_to: { state: 'NY', zip: '10001' },
      lines: [{ amount: 10 }],
      exemption_certificate_id: id,
      ...extra,
    });
    const notFound = expectError(
      await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: body({ customer_code: other }) }),
      422,
      'exemption_certificate_not_found',
    );
    expect(notFound.details?.[0]?.target).toBe('exemption_certificate_id');
    expectError(await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: body({}) }), 422, 'exemption_certificate_not_found');
    const { code } = await activeAssigned();
    expectError(
      await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: body({ customer_code: code, date: days(-60) }) }),
      422,
      'exemption_certificate_not_found',
    );
    const pendingCustomer = await customer();
    const pending = await certificate(KEYS.admin, evidence(pendingCustomer));
    expectError(
      await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: { ...body({ customer_code: pendingCustomer }), exemption_certificate_id: pending.id } }),
      422,
      'exemption_certificate_not_found',
    );
    expectError(await api('POST', `${V1}/calculations`, { key: KEYS.other, body: body({ customer_code: code }) }), 422, 'exemption_certificate_not_found');
  });
});

describe('scope isolation', () => {
  it('keeps customers and certificates of one location from keys of another', async () => {
    const nycCustomer = await customer(KEYS.locNyc);
    const cert = await certificate(KEYS.locNyc, evidence(nycCustomer));
    expect((await api('GET', `${V1}/customers/${nycCustomer}`, { key: KEYS.locNyc })).body.location_code).toBe('NYC');
    expectError(await api('GET', `${V1}/customers/${nycCustomer}`, { key: KEYS.locAus }), 404, 'not_found');
    expectError(await api('GET', `${V1}/certificates/${cert.id}`, { key: KEYS.locAus }), 404, 'not_found');
    expectError(await api('POST', `${V1}/certificates`, { key: KEYS.locAus, body: evidence(nycCustomer) }), 404, 'not_found');
    const listed = await api('GET', `${V1}/certificates?limit=100`, { key: KEYS.locAus });
    expect(listed.body.data.map((c: { id: string }) => c.id)).not.toContain(cert.id);
    expect((await api('GET', `${V1}/certificates/${cert.id}`, { key: KEYS.admin })).status).toBe(200);
    expectError(
      await api('POST', `${V1}/customers`, { key: KEYS.locNyc, body: { customer_code: unique('X'), location_code: 'AUS' } }),
      403,
      'location_not_authorized',
    );
  });

  it('keeps accounts apart', async () => {
    const cert = await certificate(KEYS.admin, evidence(await customer()));
    expectError(await api('GET', `${V1}/certificates/${cert.id}`, { key: KEYS.other }), 404, 'not_found');
    expectError(await api('POST', `${V1}/certificates/${cert.id}/activate`, { key: KEYS.other, body: REVIEWER }), 404, 'not_found');
  });
});
