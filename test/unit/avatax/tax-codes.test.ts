// The crosswalk of AvaTax tax codes to the service's: the table is the data file's, every code it
// names is one of the catalog's with the same category, and a code it does not know is the
// engine's unknown code (general goods with a warning).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AVATAX_TAX_CODES, avataxTaxCodeOf, familyMessage, taxCodeFor } from '../../../functions/core/avatax/tax-codes';
import { readCsv } from '../../../scripts/content/files/csv';
import { taxCodeRows } from '../../support/data';
import { run } from '../../support/engine';

const DATA = join(import.meta.dirname, '..', '..', '..', 'data');
const crosswalk = readCsv(join(DATA, 'avatax_tax_code_crosswalk.csv'), [
  'avatax_code',
  'match',
  'avatax_description',
  'tax_code',
  'category',
  'confidence',
  'source',
]);

describe('the AvaTax tax-code crosswalk', () => {
  it('is data/avatax_tax_code_crosswalk.csv, row for row', () => {
    expect(AVATAX_TAX_CODES.map((r) => [r.avatax, r.match, r.description, r.taxCode ?? '', r.category])).toEqual(
      crosswalk.map((r) => [r.avatax_code, r.match, r.avatax_description, r.tax_code, r.category]),
    );
    for (const r of crosswalk) {
      expect(['high', 'medium', 'low']).toContain(r.confidence);
      expect(r.source).not.toBe('');
    }
  });

  it('names catalog codes of the category it states', () => {
    const catalog = new Map(taxCodeRows.map((r) => [r.code, r.category]));
    catalog.set('SHIPPING', 'shipping');
    for (const r of AVATAX_TAX_CODES) {
      if (r.taxCode === null) expect(r.category).toBe('general_tangible');
      else expect(catalog.get(r.taxCode), `${r.avatax} → ${r.taxCode}`).toBe(r.category);
    }
  });

  it.each([
    [null, null, 'default'],
    ['', null, 'default'],
    ['P0000000', null, 'exact'],
    ['nt', '99999', 'exact'],
    [' FR020100 ', 'SHIPPING', 'exact'],
    ['FR', 'SHIPPING', 'exact'],
    ['FR000000', 'SHIPPING', 'exact'],
    ['PC040100', '20010', 'exact'],
    ['PC040111', '53101800A0000', 'exact'],
    ['PC040299', '20010', 'family'],
    ['PF050000', '40030', 'exact'],
    ['PH050114', '51020', 'exact'],
    ['D0000000', '31000', 'exact'],
    ['DC010000', '31000', 'exact'],
    ['SW054000', '30070', 'exact'],
    ['PG050000', '14111803A0001', 'exact'],
    // Not in the crosswalk: passed on as sent, for the engine to know (one of the service's own codes) or not.
    ['20010', '20010', 'as_sent'],
    ['PC03', 'PC03', 'as_sent'],
    ['OD010000', 'OD010000', 'as_sent'],
  ])('%o → %o (%s)', (avatax, taxCode, basis) => {
    expect(taxCodeFor(avatax)).toMatchObject({ taxCode, basis });
  });

  it('notes a code taxed by its group, and no other', () => {
    const family = taxCodeFor('PC040299');
    expect(familyMessage(family, 'PC040299', 'lines[2].taxCode')).toEqual({
      code: 'avatax_tax_code_by_family',
      severity: 'info',
      message: 'The AvaTax tax code PC040299 was taxed as clothing, the rule of its group PC04.',
      target: 'lines[2].taxCode',
    });
    expect(familyMessage(taxCodeFor('PC040100'), 'PC040100', 'lines[0].taxCode')).toBeNull();
  });

  it('names an AvaTax code for a line taxed under a service code', () => {
    expect(avataxTaxCodeOf(null)).toBe('P0000000');
    expect(avataxTaxCodeOf('SHIPPING')).toBe('FR020100');
    expect(avataxTaxCodeOf('20010')).toBe('PC040100');
    expect(avataxTaxCodeOf('40030')).toBe('PF050001');
    expect(avataxTaxCodeOf('19000')).toBe('19000');
  });

  it('leaves an unknown code to the engine: general goods with its unknown_tax_code warning', () => {
    const taxed = run({
      date: '2026-04-15',
      ship_to: { state: 'CO', zip: '80202' },
      lines: [
        { number: '1', amount: 100, tax_code: taxCodeFor('OD010000').taxCode },
        { number: '2', amount: 100, tax_code: taxCodeFor('P0000000').taxCode },
      ],
    });
    expect(taxed.lines.map((l) => [l.category, l.tax])).toEqual([
      ['general_tangible', taxed.lines[1]!.tax],
      ['general_tangible', taxed.lines[1]!.tax],
    ]);
    expect(taxed.messages).toEqual([expect.objectContaining({ code: 'unknown_tax_code', target: 'lines.0.tax_code' })]);
  });
});
