// Phase 7 (rate_unavailable): every destination has a rate on the document's date, but those of
// states whose module locates its own lines: they go on unchecked, for the module to locate and
// refuse in its own terms (a missing rate there is never rate_unavailable).

import type { TaxContent } from '../../content/tax-content';
import type { ErrorDetail } from '../../errors';
import { detail, refuseAny } from '../refusals';
import { hasRateOn } from '../sourcing';
import type { CheckedLine } from '../states/state-module';
import type { Destination } from './addresses';
import type { Products } from './products';

export function checkRateAvailability({ lines, unrated }: Pick<Products, 'lines' | 'unrated'>, date: string, content: TaxContent): readonly CheckedLine[] {
  // From coverage on, only a ZIP without a rate row lacks a rate (noted while planning): most documents need no look.
  if (!unrated && date >= content.coverageFrom) return lines as readonly CheckedLine[];
  // Created on the first destination without a rate (most documents have none).
  let unavailable: Map<Destination, ErrorDetail> | undefined;
  for (const { route, plan, dest } of lines) {
    if (route === 'state') continue;
    if (dest.kind === 'unrated') (unavailable ??= new Map()).set(dest, detail('rate_unavailable', dest.target, 'No rate exists for this state and ZIP code.'));
    else if (!hasRateOn(content, plan.state, date))
      (unavailable ??= new Map()).set(
        dest,
        detail('rate_unavailable', dest.target, `No rate exists for this state and ZIP code on ${date} (rates are covered from ${content.coverageFrom}).`),
      );
  }
  if (unavailable) refuseAny('rate_unavailable', [...unavailable.values()], 'No rate exists for some destinations on this date; see details.');
  // Every line its state's module does not locate now has a rated destination: the same lines, under their narrower type.
  return lines as readonly CheckedLine[];
}
