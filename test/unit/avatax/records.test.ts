// How a code's versions are named in the ledger: the base (the code itself, or `av.` and a hash
// when the ledger cannot hold it), `<base>:v<n>` for the n-th, `<base>:r<n>` for the reversal of
// the adjustment that made it; and a record's lines found in its echo by ledger line number.
import { describe, expect, it } from 'vitest';
import { avataxDocument } from '../../../functions/core/avatax/document';
import { baseCodeOf, echoLinesFor, reversalCodeOf, versionCodeOf, versionNumberOf } from '../../../functions/core/avatax/records';
import { echoOf } from '../../../functions/core/avatax/stored-view';

describe('version codes', () => {
  it('name the first version by the base, the n-th with :v<n>, the reversal with :r<n>', () => {
    expect(baseCodeOf('INV-1')).toBe('INV-1');
    expect(baseCodeOf('INV/1')).toMatch(/^av\.[0-9a-f]{40}$/);
    expect(versionCodeOf('INV-1', 1)).toBe('INV-1');
    expect(versionCodeOf('INV-1', 3)).toBe('INV-1:v3');
    expect(reversalCodeOf('INV-1', 2)).toBe('INV-1:r2');
  });

  it('read a ledger code back as its version, and nothing else as one', () => {
    expect(versionNumberOf('INV-1', 'INV-1')).toBe(1);
    expect(versionNumberOf('INV-1', 'INV-1:v12')).toBe(12);
    for (const code of ['INV-1:r2', 'INV-1:v0', 'INV-1:v02', 'INV-1:vx', 'INV-10', 'OTHER:v2']) expect(versionNumberOf('INV-1', code), code).toBeNull();
  });
});

describe('echoLinesFor', () => {
  it('finds each ledger line’s request line by number, whatever their order; none for a line the echo lacks', () => {
    const doc = avataxDocument(
      {
        addresses: { singleLocation: { region: 'WA', postalCode: '98109', country: 'US' } },
        lines: [{ number: 'A', amount: 1, itemCode: 'X' }, { amount: 2 }],
      },
      { today: '2026-04-15' },
    );
    const echo = echoOf(doc, { code: 'T', companyCode: 'DEFAULT', document: doc.document, messages: [] });
    expect(echoLinesFor(echo, ['2', 'A', 'Z']).map((l) => l && [l.lineNumber, l.itemCode])).toEqual([['2', null], ['A', 'X'], undefined]);
  });
});
