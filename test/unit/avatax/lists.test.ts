// AvaTax's FetchResult: the unpaged count, the page, and a next link while rows remain.
import { describe, expect, it } from 'vitest';
import { fetchPage, fetchResult, nextLinkOf } from '../../../functions/core/avatax/lists';

const rows = Array.from({ length: 25 }, (_v, i) => ({ code: `T${i + 1}` }));
const link = { path: '/api/v2/companies/DEFAULT/transactions', params: { $filter: "status eq 'Committed'", $include: 'Lines', $top: '10', $skip: '0' } };

describe('FetchResult', () => {
  it('counts every matching row and links the next page with the request’s other parameters', () => {
    const page = fetchPage(rows, { top: 10, skip: 0 }, link);
    expect(page['@recordsetCount']).toBe(25);
    expect(page.value.map((r) => r.code)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9', 'T10']);
    expect(page.nextLink).toBe("/api/v2/companies/DEFAULT/transactions?$filter=status%20eq%20'Committed'&$include=Lines&$top=10&$skip=10");
    expect(fetchPage(rows, { top: 10, skip: 10 }, link).nextLink).toMatch(/\$top=10&\$skip=20$/);
  });

  it('has no next link on the last page, nor on an empty or a past-the-end one', () => {
    const last = fetchPage(rows, { top: 10, skip: 20 }, link);
    expect(last.value).toHaveLength(5);
    expect(last).not.toHaveProperty('nextLink');
    expect(fetchPage([], { top: 10, skip: 0 }, link)).toEqual({ '@recordsetCount': 0, value: [] });
    expect(fetchPage(rows, { top: 10, skip: 40 }, link)).toEqual({ '@recordsetCount': 25, value: [] });
    expect(fetchPage(rows, { top: 25, skip: 0 }, link)).not.toHaveProperty('nextLink');
  });

  it('pages a list read elsewhere by its total', () => {
    expect(fetchResult([{ id: 1 }], 3, { top: 1, skip: 1 }, { path: '/api/v2/definitions/taxcodes' })).toEqual({
      '@recordsetCount': 3,
      value: [{ id: 1 }],
      nextLink: '/api/v2/definitions/taxcodes?$top=1&$skip=2',
    });
  });

  it('treats $top 0 as the most rows and never pages by more than 1000', () => {
    const many = Array.from({ length: 1500 }, (_v, i) => i);
    expect(fetchPage(many, { top: 0, skip: 0 }, { path: '/x' }).value).toHaveLength(1000);
    expect(fetchPage(many, { top: 5000, skip: 0 }, { path: '/x' }).nextLink).toBe('/x?$top=1000&$skip=1000');
    expect(nextLinkOf({ path: '/x', params: { 'a b': 'c&d', $TOP: '3' } }, 5, 5)).toBe('/x?a%20b=c%26d&$top=5&$skip=5');
  });
});
