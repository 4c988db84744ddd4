// TaxJar customers through the official client, checked against /api/v1/customers and
// certificates: the exemption TaxJar states on the customer is read from its active certificates,
// and customer_id then exempts a tax calculation exactly as the certificate does on /api/v1.
import { describe, expect, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { newYorkResaleCertificate } from '../support/certificates';
import { api, unique, V1 } from '../support/http';
import { cents, expectTaxjarError, taxjar } from '../support/taxjar';

const KEY = KEYS.taxjar;

const customer = (id: string, extra: Record<string, unknown> = {}) => ({ customer_id: id, exemption_type: 'non_exempt', name: 'Dunder Mifflin', ...extra });

describe('customers (/taxjar/v2/customers)', () => {
  it('createCustomer, showCustomer, listCustomers and updateCustomer are /api/v1 customers', async () => {
    const id = unique('tj-cust');
    const created = (await taxjar().createCustomer(customer(id, { country: 'US', state: 'NY', zip: '10001' }))).customer;
    expect(created).toMatchObject({ customer_id: id, exemption_type: 'non_exempt', exempt_regions: [], name: 'Dunder Mifflin' });
    const v1 = await api('GET', `${V1}/customers/${id}`, { key: KEY });
    expect(v1.status, v1.text).toBe(200);
    expect(v1.body).toMatchObject({ customer_code: id, name: 'Dunder Mifflin' });
    expect((await taxjar().showCustomer(id)).customer).toEqual(created);
    expect((await taxjar().listCustomers()).customers).toContain(id);

    const updated = (await taxjar().updateCustomer(customer(id, { name: 'Dunder Mifflin Paper' }))).customer;
    expect(updated.name).toBe('Dunder Mifflin Paper');
    expect((await api('GET', `${V1}/customers/${id}`, { key: KEY })).body.name).toBe('Dunder Mifflin Paper');
    // A second create of the same customer_id: TaxJar's 422.
    await expectTaxjarError(taxjar().createCustomer(customer(id)), 422, /conflict/);
  });

  it('refuses to declare an exemption: it needs certificate evidence (422)', async () => {
    const id = unique('tj-exempt');
    await expectTaxjarError(
      taxjar().createCustomer(customer(id, { exemption_type: 'wholesale', exempt_regions: [{ country: 'US', state: 'NY' }] })),
      422,
      /certificate_evidence_incomplete.*exemption_type/,
    );
    expect((await api('GET', `${V1}/customers/${id}`, { key: KEY })).status).toBe(404);
  });

  it('reads the exemption from active certificates, and customer_id then exempts taxForOrder as the certificate does on /api/v1', async () => {
    const id = unique('tj-cert');
    await taxjar().createCustomer(customer(id));
    const certificate = await newYorkResaleCertificate(KEY, id, { assign: true });
    const shown = (await taxjar().showCustomer(id)).customer;
    expect(shown).toMatchObject({ exemption_type: 'wholesale', exempt_regions: [{ country: 'US', state: 'NY' }] });
    // The customer sent back whole keeps its exemption; changing it is refused.
    expect((await taxjar().updateCustomer({ ...shown, name: 'Renamed' })).customer).toMatchObject({ name: 'Renamed', exemption_type: 'wholesale' });
    await expectTaxjarError(taxjar().updateCustomer({ ...shown, exempt_regions: [{ country: 'US', state: 'CA' }] }), 422, /exempt_regions/);

    const order = { to_country: 'US', to_zip: '10001', to_state: 'NY', amount: 200, shipping: 0, customer_id: id };
    const exempt = (await taxjar().taxForOrder({ ...order, exemption_type: 'wholesale' })).tax;
    const v1 = await api('POST', `${V1}/calculations`, {
      key: KEY,
      body: {
        ship_to: { zip: '10001', state: 'NY', country: 'US' },
        seller_class: 'remote',
        customer_code: id,
        exemption_certificate_id: certificate,
        lines: [
          { number: '1', amount: 200 },
          { number: 'shipping', tax_code: 'SHIPPING', amount: 0 },
        ],
      },
    });
    expect(v1.status, v1.text).toBe(200);
    expect(cents(exempt.amount_to_collect)).toBe(cents(v1.body.total_tax));
    expect(exempt.amount_to_collect).toBe(0);
    expect(v1.body.lines[0].reason).toBe('certificate_applied');
    // non_exempt waives the customer's exemption: full tax.
    const waived = (await taxjar().taxForOrder({ ...order, exemption_type: 'non_exempt' })).tax;
    expect(waived.amount_to_collect).toBeGreaterThan(0);
    // Another state: no certificate there, so a claimed exemption is refused rather than granted.
    await expectTaxjarError(
      taxjar().taxForOrder({ to_country: 'US', to_zip: '94105', to_state: 'CA', amount: 10, shipping: 0, customer_id: id, exemption_type: 'wholesale' }),
      422,
      /exemption_certificate_not_found/,
    );
    // A customer holding certificates is kept (they are evidence).
    await expectTaxjarError(taxjar().deleteCustomer(id), 422, /conflict/);
  });

  it('deleteCustomer removes a customer without certificates', async () => {
    const id = unique('tj-gone');
    await taxjar().createCustomer(customer(id));
    const deleted = (await taxjar().deleteCustomer(id)).customer;
    expect(deleted.customer_id).toBe(id);
    expect((await api('GET', `${V1}/customers/${id}`, { key: KEY })).status).toBe(404);
    await expectTaxjarError(taxjar().showCustomer(id), 404, /not_found/);
    await expectTaxjarError(taxjar().deleteCustomer(id), 404);
    expect((await taxjar().listCustomers()).customers).not.toContain(id);
  });
});
