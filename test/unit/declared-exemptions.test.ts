// Declared exemptions (core/tax/phases/declarations.ts, core/exemptions/declared.ts): an exemption
// on the buyer's word exempts the lines it covers where no certificate does, and says so on each.
import { describe, expect, it } from 'vitest';
import { declaredDeltas, mergeDeltas } from '../../functions/core/exemptions/declared';
import { calculate } from '../../functions/core/tax/engine';
import type { CertificateGrant } from '../../functions/core/tax/types';
import { committedDocument } from '../../functions/core/transactions/transaction';
import { context, run } from '../support/engine';

const MIAMI = { zip: '33131', state: 'FL' };
const LA = { zip: '90012', state: 'CA' };
const meta = {
  code: 'INV-1',
  tenant: { accountId: 'a', environment: 'sandbox' as const },
  location_code: null,
  customer_code: 'C-1',
  at: '2026-04-15T12:00:00Z',
};

describe('a declared exemption', () => {
  it('exempts every line of a document declared wholesale, each saying no certificate is on file', () => {
    const taxed = run({ date: '2026-04-15', ship_to: MIAMI, declared_exemption: { type: 'wholesale' }, lines: [{ amount: 100 }, { amount: 20.5 }] });
    expect(taxed.lines.map((l) => [l.reason, l.taxability, l.tax, l.exempt])).toEqual([
      ['declared_exemption', 'exempt', 0, 10_000],
      ['declared_exemption', 'exempt', 0, 2_050],
    ]);
    expect(taxed.lines[0]!.declaration).toEqual({ type: 'wholesale', source: 'document', states: null, reason: null });
    expect(taxed.lines[0]!.certificate).toBeNull();
    expect(taxed.messages.filter((m) => m.code === 'declared_exemption_without_certificate').map((m) => m.target)).toEqual(['lines.0', 'lines.1']);
    expect(taxed.declared_exemption?.type).toBe('wholesale');
  });

  it('covers only its declared states: a customer declared exempt in FL and PA is taxed in CA', () => {
    const declared = { type: 'wholesale' as const, source: 'customer' as const, states: ['pa', 'FL'] };
    const fl = calculate({ date: '2026-04-15', ship_to: MIAMI, declared_exemption: declared, lines: [{ amount: 100 }] }, context());
    const ca = calculate({ date: '2026-04-15', ship_to: LA, declared_exemption: declared, lines: [{ amount: 100 }] }, context());
    expect(fl.lines[0]!.reason).toBe('declared_exemption');
    expect(fl.lines[0]!.declaration?.states).toEqual(['FL', 'PA']);
    expect(ca.lines[0]!.reason).toBe('standard_rated');
    expect(ca.lines[0]!.tax).toBeGreaterThan(0);
    expect(ca.lines[0]!.declaration).toBeNull();
    expect(ca.messages.some((m) => m.code === 'declared_exemption_without_certificate')).toBe(false);
  });

  it('gives way to a certificate for the state: evidence wins', () => {
    const grant: CertificateGrant = { id: 'cert_fl', jurisdiction: 'FL', exemption_reason: 'resale', document_sha256: null };
    const ctx = context({ certificates: new Map([[grant.id, grant]]) });
    const taxed = run(
      {
        date: '2026-04-15',
        customer_code: 'C-1',
        ship_to: MIAMI,
        exemption_certificate_id: 'cert_fl',
        declared_exemption: { type: 'other' },
        lines: [{ amount: 100 }],
      },
      ctx,
    );
    expect(taxed.lines[0]!.reason).toBe('certificate_applied');
    expect(taxed.lines[0]!.certificate?.id).toBe('cert_fl');
    expect(taxed.lines[0]!.declaration).toBeNull();
    expect(taxed.messages.some((m) => m.code === 'declared_exemption_without_certificate')).toBe(false);
  });

  it('leaves a document without a declaration as it was', () => {
    const taxed = run({ date: '2026-04-15', ship_to: MIAMI, lines: [{ amount: 100 }] });
    expect(taxed.lines[0]!.reason).toBe('standard_rated');
    expect('declaration' in taxed.lines[0]!).toBe(false);
    expect('declared_exemption' in taxed).toBe(false);
  });

  it('counts a committed sale per customer and state, and takes a voided one back', () => {
    const taxed = run({ date: '2026-04-15', ship_to: MIAMI, declared_exemption: { type: 'government' }, lines: [{ amount: 100 }, { amount: 0.01 }] });
    const sale = committedDocument(taxed, meta, 'sale');
    expect(sale.declared_exemption?.type).toBe('government');
    const added = declaredDeltas({ create: [sale], update: [] });
    expect(added).toEqual([{ customer_code: 'C-1', state: 'FL', type: 'government', source: 'document', documents: 1, exempt: 10_001, date: '2026-04-15' }]);
    const voided = { ...sale, status: 'voided' as const };
    expect(declaredDeltas({ create: [], update: [{ record: voided, before: sale }] })[0]).toMatchObject({ documents: -1, exempt: -10_001 });
    // A refund drawn on the sale leaves the counts alone.
    expect(declaredDeltas({ create: [{ ...sale, kind: 'refund', code: 'R-1' }], update: [] })).toEqual([]);
    const merged = mergeDeltas([...added, { ...added[0]!, exempt: 5, date: '2026-04-16' }]);
    expect(merged).toEqual([{ ...added[0], documents: 2, exempt: 10_006, date: '2026-04-16' }]);
  });
});
