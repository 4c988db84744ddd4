// Return summaries equal the documents, whatever happened to them: random lifecycles (commits to
// several states and months, partial and full refunds, credits, voids, adjustments) through the
// transaction use cases, then every summary the documents touch is compared with the sum a user
// would make over GET /transactions: the lines sourced to the state, of the documents dated in the
// month, voided documents left out. Documents that report what they collected (or not) add their
// collected, reported, under- and over-collected tax, signed as they are.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnItemRunner } from '../../../functions/application/returns';
import { DomainError } from '../../../functions/core/errors';
import { ALL_LOCATIONS, collectedByLine, summaryView } from '../../../functions/core/returns/summary';
import type { TransactionRecord } from '../../../functions/core/transactions/transaction';
import { call, TENANT } from '../../support/fakes';
import { wired } from './wiring';

const PLACES = [
  { state: 'NY', zip: '10001' },
  { state: 'TX', zip: '78701' },
  { state: 'WA', zip: '98101' },
];
const DATES = ['2026-04-03', '2026-04-28', '2026-05-02'];

/** Cents the seller says it collected, or nothing reported. */
const Collected = fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: undefined });

const Step = fc.oneof(
  fc.record({
    op: fc.constant('commit' as const),
    date: fc.constantFrom(...DATES),
    lines: fc.array(fc.record({ place: fc.integer({ min: 0, max: 2 }), amount: fc.integer({ min: 1, max: 50_000 }), food: fc.boolean() }), {
      minLength: 1,
      maxLength: 4,
    }),
    location: fc.constantFrom(null, 'NYC'),
    collected: Collected,
  }),
  fc.record({ op: fc.constant('refund' as const), target: fc.nat(), share: fc.integer({ min: 1, max: 100 }), collected: Collected }),
  fc.record({ op: fc.constant('credit' as const), target: fc.nat(), cents: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ op: fc.constant('void' as const), target: fc.nat() }),
  fc.record({
    op: fc.constant('adjust' as const),
    target: fc.nat(),
    date: fc.constantFrom(...DATES),
    place: fc.integer({ min: 0, max: 2 }),
    collected: Collected,
  }),
);

/** The oracle: the sum over the documents, as a user would add them up. */
function oracle(docs: readonly TransactionRecord[], state: string, period: string, location: string | null) {
  let documents = 0;
  let taxable = 0;
  let exempt = 0;
  let tax = 0;
  const jurisdictions = new Map<string, { taxable: number; tax: number }>();
  const collection = { documents: 0, collected: 0, reported: 0, under: 0, over: 0 };
  for (const doc of docs) {
    if (doc.status === 'voided' || !doc.date.startsWith(period)) continue;
    if (location !== null && doc.location_code !== location) continue;
    const lines = doc.lines.filter((l) => l.address.state === state);
    if (lines.length === 0) continue;
    documents++;
    const byLine = collectedByLine(doc);
    if (byLine) {
      const sign = doc.kind === 'sale' || doc.kind === 'replacement' ? 1 : -1;
      const collected = doc.lines.reduce((n, l, i) => n + (l.address.state === state ? byLine[i]! : 0), 0);
      const computed = lines.reduce((n, l) => n + l.tax, 0);
      collection.documents++;
      collection.collected += collected;
      collection.reported += computed;
      collection.under += sign * Math.max(0, Math.abs(computed) - Math.abs(collected));
      collection.over += sign * Math.max(0, Math.abs(collected) - Math.abs(computed));
    }
    for (const l of lines) {
      taxable += l.taxable;
      exempt += l.exempt;
      tax += l.tax;
      for (const j of l.jurisdictions) {
        const key = `${j.type}|${j.name}|${j.rate / 1_000_000}`;
        const sum = jurisdictions.get(key) ?? { taxable: 0, tax: 0 };
        sum.taxable += j.taxable;
        sum.tax += j.tax;
        jurisdictions.set(key, sum);
      }
    }
  }
  return { documents, taxable, exempt, tax, jurisdictions, collection };
}

const cents = (amount: number) => Math.round(amount * 100);

describe('return summaries', () => {
  it('equal the sum over the documents after any lifecycle', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(Step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { transactions, stores, account } = wired();
        await account.createLocation(call(), { code: 'NYC', name: 'NYC', state: 'NY', zip: '10001', illinois_verified: false }).catch(() => undefined);
        const sales: string[] = [];
        let n = 0;
        for (const step of steps) {
          const code = `D${n++}`;
          const target = sales.length > 0 && 'target' in step ? sales[step.target % sales.length]! : null;
          try {
            if (step.op === 'commit') {
              await transactions.commit(call(), {
                code,
                date: step.date,
                ship_to: PLACES[0]!,
                location_code: step.location,
                collected_tax: step.collected === undefined ? undefined : step.collected / 100,
                lines: step.lines.map((l, i) => ({
                  number: String(i + 1),
                  amount: l.amount / 100,
                  tax_code: l.food ? '40030' : null,
                  ship_to: PLACES[l.place]!,
                })),
              });
              sales.push(code);
            } else if (target && step.op === 'refund') {
              const doc = await transactions.get(call(), target);
              const line = doc.lines[0]!;
              const amount = Math.max(1, Math.floor((line.remaining.price * step.share) / 100)) / 100;
              await transactions.refund(call(), target, {
                refund_code: code,
                lines: [{ number: line.number, amount }],
                collected_tax: step.collected === undefined ? undefined : step.collected / 100,
              });
            } else if (target && step.op === 'credit') {
              const line = (await transactions.get(call(), target)).lines[0]!;
              await transactions.credit(call(), target, { credit_code: code, lines: [{ number: line.number, tax_amount: step.cents / 100 }] });
            } else if (target && step.op === 'void') {
              await transactions.void(call(), target, {});
            } else if (target && step.op === 'adjust') {
              await transactions.adjust(call(), {
                original_code: target,
                reversal_code: `${code}r`,
                replacement_code: `${code}p`,
                replacement: { date: step.date, ship_to: PLACES[step.place]!, lines: [{ amount: 12.34 }] },
                collected_tax: step.collected === undefined ? undefined : step.collected / 100,
              });
              sales.push(`${code}p`);
            }
          } catch (error) {
            // Lifecycle refusals (refunding a voided sale, crediting more than remains, ...) change nothing.
            if (!(error instanceof DomainError)) throw error;
          }
        }
        const docs = [...stores.docs.of(TENANT).docs.values()].map((s) => s.record);
        const summaries = stores.docs.of(TENANT).summaryRepository();
        for (const { state } of PLACES)
          for (const period of ['2026-04', '2026-05'])
            for (const location of [null, 'NYC']) {
              const [totals] = await summaries.read([{ state, period, location: location ?? ALL_LOCATIONS }]);
              const view = summaryView({ state, period, location_code: location }, totals!);
              const expected = oracle(docs, state, period, location);
              expect({ n: view.document_count, taxable: cents(view.taxable_amount), exempt: cents(view.exempt_amount), tax: cents(view.tax) }).toEqual({
                n: expected.documents,
                taxable: expected.taxable,
                exempt: expected.exempt,
                tax: expected.tax,
              });
              const fromView = new Map(
                view.jurisdictions.map((j) => [`${j.type}|${j.name}|${j.rate}`, { taxable: cents(j.taxable_amount), tax: cents(j.tax) }]),
              );
              const nonZero = new Map([...expected.jurisdictions].filter(([, j]) => j.taxable !== 0 || j.tax !== 0));
              expect(fromView).toEqual(nonZero);
              const c = view.collection;
              expect({
                documents: c.reported_document_count,
                unreported: c.unreported_document_count,
                collected: cents(c.collected_tax),
                reported: cents(c.reported_tax),
                under: cents(c.under_collected),
                over: cents(c.over_collected),
              }).toEqual({
                documents: expected.collection.documents,
                unreported: expected.documents - expected.collection.documents,
                collected: expected.collection.collected,
                reported: expected.collection.reported,
                under: expected.collection.under,
                over: expected.collection.over,
              });
            }
      }),
      { numRuns: 60 },
    );
  });

  it('nets a sale that under-collected, its partial refund and a voided sale to what remains', async () => {
    const { transactions, stores } = wired();
    // NY 10001 is 8.875 %: 100.00 computes 8.88, of which the seller collected 8.00.
    await transactions.commit(call(), { code: 'S1', date: '2026-04-15', ship_to: PLACES[0]!, lines: [{ amount: 100 }], collected_tax: 8 });
    await transactions.commit(call(), { code: 'S2', date: '2026-04-16', ship_to: PLACES[0]!, lines: [{ amount: 100 }], collected_tax: 9 });
    await transactions.commit(call(), { code: 'S3', date: '2026-04-17', ship_to: PLACES[0]!, lines: [{ amount: 50 }] });
    await transactions.void(call(), 'S2', {});
    // Half back: 4.44 computed, 4.00 given back.
    await transactions.refund(call(), 'S1', { refund_code: 'R1', date: '2026-04-20', lines: [{ number: '1', amount: 50 }], collected_tax: 4 });
    const [totals] = await stores.docs
      .of(TENANT)
      .summaryRepository()
      .read([{ state: 'NY', period: '2026-04', location: ALL_LOCATIONS }]);
    expect(summaryView({ state: 'NY', period: '2026-04', location_code: null }, totals!).collection).toEqual({
      collected_tax: 4,
      reported_tax: 4.44,
      under_collected: 0.44,
      over_collected: 0,
      reported_document_count: 2,
      unreported_document_count: 1,
    });
  });

  it('answers a chunk of return items from the summaries, failing only the item naming a location the client does not have', async () => {
    const { transactions, stores, account, ports } = wired();
    await account.createLocation(call(), { code: 'NYC', name: 'NYC', state: 'NY', zip: '10001', illinois_verified: false });
    await transactions.commit(call(), { code: 'S1', date: '2026-04-15', ship_to: PLACES[0]!, location_code: 'NYC', lines: [{ amount: 100 }] });
    await transactions.refund(call(), 'S1', { refund_code: 'R1', date: '2026-04-20', lines: [{ number: '1', amount: 40 }] });
    const run = returnItemRunner({ summaries: () => stores.docs.of(TENANT).summaryRepository(), tenantConfigs: ports.tenantConfigs });
    const batch = { tenant: TENANT } as never;
    const item = (index: number, ref: string, location: string | null, period = '2026-04') => ({
      index,
      reference_id: ref,
      operation: 'summarize' as const,
      request: { state: 'NY', period, location_code: location },
    });
    const [ok, refused, whole, empty] = await run(
      batch,
      [item(0, 'ny', 'NYC'), item(1, 'elsewhere', 'LAX'), item(2, 'all', null), item(3, 'may', null, '2026-05')],
      {
        now: new Date(),
        requestId: 'r',
        finalAttempt: false,
      },
    );
    expect('write' in ok! && ok.write.result).toMatchObject({
      document_count: 2,
      gross_amount: 60,
      tax: 5.33,
      by_kind: { sale: { document_count: 1, tax: 8.88 }, refund: { document_count: 1, tax: -3.55 } },
    });
    expect('write' in refused! && refused.write.error?.code).toBe('location_not_authorized');
    expect('write' in whole! && whole.write.result).toMatchObject({ document_count: 2, tax: 5.33 });
    expect('write' in empty! && empty.write.result).toMatchObject({ document_count: 0, tax: 0 });
  });
});
