// The withdrawal of a refund (lifecycle.ts, withdrawRefund): the refund voided, its original given
// back exactly what it took, the summaries' view of both consistent, and what may not be withdrawn.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contributions, summaryDeltas, sumTotals } from '../../functions/core/returns/summary';
import { credit, refund, voidTransaction, withdrawRefund } from '../../functions/core/transactions/lifecycle';
import { committedDocument, type TransactionRecord } from '../../functions/core/transactions/transaction';
import { run } from '../support/engine';
import { codeOf } from '../support/errors';

const AT = '2026-04-20T10:00:00.000Z';
const LATER = '2026-04-21T09:00:00.000Z';

function sale(lines: object[] = [{ amount: 100 }, { amount: 19.99 }]): TransactionRecord {
  const taxed = run({ date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines });
  return committedDocument(taxed, { code: 'S1', tenant: { accountId: 'a', environment: 'sandbox' }, location_code: null, customer_code: null, at: AT }, 'sale');
}

/** What a withdrawal must restore: everything of the lines, and the status. */
const ledger = (doc: TransactionRecord) => ({ status: doc.status, lines: doc.lines });

describe('withdrawing a refund', () => {
  it('voids the refund, gives the original back what it took and emits transaction.refund_withdrawn', () => {
    const original = sale();
    const refunded = refund(original, { code: 'R1', date: '2026-04-20', reason: null, lines: [{ number: '1', amount: 6000 }] }, AT);
    const out = withdrawRefund(refunded.original, refunded.document, 'TaxJar refund delete', LATER);
    expect(out.refund).toMatchObject({ code: 'R1', kind: 'refund', status: 'voided', voided_at: LATER, updated_at: LATER, reason: 'TaxJar refund delete' });
    expect(out.refund.lines).toEqual(refunded.document.lines);
    expect(ledger(out.original)).toEqual(ledger(original));
    expect(out.original.lines[0]).toMatchObject({ refunded_amount: 0, remaining: { price: 10_000 } });
    expect(out.original.refunds).toEqual([]);
    expect(out.original.withdrawn_refunds).toEqual(['R1']);
    expect(out.original.updated_at).toBe(LATER);
    expect(out.events.map((e) => e.type)).toEqual(['transaction.refund_withdrawn']);
    expect(out.events[0]!.data).toMatchObject({ original: { code: 'S1', status: 'committed', refunds: [] }, refund: { code: 'R1', status: 'voided' } });
  });

  it('turns a refunded original committed again, and lets it be voided once no refund is left', () => {
    const full = refund(sale(), { code: 'R1', date: '2026-04-20', reason: null, lines: null }, AT);
    expect(full.original.status).toBe('refunded');
    expect(codeOf(() => voidTransaction(full.original, null, AT))).toBe('invalid_lifecycle');
    const out = withdrawRefund(full.original, full.document, null, LATER);
    expect(out.original.status).toBe('committed');
    expect(out.original.lines.every((l) => l.refunded_amount === 0 && l.remaining.price > 0)).toBe(true);
    expect(voidTransaction(out.original, null, LATER).original.status).toBe('voided');
  });

  it('keeps the other refunds and the credits as they were', () => {
    let doc = sale();
    doc = credit(doc, { code: 'C1', date: '2026-04-20', reason: null, lines: [{ number: '2', tax: 50 }] }, AT).original;
    const first = refund(doc, { code: 'R1', date: '2026-04-20', reason: null, lines: [{ number: '1', amount: 2500 }] }, AT);
    const r2 = {
      code: 'R2',
      date: '2026-04-20',
      reason: null,
      lines: [
        { number: '1', amount: 1000 },
        { number: '2', amount: 999 },
      ],
    };
    const second = refund(first.original, r2, AT);
    const out = withdrawRefund(second.original, first.document, null, LATER);
    expect(out.original.refunds).toEqual(['R2']);
    expect(out.original.credits).toEqual(['C1']);
    // Withdrawing R1 after R2 leaves what R2 alone would have left had R1 never been.
    const onlySecond = refund(doc, r2, AT);
    expect(out.original.lines.map((l) => ({ refunded: l.refunded_amount, price: l.remaining.price, credited: l.credited_tax }))).toEqual(
      onlySecond.original.lines.map((l) => ({ refunded: l.refunded_amount, price: l.remaining.price, credited: l.credited_tax })),
    );
    expect(out.original.lines[1]!.credited_tax).toBe(50);
  });

  it('takes the refund out of the return summaries and leaves the original’s contribution', () => {
    const original = sale();
    const refunded = refund(original, { code: 'R1', date: '2026-04-20', reason: null, lines: [{ number: '1', amount: 6000 }] }, AT);
    const out = withdrawRefund(refunded.original, refunded.document, null, LATER);
    const deltas = summaryDeltas({
      create: [],
      update: [
        { before: refunded.original, record: out.original },
        { before: refunded.document, record: out.refund },
      ],
    });
    const net = sumTotals(deltas.map((d) => d.totals));
    const refundShare = sumTotals([...contributions(refunded.document).values()].map((c) => c.totals));
    expect(net.documents).toBe(-refundShare.documents);
    expect(net.tax).toBe(-refundShare.tax);
    expect(net.taxable).toBe(-refundShare.taxable);
    expect(net.byKind.refund.documents).toBe(-refundShare.byKind.refund.documents);
    expect(net.byKind.sale).toEqual({ documents: 0, taxable: 0, tax: 0 });
    expect(deltas.every((d) => d.code === 'R1')).toBe(true);
  });

  it('refuses what is no live refund of this original', () => {
    const doc = sale();
    const refunded = refund(doc, { code: 'R1', date: '2026-04-20', reason: null, lines: [{ number: '1', amount: 100 }] }, AT);
    const once = withdrawRefund(refunded.original, refunded.document, null, LATER);
    // Withdrawn already: a second withdrawal of the same refund changes nothing.
    expect(codeOf(() => withdrawRefund(once.original, once.refund, null, LATER))).toBe('invalid_lifecycle');
    // Not a refund.
    expect(codeOf(() => withdrawRefund(doc, doc, null, LATER))).toBe('invalid_lifecycle');
    // A credit is not withdrawn by this rule.
    const credited = credit(doc, { code: 'C1', date: '2026-04-20', reason: null, lines: [{ number: '1', tax: 1 }] }, AT);
    expect(codeOf(() => withdrawRefund(credited.original, credited.document, null, LATER))).toBe('invalid_lifecycle');
    // Another original than its own.
    const other = { ...refunded.original, code: 'S2' };
    expect(codeOf(() => withdrawRefund(other, refunded.document, null, LATER))).toBe('invalid_lifecycle');
    // An original whose refunds do not record it.
    expect(codeOf(() => withdrawRefund({ ...refunded.original, refunds: [] }, refunded.document, null, LATER))).toBe('invalid_lifecycle');
  });

  it('restores the original exactly after any refund, for random line amounts and partial refunds', () => {
    const cents = fc.integer({ min: 1, max: 500_000 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: cents, included: fc.boolean() }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        (lines, refunds, pick) => {
          const start = sale(lines.map((l, i) => ({ number: String(i + 1), amount: l.amount / 100, tax_included: l.included })));
          // Several partial refunds drawn in turn, each a random share of what remains per line.
          let doc = start;
          const drawn: TransactionRecord[] = [];
          const states: TransactionRecord[] = [doc];
          for (const [r, shares] of refunds.entries()) {
            const asked = doc.lines
              .map((l, i) => ({ number: l.number, amount: Math.floor((l.remaining.price * (shares[i % shares.length] ?? 0)) / 1_000_000) }))
              .filter((l) => l.amount > 0);
            if (asked.length === 0) continue;
            const change = refund(doc, { code: `R${r}`, date: '2026-04-20', reason: null, lines: asked }, AT);
            drawn.push(change.document);
            doc = change.original;
            states.push(doc);
          }
          if (drawn.length === 0) return;
          // Withdrawing the last refund gives back the state before it, to the cent and jurisdiction.
          const last = withdrawRefund(doc, drawn.at(-1)!, null, LATER);
          expect(ledger(last.original)).toEqual(ledger(states.at(-2)!));
          // Withdrawing every refund, in any order, gives back the original as committed.
          const order = [...drawn.keys()];
          const first = order.splice(pick % order.length, 1);
          let back = doc;
          for (const i of [...first, ...order]) back = withdrawRefund(back, drawn[i]!, null, LATER).original;
          expect(ledger(back)).toEqual(ledger(start));
          expect(back.refunds).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
