// AvaTax companies (the account's locations and the account itself), customers (CustomerModel over
// the service's customers and the profile kept for them), certificates (CertificateModel) and the
// definitions lists, as pure mappings.
import { describe, expect, it } from 'vitest';
import type { Location } from '../../../functions/core/account/settings';
import { certificateModel, includesCustomers } from '../../../functions/core/avatax/certificates';
import { companiesOf, companyInPath, companyModel } from '../../../functions/core/avatax/companies';
import { customerModel, customersToCreate, customerToUpdate, profileOf } from '../../../functions/core/avatax/customers';
import { taxCodeModels } from '../../../functions/core/avatax/definitions';
import { accountNumber, certificateNumber, companyNumber, customerNumber, serviceCodeOf } from '../../../functions/core/avatax/ids';
import { AVATAX_TAX_CODES } from '../../../functions/core/avatax/tax-codes';
import type { Certificate } from '../../../functions/core/certificates/certificate';
import { DomainError } from '../../../functions/core/errors';

const AT = '2026-04-20T10:00:00.000Z';
const location = (code: string, name: string, state: string): Location => ({ code, name, state, zip: '10001', illinois_verified: false, created_at: AT });
const LOCATIONS = [location('WEST', 'West warehouse', 'CA'), location('EAST', 'East warehouse', 'NY')];

const details = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error.details?.map((d) => `${d.code}@${d.target}`) ?? [error.code];
  }
  throw new Error('expected a refusal');
};

describe('companies', () => {
  it('are the account (DEFAULT) and its locations by code; a location key sees its own only', () => {
    const all = companiesOf('acct_1', 'Acme', LOCATIONS, null);
    expect(all.map((c) => [c.code, c.name, c.locationCode])).toEqual([
      ['DEFAULT', 'Acme', null],
      ['EAST', 'East warehouse', 'EAST'],
      ['WEST', 'West warehouse', 'WEST'],
    ]);
    expect(all.map((c) => c.id)).toEqual([companyNumber('acct_1', null), companyNumber('acct_1', 'EAST'), companyNumber('acct_1', 'WEST')]);
    expect(companiesOf('acct_1', 'Acme', LOCATIONS, 'EAST').map((c) => c.code)).toEqual(['EAST']);
  });

  it('are found by their number, or their code, among those the key sees, and only so', () => {
    const east = companiesOf('acct_1', 'Acme', LOCATIONS, 'EAST');
    expect(companyInPath(east, String(companyNumber('acct_1', 'EAST'))).code).toBe('EAST');
    expect(companyInPath(east, 'east').code).toBe('EAST');
    for (const segment of [String(companyNumber('acct_1', 'WEST')), String(companyNumber('acct_2', 'EAST')), 'WEST', 'DEFAULT', '', '-1', '1e3', '99999999999'])
      expect(details(() => companyInPath(east, segment))).toEqual(['not_found']);
    const all = companiesOf('acct_1', 'Acme', LOCATIONS, null);
    expect([companyInPath(all, 'default').code, companyInPath(all, 'WEST').code, companyInPath(all, String(companyNumber('acct_1', null))).code]).toEqual([
      'DEFAULT',
      'WEST',
      'DEFAULT',
    ]);
  });

  it('answer CompanyModel with what strict clients require', () => {
    const [account, east] = companiesOf('acct_1', 'Acme', LOCATIONS, null);
    expect(companyModel(account!, 'acct_1', 'sandbox')).toEqual({
      id: companyNumber('acct_1', null),
      accountId: accountNumber('acct_1'),
      companyCode: 'DEFAULT',
      name: 'Acme',
      isDefault: true,
      isActive: true,
      hasProfile: true,
      defaultCountry: 'US',
      baseCurrencyCode: 'USD',
      isTest: true,
    });
    expect(companyModel(east!, 'acct_1', 'production')).toMatchObject({ companyCode: 'EAST', isDefault: false, isTest: false, createdDate: AT });
  });
});

describe('customers', () => {
  it('are read from CustomerModel in any property spelling, codes that do not fit kept under a derived one', () => {
    const [plain, odd] = customersToCreate([
      {
        CustomerCode: 'C-1',
        NAME: ' Dana ',
        line1: '1 Main St',
        City: 'Brooklyn',
        postalcode: 11201,
        country: 'US',
        emailAddress: 'd@x.example',
        isBill: 'true',
      },
      { customerCode: 'jane@example.com', name: 'Jane', companyId: 5, id: 7, certificates: [] },
    ]);
    expect(plain).toEqual({
      customerCode: 'C-1',
      serviceCode: 'C-1',
      name: 'Dana',
      fields: { line1: '1 Main St', city: 'Brooklyn', postal_code: '11201', country: 'US', email_address: 'd@x.example' },
      isBill: true,
      isShip: null,
    });
    expect(odd).toMatchObject({ customerCode: 'jane@example.com', serviceCode: serviceCodeOf('jane@example.com') });
    expect(odd!.serviceCode).toMatch(/^av\.[0-9a-f]{40}$/);
  });

  it('refuse a create without code or name, a code twice, an empty or oversized array', () => {
    expect(details(() => customersToCreate([{ name: 'x' }, { customerCode: 'A', name: '' }]))).toEqual(['missing@[0].customerCode', 'missing@[1].name']);
    expect(
      details(() =>
        customersToCreate([
          { customerCode: 'A', name: 'a' },
          { customerCode: 'A', name: 'b' },
        ]),
      ),
    ).toEqual(['duplicate_value@[1].customerCode']);
    expect(details(() => customersToCreate([]))).toEqual(['too_short@body']);
    expect(details(() => customersToCreate({ customerCode: 'A' }))).toEqual(['array_type@body']);
    expect(details(() => customersToCreate(Array.from({ length: 101 }, (_v, i) => ({ customerCode: `C${i}`, name: 'n' }))))).toEqual(['too_long@body']);
    expect(details(() => customersToCreate([{ customerCode: 'A', name: 'x'.repeat(256) }]))).toEqual(['string_too_long@[0].name']);
  });

  it('keep their code on an update', () => {
    expect(customerToUpdate({ name: 'New' }, 'jane@example.com').serviceCode).toBe(serviceCodeOf('jane@example.com'));
    expect(details(() => customerToUpdate({ customerCode: 'OTHER', name: 'New' }, 'C-1'))).toEqual(['string_pattern_mismatch@customerCode']);
    expect(details(() => customerToUpdate({ customerCode: 'C-1' }, 'C-1'))).toEqual(['missing@name']);
  });

  it('answer CustomerModel: the code and details as sent, empty strings where the service was never told', () => {
    const [input] = customersToCreate([
      { customerCode: 'jane@example.com', name: 'Jane', line1: '1 Main St', city: 'Austin', postalCode: '78701', country: 'US', region: 'TX' },
    ]);
    const customer = { customer_code: input!.serviceCode, name: 'Jane', location_code: 'EAST', created_at: AT, certificate_ids: [] };
    expect(customerModel({ customer, profile: profileOf(input!, '2026-04-21T00:00:00.000Z') }, 42, 'acct_1', 'sandbox')).toEqual({
      id: customerNumber('acct_1', 'sandbox', input!.serviceCode),
      companyId: 42,
      customerCode: 'jane@example.com',
      name: 'Jane',
      line1: '1 Main St',
      city: 'Austin',
      postalCode: '78701',
      createdDate: AT,
      modifiedDate: '2026-04-21T00:00:00.000Z',
      country: 'US',
      region: 'TX',
    });
    const bare = customerModel({ customer: { ...customer, customer_code: 'C-9', name: null }, profile: null }, 42, 'acct_1', 'sandbox');
    expect(bare).toMatchObject({ customerCode: 'C-9', name: '', line1: '', city: '', postalCode: '', country: '', modifiedDate: AT });
  });
});

describe('certificates', () => {
  const certificate: Certificate = {
    id: 'cert_1',
    customer_code: 'C-1',
    location_code: 'EAST',
    jurisdiction: 'NY',
    exemption_reason: 'resale',
    exemption_number: 'NY-123',
    valid_from: '2026-01-01',
    valid_to: '2026-12-31',
    signer: null,
    signature_type: null,
    evidence_reference: null,
    document_sha256: 'a'.repeat(64),
    status: 'active',
    reviewer: { name: 'R', title: null },
    review_authority: 'account',
    activated_at: '2026-02-01T00:00:00.000Z',
    assigned_at: '2026-02-02T00:00:00.000Z',
    created_at: '2026-01-15T00:00:00.000Z',
    audit: [],
  };
  const stateName = (code: string) => (code === 'NY' ? 'New York' : code);

  it('answer CertificateModel: its window, reason, state, and whether it is reviewed and in force', () => {
    const model = certificateModel(certificate, 42, 'acct_1', 'sandbox', '2026-04-20', stateName);
    expect(model).toMatchObject({
      id: certificateNumber('acct_1', 'sandbox', 'cert_1'),
      companyId: 42,
      signedDate: '2026-01-01',
      expirationDate: '2026-12-31',
      documentExists: true,
      valid: true,
      verified: true,
      exemptionNumber: 'NY-123',
      exemptionReason: { name: 'RESALE' },
      status: 'COMPLETE',
      modifiedDate: '2026-02-02T00:00:00.000Z',
      exposureZone: { name: 'New York', region: 'NY', country: 'US' },
      customerCode: 'C-1',
    });
    expect(certificateModel(certificate, 42, 'acct_1', 'sandbox', '2027-01-01', stateName).valid).toBe(false);
    const pending = certificateModel(
      { ...certificate, status: 'pending', exemption_number: null, activated_at: null, assigned_at: null },
      42,
      'acct_1',
      'sandbox',
      '2026-04-20',
      stateName,
    );
    expect(pending).toMatchObject({ status: 'PENDING', valid: false, verified: false, modifiedDate: certificate.created_at });
    expect(pending).not.toHaveProperty('exemptionNumber');
    expect([includesCustomers(' Customers ,x'), includesCustomers('$skip=100'), includesCustomers(undefined)]).toEqual([true, false, false]);
  });
});

describe('tax codes', () => {
  it('list every exact code of the crosswalk by code, saying which of the service’s codes it is taxed as', () => {
    const rows = taxCodeModels((code) => (code === '20010' ? 'Clothing' : null));
    expect(rows.map((r) => r.taxCode)).toEqual(
      AVATAX_TAX_CODES.filter((r) => r.match === 'exact')
        .map((r) => r.avatax)
        .sort(),
    );
    expect(rows.find((r) => r.taxCode === 'PC040100')).toMatchObject({
      companyId: 0,
      taxCodeTypeId: 'P',
      isPhysical: true,
      isActive: true,
      description: expect.stringContaining('Taxed here as 20010 (Clothing).'),
    });
    expect(rows.find((r) => r.taxCode === 'P0000000')?.description).toContain('general goods (no tax code)');
    expect(rows.find((r) => r.taxCode === 'SW054000')).toMatchObject({ taxCodeTypeId: 'S', isPhysical: false });
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });
});
