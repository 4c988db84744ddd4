// The port of return summaries: running totals per tenant, state, month and location.
import type { SummaryKey, SummaryTotals } from './summary';

export interface SummaryRepository {
  /** The totals of one summary (zero when nothing was ever committed there). */
  read(key: SummaryKey): Promise<SummaryTotals>;
}
