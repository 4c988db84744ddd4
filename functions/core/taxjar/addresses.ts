// TaxJar's address validation (POST /v2/addresses/validate) over what the content knows of a place:
// its ZIP, the state that lists it, and that row's county and city. There is no street data, so
// the answer is TaxJar's ZIP-only shape (plus the county), never a corrected street: one candidate
// per state whose tables list the ZIP, several where a ZIP crosses a state line.

import type { Resolution } from '../content/rate-area';
import { US_STATES } from '../content/states';
import { DomainError } from '../errors';
import { regionName } from './content';

export interface TaxjarAddressQuery {
  readonly country?: string | null | undefined;
  readonly state?: string | null | undefined;
  readonly zip?: string | null | undefined;
  readonly city?: string | null | undefined;
  readonly street?: string | null | undefined;
}

export interface TaxjarAddressCandidate {
  readonly zip: string;
  readonly state: string;
  readonly country: 'US';
  readonly county: string | null;
  readonly city: string | null;
}

const US = new Set(['US', 'USA']);

/**
 * The places `address` may be, from `resolve` (the content's state-and-ZIP lookup). A non-US
 * country is 400; an address without a ZIP cannot be placed (400); none found is 404, as TaxJar.
 */
export function validateAddress(address: TaxjarAddressQuery, resolve: (state: string, zip: string) => Resolution): TaxjarAddressCandidate[] {
  const country = address.country?.trim().toUpperCase();
  if (country && !US.has(country))
    throw new DomainError('invalid_address', 'This service covers US addresses only.', [
      { code: 'invalid_address', target: 'country', message: 'Must be US.' },
    ]);
  const zip = address.zip?.trim();
  if (!zip)
    throw new DomainError('invalid_address', 'Addresses are placed by their ZIP code here (there is no street data): send zip.', [
      { code: 'invalid_address', target: 'zip', message: 'This field is required.' },
    ]);
  const state = address.state?.trim().toUpperCase();
  const states = state ? [state] : US_STATES;
  const found: TaxjarAddressCandidate[] = [];
  for (const s of states) {
    const resolution = resolve(s, zip);
    if (resolution.kind !== 'area') continue;
    const { area } = resolution;
    found.push({
      zip: area.zip,
      state: area.state,
      country: 'US',
      county: area.countyName ? regionName(area.countyName) : null,
      city: area.cityName ? regionName(area.cityName) : null,
    });
  }
  if (found.length === 0) throw new DomainError('not_found', 'No address matches: the ZIP code is not one of the state’s (or of any state’s).');
  return found;
}
