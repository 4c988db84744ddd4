// The port of return summaries: running totals per tenant, state, month and location.
import type { SummaryKey, SummaryTotals } from './summary';

export interface SummaryRepository {
  /** The totals of each summary, in order (zero where nothing was ever committed); one read however many. */
  read(keys: readonly SummaryKey[]): Promise<SummaryTotals[]>;
}
