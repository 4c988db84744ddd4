// AvaTax's address resolution from what the content knows (ZIP codes, their state and city, the
// jurisdictions of their rate area, the ZIP's GeoNames point): a good address has no `messages` key
// and its coordinates claim no more than a ZIP's centroid; one that cannot be placed has messages of
// severity Error. And TaxRateModel.
import { describe, expect, it } from 'vitest';
import {
  addressInputOf,
  postalResolution,
  rateAddressOf,
  resolveAddress,
  stateOfRegion,
  taxRateModel,
  titleCase,
} from '../../../functions/core/avatax/addresses';
import type { RateArea, Resolution } from '../../../functions/core/content/tax-content';
import type { ZipCentroid } from '../../../functions/core/content/zip-centroids';
import { DomainError } from '../../../functions/core/errors';
import type { Component } from '../../../functions/core/tax/taxability';

const NAMES: Record<string, string> = { NY: 'New York', CA: 'California', TX: 'Texas', DC: 'District of Columbia' };
const stateName = (code: string) => NAMES[code] ?? code;

const area = (state: string, zip: string, cityName: string) => ({ state, zip, cityName }) as RateArea;
const AREAS: Record<string, RateArea> = {
  '11201': area('NY', '11201', 'BROOKLYN'),
  '94105': area('CA', '94105', 'SAN FRANCISCO'),
  '01098': area('MA', '01098', 'WORTHINGTON'),
};
const CENTROIDS: Record<string, ZipCentroid> = {
  '11201': { latitude: 40.694, longitude: -73.9903, accuracy: 4 },
  '01098': { latitude: 42.3843, longitude: -72.9314, accuracy: 1 },
};

function resolve(state: string | undefined, zip: string): Resolution {
  const match = /^(\d{5})(?:-?(\d{4}))?$/.exec(zip);
  if (!match) return { kind: 'invalid', reason: 'The ZIP code is not a 5-digit ZIP or ZIP+4.' };
  const found = AREAS[match[1]!];
  if (!found)
    return state ? { kind: 'unrated', state, zip: match[1]! } : { kind: 'invalid', reason: 'The address does not resolve to one US state; send the state.' };
  if (state && state !== found.state) return { kind: 'invalid', reason: 'The ZIP code does not belong to the state.' };
  return { kind: 'area', area: found, precision: 'zip5', address: { state: found.state, zip: found.zip, precision: 'zip5' } };
}

const JURISDICTIONS: Component[] = [
  { type: 'state', name: 'NEW YORK', rate: 40_000, source: 's' },
  { type: 'city', name: 'BROOKLYN', rate: 45_000, source: 's' },
  { type: 'special', name: 'NEW YORK CITY', rate: 3_750, source: 's' },
];
const facts = { resolve, stateName, jurisdictions: (state: string) => (state === 'NY' ? JURISDICTIONS : null), centroid: (zip: string) => CENTROIDS[zip] };
const query = (params: Record<string, string>) => addressInputOf(params, 'query');

describe('resolveAddress', () => {
  it('places a good address by its ZIP code at the ZIP’s centroid, with no messages key', () => {
    const answer = resolveAddress(query({ line1: '1 Pierrepont Street', city: 'Brooklyn', region: 'ny', postalCode: '11201', country: 'US' }), facts);
    expect(answer).toEqual({
      address: { line1: '1 Pierrepont Street', city: 'Brooklyn', region: 'ny', postalCode: '11201', country: 'US' },
      validatedAddresses: [
        {
          addressType: 'UnknownAddressType',
          line1: '1 PIERREPONT STREET',
          city: 'BROOKLYN',
          region: 'NY',
          country: 'US',
          postalCode: '11201',
          latitude: 40.694,
          longitude: -73.9903,
        },
      ],
      coordinates: { latitude: 40.694, longitude: -73.9903 },
      resolutionQuality: 'PostalCentroidGood',
      taxAuthorities: [
        { jurisdictionName: 'NEW YORK', jurisdictionType: 'State' },
        { jurisdictionName: 'BROOKLYN', jurisdictionType: 'City' },
        { jurisdictionName: 'NEW YORK CITY', jurisdictionType: 'Special' },
      ],
    });
    expect(answer).not.toHaveProperty('messages');
  });

  it('answers NotCoded and no coordinates for a ZIP without a centroid, and echoes only the coordinates sent', () => {
    const answer = resolveAddress(addressInputOf({ postalCode: '94105', latitude: 1.5, longitude: '-2' }, 'body'), facts);
    expect(answer.resolutionQuality).toBe('NotCoded');
    expect(answer).not.toHaveProperty('coordinates');
    expect(answer).not.toHaveProperty('messages');
    expect(answer.validatedAddresses[0]).not.toHaveProperty('latitude');
    expect(answer.address).toEqual({ postalCode: '94105', latitude: 1.5, longitude: -2 });
    const sentNone = resolveAddress(query({ postalCode: '11201' }), facts);
    expect(sentNone.address).toEqual({ postalCode: '11201' });
    expect(sentNone.coordinates).toEqual({ latitude: 40.694, longitude: -73.9903 });
    // A ZIP+4 is still placed at its 5-digit ZIP's point: never a ZIP+4 centroid.
    expect(resolveAddress(query({ postalCode: '11201-1234' }), facts).resolutionQuality).toBe('PostalCentroidGood');
  });

  it('claims only PartialCentroid for a point GeoNames estimated or gave no accuracy for', () => {
    const estimated = resolveAddress(query({ postalCode: '01098' }), facts);
    expect([estimated.coordinates, estimated.resolutionQuality]).toEqual([{ latitude: 42.3843, longitude: -72.9314 }, 'PartialCentroid']);
    expect([0, 1, 4, 6].map((a) => postalResolution(a as 0 | 1 | 4 | 6))).toEqual([
      'PartialCentroid',
      'PartialCentroid',
      'PostalCentroidGood',
      'PostalCentroidGood',
    ]);
  });

  it('fills in the ZIP code’s city and state, keeps a ZIP+4, cases Mixed, and leaves out authorities it has no rates for', () => {
    const answer = resolveAddress(query({ postalCode: '941051234', textCase: 'mixed' }), facts);
    // 94105 has no centroid in these facts: no coordinates in the validated address either.
    expect(answer.validatedAddresses[0]).toEqual({
      addressType: 'UnknownAddressType',
      city: 'San Francisco',
      region: 'CA',
      country: 'US',
      postalCode: '94105-1234',
    });
    expect(answer).not.toHaveProperty('taxAuthorities');
    expect(resolveAddress(query({ postalCode: '11201', region: 'new york', textCase: '1', line1: 'x St' }), facts).validatedAddresses[0]).toMatchObject({
      line1: 'x St',
      region: 'NY',
    });
  });

  it('answers an address it cannot place with messages of severity Error and the address as sent', () => {
    const messages = (params: Record<string, string>) => {
      const answer = resolveAddress(query(params), facts);
      expect(answer.resolutionQuality).toBe('NotCoded');
      expect(answer).not.toHaveProperty('coordinates');
      expect(answer.validatedAddresses[0]?.addressType).toBe('UnknownAddressType');
      return answer.messages?.map((m) => `${m.severity} ${m.refersTo}: ${m.summary}`);
    };
    expect(messages({ postalCode: '11201', region: 'CA' })).toEqual(['Error Address.PostalCode: The postal code is not in the region.']);
    expect(messages({ postalCode: '00000', region: 'NY' })).toEqual(['Error Address.PostalCode: The postal code was not found.']);
    expect(messages({ postalCode: '00000' })).toEqual(['Error Address.PostalCode: The postal code was not found in one state.']);
    expect(messages({ postalCode: '1120' })).toEqual(['Error Address.PostalCode: The postal code is not a US ZIP code.']);
    expect(messages({ line1: '1 Main St', city: 'Brooklyn', region: 'NY' })).toEqual(['Error Address.PostalCode: The address value was incomplete.']);
    expect(messages({ postalCode: 'K1A 0B1', country: 'CA' })).toEqual(['Error Address.Country: The address is not in the United States.']);
    expect(messages({ postalCode: '11201', region: 'Ontario' })).toEqual(['Error Address.Region: The region is not a US state.']);
    expect(resolveAddress(query({ postalCode: '1120', city: 'x' }), facts).validatedAddresses[0]).toEqual({
      addressType: 'UnknownAddressType',
      city: 'X',
      postalCode: '1120',
    });
  });
});

describe('addressInputOf', () => {
  it('reads a body in any property spelling, numbers as text, the text case by name or number', () => {
    expect(addressInputOf({ Line1: '1 Main', POSTALCODE: 11201, TextCase: 1, Latitude: '40.69' }, 'body')).toMatchObject({
      line1: '1 Main',
      postalCode: '11201',
      textCase: 'Mixed',
      latitude: 40.69,
    });
  });

  it('refuses what it cannot read, at the request’s own field', () => {
    const details = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as DomainError).details?.map((d) => `${d.code}@${d.target}`);
      }
    };
    expect(details(() => addressInputOf({ textCase: 'Lower' }, 'query'))).toEqual(['enum@query.textCase']);
    expect(details(() => addressInputOf([], 'body'))).toEqual(['object_type@body']);
    expect(details(() => addressInputOf({ line1: {} }, 'body'))).toEqual(['string_type@line1']);
  });
});

describe('tax rates', () => {
  it('are the jurisdictions’ rates and their sum, typed as AvaTax names them', () => {
    expect(taxRateModel(JURISDICTIONS)).toEqual({
      totalRate: 0.08875,
      rates: [
        { rate: 0.04, name: 'NEW YORK', type: 'State' },
        { rate: 0.045, name: 'BROOKLYN', type: 'City' },
        { rate: 0.00375, name: 'NEW YORK CITY', type: 'Special' },
      ],
    });
  });

  it('look up a US ZIP code, in the region when one is sent', () => {
    expect(rateAddressOf({ region: 'Texas', postalCode: '78701', country: 'usa' }, stateName)).toEqual({ zip: '78701', state: 'TX' });
    expect(() => rateAddressOf({ region: null, postalCode: null, country: null }, stateName)).toThrow(DomainError);
    expect(() => rateAddressOf({ region: null, postalCode: '78701', country: 'MX' }, stateName)).toThrow('US addresses only');
    expect(() => rateAddressOf({ region: 'Ontario', postalCode: '78701', country: null }, stateName)).toThrow('not a US state');
  });

  it('name the content’s upper-case names in title case for Mixed', () => {
    expect(['DISTRICT OF COLUMBIA', "COEUR D'ALENE", 'WINSTON-SALEM', 'NEW YORK'].map(titleCase)).toEqual([
      'District of Columbia',
      "Coeur D'Alene",
      'Winston-Salem',
      'New York',
    ]);
  });

  it('read a region as a state’s code or name', () => {
    expect([stateOfRegion(' dc ', stateName), stateOfRegion('District  of Columbia', stateName), stateOfRegion('Quebec', stateName)]).toEqual([
      'DC',
      'DC',
      undefined,
    ]);
  });
});
