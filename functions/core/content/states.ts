// The jurisdictions a ship-to may resolve to: the 50 states and DC. A test checks that the content
// artifact covers exactly these.
import { validationError } from '../errors';

export const US_STATES = [
  'AK',
  'AL',
  'AR',
  'AZ',
  'CA',
  'CO',
  'CT',
  'DC',
  'DE',
  'FL',
  'GA',
  'HI',
  'IA',
  'ID',
  'IL',
  'IN',
  'KS',
  'KY',
  'LA',
  'MA',
  'MD',
  'ME',
  'MI',
  'MN',
  'MO',
  'MS',
  'MT',
  'NC',
  'ND',
  'NE',
  'NH',
  'NJ',
  'NM',
  'NV',
  'NY',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VA',
  'VT',
  'WA',
  'WI',
  'WV',
  'WY',
] as const;

const KNOWN = new Set<string>(US_STATES);

export const isUsState = (code: string): boolean => KNOWN.has(code);

/** Rejects unknown state codes in a request list, one detail per offending entry. */
export function assertKnownStates(codes: readonly string[], target: string): void {
  const details = codes.flatMap((code, i) =>
    isUsState(code) ? [] : [{ code: 'enum', target: `${target}.${i}`, message: 'Must be a US state code (50 states and DC).' }],
  );
  if (details.length > 0) throw validationError(details);
}
