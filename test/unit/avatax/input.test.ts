// Input tolerance of the AvaTax surface: property names in any case, enumerations by name or
// number, amounts and codes as strings or numbers, dates with or without a time, path codes in
// percent-encoding and in AvaTax's own escapes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, REFUND_TYPES, TAX_OVERRIDE_TYPES, VOID_REASON_CODES } from '../../../functions/core/avatax/enums';
import {
  canonicalize,
  decodePathCode,
  encodePathCode,
  parseAmount,
  parseBoolean,
  parseCode,
  parseDate,
  parseEnum,
  type Shape,
} from '../../../functions/core/avatax/input';
import type { ErrorDetail } from '../../../functions/core/errors';

const ADDRESS: Shape = { line1: true, postalCode: true, region: true };
const SHAPE: Shape = { code: true, addresses: { shipTo: ADDRESS, shipFrom: ADDRESS }, lines: [{ number: true, amount: true }] };

describe('property names in any case', () => {
  it('names every known property canonically, recursively through objects and arrays', () => {
    const { value, unknown, repeated } = canonicalize(
      { CODE: 'INV-1', Addresses: { ShipTo: { POSTALCODE: '98101', Region: 'WA' }, shipfrom: { line1: '1 Main' } }, LINES: [{ Number: 1, AMOUNT: '10' }] },
      SHAPE,
    );
    expect(value).toEqual({
      code: 'INV-1',
      addresses: { shipTo: { postalCode: '98101', region: 'WA' }, shipFrom: { line1: '1 Main' } },
      lines: [{ number: 1, amount: '10' }],
    });
    expect(unknown).toEqual([]);
    expect(repeated).toEqual([]);
  });

  it('leaves unknown properties out and reports their paths', () => {
    const { value, unknown } = canonicalize({ code: 'X', plugin: 'odoo', lines: [{ amount: 1, ref9: 'a' }], addresses: { shipTo: { zip: '1' } } }, SHAPE);
    expect(value).toEqual({ code: 'X', lines: [{ amount: 1 }], addresses: { shipTo: {} } });
    expect(unknown).toEqual(['plugin', 'lines[0].ref9', 'addresses.shipTo.zip']);
  });

  it('reads a property spelled twice once: the exact spelling wins, else the first', () => {
    expect(canonicalize({ Code: 'A', code: 'B' }, SHAPE)).toMatchObject({ value: { code: 'B' }, repeated: ['Code'] });
    expect(canonicalize({ code: 'B', Code: 'A' }, SHAPE)).toMatchObject({ value: { code: 'B' }, repeated: ['Code'] });
    expect(canonicalize({ CODE: 'A', Code: 'B' }, SHAPE)).toMatchObject({ value: { code: 'A' }, repeated: ['Code'] });
  });

  it('keeps values of another type than the shape expects as they are, for validation to name', () => {
    expect(canonicalize({ addresses: 'nowhere', lines: { amount: 1 } }, SHAPE).value).toEqual({ addresses: 'nowhere', lines: { amount: 1 } });
    expect(canonicalize('text', SHAPE).value).toBe('text');
  });
});

describe('enumerations by name in any case, or by number', () => {
  const parse = <T extends Record<string, number>>(table: T, value: unknown) => {
    const problems: ErrorDetail[] = [];
    return { value: parseEnum(table, value, 'x', problems), problems };
  };

  it.each([
    [DOCUMENT_TYPES, 'SalesInvoice', 'SalesInvoice'],
    [DOCUMENT_TYPES, 'salesinvoice', 'SalesInvoice'],
    [DOCUMENT_TYPES, 1, 'SalesInvoice'],
    [DOCUMENT_TYPES, '5', 'ReturnInvoice'],
    [DOCUMENT_TYPES, 0, 'SalesOrder'],
    [DOCUMENT_TYPES, -1, 'Any'],
    [VOID_REASON_CODES, 'docVoided', 'DocVoided'],
    [VOID_REASON_CODES, 3, 'DocVoided'],
    [REFUND_TYPES, 'TAXONLY', 'TaxOnly'],
    [TAX_OVERRIDE_TYPES, 'taxDate', 'TaxDate'],
    [TAX_OVERRIDE_TYPES, 3, 'TaxDate'],
    [DOCUMENT_STATUSES, 'committed', 'Committed'],
    [DOCUMENT_STATUSES, 12, 'Uncommitted'],
  ] as const)('%o reads %o as %s', (table, input, expected) => {
    expect(parse(table, input)).toEqual({ value: expected, problems: [] });
  });

  it('treats absent as absent and names the members when it cannot read one', () => {
    expect(parse(DOCUMENT_TYPES, undefined)).toEqual({ value: undefined, problems: [] });
    expect(parse(DOCUMENT_TYPES, null).problems).toEqual([]);
    const { value, problems } = parse(VOID_REASON_CODES, 'Voided');
    expect(value).toBeUndefined();
    expect(problems).toEqual([{ code: 'enum', target: 'x', message: expect.stringContaining('DocVoided') }]);
    expect(parse(VOID_REASON_CODES, 9).problems).toHaveLength(1);
    expect(parse(VOID_REASON_CODES, true).problems).toHaveLength(1);
  });
});

describe('amounts, codes, booleans and dates', () => {
  const read = <T>(fn: (v: unknown, t: string, p: ErrorDetail[]) => T, value: unknown) => {
    const problems: ErrorDetail[] = [];
    return { value: fn(value, 'f', problems), codes: problems.map((p) => p.code) };
  };

  it('reads amounts as numbers or decimal strings', () => {
    expect(read(parseAmount, 12.5)).toEqual({ value: 12.5, codes: [] });
    expect(read(parseAmount, '12.50')).toEqual({ value: 12.5, codes: [] });
    expect(read(parseAmount, ' -3 ')).toEqual({ value: -3, codes: [] });
    expect(read(parseAmount, '.5')).toEqual({ value: 0.5, codes: [] });
    expect(read(parseAmount, null)).toEqual({ value: null, codes: [] });
    expect(read(parseAmount, '1e3')).toEqual({ value: null, codes: ['number_type'] });
    expect(read(parseAmount, 'twelve')).toEqual({ value: null, codes: ['number_type'] });
    expect(read(parseAmount, Number.NaN)).toEqual({ value: null, codes: ['number_type'] });
  });

  it('reads codes as strings or numbers, exactly as written', () => {
    expect(read(parseCode, 0)).toEqual({ value: '0', codes: [] });
    expect(read(parseCode, 42)).toEqual({ value: '42', codes: [] });
    expect(read(parseCode, ' LI-1 ')).toEqual({ value: ' LI-1 ', codes: [] });
    expect(read(parseCode, { id: 1 })).toEqual({ value: null, codes: ['string_type'] });
  });

  it('reads booleans, also written as strings', () => {
    expect(read(parseBoolean, 'true')).toEqual({ value: true, codes: [] });
    expect(read(parseBoolean, 'FALSE')).toEqual({ value: false, codes: [] });
    expect(read(parseBoolean, 1)).toEqual({ value: true, codes: [] });
    expect(read(parseBoolean, 'yes')).toEqual({ value: null, codes: ['bool_type'] });
  });

  it.each([
    ['2026-01-02', '2026-01-02'],
    ['2024-01-02T03:04:05.000Z', '2024-01-02'],
    ['2017-04-12T00:00:00', '2017-04-12'],
    // The date as the client wrote it: an evening sale in New York is that day, not the next UTC one.
    ['2026-01-02T23:30:00-05:00', '2026-01-02'],
    ['2026-01-02T00:30:00+0900', '2026-01-02'],
    ['2026-01-02 10:00', '2026-01-02'],
  ])('reads the date %s as %s', (input, expected) => {
    expect(read(parseDate, input)).toEqual({ value: expected, codes: [] });
  });

  it.each(['2026-02-30', '2026-13-01', '01/02/2026', '2026-01-02T25:00:00Z', 'today', 20260102])('refuses %s as a date', (input) => {
    expect(read(parseDate, input)).toEqual({ value: null, codes: ['date_format'] });
  });
});

describe('path codes', () => {
  it.each([
    ['INV_-ava2f-_001', 'INV/001'],
    ['A_-ava2b-_B', 'A+B'],
    ['Q_-ava3f-_', 'Q?'],
    ['100_-ava25-_', '100%'],
    ['_-ava23-_7', '#7'],
    ['INV_-AVA2F-_001', 'INV/001'],
    ['INV%2F001', 'INV/001'],
    ['SO%20123', 'SO 123'],
    ['A+B', 'A+B'],
    // An escaped percent is not read again as a percent-escape.
    ['50_-ava25-_2F', '50%2F'],
    ['bad%zz', 'bad%zz'],
    ['bad%E0%A4', 'bad%E0%A4'],
    ['caf%C3%A9', 'café'],
  ])('decodes %s as %s', (segment, code) => {
    expect(decodePathCode(segment)).toBe(code);
  });

  it('round-trips any code through its path form', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'aZ09/+?%# -_.é'.split('')), maxLength: 30 }).filter((s) => !/_-ava(2f|2b|3f|25|23)-_/i.test(s)),
        (code) => {
          const segment = encodePathCode(code);
          expect(segment).not.toMatch(/[/?#]/);
          expect(decodePathCode(segment)).toBe(code);
        },
      ),
    );
  });
});
