// Every example runs in CI against the local runner (the integration project's global setup), with
// the test seed's admin key, and does what its comments say.
import { describe, expect, inject, it } from 'vitest';
import { KEYS } from '../test/fixtures/seed';
import { conformingFetch } from '../test/support/http';
import { exemptCustomer } from './exempt-customer';
import { illinoisSellerClass } from './illinois-seller-class';
import { saleLifecycle } from './sale-lifecycle';

const target = () => ({ baseUrl: inject('baseUrl'), apiKey: KEYS.admin, fetch: conformingFetch });

describe('examples', () => {
  it('sale-lifecycle: calculate, commit, refund one lamp, look the sale up', async () => {
    const { quote, sale, refund, after } = await saleLifecycle(target());
    expect(sale.total_tax).toBe(quote.total_tax);
    expect(refund.kind).toBe('refund');
    expect(refund.total_amount).toBe(-45.5);
    expect(refund.total_tax).toBeLessThan(0);
    expect(after.refunds).toEqual([refund.code]);
    expect(after.lines[1]).toMatchObject({ refunded_amount: 45.5, refundable_amount: 45.5 });
  });

  it('illinois-seller-class: a remote seller is taxed at the destination; no posture is refused', async () => {
    const { remote, refusal } = await illinoisSellerClass(target());
    expect(remote.lines[0]).toMatchObject({ sourcing: 'destination', taxability: 'taxable' });
    expect(remote.total_tax).toBeGreaterThan(0);
    expect(refusal?.code).toBe('il_sourcing_unresolved_no_seller_facts');
  });

  it('exempt-customer: an active, assigned resale certificate exempts the sale', async () => {
    const { certificate, sale } = await exemptCustomer(target());
    expect(certificate).toMatchObject({ status: 'active', effective: true });
    expect(sale.total_tax).toBe(0);
    expect(sale.lines[0]).toMatchObject({ reason: 'certificate_applied', exempt_amount: 1200 });
  });
});
