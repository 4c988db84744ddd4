import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineMath } from '../../functions/core/tax/line-math';
import { allocate, allocateByWeights, fromCents, hasSubCentDigits, mulDivHalfUp, toCents } from '../../functions/core/tax/money';

const big = (a: number, b: number, d: number) => Number((2n * BigInt(a) * BigInt(b) + BigInt(d)) / (2n * BigInt(d)));

describe('cents', () => {
  it('converts JSON amounts exactly and rounds extra decimals half-up on the decimal digits', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.35)).toBe(35);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(10.004)).toBe(1000);
    expect(toCents(99_999_999.99)).toBe(9_999_999_999);
    expect(fromCents(0)).toBe(0);
    expect(Object.is(fromCents(-0), 0)).toBe(true);
  });

  it('flags only amounts written with more than two decimals, large ones included', () => {
    expect([10.005, 0.001, 99_999_999.99, 8_500_000.37, 12, 0.1].map(hasSubCentDigits)).toEqual([true, true, false, false, false, false]);
    fc.assert(fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => !hasSubCentDigits(cents / 100)));
  });

  it('round-trips every two-decimal amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => toCents(cents / 100) === cents));
  });
});

describe('mulDivHalfUp', () => {
  it('rounds half up, exactly, on both the Number and the BigInt path', () => {
    expect(mulDivHalfUp(6000, 88_750, 1_000_000)).toBe(533); // 5.325 → 5.33
    expect(mulDivHalfUp(1000, 82_500, 1_000_000)).toBe(83); // 0.825 → 0.83
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999_999 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (a, b, d) => mulDivHalfUp(a, b, d) === big(a, b, d),
      ),
    );
  });
});

describe('allocate', () => {
  it('always sums to the total, and each share is within one cent of its exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), fc.array(fc.integer({ min: 0, max: 150_000 }), { minLength: 1, maxLength: 6 }), (base, rates) => {
        const total = mulDivHalfUp(
          base,
          rates.reduce((a, b) => a + b, 0),
          1_000_000,
        );
        const shares = allocate(base, rates, 1_000_000, total);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        for (const [i, s] of shares.entries()) expect(Math.abs(s * 1_000_000 - base * rates[i]!)).toBeLessThan(2_000_000);
      }),
    );
  });

  it('puts a lost cent on the largest remainder', () => {
    // 0.5 + 0.5 + 0.5 → 1.5 rounds to 2; each share rounds to 1 (sum 3): one cent comes off.
    expect(allocate(1, [500_000, 500_000, 500_000], 1_000_000, 2)).toHaveLength(3);
    expect(allocate(1, [500_000, 500_000, 500_000], 1_000_000, 2).reduce((a, b) => a + b)).toBe(2);
  });

  it('splits by weights with the sign of the total', () => {
    expect(allocateByWeights([625, 175, 125, 100], -1025)).toEqual([-625, -175, -125, -100]);
    expect(allocateByWeights([1, 1, 1], 100).reduce((a, b) => a + b)).toBe(100);
  });
});

describe('line math', () => {
  it('keeps line tax equal to the jurisdiction sum and backs tax out of tax-included amounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.array(fc.integer({ min: 0, max: 120_000 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (base, rates, included) => {
          const m = lineMath(base, rates, included);
          expect(m.shares.reduce((a, b) => a + b, 0)).toBe(m.tax);
          expect(m.tax).toBeGreaterThanOrEqual(0);
          if (included) {
            // Round trip: taxing the taxable amount again lands within a cent of the backed-out tax.
            const again = mulDivHalfUp(
              m.taxable,
              rates.reduce((a, b) => a + b, 0),
              1_000_000,
            );
            expect(Math.abs(again - m.tax)).toBeLessThanOrEqual(1);
            expect(m.taxable + m.tax).toBe(base);
          }
        },
      ),
    );
  });
});
