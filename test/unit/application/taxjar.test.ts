// The TaxJar-compatible use cases over in-memory ports: an order's versions through updates,
// delete as void, refunds of the current version, the id lists, customers and their exemption.
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { taxContent } from '../../../functions/adapters/content/content-file';
import * as certificates from '../../../functions/application/certificates';
import * as customers from '../../../functions/application/taxjar/customers';
import { taxjarTaxes } from '../../../functions/application/taxjar/taxes';
import * as orders from '../../../functions/application/taxjar/transactions';
import { TenantConfigs } from '../../../functions/application/tenant-configs';
import { taxjarDocument } from '../../../functions/core/taxjar/document';
import { CalculationRequestSchema } from '../../../functions/schemas/document';
import { call, FakeCertificates, FakeCustomers, FakeTenants, fakeDocuments, TENANT } from '../../support/fakes';

function ports() {
  const tenants = new FakeTenants();
  const customerStore = new FakeCustomers();
  const certificateStore = new FakeCertificates(customerStore);
  const tenantConfigs = new TenantConfigs(tenants, 0);
  const engine = { content: taxContent, tenantConfigs, catalog: tenants, certificates: certificates.storedCertificateResolver(certificateStore) };
  return {
    docs: fakeDocuments(),
    tx: { documents: fakeDocuments().documents, engine },
    customerPorts: { customers: customerStore, tenantConfigs, certificates: certificateStore },
    taxPorts: { engine, customers: customerStore, certificates: certificateStore },
    certificatePorts: { certificates: certificateStore, customers: customerStore },
  };
}

const doc = (shipping: number, quantity = 2) =>
  v.parse(
    CalculationRequestSchema,
    taxjarDocument({ to_zip: '10001', to_state: 'NY', transaction_date: '2026-04-15', shipping, line_items: [{ id: '1', quantity, unit_price: 10 }] }),
  );

async function code(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('TaxJar orders and refunds', () => {
  it('follows updates to the current version, lists each order once, and deletes by voiding it', async () => {
    const { tx } = ports();
    await orders.createOrder(tx, call(), 'O1', doc(5));
    const v2 = await orders.updateOrder(tx, call(), await orders.currentOrder(tx, call(), 'O1'), doc(0, 3));
    expect(v2.result).toMatchObject({ code: 'O1:v2', kind: 'replacement' });
    expect(v2.events.map((e) => e.type)).toEqual(['transaction.adjusted']);
    await orders.updateOrder(tx, call(), await orders.currentOrder(tx, call(), 'O1'), doc(1, 3));
    expect((await orders.currentOrder(tx, call(), 'O1')).code).toBe('O1:v3');
    expect(await code(orders.currentOrder(tx, call(), 'O1:v3'))).toBe('transaction_not_found');
    expect(await orders.listTaxjarIds(tx, call(), 'order', { from: '2026-04-01', to: '2026-04-30' })).toEqual(['O1']);
    expect(await orders.listTaxjarIds(tx, call(), 'order', { from: '2026-05-01' })).toEqual([]);
    const deleted = await orders.deleteOrder(tx, call(), 'O1');
    expect(deleted.result).toMatchObject({ code: 'O1:v3', status: 'voided' });
    expect(await code(orders.currentOrder(tx, call(), 'O1'))).toBe('transaction_not_found');
    expect(await orders.listTaxjarIds(tx, call(), 'order', {})).toEqual([]);
  });

  it('refunds the current version, and a refund is no order', async () => {
    const { tx } = ports();
    await orders.createOrder(tx, call(), 'O2', doc(5));
    await orders.updateOrder(tx, call(), await orders.currentOrder(tx, call(), 'O2'), doc(5, 4));
    const refund = await orders.createRefund(tx, call(), {
      transaction_id: 'R2',
      transaction_reference_id: 'O2',
      transaction_date: '2026-04-20',
      line_items: [{ id: '1', quantity: 1, unit_price: -10 }],
    });
    expect(refund.result).toMatchObject({ kind: 'refund', original_code: 'O2:v2', code: 'R2' });
    expect((await orders.getRefund(tx, call(), 'R2')).code).toBe('R2');
    expect(await code(orders.getRefund(tx, call(), 'O2'))).toBe('transaction_not_found');
    expect(await code(orders.currentOrder(tx, call(), 'R2'))).toBe('transaction_not_found');
    expect(await orders.listTaxjarIds(tx, call(), 'refund', {})).toEqual(['R2']);
    expect(await code(orders.deleteOrder(tx, call(), 'O2'))).toBe('invalid_lifecycle');
  });
});

describe('TaxJar refund updates and deletes', () => {
  const refundOf = (id: string, unit: number, date = '2026-04-20') => ({
    transaction_id: id,
    transaction_reference_id: 'O3',
    transaction_date: date,
    line_items: [{ id: '1', quantity: 1, unit_price: -unit }],
  });

  it('deletes by withdrawing, re-creates as the next version, and updates into the version after it', async () => {
    const { tx, docs } = ports();
    const store = docs.of(TENANT);
    const p = { documents: () => store };
    await orders.createOrder({ ...tx, documents: () => store }, call(), 'O3', doc(5));
    const sold = (await store.get('O3'))!.record;
    await orders.createRefund(p, call(), refundOf('R3', 10));
    const deleted = await orders.deleteRefund(p, call(), 'R3');
    expect(deleted.result).toMatchObject({ code: 'R3', status: 'voided' });
    expect(deleted.events.map((e) => e.type)).toEqual(['transaction.refund_withdrawn']);
    expect((await store.get('O3'))!.record.lines).toEqual(sold.lines);
    expect(await code(orders.getRefund(p, call(), 'R3'))).toBe('transaction_not_found');
    expect(await code(orders.deleteRefund(p, call(), 'R3'))).toBe('transaction_not_found');
    expect(await orders.listTaxjarIds(p, call(), 'refund', {})).toEqual([]);

    expect((await orders.createRefund(p, call(), refundOf('R3', 15))).result.code).toBe('R3:v2');
    expect(await code(orders.createRefund(p, call(), refundOf('R3', 1)))).toBe('duplicate_transaction');
    const updated = await orders.updateRefund(p, call(), 'R3', refundOf('R3', 20));
    expect(updated.result.replacement).toMatchObject({ code: 'R3:v3', status: 'committed' });
    expect(updated.events.map((e) => e.type)).toEqual(['transaction.refund_withdrawn', 'transaction.refunded']);
    expect((await orders.getRefund(p, call(), 'R3')).code).toBe('R3:v3');
    expect(await orders.listTaxjarIds(p, call(), 'refund', {})).toEqual(['R3']);
    const order = (await store.get('O3'))!.record;
    expect(order.refunds).toEqual(['R3:v3']);
    expect(order.withdrawn_refunds).toEqual(['R3', 'R3:v2']);
    expect(order.lines[0]!.refunded_amount).toBe(2000);

    // The same update again writes nothing and answers the live version; fields left out keep its values.
    const writes = store.writes;
    const again = await orders.updateRefund(p, call(), 'R3', {});
    expect([again.result.written, again.result.withdrawn.code, store.writes]).toEqual([false, 'R3:v3', writes]);
    expect(await code(orders.updateRefund(p, call(), 'R3', { transaction_reference_id: 'O9' }))).toBe('invalid_request');
    expect(await code(orders.updateRefund(p, call(), 'R9', {}))).toBe('transaction_not_found');
    // The summaries hold the sale and the live version only.
    const live = [sold, (await store.get('R3:v3'))!.record];
    expect([...store.summaries.values()].reduce((n, t) => n + t.tax, 0)).toBe(live.flatMap((r) => r.lines).reduce((n, l) => n + l.tax, 0) * 1);
  });
});

describe('TaxJar customers and exemptions', () => {
  it('creates, renames, lists and deletes customers; keeps a declared exemption as sent', async () => {
    const { customerPorts } = ports();
    const created = await customers.createTaxjarCustomer(customerPorts, call(), { customer_id: 'C1', name: 'Acme', exemption_type: 'non_exempt' });
    expect(created.exemption).toEqual({ exemption_type: 'non_exempt', exempt_regions: [] });
    expect((await customers.updateTaxjarCustomer(customerPorts, call(), 'C1', { name: 'Acme Inc' })).customer.name).toBe('Acme Inc');
    expect(await customers.listTaxjarCustomerIds(customerPorts, call())).toEqual(['C1']);
    const declared = await customers.createTaxjarCustomer(customerPorts, call(), {
      customer_id: 'C2',
      exemption_type: 'government',
      exempt_regions: [{ country: 'US', state: 'tx' }],
    });
    expect(declared.exemption).toEqual({ exemption_type: 'government', exempt_regions: [{ country: 'US', state: 'TX' }] });
    expect((await customerPorts.customers.get(TENANT, 'C2'))?.declaration?.exemption_type).toBe('government');
    await customers.deleteTaxjarCustomer(customerPorts, call(), 'C1');
    expect(await code(customers.showTaxjarCustomer(customerPorts, call(), 'C1'))).toBe('not_found');
  });

  it("exempts through the customer's active certificate for the destination state, and grants a claim without one as a declaration", async () => {
    const p = ports();
    await customers.createTaxjarCustomer(p.customerPorts, call(), { customer_id: 'C3' });
    const now = call().now;
    const cert = await certificates.createCertificate(p.certificatePorts, call(), {
      customer_code: 'C3',
      jurisdiction: 'NY',
      exemption_reason: 'resale',
      valid_from: '2026-01-01',
      valid_to: '2027-01-01',
      signer: { name: 'Morgan' },
      signature_type: 'electronic',
      evidence_reference: 'vault://x',
      document_sha256: createHash('sha256').update('x').digest('hex'),
    });
    await certificates.activateCertificate(p.certificatePorts, call(), cert.id, { reviewer: { name: 'Priya' } });
    await certificates.assignCertificate(p.certificatePorts, call(), 'C3', cert.id);
    expect((await customers.showTaxjarCustomer(p.customerPorts, call(), 'C3')).exemption).toEqual({
      exemption_type: 'wholesale',
      exempt_regions: [{ country: 'US', state: 'NY' }],
    });
    const ny = { ...doc(0), customer_code: 'C3', date: now.toISOString().slice(0, 10) };
    const exempt = await taxjarTaxes(p.taxPorts, call(), ny, undefined);
    expect(exempt.document.exemption_certificate_id).toBe(cert.id);
    expect(exempt.taxed.lines.every((l) => l.tax === 0)).toBe(true);
    const waived = await taxjarTaxes(p.taxPorts, call(), ny, 'non_exempt');
    expect(waived.taxed.lines[0]!.tax).toBeGreaterThan(0);
    const ca = { ...ny, ship_to: { zip: '94105', state: 'CA' } };
    const claimed = await taxjarTaxes(p.taxPorts, call(), ca, 'wholesale');
    expect(claimed.document.exemption_certificate_id).toBeUndefined();
    // The goods are exempted on the declaration; the shipping line stays what CA makes it (not taxed).
    expect(claimed.taxed.lines.map((l) => l.tax)).toEqual(claimed.taxed.lines.map(() => 0));
    expect(claimed.taxed.lines[0]!.reason).toBe('declared_exemption');
    // Evidence wins: the same claim in NY is the certificate's.
    const both = await taxjarTaxes(p.taxPorts, call(), ny, 'wholesale');
    expect(both.taxed.lines[0]!.reason).toBe('certificate_applied');
    expect(both.taxed.lines.some((l) => l.reason === 'declared_exemption')).toBe(false);
    const anonymous = await taxjarTaxes(p.taxPorts, call(), { ...ny, customer_code: null }, 'government');
    expect(anonymous.taxed.declared_exemption).toEqual({ type: 'government', source: 'document', states: null, reason: null });
    expect(await code(customers.deleteTaxjarCustomer(p.customerPorts, call(), 'C3'))).toBe('conflict');
  });
});
