// Customers, certificates and the resolver the engine uses, without HTTP.
import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../../functions/core/errors';
import { call, tenantPrincipal } from '../../support/fakes';
import { wired } from './wiring';

async function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

const evidence = {
  jurisdiction: 'NY',
  exemption_reason: 'resale' as const,
  valid_from: '2026-01-01',
  valid_to: '2026-12-31',
  signer: { name: 'Signer' },
  signature_type: 'electronic' as const,
  evidence_reference: 'vault://cert.pdf',
  document_sha256: 'a'.repeat(64),
};

describe('customer and certificate services', () => {
  it('creates customers in the caller location scope and hides them from other locations', async () => {
    const { customers, stores } = wired();
    await stores.tenants.createLocation(call().principal.tenant, {
      code: 'NYC',
      name: 'NY',
      state: 'NY',
      zip: '10001',
      illinois_verified: false,
      created_at: 'x',
    });
    const nyc = tenantPrincipal({ locationCode: 'NYC' });
    expect(await customers.create(call(nyc), { customer_code: 'C1' })).toMatchObject({ customer_code: 'C1', location_code: 'NYC', certificate_ids: [] });
    expect(await rejection(customers.create(call(nyc), { customer_code: 'C2', location_code: 'AUS' }))).toBe('location_not_authorized');
    expect(await rejection(customers.create(call(), { customer_code: 'C3', location_code: 'NOPE' }))).toBe('not_found');
    expect(await rejection(customers.get(call(tenantPrincipal({ locationCode: 'AUS' })), 'C1'))).toBe('not_found');
    expect((await customers.list(call(), { limit: 5 })).data.map((c) => c.customer_code)).toEqual(['C1']);
  });

  it('records, activates (with its event), assigns, and then grants an exemption', async () => {
    const { customers, certificates, calculations } = wired();
    await customers.create(call(), { customer_code: 'C1' });
    expect(await rejection(certificates.create(call(), { ...evidence, customer_code: 'NOBODY' }))).toBe('not_found');
    const created = await certificates.create(call(), { ...evidence, customer_code: 'C1' });
    expect(created).toMatchObject({ status: 'pending', customer_code: 'C1' });
    expect((await customers.get(call(), 'C1')).certificate_ids).toEqual([created.id]);
    expect(await rejection(certificates.assign(call(), 'C1', created.id))).toBe('certificate_not_active');
    const doc = {
      customer_code: 'C1',
      date: '2026-04-15',
      ship_to: { state: 'NY', zip: '10001' },
      exemption_certificate_id: created.id,
      lines: [{ amount: 100 }],
    };
    expect(await rejection(calculations.calculate(call(), doc))).toBe('exemption_certificate_not_found');
    const activated = await certificates.activate(call(), created.id, { reviewer: { name: 'Reviewer' } });
    expect(activated.result.status).toBe('active');
    expect(activated.events.map((e) => e.type)).toEqual(['certificate.activated']);
    await certificates.assign(call(), 'C1', created.id);
    const taxed = await calculations.calculate(call(), doc);
    expect(taxed.lines[0]).toMatchObject({ tax: 0, reason: 'certificate_applied' });

    // A certificate of New York named for a sale shipped elsewhere exempts nothing: refused, never
    // answered with full tax and no word; lent to a document of several states it covers its own.
    const elsewhere = { ...doc, ship_to: { state: 'CA', zip: '94105' } };
    const refused = await calculations.calculate(call(), elsewhere).catch((e: DomainError) => e);
    expect(refused).toMatchObject({ code: 'exemption_certificate_not_found' });
    expect((refused as DomainError).details?.map((d) => [d.target, d.message])).toEqual([
      ['exemption_certificate_id', `Certificate ${created.id} exempts sales into NY; no line it applies to ships there.`],
    ]);
    const perLine = { ...elsewhere, exemption_certificate_id: undefined, lines: [{ amount: 10 }, { amount: 20, exemption_certificate_id: created.id }] };
    expect(((await calculations.calculate(call(), perLine).catch((e: DomainError) => e)) as DomainError).details?.map((d) => d.target)).toEqual([
      'lines.1.exemption_certificate_id',
    ]);
    const mixed = { ...doc, lines: [{ amount: 100 }, { amount: 50, ship_to: { state: 'CA', zip: '94105' } }] };
    const both = await calculations.calculate(call(), mixed);
    expect(both.lines.map((l) => l.reason)).toEqual(['certificate_applied', 'standard_rated']);
  });
});
