// The query reading of the AvaTax reference lists: parameter names in any letter case (one sent in
// two spellings refused), and a list read whole filtered, ordered and paged into a FetchResult.
import { describe, expect, it } from 'vitest';
import { avataxParams, LIST_PARAMS } from '../../../functions/core/avatax/params';
import { queryRows } from '../../../functions/core/avatax/rows';
import { DomainError } from '../../../functions/core/errors';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, details: error.details?.map((d) => `${d.code}@${d.target}`) };
  }
  throw new Error('expected a refusal');
};

describe('avataxParams', () => {
  it('reads the named parameters in any letter case and leaves the others out', () => {
    expect(avataxParams({ $Filter: "code eq 'G'", TOP: '3', $top: '2', textcase: 'Mixed', other: 'x' }, [...LIST_PARAMS, 'textCase'])).toEqual({
      $filter: "code eq 'G'",
      $top: '2',
      textCase: 'Mixed',
    });
    expect(avataxParams(null, LIST_PARAMS)).toEqual({});
  });

  it('refuses a name sent in two spellings, as a name sent twice', () => {
    expect(refusal(() => avataxParams({ $filter: 'a', $FILTER: 'b' }, LIST_PARAMS))).toEqual({
      code: 'validation_error',
      details: ['duplicate_value@query.$filter'],
    });
  });
});

describe('queryRows', () => {
  const rows = Array.from({ length: 7 }, (_v, i) => ({ code: `C${i + 1}`, n: i + 1, even: (i + 1) % 2 === 0, day: `2026-01-0${i + 1}` }));
  const fields = { types: { code: 'string', n: 'number', even: 'boolean', day: 'date' } } as const;
  const link = { path: '/api/v2/x' };

  it('filters before counting, then orders and pages', () => {
    const page = queryRows(rows, { $filter: 'even eq true', $orderBy: 'n desc', $top: '2' }, fields, { ...link, params: { $filter: 'even eq true' } });
    expect(page['@recordsetCount']).toBe(3);
    expect(page.value.map((r) => r.code)).toEqual(['C6', 'C4']);
    expect(page.nextLink).toBe('/api/v2/x?$filter=even%20eq%20true&$top=2&$skip=2');
    expect(queryRows(rows, { $filter: 'day ge 2026-01-05 and code contains "c"' }, fields, link).value.map((r) => r.n)).toEqual([5, 6, 7]);
  });

  it('pages with $skip until @recordsetCount, the list’s own order without $orderBy', () => {
    const seen: string[] = [];
    for (let skip = 0; ; skip += 3) {
      const page = queryRows(rows, { $top: '3', $skip: String(skip) }, fields, link);
      seen.push(...page.value.map((r) => r.code));
      if (skip + 3 >= page['@recordsetCount']) break;
    }
    expect(seen).toEqual(rows.map((r) => r.code));
  });

  it('refuses fields the list does not have, in filters and orderings', () => {
    expect(refusal(() => queryRows(rows, { $filter: 'nope eq 1' }, fields, link)).details).toEqual(['filter_field@query.$filter']);
    expect(refusal(() => queryRows(rows, { $orderBy: 'nope' }, fields, link)).details).toEqual(['field_not_orderable@query.$orderBy']);
    expect(refusal(() => queryRows(rows, { $top: '-1' }, fields, link)).details).toEqual(['query_parameter_out_of_range@query.$top']);
  });
});
