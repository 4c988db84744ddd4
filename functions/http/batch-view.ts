// What the batch endpoints answer: the batch, and its items with each failed item's error as the
// envelope's inner object (rendered by error-response.ts, like every error).
import { type BatchHeader, type BatchItem, batchView, type ChunkTally, itemView } from '../core/batches/batch';
import { errorBody } from './error-response';

/** Results one response carries at most: Lambda answers up to 6 MB. */
export const RESPONSE_BUDGET_BYTES = 5 * 1024 * 1024;

export function batchItemView(batch: BatchHeader, item: BatchItem) {
  const view = itemView(batch, item);
  if (view.status !== 'failed') return view;
  const { code, message, request_id, details } = view.error;
  return { ...view, error: errorBody(code, message, request_id, details).error };
}

export function batchWithItems(batch: BatchHeader, tallies: readonly ChunkTally[], items: readonly BatchItem[], next: string | null) {
  return { ...batchView(batch, tallies), items: items.map((item) => batchItemView(batch, item)), items_next_cursor: next };
}
