// What economic nexus needs of storage: the recorded sales (the month totals, and the return
// summaries' day sales of the months a measure cuts), the
// sales history, the alerts sent once each, and the coming tests the sweeper is to make.
import type { EventDraft } from '../events/catalogue';
import type { HistoryRecord } from './history';
import type { DatedTotal } from './measure';
import type { MonthTotal } from './month-sales';

export interface NexusRepository {
  /** The day sales of committed documents, per state, over the months (YYYY-MM) asked of each. */
  recorded(months: ReadonlyMap<string, readonly string[]>): Promise<Map<string, DatedTotal[]>>;
  /**
   * The month totals of the quarters (`YYYY-Qn`) asked, per state; null for a state whose totals
   * could not be made sure of (its days are then read).
   */
  monthSales(quarters: readonly string[], states: readonly string[]): Promise<Map<string, MonthTotal[] | null>>;
  /** Every history record of the tenant, oldest first. */
  history(): Promise<HistoryRecord[]>;
  /** Stores a record unless one has its id; answers the record stored under that id. */
  putHistory(record: HistoryRecord): Promise<HistoryRecord>;
  getHistory(id: string): Promise<HistoryRecord | null>;
  /** False where no record has the id. */
  deleteHistory(id: string): Promise<boolean>;
  /** Registers the state's test on `on` for the sweeper (at most one entry per state and day). */
  scheduleTest(state: string, on: string, since: string): Promise<void>;
  /** Writes the event unless an alert of this key was written before, in one atomic write; whether it was written. */
  alertOnce(key: string, event: EventDraft): Promise<boolean>;
}
