// Kentucky and Illinois tables of cases (docs/taxes-and-content.md, "Kentucky" and "Illinois": the
// Illinois cases are numbered by its checks), and state taxability rules.
import { describe, expect, it } from 'vitest';
import type { Location } from '../../functions/core/account/settings';
import { issueDeclaration } from '../../functions/core/tax/states/il/declaration';
import { taxCents, zipRate, zipRows } from '../support/data';
import { context, failure, run } from '../support/engine';

const LOU = { state: 'KY', zip: '40202' };
const CHI = { state: 'IL', zip: '60601' };
const line = (extra: Record<string, unknown> = {}) => ({ amount: 100, description: 'Desk lamp', ...extra });

describe('Kentucky', () => {
  it.each([
    ['40030', '2007-06-30', 'ky_historical_window_unsupported'],
    ['40030', '2007-07-01', 'product_exempt'],
    ['51020', '2009-06-30', 'ky_historical_window_unsupported'],
    ['51020', '2009-07-01', 'product_exempt'],
    ['40010', '2005-08-10', 'standard_rated'],
    [null, '2005-08-10', 'standard_rated'],
    [null, '1990-07-01', 'standard_rated'],
    [null, '1990-06-30', 'rate_unavailable'],
  ])('tax code %s on %s → %s', (taxCode, date, outcome) => {
    const body = { date, ship_to: LOU, lines: [{ amount: 150, tax_code: taxCode }] };
    if (outcome.endsWith('unsupported') || outcome === 'rate_unavailable') {
      expect(failure(body).code).toBe(outcome);
      return;
    }
    const l = run(body).lines[0]!;
    expect(l.reason).toBe(outcome);
    expect(l.tax).toBe(outcome === 'product_exempt' ? 0 : 900);
  });

  it('names every Kentucky line outside its window', () => {
    const error = failure({ date: '2007-06-30', ship_to: LOU, lines: [{ amount: 1 }, { amount: 2, tax_code: '40030' }, { amount: 3, tax_code: '40030' }] });
    expect(error.details?.map((d) => d.target)).toEqual(['lines.1', 'lines.2']);
  });
});

describe('Illinois sourcing checks, in order', () => {
  const verified: Location = { code: 'CHI', name: 'Chicago', state: 'IL', zip: '60601', illinois_verified: true, created_at: '' };

  it('1: refuses a declaration that does not verify', () => {
    expect(
      failure({ date: '2026-04-15', ship_to: CHI, seller_class: 'remote', seller_declaration: { seller_class: 'remote', token: 'nope' }, lines: [line()] })
        .code,
    ).toBe('il_sourcing_unresolved_untrusted_contract');
  });

  it('1: accepts a signed declaration as the seller posture', () => {
    const token = issueDeclaration({ accountId: 'acct_unit', environment: 'sandbox' }, 'remote', new Date('2026-04-01'), new Date('2026-06-01'), 'unit-secret');
    const doc = run({ date: '2026-04-15', ship_to: CHI, seller_declaration: { seller_class: 'remote', token }, lines: [line()] });
    expect(doc.lines[0]!.tax).toBe(taxCents(10_000, zipRate('IL', '60601').combined));
  });

  it('2: no seller_class and no verified location → no seller facts, pointing at seller_class', () => {
    const error = failure({ date: '2026-04-15', ship_to: CHI, lines: [line()] });
    expect(error.code).toBe('il_sourcing_unresolved_no_seller_facts');
    expect(error.details?.[0]).toMatchObject({ code: 'il_sourcing_unresolved_no_seller_facts', target: 'seller_class' });
  });

  it('2: a verified location with derivation off → not enabled; with it on → in_state at origin', () => {
    expect(failure({ date: '2026-04-15', ship_to: CHI, lines: [line()] }, context({ locations: [verified] })).code).toBe('il_sourcing_not_enabled');
    const ctx = context({ locations: [verified], settings: { illinois: { derive_seller_posture: true, in_state_selling_enabled: true } } });
    const doc = run({ date: '2026-04-15', ship_to: { state: 'IL', zip: '60187' }, lines: [line()] }, ctx);
    expect(doc.lines[0]).toMatchObject({ sourcing: 'origin', tax: taxCents(10_000, zipRate('IL', '60601').combined) });
  });

  it('3: a remote seller shipping from Illinois contradicts itself; a marketplace may', () => {
    const from = { state: 'IL', zip: '60187' };
    expect(failure({ date: '2026-04-15', ship_to: CHI, ship_from: from, seller_class: 'remote', lines: [line()] }).code).toBe(
      'il_sourcing_unresolved_conflicting_seller_facts',
    );
    expect(run({ date: '2026-04-15', ship_to: CHI, ship_from: from, seller_class: 'marketplace', lines: [line()] }).lines[0]!.sourcing).toBe('destination');
  });

  it('4: in_state needs in-state selling enabled, then a verified location', () => {
    expect(failure({ date: '2026-04-15', ship_to: CHI, seller_class: 'in_state', lines: [line()] }).code).toBe('il_in_state_selling_not_enabled');
    const enabled = context({ settings: { illinois: { derive_seller_posture: false, in_state_selling_enabled: true } } });
    expect(failure({ date: '2026-04-15', ship_to: CHI, seller_class: 'in_state', lines: [line()] }, enabled).code).toBe(
      'il_sourcing_unresolved_in_state_seller_without_validated_profile',
    );
  });

  it('in_state sourcing: from Illinois at origin; from outside at destination since 2025-01-01, origin before', () => {
    const ctx = context({ locations: [verified], settings: { illinois: { derive_seller_posture: false, in_state_selling_enabled: true } } });
    const body = (date: string, from?: object) => ({
      date,
      ship_to: { state: 'IL', zip: '60187' },
      ship_from: from,
      seller_class: 'in_state',
      lines: [line({ tax_code: '51020' })],
    });
    expect(run(body('2026-04-15'), ctx).lines[0]!.sourcing).toBe('origin');
    expect(run(body('2026-04-15', { state: 'WI', zip: '53202' }), ctx).lines[0]!.sourcing).toBe('destination');
    expect(run(body('2024-12-31', { state: 'WI', zip: '53202' }), ctx).lines[0]!.sourcing).toBe('origin');
  });

  it('5: an Illinois line without tax code, SKU or description is not identifiable', () => {
    const error = failure({ date: '2026-04-15', ship_to: CHI, seller_class: 'remote', lines: [line(), { amount: 5 }] });
    expect(error).toMatchObject({ code: 'il_product_identity_required', details: [expect.objectContaining({ target: 'lines.1' })] });
  });

  it('6: an Illinois ZIP outside the rate index is not located', () => {
    const ratedIl = new Set(zipRows.filter((r) => r.state === 'IL').map((r) => r.zip));
    const postalOnly = ['60000', '60099', '60203', '60690', '61299'].find((z) => !ratedIl.has(z))!;
    expect(failure({ date: '2026-04-15', ship_to: { state: 'IL', zip: postalOnly }, seller_class: 'remote', lines: [line()] }).code).toBe(
      'il_address_not_located',
    );
  });

  it('7: no rate for the date or product class is il_rate_lookup_unresolved, never rate_unavailable', () => {
    expect(failure({ date: '2025-06-01', ship_to: CHI, seller_class: 'remote', lines: [line()] }).code).toBe('il_rate_lookup_unresolved');
    // A ZIP with no postal city (63673): no municipality can be named, so whether a local grocery tax applies is unknown.
    expect(failure({ date: '2026-04-15', ship_to: { state: 'IL', zip: '63673' }, seller_class: 'remote', lines: [line({ tax_code: '40030' })] }).code).toBe(
      'il_rate_lookup_unresolved',
    );
  });

  it('8: sandbox simulation of index and lookup failures', () => {
    for (const fault of ['il_rate_index_not_ready', 'il_rate_lookup_failed'] as const)
      expect(failure({ date: '2026-04-15', ship_to: CHI, seller_class: 'remote', lines: [line()] }, context({ simulate: fault })).code).toBe(fault);
  });
});

describe('Illinois rates (data/illinois_rate_components.csv)', () => {
  const chicago = (date: string, taxCode: string) => run({ date, ship_to: CHI, seller_class: 'remote', lines: [line({ tax_code: taxCode })] }).lines[0]!;
  it.each([
    ['2026-04-15', '40030', 12_500], // food 2026: RTA 1.25 only (state 0, no Chicago grocery tax)
    ['2025-06-01', '40030', 22_500], // food 2025: 1 state + 1.25 RTA
    ['2023-01-01', '40030', 12_500], // state food rate suspended 2022-07-01..2023-06-30
    ['2026-04-15', '51020', 22_500], // drugs: 1 state + 1.25 RTA
    ['2026-04-15', '31000', 0], // digital goods exempt in Illinois
  ])('Chicago on %s, code %s → rate %i', (date, code, micro) => {
    expect(chicago(date, code).rate).toBe(micro);
  });

  it('splits the RTA out of a collar county special rate', () => {
    const l = run({ date: '2026-04-15', ship_to: { state: 'IL', zip: '60120' }, seller_class: 'remote', lines: [line()] }).lines[0]!;
    expect(BigInt(l.rate)).toBe(zipRate('IL', '60120').combined);
    expect(l.jurisdictions.find((j) => j.name === 'REGIONAL TRANSPORTATION AUTHORITY')?.rate).toBe(7_500);
  });
});

describe('state taxability (data/us_states.csv)', () => {
  const tax = (state: string, zip: string, lines: object[], date = '2026-04-15') => run({ date, ship_to: { state, zip }, lines });
  it('exempts groceries where the state does, and reduces them where it reduces', () => {
    expect(tax('NY', '10001', [{ amount: 100, tax_code: '40030' }]).lines[0]!.reason).toBe('product_exempt');
    const al = tax('AL', '35203', [{ amount: 100, tax_code: '40030' }]).lines[0]!;
    expect(al.reason).toBe('reduced_rated');
    expect(al.jurisdictions[0]).toMatchObject({ type: 'state', rate: 20_000 });
    expect(tax('VA', '22030', [{ amount: 100, tax_code: '40030' }]).lines[0]!.rate).toBe(10_000);
  });

  it('applies clothing thresholds: NY under $110 per unit, MA first $175 per item', () => {
    const ny = tax('NY', '10001', [
      { amount: 200, quantity: 2, tax_code: '20010' },
      { amount: 300, quantity: 2, tax_code: '20010' },
    ]).lines;
    expect(ny[0]!.reason).toBe('product_exempt');
    expect(ny[1]!.reason).toBe('standard_rated');
    const ma = tax('MA', '02108', [{ amount: 200, tax_code: '20010' }]).lines[0]!;
    expect({ taxable: ma.taxable, exempt: ma.exempt }).toEqual({ taxable: 2_500, exempt: 17_500 });
  });

  it('taxes Texas SaaS on 80 % of the price', () => {
    expect(tax('TX', '78701', [{ amount: 100, tax_code: '30070' }]).lines[0]!.taxable).toBe(8_000);
  });

  it('lets shipping follow the taxability of the goods it delivers', () => {
    const lines = tax('NY', '10001', [{ amount: 100, tax_code: '40030' }, { amount: 300 }, { amount: 20, tax_code: 'SHIPPING' }]).lines;
    expect(lines[2]!.taxable).toBe(1_500);
    expect(tax('CA', '94103', [{ amount: 100 }, { amount: 20, tax_code: 'SHIPPING' }]).lines[1]!.reason).toBe('product_exempt');
  });

  it('charges nothing where there is no sales tax', () => {
    expect(tax('OR', '97201', [{ amount: 100 }]).lines[0]).toMatchObject({ reason: 'not_subject_to_tax', taxability: 'not_collected', tax: 0 });
  });

  it('charges nothing without nexus unless nexus_mode is reference', () => {
    const ctx = context({ settings: { nexus: ['CA'] } });
    expect(run({ date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }] }, ctx).lines[0]!.reason).toBe('no_nexus');
    expect(run({ date: '2026-04-15', nexus_mode: 'reference', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }] }, ctx).lines[0]!.reason).toBe(
      'standard_rated',
    );
  });

  it('sources intrastate sales at origin in origin states (TX) and at destination elsewhere', () => {
    const from = { state: 'TX', zip: '78701' };
    const houston = run({ date: '2026-04-15', ship_from: from, ship_to: { state: 'TX', zip: '77002' }, lines: [{ amount: 100 }] }).lines[0]!;
    expect(houston).toMatchObject({ sourcing: 'origin', tax: taxCents(10_000, zipRate('TX', '78701').combined) });
    expect(
      run({ date: '2026-04-15', ship_from: { state: 'NY', zip: '10001' }, ship_to: { state: 'NY', zip: '14201' }, lines: [{ amount: 100 }] }).lines[0]!
        .sourcing,
    ).toBe('destination');
  });
});
