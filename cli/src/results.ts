// The results CSV: one row per document: reference, status, total tax and, for a failure, its code,
// the first field it names, its message, every field's problem and its request id, as the
// console's download has them, so a person can act on a row without calling the API.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import type { BatchItemResult } from './batch-api';

const HEADER = ['reference_id', 'status', 'total_tax', 'error_code', 'error_target', 'error_message', 'error_details', 'request_id'];

/** `target: message (code)` of each field, `; `-separated. */
const detailsOf = (item: BatchItemResult): string => (item.error?.details ?? []).map((d) => `${d.target}: ${d.message} (${d.code})`).join('; ');

export function startResults(path: string, fresh: boolean): void {
  if (fresh || !existsSync(path)) writeFileSync(path, stringify([HEADER]));
}

export function appendResults(path: string, items: readonly BatchItemResult[]): void {
  appendFileSync(
    path,
    stringify(
      items.map((i) => [
        i.reference_id,
        i.status,
        i.total_tax ?? '',
        i.error?.code ?? '',
        i.error?.details[0]?.target ?? '',
        i.error?.message ?? '',
        detailsOf(i),
        i.error?.request_id ?? '',
      ]),
    ),
  );
}
