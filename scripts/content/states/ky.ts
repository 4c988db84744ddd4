// Kentucky: the state rate's history before the ZIP tables (kentucky_rate_history.csv,
// data/README.md §5), and the dates from which the content can ground the state's exemptions of
// food and prescription drugs (an earlier date is refused with ky_historical_window_unsupported).
import { toMicro } from '../files/csv';
import type { StateBuild } from './state-build';

const EXACT_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const kentucky = (): StateBuild => ({
  state: 'KY',
  rateHistory(build) {
    // Rows dated by year only are the history's narrative, not periods the content can answer for.
    const periods = build
      .load('kentucky_rate_history.csv', ['effective_from', 'effective_to', 'state_rate', 'event', 'source_kind'])
      .filter((r) => EXACT_DATE.test(r.effective_from))
      .map((r) => ({
        from: r.effective_from,
        to: r.effective_to || null,
        rate: toMicro(r.state_rate),
        source: build.sourceId(`Kentucky sales tax history: ${r.event}`, r.source_kind),
      }))
      .sort((a, b) => a.from.localeCompare(b.from));
    // A row that only widens the base at the same rate does not start a new rate period.
    return periods.filter((p, i) => i === 0 || p.rate !== periods[i - 1]!.rate);
  },
  fields: {
    after: 'boundaries',
    read: () => ({ kentucky: { groundableFrom: { food_groceries: '2007-07-01', prescription_drugs: '2009-07-01' } } }),
  },
});
