// The engine remembers what it derived for a place (its jurisdictions on a date, each product's
// decision and rule there, the ZIP-span message) on the content's own objects. An answer must not
// depend on what earlier documents left there: any sequence of documents answers each one exactly
// as a content that has seen nothing does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TaxContent } from '../../functions/core/content/tax-content';
import { zipRows } from '../support/data';
import { content, context, PRODUCT_CLASS_CODES, run } from '../support/engine';

const places = zipRows
  .filter((_r, i) => i % 211 === 0)
  .filter((r) => r.state !== 'IL' && r.state !== 'PR')
  .map((r) => ({ state: r.state, zip: r.zip }));
// More codes than a place remembers (taxing.ts REMEMBERED_PRODUCTS), so the sequence crosses that
// bound. Among them codes that dated rules name by prefix (the product classes), which share a
// category with codes ruled otherwise.
const classCodes: readonly string[] = [...PRODUCT_CLASS_CODES, '40030', '20010', '30070', 'SHIPPING'];
const codes = [null, ...classCodes, ...[...content.taxCodes()].map((c) => c.code).filter((c, i) => i % 17 === 0 && !classCodes.includes(c))];
// The versions' first days, a holiday (Texas, August 2026) and days between.
const dates = ['2025-12-15', '2026-01-01', '2026-03-01', '2026-04-01', '2026-04-15', '2026-08-08', '2026-10-01'];

type Doc = { date: string; place: { state: string; zip: string }; codes: (string | null)[]; fromSame: boolean; amount: number };

const documentArb: fc.Arbitrary<Doc> = fc.record({
  date: fc.constantFrom(...dates),
  place: fc.constantFrom(...places),
  // Several lines to one place with different products, sometimes shipped from a place of the same state.
  codes: fc.array(fc.constantFrom(...codes), { minLength: 1, maxLength: 24 }),
  fromSame: fc.boolean(),
  amount: fc.integer({ min: 1, max: 500_000 }).map((c) => c / 100),
});

const body = (d: Doc) => ({
  date: d.date,
  ship_to: d.place,
  ...(d.fromSame ? { ship_from: places.find((p) => p.state === d.place.state && p.zip !== d.place.zip) ?? d.place } : {}),
  lines: d.codes.map((code, i) => ({ amount: d.amount + i, ...(code === null ? {} : { tax_code: code }) })),
});

describe('what the engine remembers between documents', () => {
  it('changes no answer: each document of a sequence answers as on a content that has seen nothing', () => {
    const warm = context();
    fc.assert(
      fc.property(fc.array(documentArb, { minLength: 1, maxLength: 6 }), (docs) => {
        for (const d of docs) {
          const fresh = context({ content: new TaxContent(content.artifact) });
          const attempt = (ctx: ReturnType<typeof context>) => {
            try {
              return run(body(d), ctx);
            } catch (error) {
              return { refused: (error as { code: string }).code };
            }
          };
          expect(attempt(warm)).toEqual(attempt(fresh));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a place asked about more products than it remembers answers each of them as before', () => {
    const place = places[0]!;
    const many = { date: '2026-04-15', ship_to: place, lines: codes.map((code, i) => ({ amount: 10 + i, ...(code === null ? {} : { tax_code: code }) })) };
    expect(codes.length).toBeGreaterThan(16);
    const first = run(many);
    const again = run(many);
    expect(again).toEqual(first);
    expect(run(many, context({ content: new TaxContent(content.artifact) }))).toEqual(first);
  });
});
