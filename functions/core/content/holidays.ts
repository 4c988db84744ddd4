// Sales-tax holidays (data/sales_tax_holidays.csv): which are in force on a date, and the rule a
// line exempted by one names.
import type { Category, ContentArtifact, Holiday, TaxabilityBasis } from './artifact';

/** A state's holidays, with those in force on the last date asked (most states have none). */
export interface StateHolidays {
  readonly all: readonly Holiday[];
  lastDate: string | null;
  inForce: readonly Holiday[];
}

const NO_HOLIDAYS: readonly Holiday[] = [];

/** Each state's holidays, in the artifact's order (most states have none). */
export function holidaysByState(artifact: ContentArtifact): Map<string, StateHolidays> {
  const byState = new Map<string, StateHolidays>();
  for (const h of artifact.holidays) byState.set(h.state, { all: [...(byState.get(h.state)?.all ?? []), h], lastDate: null, inForce: NO_HOLIDAYS });
  return byState;
}

/** The holidays of a state in force on `date`. */
export function holidaysIn(ofState: StateHolidays | undefined, date: string): readonly Holiday[] {
  if (ofState === undefined) return NO_HOLIDAYS;
  // The answer for the last date asked is kept per state: most documents are of today.
  if (ofState.lastDate !== date) {
    ofState.lastDate = date;
    ofState.inForce = ofState.all.filter((h) => h.from <= date && date <= h.to);
  }
  return ofState.inForce;
}

/** The rule of a sales-tax holiday for a line of `category`. */
export function holidayBasis(holiday: Holiday, category: Category): TaxabilityBasis {
  return {
    state: holiday.state,
    class: category,
    treatment: 'holiday_exempt',
    effective_from: holiday.from,
    citation: holiday.source,
    summary: `${holiday.name} (${holiday.from} to ${holiday.to}): exempt from ${holiday.localWaived ? 'state and local' : 'state'} sales tax.`,
  };
}
