// Phase 7 (rate_unavailable): every destination outside Illinois has a rate on the document's date.
// Illinois destinations go on unchecked: the Illinois phase locates them, and inside Illinois a
// missing rate is never rate_unavailable (contract §2.4).
import type { ErrorDetail } from '../../errors';
import type { TaxContent } from '../../content/tax-content';
import { detail, refuseAny } from '../refusals';
import { hasRateOn } from '../sourcing';
import type { Destination, RatedDestination } from './addresses';
import type { LinePlan, Products } from './products';

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

export function checkRateAvailability({ lines, unrated }: Pick<Products, 'lines' | 'unrated'>, date: string, content: TaxContent): readonly CheckedLine[] {
  // From coverage on, only a ZIP without a rate row lacks a rate (noted while planning): most documents need no look.
  if (!unrated && date >= content.coverageFrom) return lines as readonly CheckedLine[];
  // Created on the first destination without a rate (most documents have none).
  let unavailable: Map<Destination, ErrorDetail> | undefined;
  for (const { route, plan, dest } of lines) {
    if (route === 'illinois') continue;
    if (dest.kind === 'unrated') (unavailable ??= new Map()).set(dest, detail('rate_unavailable', dest.target, 'No rate exists for this state and ZIP code.'));
    else if (!hasRateOn(content, plan.state, date))
      (unavailable ??= new Map()).set(
        dest,
        detail('rate_unavailable', dest.target, `No rate exists for this state and ZIP code on ${date} (rates are covered from ${content.coverageFrom}).`),
      );
  }
  if (unavailable) refuseAny('rate_unavailable', [...unavailable.values()], 'No rate exists for some destinations on this date; see details.');
  // Every line outside Illinois now has a rated destination: the same lines, under their narrower type.
  return lines as readonly CheckedLine[];
}
