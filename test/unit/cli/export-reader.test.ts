// The loader's reading of ERP exports: CSV lines grouped into documents by invoice, renamed
// columns, values passed on as the export has them; JSON Lines documents; unusable rows reported.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, parseColumnMap } from '../../../cli/src/column-map';
import { csvDocuments, type ExportDocument, jsonLinesDocuments } from '../../../cli/src/export-reader';
import { sampleExport } from '../../../scripts/sample-export';

const dir = mkdtempSync(join(tmpdir(), 'stx-export-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const all = async (source: AsyncGenerator<ExportDocument>) => {
  const docs: ExportDocument[] = [];
  for await (const d of source) docs.push(d);
  return docs;
};

describe('column map', () => {
  it('defaults to field names, renames with --map, and refuses unknown fields', () => {
    expect(DEFAULT_COLUMNS.invoice).toBe('invoice_number');
    expect(parseColumnMap('invoice=Inv No, amount = Net').invoice).toBe('Inv No');
    expect(parseColumnMap('invoice=Inv No, amount = Net').amount).toBe('Net');
    expect(() => parseColumnMap('total=Gross')).toThrow(/unknown field "total"/);
    expect(() => parseColumnMap('amount')).toThrow(/not field=Header/);
  });
});

describe('CSV exports', () => {
  it('passes an ERP’s collected_tax column on with a commit, never with a calculation', async () => {
    const path = file(
      'collected.csv',
      ['invoice_number,ship_to_zip,collected_tax,line_number,amount', 'C-1,10001,8.88,1,100', 'C-1,10001,8.88,2,20', 'C-2,10001,,1,5'].join('\n'),
    );
    const [c1, c2] = await all(csvDocuments(path, DEFAULT_COLUMNS, 'commit'));
    expect(c1?.request).toMatchObject({ code: 'C-1', collected_tax: 8.88 });
    expect(c2?.request).not.toHaveProperty('collected_tax');
    const [quote] = await all(csvDocuments(path, DEFAULT_COLUMNS, 'calculate'));
    expect(quote?.request).not.toHaveProperty('collected_tax');
    expect(parseColumnMap('collected_tax=Tax Collected').collected_tax).toBe('Tax Collected');
  });

  it('carries every document and line option a cell can hold: Illinois posture, origin, flags', async () => {
    const path = file(
      'options.csv',
      [
        'invoice_number,ship_to_state,ship_to_zip,seller_class,ship_from_state,ship_from_zip,strict,accuracy_policy,line_number,amount,tax_included,line_exemption_certificate_id',
        'IL-1,IL,60601,remote,TX,78701,yes,deterministic,1,10,false,',
        'IL-1,IL,60601,remote,TX,78701,yes,deterministic,2,5,TRUE,cert_1',
        'X-2,NY,10001,,,,maybe,,1,3,,',
      ].join('\n'),
    );
    const [il, x] = await all(csvDocuments(path, DEFAULT_COLUMNS, 'commit'));
    expect(il?.request).toEqual({
      code: 'IL-1',
      ship_to: { zip: '60601', state: 'IL' },
      ship_from: { zip: '78701', state: 'TX' },
      seller_class: 'remote',
      strict: true,
      accuracy_policy: 'deterministic',
      lines: [
        { number: '1', amount: 10, tax_included: false },
        { number: '2', amount: 5, tax_included: true, exemption_certificate_id: 'cert_1' },
      ],
    });
    // A flag that is no yes or no is sent as written: the API names the field.
    expect(x?.request).toMatchObject({ strict: 'maybe' });
    expect(x?.request).not.toHaveProperty('ship_from');
  });

  it('groups lines by invoice in first-seen order, with document fields from the first row', async () => {
    const path = file(
      'a.csv',
      [
        'Inv No,date,ship_to_state,ship_to_zip,line_number,tax_code,quantity,Net',
        'A-1,2026-04-01,NY,10001,1,,2,10.50',
        'B-2,2026-04-02,TX,78701,1,40030,1,3',
        'A-1,2026-04-01,NY,10001,2,,1,n/a',
      ].join('\n'),
    );
    const docs = await all(csvDocuments(path, parseColumnMap('invoice=Inv No,amount=Net'), 'commit'));
    expect(docs.map((d) => d.reference)).toEqual(['A-1', 'B-2']);
    expect(docs[0]!.request).toEqual({
      code: 'A-1',
      date: '2026-04-01',
      ship_to: { state: 'NY', zip: '10001' },
      lines: [
        { number: '1', quantity: 2, amount: 10.5 },
        // Not a number: sent as written, so the API's error names the field.
        { number: '2', quantity: 1, amount: 'n/a' },
      ],
    });
    expect(docs[1]!.request).toMatchObject({ lines: [{ tax_code: '40030', amount: 3 }] });
  });

  it('reports a row without an invoice number instead of guessing, and refuses an export without the column', async () => {
    const docs = await all(csvDocuments(file('b.csv', 'invoice_number,ship_to_zip,amount\n,10001,5\nX,10001,1\n'), DEFAULT_COLUMNS, 'calculate'));
    expect(docs).toEqual([
      { reference: 'row-2', request: null, problem: 'row 2 has no invoice_number' },
      { reference: 'X', request: { ship_to: { zip: '10001' }, lines: [{ amount: 1 }] } },
    ]);
    await expect(all(csvDocuments(file('c.csv', 'inv,amount\n1,2\n'), DEFAULT_COLUMNS, 'calculate'))).rejects.toThrow(/no column "invoice_number"/);
  });

  it('reads the generated sample: every invoice once, its invalid rows included', async () => {
    const docs = await all(csvDocuments(file('sample.csv', sampleExport(100, { invalidEvery: 25 })), DEFAULT_COLUMNS, 'calculate'));
    const usable = docs.filter((d) => d.request).map((d) => d.reference);
    // INV-000100 lost its first row's invoice number: that row is reported, its other lines still make a document.
    expect(usable).toEqual(Array.from({ length: 100 }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`));
    expect(docs.filter((d) => !d.request).map((d) => d.problem)).toEqual([expect.stringMatching(/has no invoice_number/)]);
  });
});

describe('JSON Lines exports', () => {
  it('takes each line as a document, its reference from reference_id or code, and reports lines that are not objects', async () => {
    const path = file(
      'd.jsonl',
      ['{"reference_id":"r1","ship_to":{"zip":"10001"},"lines":[{"amount":1}]}', '', '{"code":"C-2","lines":[]}', '[1]', 'nope'].join('\n'),
    );
    const docs = await all(jsonLinesDocuments(path));
    expect(docs.map((d) => [d.reference, d.problem ?? null])).toEqual([
      ['r1', null],
      ['C-2', null],
      ['line-4', 'line 4 is not a JSON object'],
      ['line-5', 'line 5 is not JSON'],
    ]);
    expect(docs[0]!.request).toEqual({ ship_to: { zip: '10001' }, lines: [{ amount: 1 }] });
  });
});
