// AvaTax's standard entity-use codes and the certificate exemption reason each claims: the table is
// the data file's, and every reason is one of the certificates'.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITY_USE_CODE_RULE, ENTITY_USE_CODES, entityUseCode, entityUseCodeModel } from '../../../functions/core/avatax/entity-use-codes';
import { EXEMPTION_REASONS } from '../../../functions/core/certificates/certificate';
import { readCsv } from '../../../scripts/content/files/csv';

const rows = readCsv(join(import.meta.dirname, '..', '..', '..', 'data', 'avatax_entity_use_codes.csv'), [
  'code',
  'name',
  'countries',
  'exemption_reason',
  'source',
]);

describe('entity-use codes', () => {
  it('are data/avatax_entity_use_codes.csv, row for row', () => {
    expect(ENTITY_USE_CODES.map((r) => [r.code, r.name, r.countries.join(' '), r.exemptionReason ?? ''])).toEqual(
      rows.map((r) => [r.code, r.name, r.countries, r.exemption_reason]),
    );
    for (const r of rows) expect(r.source).not.toBe('');
  });

  it('claim only reasons certificates have, and none for codes without meaning on a US sale', () => {
    for (const r of ENTITY_USE_CODES) if (r.exemptionReason !== null) expect(EXEMPTION_REASONS).toContain(r.exemptionReason);
    expect(ENTITY_USE_CODES.filter((r) => r.exemptionReason === null).map((r) => r.code)).toEqual(['P', 'Q', 'R', 'MED2']);
    expect(ENTITY_USE_CODES.filter((r) => !r.countries.includes('US')).every((r) => r.exemptionReason === null)).toBe(true);
  });

  it('are found in any case; the unused letters M and O and custom codes are none of them', () => {
    expect(entityUseCode('g')).toMatchObject({ code: 'G', exemptionReason: 'resale' });
    expect(entityUseCode(' a ')).toMatchObject({ code: 'A', exemptionReason: 'government' });
    expect(entityUseCode('med1')).toMatchObject({ exemptionReason: 'medical' });
    expect(entityUseCode('M')).toBeNull();
    expect(entityUseCode('O')).toBeNull();
    expect(entityUseCode('WHOLESALE-X')).toBeNull();
    expect(entityUseCode(null)).toBeNull();
  });

  it('read as AvaTax’s EntityUseCodeModel, with the rule that a code is a claim', () => {
    expect(entityUseCodeModel(entityUseCode('B')!)).toEqual({ code: 'B', name: 'State government', description: 'State government', validCountries: ['US'] });
    expect(ENTITY_USE_CODE_RULE).toMatch(/active certificate/);
  });
});
