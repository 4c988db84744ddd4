// The payload of `batch.completed` / `batch.failed` (what webhook receivers get as `data`).
export interface BatchEventData {
  readonly id: string;
  readonly status: 'pending' | 'completed' | 'failed';
  readonly item_count: number;
  readonly succeeded_count: number;
  readonly failed_count: number;
  readonly created_at: string;
  readonly completed_at: string | null;
}
