// Phase 7 (rate_unavailable): every destination outside Illinois has a rate on the document's date.
// Illinois destinations go on unchecked: the Illinois phase locates them, and inside Illinois a
// missing rate is never rate_unavailable (contract §2.4).
import type { ErrorDetail } from '../../errors';
import type { TaxContent } from '../../content/tax-content';
import { detail, refuseAny } from '../refusals';
import { hasRateOn } from '../sourcing';
import type { Destination, RatedDestination } from './addresses';
import type { LinePlan, PlannedLine } from './products';

export interface RatedLine {
  readonly route: 'rated';
  readonly plan: LinePlan;
  readonly dest: RatedDestination;
}

/** A line to Illinois, whose destination the Illinois phase has yet to locate. */
export interface IllinoisLine {
  readonly route: 'illinois';
  readonly plan: LinePlan;
  readonly dest: Destination;
}

export type CheckedLine = RatedLine | IllinoisLine;

export function checkRateAvailability(lines: readonly PlannedLine[], date: string, content: TaxContent): CheckedLine[] {
  // Created on the first destination without a rate (most documents have none).
  let unavailable: Map<Destination, ErrorDetail> | undefined;
  const checked: CheckedLine[] = [];
  for (const { plan, dest } of lines) {
    if (plan.state === 'IL') checked.push({ route: 'illinois', plan, dest });
    else if (dest.kind === 'unrated')
      (unavailable ??= new Map()).set(dest, detail('rate_unavailable', dest.target, 'No rate exists for this state and ZIP code.'));
    else if (!hasRateOn(content, plan.state, date))
      (unavailable ??= new Map()).set(
        dest,
        detail('rate_unavailable', dest.target, `No rate exists for this state and ZIP code on ${date} (rates are covered from ${content.coverageFrom}).`),
      );
    else checked.push({ route: 'rated', plan, dest });
  }
  if (unavailable) refuseAny('rate_unavailable', [...unavailable.values()], 'No rate exists for some destinations on this date; see details.');
  return checked;
}
