// Reads an ERP export into documents: CSV (one row per invoice line, grouped by the invoice
// column, streamed through csv-parse) or JSON Lines (one document a line). Values are passed on as
// the export has them (numbers converted where they are numbers), so the API judges each document
// and its error names the field, exactly as it would for a direct call.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import type { ColumnMap } from './column-map';

export interface ExportDocument {
  /** The invoice number (CSV) or the document's `code` / `reference_id` (JSON Lines). */
  readonly reference: string;
  /** The request of the item; null when the export itself is unusable for this document. */
  readonly request: Record<string, unknown> | null;
  /** Why the export could not make a request of it (reported without a submission). */
  readonly problem?: string;
}

const numberOr = (raw: string): unknown => {
  const trimmed = raw.trim();
  return trimmed !== '' && /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};
const present = (raw: string | undefined): raw is string => raw !== undefined && raw.trim() !== '';
// A spreadsheet's ways of saying yes and no; anything else is passed on for the API to name.
const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, false: false, yes: true, no: false, '1': true, '0': false };
const flagOr = (raw: string): unknown => BOOLEANS[raw.trim().toLowerCase()] ?? raw.trim();

function lineOf(row: Record<string, string>, columns: ColumnMap): Record<string, unknown> {
  const line: Record<string, unknown> = {};
  const text = (field: 'line_number' | 'item_code' | 'tax_code' | 'description' | 'line_exemption_certificate_id', key: string) => {
    if (present(row[columns[field]])) line[key] = row[columns[field]]!.trim();
  };
  text('line_number', 'number');
  text('item_code', 'item_code');
  text('tax_code', 'tax_code');
  text('description', 'description');
  text('line_exemption_certificate_id', 'exemption_certificate_id');
  for (const field of ['quantity', 'amount', 'discount'] as const) if (present(row[columns[field]])) line[field] = numberOr(row[columns[field]]!);
  if (present(row[columns.tax_included])) line.tax_included = flagOr(row[columns.tax_included]!);
  // A line without an amount is sent without one: the API names the missing field.
  return line;
}

function addressOf(value: (field: keyof ColumnMap) => string | undefined, prefix: 'ship_to' | 'ship_from'): Record<string, unknown> {
  const address: Record<string, unknown> = {};
  for (const part of ['line1', 'city', 'state', 'zip', 'country'] as const) {
    const cell = value(`${prefix}_${part}`);
    if (cell) address[part] = cell;
  }
  return address;
}

const DOCUMENT_TEXTS = [
  'date',
  'customer_code',
  'location_code',
  'currency',
  'exemption_certificate_id',
  'seller_class',
  'nexus_mode',
  'accuracy_policy',
  'minimum_address_precision',
] as const;

function documentOf(row: Record<string, string>, columns: ColumnMap, operation: 'calculate' | 'commit', invoice: string): Record<string, unknown> {
  const value = (field: keyof ColumnMap) => (present(row[columns[field]]) ? row[columns[field]]!.trim() : undefined);
  // A document without a ZIP is sent with an empty one: the API names the field.
  const doc: Record<string, unknown> = { ship_to: { zip: '', ...addressOf(value, 'ship_to') }, lines: [] };
  const from = addressOf(value, 'ship_from');
  if (Object.keys(from).length > 0) doc.ship_from = from;
  if (operation === 'commit') doc.code = invoice;
  for (const field of DOCUMENT_TEXTS) if (value(field)) doc[field] = value(field);
  for (const field of ['require_known', 'strict'] as const) if (value(field)) doc[field] = flagOr(value(field)!);
  // What the ERP says it collected is a commit's only: a calculation has no such field.
  const collected = value('collected_tax');
  if (operation === 'commit' && collected) doc.collected_tax = numberOr(collected);
  return doc;
}

/** Documents of a CSV export in the order their invoices first appear. */
export async function* csvDocuments(path: string, columns: ColumnMap, operation: 'calculate' | 'commit'): AsyncGenerator<ExportDocument> {
  const parser = createReadStream(path).pipe(parse({ columns: true, skip_empty_lines: true, trim: true, bom: true, relax_column_count: true }));
  const byInvoice = new Map<string, Record<string, unknown>>();
  let row = 1;
  let headerChecked = false;
  for await (const record of parser as AsyncIterable<Record<string, string>>) {
    row++;
    if (!headerChecked) {
      headerChecked = true;
      if (!(columns.invoice in record))
        throw new Error(`the export has no column "${columns.invoice}" (the invoice number; rename it with --map invoice=Header)`);
    }
    const invoice = record[columns.invoice]?.trim();
    if (!invoice) {
      yield { reference: `row-${row}`, request: null, problem: `row ${row} has no ${columns.invoice}` };
      continue;
    }
    let doc = byInvoice.get(invoice);
    if (!doc) byInvoice.set(invoice, (doc = documentOf(record, columns, operation, invoice)));
    (doc.lines as unknown[]).push(lineOf(record, columns));
  }
  for (const [invoice, request] of byInvoice) yield { reference: invoice, request };
}

/** Documents of a JSON Lines export: each line a request object. */
export async function* jsonLinesDocuments(path: string): AsyncGenerator<ExportDocument> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  for await (const text of lines) {
    n++;
    if (text.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      yield { reference: `line-${n}`, request: null, problem: `line ${n} is not JSON` };
      continue;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      yield { reference: `line-${n}`, request: null, problem: `line ${n} is not a JSON object` };
      continue;
    }
    const doc = parsed as Record<string, unknown>;
    const reference = typeof doc.reference_id === 'string' ? doc.reference_id : typeof doc.code === 'string' ? doc.code : `line-${n}`;
    const { reference_id: _ref, ...request } = doc;
    yield { reference, request };
  }
}
