// The nightly ERP load: documents from an export, chunked into batches of at most the service's
// item limit, submitted at the pace of the key's batch bucket with a stable Idempotency-Key each,
// polled with backoff until finished (a pending batch is never resubmitted), and the results of
// every document written to one CSV. A state file makes it resumable: killed and started again, it
// polls what it had submitted and submits only the rest (the same Idempotency-Key makes even a
// submission whose answer was lost return the same batch).
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BatchApi, BatchItemResult } from './batch-api';
import type { ColumnMap } from './column-map';
import { csvDocuments, type ExportDocument, jsonLinesDocuments } from './export-reader';
import { backoff, Pacer, sleep } from './pacing';
import type { Progress } from './progress';
import { appendResults, startResults } from './results';
import { type LoaderState, type PlannedBatch, readState, writeState } from './state-file';

export interface LoadOptions {
  readonly input: string;
  readonly format: 'csv' | 'jsonl';
  readonly columns: ColumnMap;
  readonly operation: 'calculate' | 'commit';
  readonly resultsPath: string;
  readonly statePath: string;
  /** Items per batch; at most the service's limit. */
  readonly batchSize?: number | undefined;
  /** Submissions retried after 429 before the load gives up. */
  readonly maxThrottleRetries?: number;
}

export interface LoadSummary {
  readonly documents: number;
  readonly batches: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly rejected: number;
  readonly seconds: number;
}

async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readDocuments(options: LoadOptions): Promise<ExportDocument[]> {
  const docs: ExportDocument[] = [];
  const source = options.format === 'csv' ? csvDocuments(options.input, options.columns, options.operation) : jsonLinesDocuments(options.input);
  for await (const doc of source) docs.push(doc);
  return docs;
}

function plan(fingerprint: string, docs: readonly ExportDocument[], size: number): LoaderState {
  const seen = new Set<string>();
  const rejected: LoaderState['rejected'] = [];
  const accepted: string[] = [];
  for (const doc of docs) {
    if (!doc.request) rejected.push({ reference: doc.reference, problem: doc.problem ?? 'unusable' });
    else if (seen.has(doc.reference)) rejected.push({ reference: doc.reference, problem: 'the export repeats this reference' });
    else {
      seen.add(doc.reference);
      accepted.push(doc.reference);
    }
  }
  const batches: PlannedBatch[] = [];
  for (let i = 0; i < accepted.length; i += size)
    batches.push({ index: batches.length, idempotencyKey: `stx-load-${fingerprint.slice(0, 32)}-${batches.length}`, references: accepted.slice(i, i + size) });
  return { fingerprint, batches, rejected };
}

export async function load(api: BatchApi, options: LoadOptions, makeDisplay: (totalItems: number) => Progress): Promise<LoadSummary> {
  const started = Date.now();
  const limits = await api.limits();
  const size = Math.min(options.batchSize ?? limits.maxItems, limits.maxItems);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([await fileHash(options.input), options.format, options.columns, options.operation, size]))
    .digest('hex');
  const docs = await readDocuments(options);
  const requests = new Map(docs.map((d) => [d.reference, d.request]));
  // The default state directory may not exist yet; nor may a --state elsewhere.
  mkdirSync(dirname(options.statePath), { recursive: true });
  const resumed = readState(options.statePath, fingerprint);
  const state = resumed ?? plan(fingerprint, docs, size);
  const display = makeDisplay(state.batches.reduce((n, b) => n + b.references.length, 0));
  if (resumed) display.log(`resuming: ${state.batches.filter((b) => b.id).length} of ${state.batches.length} batches were submitted before`);
  writeState(options.statePath, state);

  const total = state.batches.reduce((n, b) => n + b.references.length, 0);
  const counts = { submitted: 0, finished: 0, failed: 0 };
  const pacer = new Pacer(Math.ceil((limits.windowSeconds * 1000) / limits.submissionsPerWindow));
  let submissions: Promise<unknown> = Promise.resolve();

  const submit = async (batch: PlannedBatch): Promise<string> => {
    const items = batch.references.map((reference) => ({ reference_id: reference, operation: options.operation, request: requests.get(reference) }));
    for (let attempt = 0; ; attempt++) {
      await pacer.turn();
      const answer = await api.submit(items, batch.idempotencyKey);
      if (answer.ok) return answer.id;
      if (attempt >= (options.maxThrottleRetries ?? 10)) throw new Error(`batch ${batch.index}: still throttled after ${attempt + 1} submissions`);
      display.log(`batch ${batch.index}: 429, retrying after ${answer.retryAfterSeconds}s`);
      pacer.throttled(answer.retryAfterSeconds);
    }
  };

  const run = async (batch: PlannedBatch): Promise<void> => {
    if (!batch.id) {
      // One submission at a time, in plan order, at the bucket's pace.
      const turn = submissions.then(() => submit(batch));
      submissions = turn.catch(() => undefined);
      batch.id = await turn;
      writeState(options.statePath, state);
    }
    counts.submitted += batch.references.length;
    display.update(counts);
    const delays = backoff();
    for (;;) {
      const status = await api.status(batch.id);
      if (status.status !== 'pending') {
        batch.status = status.status;
        counts.finished += status.item_count;
        counts.failed += status.failed_count;
        writeState(options.statePath, state);
        display.update(counts);
        return;
      }
      await sleep(delays.next().value as number);
    }
  };

  await Promise.all(state.batches.map((batch) => run(batch)));

  // The results file is written whole at the end from the finished batches (kept 30 days by the
  // service), so a resumed run never duplicates or loses a row.
  startResults(options.resultsPath, true);
  let succeeded = 0;
  let failed = 0;
  for (const batch of state.batches) {
    const items: BatchItemResult[] = await api.results(batch.id!);
    succeeded += items.filter((i) => i.status === 'succeeded').length;
    failed += items.filter((i) => i.status !== 'succeeded').length;
    appendResults(options.resultsPath, items);
  }
  appendResults(
    options.resultsPath,
    state.rejected.map((r) => ({ reference_id: r.reference, status: 'failed' as const, error: { code: 'export_rejected', message: r.problem, details: [] } })),
  );
  writeState(options.statePath, state);
  display.stop();
  return {
    documents: total + state.rejected.length,
    batches: state.batches.length,
    succeeded,
    failed,
    rejected: state.rejected.length,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
