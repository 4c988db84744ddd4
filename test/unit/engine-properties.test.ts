// Properties of the engine over random documents (fast-check): totals are sums of lines, a line's
// tax is the sum of its jurisdictions, tax is never negative on a sale, tax-included amounts
// round-trip within a cent, and rounding is half-up on the exact product.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MICRO, mulDivHalfUp } from '../../functions/core/tax/money';
import { calculationView, totalsOf } from '../../functions/core/tax/view';
import { zipRows } from '../support/data';
import { PRODUCT_CLASS_CODES, run } from '../support/engine';

// Destinations outside Illinois (whose posture rules are tested by table) from the rate table.
const places = zipRows
  .filter((_r, i) => i % 97 === 0)
  .filter((r) => r.state !== 'IL' && r.state !== 'PR')
  .map((r) => ({ state: r.state, zip: r.zip }));
const TAX_CODES = [null, '40030', '20010', '51020', '51010', '31000', '30070', '41000', '40010', 'SHIPPING', '99999', '19000', '81100', ...PRODUCT_CLASS_CODES];

const cents = fc.integer({ min: 0, max: 5_000_000 });
const lineArb = fc
  .record({
    amount: cents,
    discountShare: fc.integer({ min: 0, max: 100 }),
    included: fc.boolean(),
    taxCode: fc.constantFrom(...TAX_CODES),
    quantity: fc.integer({ min: 1, max: 5 }),
    place: fc.option(fc.constantFrom(...places), { nil: undefined }),
  })
  .map(({ amount, discountShare, included, taxCode, quantity, place }) => {
    const discount = included ? 0 : Math.floor((amount * discountShare) / 400);
    return { amount: amount / 100, discount: discount / 100, tax_included: included, tax_code: taxCode, quantity, ship_to: place };
  });
const docArb = fc.record({ ship_to: fc.constantFrom(...places), lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }) });

describe('engine invariants', () => {
  it('line tax = sum of jurisdictions; totals = sums of lines; no negative tax; amounts add up', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        const taxed = run({ date: '2026-04-15', ...doc });
        for (const line of taxed.lines) {
          expect(line.jurisdictions.reduce((s, j) => s + j.tax, 0)).toBe(line.tax);
          expect(line.tax).toBeGreaterThanOrEqual(0);
          expect(line.taxable).toBeGreaterThanOrEqual(0);
          expect(line.exempt).toBeGreaterThanOrEqual(0);
          // Every line names the rule behind its taxability, of its own state, with a citation.
          expect(line.taxability_rule?.state).toBe(line.address.state);
          expect(line.taxability_rule?.citation).not.toBe('');
          if (line.tax_included) expect(line.taxable + line.tax + line.exempt).toBe(line.amount);
          else expect(line.taxable + line.exempt + line.discount).toBe(line.amount);
        }
        const totals = totalsOf(taxed.lines);
        const view = calculationView(taxed);
        expect(Math.round(view.total_tax * 100)).toBe(totals.tax);
        expect(Math.round(view.total_amount * 100)).toBe(taxed.lines.reduce((s, l) => s + l.amount, 0));
        expect(view.summary.reduce((s, j) => s + Math.round(j.tax * 100), 0)).toBe(totals.tax);
      }),
      { numRuns: 300 },
    );
  });

  it('rounds each line half-up on the exact product of its base and rate', () => {
    fc.assert(
      fc.property(fc.constantFrom(...places), cents, (place, amount) => {
        const line = run({ date: '2026-04-15', ship_to: place, lines: [{ amount: amount / 100 }] }).lines[0]!;
        expect(line.tax).toBe(mulDivHalfUp(line.taxable, line.rate, MICRO));
      }),
      { numRuns: 300 },
    );
  });

  it('backs tax out of tax-included amounts so that re-taxing the net lands within a cent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...places), cents, (place, amount) => {
        const line = run({ date: '2026-04-15', ship_to: place, lines: [{ amount: amount / 100, tax_included: true }] }).lines[0]!;
        expect(Math.abs(mulDivHalfUp(line.taxable, line.rate, MICRO) - line.tax)).toBeLessThanOrEqual(1);
        expect(line.taxable + line.tax + line.exempt).toBe(amount);
      }),
      { numRuns: 300 },
    );
  });
});
