import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseJsonBody, validate } from '../../functions/http/validation';
import { CalculationRequestSchema } from '../../functions/schemas/document';

const detailsOf = (input: unknown) => {
  try {
    validate(CalculationRequestSchema, input, 'body');
  } catch (e) {
    return (e as { details: { code: string; target: string; message: string }[] }).details.map((d) => `${d.code}@${d.target}`);
  }
  return [];
};

describe('valibot issues become API details', () => {
  it('maps each kind of failure to its closed-list code and dotted target', () => {
    const details = detailsOf({
      date: '2026-13-01',
      ship_to: { zip: 1 },
      currency: 'EUR',
      accuracy_policy: 'exact',
      lines: [{ amount: -1, discount: 5, tax_included: 'yes', quantity: 0, tax_code: '' }],
      extra: 1,
    });
    expect(details).toEqual(
      expect.arrayContaining([
        'date_format@date',
        'string_type@ship_to.zip',
        'enum@currency',
        'enum@accuracy_policy',
        'greater_than_equal@lines.0.amount',
        'bool_type@lines.0.tax_included',
        'greater_than@lines.0.quantity',
        'string_too_short@lines.0.tax_code',
        'extra_forbidden@extra',
      ]),
    );
  });

  it('reports missing fields, empty and oversized arrays, and a discount above the amount', () => {
    expect(detailsOf({ lines: [] })).toEqual(expect.arrayContaining(['missing@ship_to', 'too_short@lines']));
    expect(detailsOf({ ship_to: { zip: '10001' }, lines: Array.from({ length: 1001 }, () => ({ amount: 1 })) })).toContain('too_long@lines');
    expect(detailsOf({ ship_to: { zip: '10001' }, lines: [{ amount: 5, discount: 6 }] })).toEqual(['less_than_equal@lines.0.discount']);
    expect(detailsOf('text')).toEqual(['object_type@body']);
  });

  it('refuses an array where an object belongs (valibot alone would accept it), at any depth', () => {
    const details = (input: unknown) => {
      try {
        validate(CalculationRequestSchema, input, 'body');
        return [];
      } catch (error) {
        return ((error as { details?: { code: string; target: string }[] }).details ?? []).map((d) => `${d.code}@${d.target}`);
      }
    };
    expect(details([])).toEqual(['object_type@body']);
    expect(details({ ship_to: [], lines: [{ amount: 1, ship_to: [] }] })).toEqual(['object_type@ship_to', 'object_type@lines.0.ship_to']);
  });

  it('never puts a submitted value in a message', () => {
    try {
      validate(v.strictObject({ a: v.pipe(v.number(), v.minValue(0)) }), { a: -424242, b: 'SENTINEL' }, 'body');
    } catch (e) {
      expect(JSON.stringify(e)).not.toMatch(/424242|SENTINEL/);
    }
  });

  it('reads JSON and refuses anything else without quoting it', () => {
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonBody(null)).toBeUndefined();
    try {
      parseJsonBody('{"a": SENTINEL');
      expect.unreachable();
    } catch (e) {
      expect(JSON.stringify(e)).not.toContain('SENTINEL');
      expect((e as { details: { code: string }[] }).details[0]!.code).toBe('json_invalid');
    }
  });
});
