// When collection must start after a crossing, in each state's own terms (the data's
// `obligation_starts`, a closed vocabulary: data/README.md names the source of each row's value).
import { addDays, dateOf, firstOfMonth, januaryFirst, yearOf } from './dates';
import type { ObligationStart } from './thresholds';

/** The first day of collection for a crossing on `crossedOn` (the day met, or the day of the test that met it). */
export function obligationFrom(start: ObligationStart, crossedOn: string): string {
  switch (start) {
    case 'same_day':
      return crossedOn;
    case 'next_day':
      return addDays(crossedOn, 1);
    case 'first_of_next_month':
      return firstOfMonth(crossedOn, 1);
    case 'first_of_second_month':
      return firstOfMonth(crossedOn, 2);
    case 'first_of_third_month':
      return firstOfMonth(crossedOn, 3);
    case 'first_of_fourth_month':
      return firstOfMonth(crossedOn, 4);
    case 'first_of_month_after_30_days': {
      // The first month that begins at least 30 days after the crossing.
      const day = addDays(crossedOn, 30);
      return day.endsWith('-01') ? day : firstOfMonth(day, 1);
    }
    case 'first_of_month_within_60_days':
      // The last month that begins at most 60 days after the crossing (a 60-day span always holds one).
      return firstOfMonth(addDays(crossedOn, 60));
    case 'first_of_month_after_90_days':
      return firstOfMonth(addDays(crossedOn, 90), 1);
    case 'within_60_days':
      return addDays(crossedOn, 60);
    case 'earlier_of_60_days_or_next_year': {
      const sixty = addDays(crossedOn, 60);
      const nextYear = januaryFirst(yearOf(crossedOn) + 1);
      return sixty < nextYear ? sixty : nextYear;
    }
    case 'next_calendar_year':
      return januaryFirst(yearOf(crossedOn) + 1);
    case 'april_1_next_year':
      return dateOf(yearOf(crossedOn) + 1, 4, 1);
  }
}
