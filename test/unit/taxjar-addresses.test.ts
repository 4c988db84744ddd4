// TaxJar's address validation over the content's state-and-ZIP lookup: one candidate per state
// that lists the ZIP, named as TaxJar names places, and its refusals.
import { describe, expect, it } from 'vitest';
import type { RateArea, Resolution } from '../../functions/core/content/rate-area';
import { validateAddress } from '../../functions/core/taxjar/addresses';

const area = (state: string, zip: string, countyName: string, cityName: string): Resolution =>
  ({ kind: 'area', area: { state, zip, countyName, cityName } as RateArea, precision: 'zip5', address: { state, zip, precision: 'zip5' } }) as Resolution;

// 42223 is listed by Kentucky and Tennessee (Fort Campbell straddles the line).
const resolve = (state: string, zip: string): Resolution =>
  zip.startsWith('42223') && state === 'KY'
    ? area('KY', '42223', 'CHRISTIAN', 'FORT CAMPBELL')
    : zip.startsWith('42223') && state === 'TN'
      ? area('TN', '42223', 'MONTGOMERY', 'FORT CAMPBELL')
      : { kind: 'invalid', reason: 'not listed' };

describe('validateAddress', () => {
  it('answers every state that lists the ZIP, or the one asked for', () => {
    expect(validateAddress({ zip: '42223' }, resolve)).toEqual([
      { zip: '42223', state: 'KY', country: 'US', county: 'Christian', city: 'Fort Campbell' },
      { zip: '42223', state: 'TN', country: 'US', county: 'Montgomery', city: 'Fort Campbell' },
    ]);
    expect(validateAddress({ zip: '42223-1234', state: 'tn', country: 'us' }, resolve).map((a) => a.state)).toEqual(['TN']);
  });

  it('refuses what it cannot place: another country, no ZIP, a ZIP no state lists', () => {
    expect(() => validateAddress({ country: 'CA', zip: 'V6B1A1' }, resolve)).toThrow(expect.objectContaining({ code: 'invalid_address' }));
    expect(() => validateAddress({ street: '1 Main St', city: 'Seattle', state: 'WA' }, resolve)).toThrow(expect.objectContaining({ code: 'invalid_address' }));
    expect(() => validateAddress({ zip: '42223', state: 'OR' }, resolve)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
