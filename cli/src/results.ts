// The results CSV: one row per document (reference, status, total tax, error code, target and
// message), appended batch by batch so a resumed run adds to it.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import type { BatchItemResult } from './batch-api';

const HEADER = ['reference_id', 'status', 'total_tax', 'error_code', 'error_target', 'error_message'];

export function startResults(path: string, fresh: boolean): void {
  if (fresh || !existsSync(path)) writeFileSync(path, stringify([HEADER]));
}

export function appendResults(path: string, items: readonly BatchItemResult[]): void {
  appendFileSync(
    path,
    stringify(items.map((i) => [i.reference_id, i.status, i.total_tax ?? '', i.error?.code ?? '', i.error?.target ?? '', i.error?.message ?? ''])),
  );
}
