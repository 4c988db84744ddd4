// TaxJar customers through the official client, checked against /api/v1/customers and
// certificates: a customer's declared exemption and address are kept as sent; without one, the
// exemption TaxJar states is read from its active certificates, and customer_id then exempts a tax
// calculation exactly as the certificate does on /api/v1 (declarations: taxjar-declared-exemptions.test.ts).
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

  it('keeps the address and the declared exemption as sent, and answers them back (Magento 2 syncs customers so)', async () => {
    const id = unique('tj-decl');
    const sent = {
      exemption_type: 'wholesale',
      exempt_regions: [{ country: 'US', state: 'FL' }],
      country: 'US',
      state: 'FL',
      zip: '33131',
      city: 'Miami',
      street: '1 SE 3rd Ave',
    };
    const created = (await taxjar().createCustomer(customer(id, sent))).customer;
    expect(created).toMatchObject(sent);
    expect((await taxjar().showCustomer(id)).customer).toEqual(created);
    // An update keeps what it leaves out (regions, address); one that sends regions replaces them.
    expect((await taxjar().updateCustomer({ customer_id: id, exemption_type: 'wholesale', name: 'Renamed' })).customer).toMatchObject({
      ...sent,
      name: 'Renamed',
    });
    const moved = (
      await taxjar().updateCustomer({
        customer_id: id,
        exemption_type: 'wholesale',
        name: 'Renamed',
        exempt_regions: [{ country: 'US', state: 'PA' }],
        zip: '19103',
        city: 'Philadelphia',
      })
    ).customer;
    expect(moved).toMatchObject({ exempt_regions: [{ country: 'US', state: 'PA' }], zip: '19103', city: 'Philadelphia', street: '1 SE 3rd Ave' });
    // /api/v1's customer does not show what only the TaxJar surface keeps.
    const v1 = await api('GET', `${V1}/customers/${id}`, { key: KEY });
    expect(v1.body).not.toHaveProperty('declaration');
  });

  it('reads the exemption from active certificates, and customer_id then exempts taxForOrder as the certificate does on /api/v1', async () => {
    const id = unique('tj-cert');
    await taxjar().createCustomer(customer(id));
    const certificate = await newYorkResaleCertificate(KEY, id, { assign: true });
    const shown = (await taxjar().showCustomer(id)).customer;
    expect(shown).toMatchObject({ exemption_type: 'wholesale', exempt_regions: [{ country: 'US', state: 'NY' }] });
    // The customer sent back whole keeps its exemption.
    expect((await taxjar().updateCustomer({ ...shown, name: 'Renamed' })).customer).toMatchObject({ name: 'Renamed', exemption_type: 'wholesale' });

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
    // Another state: no certificate there, so the claim is granted as TaxJar grants it, as a declaration without a certificate.
    const declared = (
      await taxjar().taxForOrder({ to_country: 'US', to_zip: '94105', to_state: 'CA', amount: 10, shipping: 0, customer_id: id, exemption_type: 'wholesale' })
    ).tax as unknown as { amount_to_collect: number; declared_exemption: { code: string; certificate: null } };
    expect(declared.amount_to_collect).toBe(0);
    expect(declared.declared_exemption).toMatchObject({ code: 'declared_exemption_without_certificate', certificate: null });
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
