// AvaTax-style numeric ids: stable positive 31-bit numbers per labelled service id, looked up by
// scanning candidates (a collision is no match), and codes AvaTax accepts as service codes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountNumber,
  byNumber,
  certificateNumber,
  collisions,
  companyCodeOf,
  companyNumber,
  customerNumber,
  DEFAULT_COMPANY_CODE,
  locationCodeOf,
  serviceCodeOf,
  stableNumber,
  transactionNumber,
} from '../../../functions/core/avatax/ids';

describe('stable numbers', () => {
  it('are positive 31-bit integers, the same for the same labelled id', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (label, id) => {
        const n = stableNumber(label, id);
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(2 ** 31 - 1);
        expect(stableNumber(label, id)).toBe(n);
      }),
    );
  });

  it('differ by label and by part, so an account and a company of one id never share a number by construction', () => {
    expect(accountNumber('acct_acme')).toBe(accountNumber('acct_acme'));
    expect(accountNumber('acct_acme')).not.toBe(accountNumber('acct_harbor'));
    expect(companyNumber('acct_acme', null)).not.toBe(companyNumber('acct_acme', 'DEN'));
    expect(companyNumber('acct_acme', 'DEN')).not.toBe(companyNumber('acct_harbor', 'DEN'));
    // Parts are separated, so ('a', 'bc') and ('ab', 'c') are different ids.
    expect(stableNumber('x', 'a', 'bc')).not.toBe(stableNumber('x', 'ab', 'c'));
    expect(transactionNumber('acct_acme', 'sandbox', 'INV-1')).not.toBe(transactionNumber('acct_acme', 'production', 'INV-1'));
    expect(customerNumber('acct_acme', 'sandbox', 'C1')).not.toBe(certificateNumber('acct_acme', 'sandbox', 'C1'));
  });

  it('are pinned: a deployment and the next give a client the same ids', () => {
    expect(accountNumber('acct_acme')).toBe(stableNumber('account', 'acct_acme'));
    expect(String(accountNumber('acct_acme'))).toMatch(/^\d{1,10}$/);
    expect([accountNumber('acct_acme'), companyNumber('acct_acme', null), transactionNumber('acct_acme', 'sandbox', 'INV-1')]).toMatchInlineSnapshot(`
      [
        360023415,
        859069750,
        1862230492,
      ]
    `);
  });
});

describe('companies', () => {
  it('are the account’s locations, and DEFAULT the organization level', () => {
    expect(DEFAULT_COMPANY_CODE).toBe('DEFAULT');
    expect(companyCodeOf(null)).toBe('DEFAULT');
    expect(companyCodeOf('DEN')).toBe('DEN');
    const codes = ['DEN', 'Boulder'];
    expect(locationCodeOf('DEN', codes)).toBe('DEN');
    expect(locationCodeOf('boulder', codes)).toBe('Boulder');
    expect(locationCodeOf('DEFAULT', codes)).toBeNull();
    expect(locationCodeOf('default', codes)).toBeNull();
    expect(locationCodeOf('', codes)).toBeNull();
    expect(locationCodeOf(undefined, codes)).toBeNull();
    expect(locationCodeOf('NYC', codes)).toBeUndefined();
    // A location coded DEFAULT is that location; codes that differ by case only are ambiguous in another case.
    expect(locationCodeOf('DEFAULT', ['DEFAULT'])).toBe('DEFAULT');
    expect(locationCodeOf('den', ['Den', 'DEN'])).toBeUndefined();
  });
});

describe('reverse lookup', () => {
  const locations = ['DEN', 'BOS', 'SEA'];
  const numberOf = (code: string) => companyNumber('acct_acme', code);

  it('finds the one candidate of a number, and none for an unknown number or a collision', () => {
    expect(byNumber(numberOf('BOS'), locations, numberOf)).toBe('BOS');
    expect(byNumber(12345, locations, numberOf)).toBeUndefined();
    const colliding = (s: string) => (s === 'SEA' ? numberOf('DEN') : numberOf(s));
    expect(byNumber(numberOf('DEN'), locations, colliding)).toBeUndefined();
    expect(collisions(locations, colliding)).toEqual(['DEN', 'SEA']);
    expect(collisions(locations, numberOf)).toEqual([]);
  });
});

describe('service codes of AvaTax codes', () => {
  it('keep a code the service can hold and hash one it cannot, always to the same code', () => {
    expect(serviceCodeOf('INV-1001')).toBe('INV-1001');
    expect(serviceCodeOf('0')).toBe('0');
    const hashed = serviceCodeOf('jane@example.com');
    expect(hashed).toMatch(/^av\.[0-9a-f]{40}$/);
    expect(serviceCodeOf('jane@example.com')).toBe(hashed);
    expect(serviceCodeOf('INV/001')).not.toBe(serviceCodeOf('INV 001'));
    expect(serviceCodeOf('x'.repeat(51))).toMatch(/^av\./);
    // A code that looks hashed is hashed too, so no AvaTax code can take another's service code.
    expect(serviceCodeOf(hashed)).not.toBe(hashed);
  });
});
