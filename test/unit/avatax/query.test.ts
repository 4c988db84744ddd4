// AvaTax's query options: the `$filter` subset clients send, refused beyond it; `$top`, `$skip`,
// `$orderBy` and `$include`.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATUSES } from '../../../functions/core/avatax/enums';
import {
  DEFAULT_INCLUDE,
  type FieldType,
  matchesFilter,
  parseFilter,
  parseInclude,
  parseOrderBy,
  parseSkip,
  parseTop,
  queryParam,
  sortRows,
} from '../../../functions/core/avatax/query';
import { DomainError } from '../../../functions/core/errors';

const FIELDS: Record<string, FieldType> = {
  companyCode: 'string',
  code: 'string',
  taxCode: 'string',
  description: 'string',
  status: DOCUMENT_STATUSES,
  date: 'date',
  totalTax: 'number',
  isActive: 'boolean',
};

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const e = error as DomainError;
    return { code: e.code, detail: e.details?.[0]?.code, target: e.details?.[0]?.target, message: e.details?.[0]?.message };
  }
  throw new Error('expected a refusal');
};

describe('$filter', () => {
  it.each([
    ["companyCode eq 'DEFAULT'", [{ field: 'companyCode', operator: 'eq', value: 'DEFAULT' }]],
    ['code eq X-1', [{ field: 'code', operator: 'eq', value: 'X-1' }]],
    ['taxCode contains "PC04"', [{ field: 'taxCode', operator: 'contains', value: 'PC04' }]],
    ['status eq Committed', [{ field: 'status', operator: 'eq', value: 'Committed' }]],
    ['status eq committed', [{ field: 'status', operator: 'eq', value: 'Committed' }]],
    ['status eq 3', [{ field: 'status', operator: 'eq', value: 'Committed' }]],
    ['date ge 2026-01-01', [{ field: 'date', operator: 'ge', value: '2026-01-01' }]],
    ['date lt 2026-02-01T00:00:00Z', [{ field: 'date', operator: 'lt', value: '2026-02-01' }]],
    ['description startswith C', [{ field: 'description', operator: 'startswith', value: 'C' }]],
    ["contains(taxCode, 'FR')", [{ field: 'taxCode', operator: 'contains', value: 'FR' }]],
    ["CompanyCode EQ 'O''Brien'", [{ field: 'companyCode', operator: 'eq', value: "O'Brien" }]],
    ['totalTax gt 10.5', [{ field: 'totalTax', operator: 'gt', value: 10.5 }]],
    ['isActive eq true', [{ field: 'isActive', operator: 'eq', value: true }]],
    ['code eq null', [{ field: 'code', operator: 'eq', value: null }]],
    [
      "companyCode eq 'A' and date ge 2026-01-01 AND status ne Cancelled",
      [
        { field: 'companyCode', operator: 'eq', value: 'A' },
        { field: 'date', operator: 'ge', value: '2026-01-01' },
        { field: 'status', operator: 'ne', value: 'Cancelled' },
      ],
    ],
  ])('parses %s', (raw, clauses) => {
    expect(parseFilter(raw, FIELDS)).toEqual(clauses);
  });

  it('is no filter when absent or empty', () => {
    expect(parseFilter(undefined, FIELDS)).toEqual([]);
    expect(parseFilter('  ', FIELDS)).toEqual([]);
  });

  it.each([
    ["code eq 'A' or code eq 'B'", 'filter_unsupported'],
    ["not code eq 'A'", 'filter_unsupported'],
    ["(code eq 'A')", 'filter_unsupported'],
    ["code in ('A','B')", 'filter_unsupported'],
    ['status gt Committed', 'filter_unsupported'],
    ['date contains 2026', 'filter_unsupported'],
    ["customer eq 'A'", 'filter_field'],
    ['totalTax eq ten', 'filter_value'],
    ['status eq Finished', 'filter_value'],
    ['date ge yesterday', 'filter_value'],
    ["code eq 'A", 'filter_unterminated'],
    ['code', 'filter_syntax'],
    ['code equals A', 'filter_syntax'],
    ["code eq 'A' code eq 'B'", 'filter_syntax'],
    ["contains(taxCode 'FR')", 'filter_syntax'],
  ])('refuses %s (%s)', (raw, detail) => {
    expect(refusal(() => parseFilter(raw, FIELDS))).toMatchObject({ code: 'validation_error', detail, target: 'query.$filter' });
  });

  it('matches rows: strings in any case, dates by their day, enumerations by name', () => {
    const row = { companyCode: 'Default', code: 'INV-7', taxCode: 'PC040100', status: 'Committed', date: '2026-03-04T10:00:00', totalTax: 12, isActive: true };
    const read = (f: string) => row[f as keyof typeof row];
    const ok = (raw: string) => matchesFilter(parseFilter(raw, FIELDS), read);
    expect(ok("companyCode eq 'DEFAULT'")).toBe(true);
    expect(ok('taxCode contains pc04 and status eq COMMITTED')).toBe(true);
    expect(ok('date ge 2026-03-04 and date le 2026-03-04')).toBe(true);
    expect(ok('date gt 2026-03-04')).toBe(false);
    expect(ok('totalTax ge 12 and totalTax lt 12.01')).toBe(true);
    expect(ok('isActive eq false')).toBe(false);
    expect(ok('description eq null')).toBe(true);
    expect(ok('code ne null')).toBe(true);
    expect(ok('description ne X')).toBe(true);
    expect(ok('code endswith -7')).toBe(true);
  });
});

describe('$top, $skip, $orderBy', () => {
  it('pages by at most 1000 rows; absent or 0 is the most', () => {
    expect(parseTop(undefined)).toBe(1000);
    expect(parseTop('0')).toBe(1000);
    expect(parseTop('25')).toBe(25);
    expect(parseTop('5000')).toBe(1000);
    expect(parseSkip(undefined)).toBe(0);
    expect(parseSkip('40')).toBe(40);
    expect(refusal(() => parseTop('-1'))).toMatchObject({ detail: 'query_parameter_out_of_range', target: 'query.$top' });
    expect(refusal(() => parseSkip('ten'))).toMatchObject({ detail: 'query_parameter_out_of_range', target: 'query.$skip' });
  });

  it('orders by fields named in any case, asc or desc', () => {
    expect(parseOrderBy('date desc, Code', ['code', 'date'])).toEqual([
      { field: 'date', descending: true },
      { field: 'code', descending: false },
    ]);
    expect(parseOrderBy(undefined, ['code'])).toEqual([]);
    expect(refusal(() => parseOrderBy('amount', ['code']))).toMatchObject({ detail: 'field_not_orderable' });
    expect(refusal(() => parseOrderBy('code sideways', ['code']))).toMatchObject({ detail: 'filter_syntax' });
    expect(refusal(() => parseOrderBy('code, CODE desc', ['code']))).toMatchObject({ detail: 'duplicate_order_by' });
    const rows = [
      { code: 'b', date: '2026-01-02' },
      { code: 'A', date: '2026-01-02' },
      { code: 'c', date: '2026-01-01' },
    ];
    expect(sortRows(rows, parseOrderBy('date desc, code', ['code', 'date']), (r, f) => r[f as 'code']).map((r) => r.code)).toEqual(['A', 'b', 'c']);
  });

  it('finds a query parameter in any case', () => {
    expect(queryParam({ $Filter: 'code eq A' }, '$filter')).toBe('code eq A');
    expect(queryParam({ textcase: 'Upper' }, 'textCase')).toBe('Upper');
    expect(queryParam({}, '$top')).toBeUndefined();
  });
});

describe('$include', () => {
  it('defaults to lines with details, the summary and the addresses, also when empty or naming no part', () => {
    expect(parseInclude(undefined)).toEqual(DEFAULT_INCLUDE);
    expect(parseInclude('')).toEqual(DEFAULT_INCLUDE);
    expect(parseInclude('ForceTimeout')).toEqual(DEFAULT_INCLUDE);
    expect(parseInclude('TaxDetailsByTaxType')).toEqual({ ...DEFAULT_INCLUDE, taxDetailsByTaxType: true });
  });

  it.each([
    ['SummaryOnly', { lines: false, details: false, summary: true, addresses: false }],
    ['summaryonly,Addresses', { lines: false, details: false, summary: true, addresses: true }],
    ['Lines', { lines: true, details: false, summary: false, addresses: false }],
    ['Details', { lines: true, details: true, summary: false, addresses: false }],
    ['Summary', { lines: true, details: true, summary: true, addresses: false }],
    ['LinesOnly', { lines: true, details: false, summary: false, addresses: false }],
    ['Summary, LinesOnly', { lines: true, details: false, summary: true, addresses: false }],
    ['Lines,Addresses', { lines: true, details: false, summary: false, addresses: true }],
  ])('%s', (raw, parts) => {
    expect(parseInclude(raw)).toEqual({ ...parts, taxDetailsByTaxType: false });
  });
});
