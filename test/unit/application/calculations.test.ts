// Calculations, estimates and content reads without HTTP.
import { describe, expect, it } from 'vitest';
import { taxContent } from '../../../functions/adapters/content/content-file';
import { contentService } from '../../../functions/application/content';
import { call } from '../../support/fakes';
import { wired } from './wiring';

describe('calculation service', () => {
  it('taxes a document, and an estimate as a remote seller with nexus everywhere', async () => {
    const { calculations, stores } = wired();
    await stores.tenants.updateSettings(call().principal.tenant, { nexus: ['CA'] }, 'x');
    const doc = { date: '2026-04-15', ship_to: { state: 'IL', zip: '60601' }, seller_class: 'remote' as const, lines: [{ amount: 100, description: 'lamp' }] };
    expect((await calculations.calculate(call(), doc)).lines[0]?.reason).toBe('no_nexus');
    // Outside the account's nexus (CA only), yet an estimate is computed as if it had nexus.
    const estimate = await calculations.estimate(call(), { ship_to: { state: 'NY', zip: '10001' }, amount: 100, date: '2026-04-15' });
    expect(estimate.lines[0]).toMatchObject({ reason: 'standard_rated', sourcing: 'destination', tax: 888 });
    await expect(calculations.calculate(call(), doc, { simulate: 'il_rate_lookup_failed' })).rejects.toMatchObject({ code: 'il_rate_lookup_failed' });
  });
});

describe('content service', () => {
  const content = contentService(taxContent);

  it('answers rates by place and date, and pages the tax code catalog by category and text', () => {
    expect(content.rates('10001', 'NY', '2026-04-15').components.map((c) => c.type)).toContain('state');
    expect(() => content.rates('1234', 'NY', '2026-04-15')).toThrow(expect.objectContaining({ code: 'invalid_address' }));
    const first = content.taxCodes({ category: 'food_groceries' }, { limit: 2 });
    expect(first.data.map((c) => c.category)).toEqual(['food_groceries', 'food_groceries']);
    const second = content.taxCodes({ category: 'food_groceries' }, { limit: 2, cursor: first.next_cursor ?? undefined });
    expect((second.data[0]?.code ?? '') > (first.data[1]?.code ?? '')).toBe(true);
    expect(content.taxCodes({ q: 'SHIPPING' }, { limit: 5 }).data.map((c) => c.code)).toContain('SHIPPING');
    expect(() => content.taxCodes({}, { limit: 5, cursor: 'bm90LWEtY3Vyc29y' })).toThrow(expect.objectContaining({ code: 'validation_error' }));
  });
});
