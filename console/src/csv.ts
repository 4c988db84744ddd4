// CSV export of a batch's results (RFC 4180: CRLF line ends, fields quoted when they hold a comma,
// quote or line break). Written here rather than bundling a CSV library: the quoting rule is the
// whole job, and csv-stringify's browser build alone would weigh more than the console's own code.
import type { Schema } from '@salestax/client';

type Field = string | number | boolean | null | undefined;

/**
 * One field. Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is
 * prefixed with `'` (OWASP's CSV-injection advice); numbers, negative amounts included, stay numbers.
 */
export function csvField(value: Field): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Field[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

export const BATCH_RESULTS_HEADER = [
  'reference_id',
  'operation',
  'status',
  'transaction_code',
  'total_amount',
  'total_tax',
  'error_code',
  'error_message',
  'error_details',
  'request_id',
] as const;

/** One row per item, in the order given (the API's: submission order). */
export function batchResultsCsv(items: readonly Schema<'BatchItem'>[]): string {
  return toCsv(
    BATCH_RESULTS_HEADER,
    items.map((item) => {
      const base = [item.reference_id, item.operation, item.status];
      if (item.status === 'succeeded') {
        const code = item.result.object === 'transaction' ? item.result.code : null;
        return [...base, code, item.result.total_amount, item.result.total_tax, null, null, null, null];
      }
      if (item.status === 'failed') {
        const details = (item.error.details ?? []).map((d) => `${d.target}: ${d.code}`).join('; ');
        return [...base, null, null, null, item.error.code, item.error.message, details || null, item.error.request_id];
      }
      return [...base, null, null, null, null, null, null, null];
    }),
  );
}
