// The AvaTax-compatible reference, company, customer and certificate routes, driven by the official
// `avatax` client (strict mode too, where connectors use it) against the test seed's AvaTax
// account: companies are its locations EAST and WEST and the account itself (DEFAULT). Rates are
// compared with /api/v1/rates, customers with /api/v1/customers, certificates are recorded and
// reviewed through /api/v1. Raw calls cover what the client cannot send.
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { accountNumber, companyNumber, serviceCodeOf } from '../../functions/core/avatax/ids';
import { readCsv } from '../../scripts/content/files/csv';
import { KEYS } from '../fixtures/seed';
import { AVATAX_ACCOUNT, avatax, avataxError } from '../support/avatax';
import { newYorkResaleCertificate } from '../support/certificates';
import { api, conformingFetch, unique, V1 } from '../support/http';

const KEY = KEYS.avatax;
const TODAY = new Date().toISOString().slice(0, 10);
const EAST = companyNumber(AVATAX_ACCOUNT, 'EAST');
const WEST = companyNumber(AVATAX_ACCOUNT, 'WEST');
const DEFAULT = companyNumber(AVATAX_ACCOUNT, null);
const basic = (key: string) => `Basic ${Buffer.from(`${AVATAX_ACCOUNT}:${key}`).toString('base64')}`;
const raw = (path: string, init: { method?: string; key?: string; body?: unknown } = {}) =>
  api(init.method ?? 'GET', path, { headers: { Authorization: basic(init.key ?? KEY) }, ...(init.body === undefined ? {} : { body: init.body }) });
const micro = (rate: number) => Math.round(rate * 1_000_000);
const geo = readCsv(join(import.meta.dirname, '..', '..', 'data', 'us_zip_geo.csv'), ['zip', 'state', 'lat', 'lon', 'accuracy']);
/** A ZIP's point as data/us_zip_geo.csv gives it (the row of a state, not of an APO/FPO code). */
const centroidOf = (zip: string) => {
  const row = geo.find((r) => r.zip === zip && !['AA', 'AE', 'AP'].includes(r.state))!;
  return { latitude: Number(row.lat), longitude: Number(row.lon) };
};

/** Every row of an AvaTax list, paged with $top/$skip until @recordsetCount, as OCA pages. */
async function everyRow<T>(page: (skip: number) => Promise<{ '@recordsetCount': number; value: readonly T[] }>, top: number): Promise<T[]> {
  const rows: T[] = [];
  for (let skip = 0; ; skip += top) {
    const result = await page(skip);
    expect(result.value.length).toBeLessThanOrEqual(top);
    rows.push(...result.value);
    if (skip + top >= result['@recordsetCount']) {
      expect(rows).toHaveLength(result['@recordsetCount']);
      return rows;
    }
  }
}

const customer = (code: string, extra: Record<string, unknown> = {}) => ({
  customerCode: code,
  name: 'Harbor Supply Co.',
  line1: '1 Pierrepont Street',
  city: 'Brooklyn',
  region: 'NY',
  postalCode: '11201',
  country: 'US',
  emailAddress: 'purchasing@harbor-supply.example',
  ...extra,
});

describe('addresses (GET and POST /api/v2/addresses/resolve)', () => {
  it('resolve a good address by its ZIP code at the ZIP’s centroid, with no messages key', async () => {
    const query = { line1: '350 Fifth Avenue', city: 'New York', region: 'NY', postalCode: '10118', country: 'US' };
    const point = centroidOf('10118');
    const plain = (await avatax().resolveAddress(query)) as any;
    expect(plain).not.toHaveProperty('messages');
    expect(plain.coordinates).toEqual(point);
    expect(plain.resolutionQuality).toBe('PostalCentroidGood');
    expect(plain.address).toEqual(query);
    const answer = (await avatax(undefined, true).resolveAddress(query)) as any;
    expect(answer.messages).toBeUndefined();
    expect({ ...answer.coordinates }).toEqual(point);
    expect(answer.resolutionQuality).toBe(5); // PostalCentroidGood, as the strict client maps the name
    expect(answer.validatedAddresses[0]).toMatchObject({
      line1: '350 FIFTH AVENUE',
      city: 'NEW YORK',
      region: 'NY',
      country: 'US',
      postalCode: '10118',
      ...point,
    });
    expect(answer.taxAuthorities.map((a: { jurisdictionName: string }) => a.jurisdictionName)).toContain('NEW YORK');
    const posted = (await avatax().resolveAddressPost({ model: { postalCode: '11201', textCase: 1 as never } })) as any;
    expect(posted).not.toHaveProperty('messages');
    expect([posted.coordinates, posted.resolutionQuality]).toEqual([centroidOf('11201'), 'PostalCentroidGood']);
    expect(posted.validatedAddresses[0]).toEqual({
      addressType: 'UnknownAddressType',
      city: 'Brooklyn',
      region: 'NY',
      country: 'US',
      postalCode: '11201',
      ...centroidOf('11201'),
    });
    expect(posted.address).toEqual({ postalCode: '11201' });
  });

  it('answer NotCoded without coordinates for a ZIP GeoNames has no point for, and echo only the coordinates sent', async () => {
    // 90085 (Los Angeles) has a rate row but no GeoNames record.
    expect(geo.some((r) => r.zip === '90085')).toBe(false);
    const unplaced = (await avatax().resolveAddressPost({ model: { postalCode: '90085', region: 'CA', latitude: 34.05, longitude: -118.25 } })) as any;
    expect(unplaced).not.toHaveProperty('messages');
    expect(unplaced).not.toHaveProperty('coordinates');
    expect(unplaced.resolutionQuality).toBe('NotCoded');
    expect(unplaced.validatedAddresses[0]).not.toHaveProperty('latitude');
    expect(unplaced.address).toEqual({ region: 'CA', postalCode: '90085', latitude: 34.05, longitude: -118.25 });
    // GeoNames estimated 01098's point from neighbouring codes: no more than a partial centroid.
    const estimated = (await avatax().resolveAddress({ postalCode: '01098' })) as any;
    expect([estimated.coordinates, estimated.resolutionQuality]).toEqual([centroidOf('01098'), 'PartialCentroid']);
  });

  it('answer 200 with messages of severity Error for an unknown ZIP, a ZIP not in the region, a non-US address, no ZIP', async () => {
    const messages = async (query: Record<string, string>) => {
      const answer = (await avatax().resolveAddress(query)) as any;
      expect(answer.validatedAddresses[0].addressType).toBe('UnknownAddressType');
      for (const m of answer.messages)
        expect(m).toEqual({
          summary: expect.any(String),
          details: expect.any(String),
          refersTo: expect.any(String),
          severity: 'Error',
          source: expect.any(String),
        });
      return answer.messages.map((m: { refersTo: string; summary: string }) => `${m.refersTo}: ${m.summary}`);
    };
    expect(await messages({ postalCode: '99999', region: 'NY' })).toEqual(['Address.PostalCode: The postal code was not found.']);
    expect(await messages({ postalCode: '10001', region: 'CA', line1: '1 Main St' })).toEqual(['Address.PostalCode: The postal code is not in the region.']);
    expect(await messages({ postalCode: 'K1A 0B1', region: 'ON', country: 'CA' })).toEqual(['Address.Country: The address is not in the United States.']);
    expect(await messages({ line1: '1 Main St', city: 'Brooklyn', region: 'NY' })).toEqual(['Address.PostalCode: The address value was incomplete.']);
    const posted = (await avatax().resolveAddressPost({ model: { postalCode: '1234' } })) as any;
    expect(posted.messages[0].summary).toBe('The postal code is not a US ZIP code.');
  });

  it('read query names in any letter case (textcase), tolerate a trailing "?", refuse an unknown text case', async () => {
    const mixed = await raw('/api/v2/addresses/resolve?POSTALCODE=11201&Region=ny&textcase=Mixed&line1=1%20Pierrepont%20Street');
    expect(mixed.status, mixed.text).toBe(200);
    expect(mixed.body.validatedAddresses[0]).toEqual({
      addressType: 'UnknownAddressType',
      line1: '1 Pierrepont Street',
      city: 'Brooklyn',
      region: 'NY',
      country: 'US',
      postalCode: '11201',
      ...centroidOf('11201'),
    });
    const bare = await raw('/api/v2/addresses/resolve?');
    expect(bare.status).toBe(200);
    expect(bare.body.messages[0].summary).toBe('The address value was incomplete.');
    const lower = await raw('/api/v2/addresses/resolve?postalCode=11201&textCase=Lower');
    expect(lower.status).toBe(400);
    expect(lower.body.error.details[0]).toMatchObject({ code: 'InvalidEnumValue', refersTo: 'query.textCase' });
    const twice = await raw('/api/v2/addresses/resolve?postalCode=11201&POSTALCODE=10001');
    expect(twice.body.error.details[0].code).toBe('DuplicateEntry');
  });
});

describe('tax rates (GET /api/v2/taxrates/byaddress and /bypostalcode)', () => {
  it('are GET /api/v1/rates for the ZIP code today, to the micro-unit', async () => {
    for (const [zip, state] of [
      ['10118', 'NY'],
      ['94105', 'CA'],
      ['64108', 'MO'],
      ['80202', 'CO'],
    ] as const) {
      const v1 = await api('GET', `${V1}/rates?zip=${zip}&state=${state}`, { key: KEY });
      expect(v1.status, v1.text).toBe(200);
      const byZip = (await avatax().taxRatesByPostalCode({ country: 'US', postalCode: zip })) as any;
      const byAddress = (await avatax(undefined, true).taxRatesByAddress({
        line1: '1 Main St',
        city: 'X',
        region: state,
        postalCode: zip,
        country: 'US',
      })) as any;
      expect(micro(byZip.totalRate)).toBe(micro(v1.body.rate));
      expect(micro(byAddress.totalRate)).toBe(micro(v1.body.rate));
      const expected = v1.body.jurisdictions.map((j: { type: string; name: string; rate: number }) => ({ micro: micro(j.rate), name: j.name, type: j.type }));
      expect(
        byZip.rates.map((r: { rate: number; name: string; type: string }) => ({ micro: micro(r.rate), name: r.name, type: r.type.toLowerCase() })),
      ).toEqual(expected);
      expect(byAddress.rates.map((r: { rate: number }) => micro(r.rate))).toEqual(expected.map((e: { micro: number }) => e.micro));
    }
  });

  it('refuse a ZIP code that is not one, one of another state, a foreign address, no ZIP code', async () => {
    const notZip = await avataxError(avatax().taxRatesByPostalCode({ country: 'US', postalCode: '1234' }));
    expect(notZip).toMatchObject({ code: 'InvalidPostalCode', details: [expect.objectContaining({ number: 317, refersTo: 'postalCode' })] });
    const otherState = await avataxError(avatax().taxRatesByAddress({ line1: '1 Main St', region: 'CA', postalCode: '10001', country: 'US' }));
    expect(otherState.details[0]).toMatchObject({ code: 'InvalidPostalCode', faultSubCode: 'InvalidZipForStateError' });
    expect((await avataxError(avatax().taxRatesByPostalCode({ country: 'CA', postalCode: 'K1A0B1' }))).code).toBe('InvalidAddress');
    const missing = await raw('/api/v2/taxrates/bypostalcode?country=US');
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0]).toMatchObject({ code: 'ValueRequiredError', refersTo: 'postalCode' });
  });
});

describe('definitions (GET /api/v2/definitions/taxcodes and /entityusecodes)', () => {
  it('list the crosswalk’s tax codes for strict clients, filtered as connectors filter them', async () => {
    const strict = avatax(undefined, true);
    const all = await strict.listTaxCodes({});
    expect(all['@recordsetCount']).toBeGreaterThan(20);
    for (const row of all.value)
      expect(row).toMatchObject({ id: expect.any(Number), companyId: 0, taxCode: expect.any(String), taxCodeTypeId: expect.any(String), isActive: true });
    const p0 = await strict.listTaxCodes({ filter: 'taxCode contains "P0"' });
    expect(p0.value.map((r) => r.taxCode)).toContain('P0000000');
    expect(p0.value.every((r) => r.taxCode.includes('P0'))).toBe(true);
    const nt = await avatax().listTaxCodes({ filter: "taxCode eq 'NT'" });
    expect(nt.value).toHaveLength(1);
    expect(nt.value[0]!.description).toContain('99999');
    const paged = await everyRow((skip) => avatax().listTaxCodes({ top: 7, skip, orderBy: 'taxCode desc' }), 7);
    expect(paged.map((r) => r.taxCode)).toEqual(all.value.map((r) => r.taxCode).reverse());
    const bare = await raw('/api/v2/definitions/taxcodes?');
    expect(bare.body['@recordsetCount']).toBe(all['@recordsetCount']);
    const upper = await raw(`/api/v2/definitions/taxcodes?%24FILTER=${encodeURIComponent("taxCode eq 'NT'")}`);
    expect(upper.body.value.map((r: { taxCode: string }) => r.taxCode)).toEqual(['NT']);
    const or = await avataxError(avatax().listTaxCodes({ filter: "taxCode eq 'NT' or taxCode eq 'FR'" }));
    expect(or.details[0]).toMatchObject({ code: 'CriteriaNotSupportedError' });
  });

  it('list the entity-use codes, `code eq G` unquoted as Saleor sends it', async () => {
    const g = await avatax(undefined, true).listEntityUseCodes({ filter: 'code eq G' });
    expect(g.value.map((r) => r.code)).toEqual(['G']);
    expect(g.value[0]).toMatchObject({ name: 'Resale', validCountries: ['US', 'CA'] });
    expect((await avatax().listEntityUseCodes({}))['@recordsetCount']).toBe(18);
  });
});

describe('companies (GET /api/v2/companies)', () => {
  it('are the account (DEFAULT) and its locations, for strict clients too', async () => {
    const strict = await avatax({ accountId: accountNumber(AVATAX_ACCOUNT), licenseKey: KEY }, true).queryCompanies({});
    expect(strict['@recordsetCount']).toBe(3);
    expect(strict.value.map((c) => [c.id, c.accountId, c.companyCode, c.name, c.isDefault, c.defaultCountry])).toEqual([
      [DEFAULT, accountNumber(AVATAX_ACCOUNT), 'DEFAULT', 'AvaTax client', true, 'US'],
      [EAST, accountNumber(AVATAX_ACCOUNT), 'EAST', 'East warehouse', false, 'US'],
      [WEST, accountNumber(AVATAX_ACCOUNT), 'WEST', 'West warehouse', false, 'US'],
    ]);
    const east = await avatax().queryCompanies({ filter: "companyCode eq 'EAST'", top: 1 });
    expect(east.value).toEqual([expect.objectContaining({ id: EAST, isActive: true, isTest: true })]);
    expect((await avatax().queryCompanies({ filter: 'isDefault eq true', include: 'Nexus,Settings' })).value.map((c) => c.companyCode)).toEqual(['DEFAULT']);
  });

  it('are only its own location’s to a location-scoped key', async () => {
    const seen = await avatax({ accountId: AVATAX_ACCOUNT, licenseKey: KEYS.avataxEast }).queryCompanies({});
    expect(seen.value.map((c) => c.companyCode)).toEqual(['EAST']);
  });
});

describe('customers (/api/v2/companies/{companyCode}/customers)', () => {
  it('createCustomers, getCustomer, queryCustomers and updateCustomer (strict where the client can be); /api/v1 sees the customer', async () => {
    const strict = avatax(undefined, true);
    const code = unique('AVA-C');
    // The strict client reads createCustomers' array as arrays of nothing (it keeps no element type): one per customer made.
    expect(await strict.createCustomers({ companyId: EAST, model: [customer(unique('AVA-S')) as never] })).toEqual([[]]);
    const [made] = await avatax().createCustomers({ companyId: EAST, model: [customer(code) as never] });
    expect(made).toMatchObject({
      id: expect.any(Number),
      companyId: EAST,
      customerCode: code,
      name: 'Harbor Supply Co.',
      line1: '1 Pierrepont Street',
      city: 'Brooklyn',
      postalCode: '11201',
      country: 'US',
      region: 'NY',
    });
    const read = await strict.getCustomer({ companyId: EAST, customerCode: code });
    expect(read).toMatchObject({ id: made!.id, customerCode: code, emailAddress: 'purchasing@harbor-supply.example' });
    const listed = await strict.queryCustomers({ companyId: EAST, filter: `customerCode eq '${code}'` });
    expect(listed.value.map((c) => c.customerCode)).toEqual([code]);

    const v1 = await api('GET', `${V1}/customers/${code}`, { key: KEY });
    expect(v1.status, v1.text).toBe(200);
    // /api/v1's answer is its own: no AvaTax details on it.
    expect(Object.keys(v1.body).sort()).toEqual(['certificates', 'created_at', 'customer_code', 'location_code', 'name', 'object']);
    expect(v1.body).toMatchObject({ customer_code: code, name: 'Harbor Supply Co.', location_code: 'EAST' });

    const updated = await strict.updateCustomer({
      companyId: EAST,
      customerCode: code,
      model: customer(code, { name: 'Harbor Supply Company', phoneNumber: '+1 718 555 0100' }) as never,
    });
    expect(updated).toMatchObject({ name: 'Harbor Supply Company', phoneNumber: '+1 718 555 0100', line1: '1 Pierrepont Street' });
    expect((await api('GET', `${V1}/customers/${code}`, { key: KEY })).body.name).toBe('Harbor Supply Company');
    const renamed = await avataxError(avatax().updateCustomer({ companyId: EAST, customerCode: code, model: customer('OTHER') as never }));
    expect(renamed.code).toBe('IncorrectFieldValue');
  });

  it('answer a customer created through /api/v1 under its location’s company, with empty strings strict clients accept', async () => {
    const code = unique('V1-C');
    const created = await api('POST', `${V1}/customers`, { key: KEY, body: { customer_code: code, name: 'Made on v1', location_code: 'WEST' } });
    expect(created.status, created.text).toBe(201);
    const read = await avatax(undefined, true).getCustomer({ companyId: WEST, customerCode: code });
    expect(read).toMatchObject({ companyId: WEST, customerCode: code, name: 'Made on v1', line1: '', city: '', postalCode: '', country: '' });
    // It is WEST's, not EAST's nor the account's.
    for (const companyId of [EAST, DEFAULT])
      expect((await avataxError(avatax().getCustomer({ companyId, customerCode: code }))).code).toBe('EntityNotFoundError');
  });

  it('keep a code that is not one of the service’s under a derived code, answered as written', async () => {
    const code = `jane+${unique('x')}@example.com`;
    const [made] = await avatax().createCustomers({ companyId: DEFAULT, model: [customer(code)] as never });
    expect(made!.customerCode).toBe(code);
    // The JS client puts the code in the path unencoded; AvaTax's escapes and percent-encoding both read.
    const escaped = code.replace('+', '_-ava2b-_');
    expect((await raw(`/api/v2/companies/${DEFAULT}/customers/${escaped}`)).body.customerCode).toBe(code);
    expect((await raw(`/api/v2/companies/${DEFAULT}/customers/${encodeURIComponent(code)}`)).body.customerCode).toBe(code);
    const v1 = await api('GET', `${V1}/customers/${serviceCodeOf(code)}`, { key: KEY });
    expect(v1.body).toMatchObject({ customer_code: serviceCodeOf(code), location_code: null });
  });

  it('name the company in the path by its number or, as transaction paths do, by its code', async () => {
    const code = unique('BYCODE');
    await avatax().createCustomers({ companyId: EAST, model: [customer(code)] as never });
    for (const company of [String(EAST), 'EAST', 'east']) expect((await raw(`/api/v2/companies/${company}/customers/${code}`)).body.companyId).toBe(EAST);
    expect((await raw(`/api/v2/companies/DEFAULT/customers`)).body['@recordsetCount']).toBeGreaterThanOrEqual(0);
    const westByCode = await raw('/api/v2/companies/WEST/customers', { key: KEYS.avataxEast });
    expect([westByCode.status, westByCode.body.error.code]).toEqual([404, 'EntityNotFoundError']);
  });

  it('page with $top/$skip until @recordsetCount, newest first', async () => {
    const codes = Array.from({ length: 5 }, (_v, i) => unique(`PG${i}`));
    await avatax().createCustomers({ companyId: WEST, model: codes.map((c) => customer(c)) as never });
    const filter = `customerCode startswith 'PG'`;
    const rows = await everyRow((skip) => avatax().queryCustomers({ companyId: WEST, filter, top: 2, skip }), 2);
    expect(rows.map((r) => r.customerCode).sort()).toEqual([...codes].sort());
    const ordered = await avatax().queryCustomers({ companyId: WEST, filter, orderBy: 'customerCode asc' });
    expect(ordered.value.map((r) => r.customerCode)).toEqual([...codes].sort());
  });

  it('refuse a duplicate code, a missing name, an unknown company, a narrow key and another location’s company', async () => {
    const code = unique('DUP');
    await avatax().createCustomers({ companyId: EAST, model: [customer(code)] as never });
    const again = await avataxError(avatax().createCustomers({ companyId: WEST, model: [customer(code)] as never }));
    expect(again).toMatchObject({ code: 'DuplicateEntry', details: [expect.objectContaining({ number: 193 })] });
    const nameless = await avataxError(avatax().createCustomers({ companyId: EAST, model: [{ customerCode: unique('N') }] as never }));
    expect(nameless.details[0]).toMatchObject({ code: 'ValueRequiredError', refersTo: '[0].name' });
    const unknown = await raw('/api/v2/companies/12345/customers');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'EntityNotFoundError', target: 'HttpRequest' });
    expect((await avataxError(avatax().getCustomer({ companyId: EAST, customerCode: unique('NONE') }))).code).toBe('EntityNotFoundError');
    const none = unique('NONE');
    const missing = await raw(`/api/v2/companies/${EAST}/customers/${none}`, { method: 'PUT', body: customer(none) });
    expect(missing.status).toBe(404);
    const narrow = await avataxError(avatax({ accountId: AVATAX_ACCOUNT, licenseKey: KEYS.avataxNarrow }).queryCustomers({ companyId: EAST }));
    expect(narrow).toMatchObject({ code: 'PermissionRequired', details: [expect.objectContaining({ number: 49 })] });
    const eastKey = avatax({ accountId: AVATAX_ACCOUNT, licenseKey: KEYS.avataxEast });
    expect((await eastKey.queryCustomers({ companyId: EAST }))['@recordsetCount']).toBeGreaterThan(0);
    for (const companyId of [WEST, DEFAULT]) {
      expect((await avataxError(eastKey.queryCustomers({ companyId }))).code).toBe('EntityNotFoundError');
      expect((await avataxError(eastKey.createCustomers({ companyId, model: [customer(unique('E'))] as never }))).code).toBe('EntityNotFoundError');
    }
  });
});

describe('certificates (/api/v2/companies/{companyCode}/certificates and a customer’s)', () => {
  it('list a customer’s and a company’s certificates for strict clients, with their customers when included', async () => {
    const code = `cert+${unique('c')}@example.com`;
    await avatax().createCustomers({ companyId: EAST, model: [customer(code)] as never });
    const serviceCode = serviceCodeOf(code);
    await newYorkResaleCertificate(KEY, serviceCode, { exemptionNumber: 'NY-12-3456789' });
    await newYorkResaleCertificate(KEY, serviceCode, { exemptionNumber: 'NY-12-3456789', pending: true });
    const strict = avatax(undefined, true);
    const mine = await strict.listCertificatesForCustomer({ companyId: EAST, customerCode: code });
    expect(mine['@recordsetCount']).toBe(2);
    expect(mine.value.map((c) => c.status).sort()).toEqual(['COMPLETE', 'PENDING']);
    for (const c of mine.value)
      expect(c).toMatchObject({
        id: expect.any(Number),
        companyId: EAST,
        exemptionNumber: 'NY-12-3456789',
        exemptionReason: { name: 'RESALE' },
        exposureZone: { name: 'New York', region: 'NY', country: 'US' },
      });
    expect(mine.value.find((c) => c.status === 'COMPLETE')).toMatchObject({ valid: true, verified: true });
    const withCustomers = await strict.queryCertificates({
      companyId: EAST,
      include: 'customers',
      filter: `customerCode eq '${code}' and status eq 'COMPLETE'`,
    });
    expect(withCustomers.value).toHaveLength(1);
    expect(withCustomers.value[0]!.customers?.map((c) => c.customerCode)).toEqual([code]);
    const all = await everyRow((skip) => avatax().queryCertificates({ companyId: EAST, top: 1, skip }), 1);
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining(mine.value.map((c) => c.id)));
    // Another company of the account has none of them.
    const west = await avatax().queryCertificates({ companyId: WEST });
    expect(west.value.map((c) => c.id)).not.toEqual(expect.arrayContaining([mine.value[0]!.id]));
    expect((await avataxError(avatax().listCertificatesForCustomer({ companyId: WEST, customerCode: code }))).code).toBe('EntityNotFoundError');
  });

  it('include customers only for a key that may read them', async () => {
    const narrow = await raw(`/api/v2/companies/${EAST}/certificates?$include=customers`, { key: KEYS.avataxNarrow });
    expect(narrow.status).toBe(403);
    expect(narrow.body.error.code).toBe('PermissionRequired');
  });
});

describe('credentials, bodies and usage of the reference routes', () => {
  it('answer 401 AuthenticationException for an unknown or revoked key or none, the content routes too', async () => {
    // Each call made when it is awaited: a rejection made earlier would be unhandled until then.
    for (const client of [
      avatax({}),
      avatax({ accountId: AVATAX_ACCOUNT, licenseKey: KEYS.unknown }),
      avatax({ accountId: 'acct_main', licenseKey: KEYS.revoked }),
    ])
      for (const call of [
        () => client.queryCompanies({}),
        () => client.resolveAddress({ postalCode: '11201' }),
        () => client.taxRatesByPostalCode({ country: 'US', postalCode: '11201' }),
        () => client.queryCustomers({ companyId: EAST }),
      ]) {
        const error = await avataxError(call());
        expect(error).toMatchObject({ code: 'AuthenticationException', target: 'HttpRequestHeaders' });
        expect(error.details[0]).toMatchObject({ number: 30 });
      }
    // No Authorization header at all is AvaTax's AuthenticationIncomplete, 401 too.
    const bare = await api('GET', '/api/v2/definitions/taxcodes');
    expect([bare.status, bare.body.error.code, bare.body.error.target]).toEqual([401, 'AuthenticationIncomplete', 'HttpRequestHeaders']);
  });

  it('read a JSON body sent with no Content-Type and property names in any letter case', async () => {
    const post = (path: string, body: unknown) =>
      conformingFetch(`${inject('baseUrl')}${path}`, {
        method: 'POST',
        headers: { Authorization: basic(KEY) },
        // A byte body: fetch adds no Content-Type, as some connectors' HTTP stacks send it.
        body: new TextEncoder().encode(JSON.stringify(body)),
      });
    const resolved = await post('/api/v2/addresses/resolve', { PostalCode: '11201', REGION: 'NY', TextCase: 'Mixed' });
    expect(resolved.headers.get('content-type')).toMatch(/^application\/json/);
    const address = (await resolved.json()) as any;
    expect(resolved.status).toBe(200);
    expect(address).not.toHaveProperty('messages');
    expect(address.validatedAddresses[0]).toMatchObject({ city: 'Brooklyn', region: 'NY', postalCode: '11201' });
    const code = unique('NOCT');
    const made = await post(`/api/v2/companies/${EAST}/customers`, [{ CustomerCode: code, NAME: 'No Content-Type Ltd', PostalCode: '11201' }]);
    expect(made.status).toBe(201);
    expect(((await made.json()) as any)[0]).toMatchObject({ customerCode: code, name: 'No Content-Type Ltd', postalCode: '11201', companyId: EAST });
  });

  it('bill nothing: address, rate and definition reads and customer writes, as /api/v1 reads and customer writes', async () => {
    const made = await api('POST', `${V1}/keys`, { key: KEYS.admin, body: { environment: 'sandbox', scopes: ['*'], name: unique('avatax-usage') } });
    expect(made.status, made.text).toBe(201);
    const client = avatax({ accountId: 'acct_main', licenseKey: made.body.key });
    const company = companyNumber('acct_main', null);
    const code = unique('USG-AV');
    await client.resolveAddress({ postalCode: '10001', region: 'NY' });
    await client.resolveAddressPost({ model: { postalCode: '10001' } });
    await client.taxRatesByAddress({ line1: '1 Main St', region: 'NY', postalCode: '10001', country: 'US' });
    await client.taxRatesByPostalCode({ country: 'US', postalCode: '10001' });
    await client.listTaxCodes({});
    await client.listEntityUseCodes({});
    await client.queryCompanies({});
    await client.createCustomers({ companyId: company, model: [customer(code)] as never });
    await client.getCustomer({ companyId: company, customerCode: code });
    await client.updateCustomer({ companyId: company, customerCode: code, model: customer(code, { name: 'Renamed' }) as never });
    await client.queryCustomers({ companyId: company });
    await client.queryCertificates({ companyId: company });
    await client.listCertificatesForCustomer({ companyId: company, customerCode: code });
    // A calculation through /api/v1 with the same key shows the key's units are counted.
    const calculated = await api('POST', `${V1}/calculations`, {
      key: made.body.key,
      body: { date: TODAY, ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 10 }] },
    });
    expect(calculated.status, calculated.text).toBe(200);
    const usage = await api('GET', `${V1}/usage?group_by=key`, { key: KEYS.admin });
    expect(usage.status, usage.text).toBe(200);
    expect(usage.body.data.find((g: { group: string }) => g.group === made.body.id)?.by_kind).toEqual({ calculation: 1 });
  });
});
