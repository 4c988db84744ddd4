// Kentucky exempts food and prescription drugs, but the service can ground those exemptions only
// from the dates the content names (data/README.md, "5. Kentucky"): a document dated earlier is
// refused with ky_historical_window_unsupported rather than taxed on a guess.
import type { TaxContent } from '../../content/tax-content';
import { detail, refuseAny } from '../refusals';
import type { LinePlan, StateModule } from './state-module';

const KY = 'KY';

function checkLines(lines: readonly { readonly plan: LinePlan }[], date: string, content: TaxContent): void {
  const { groundableFrom } = content.artifact.kentucky;
  refuseAny(
    'ky_historical_window_unsupported',
    lines
      .filter(({ plan }) => plan.state === KY && date < (groundableFrom[plan.category] ?? ''))
      .map(({ plan }) =>
        detail(
          'ky_historical_window_unsupported',
          `lines.${plan.index}`,
          `Kentucky exempts this product class, but the exemption can be grounded only from ${groundableFrom[plan.category]}.`,
        ),
      ),
    'Kentucky exempts some lines but the date precedes the earliest groundable date; see details.',
  );
}

export const kentucky: StateModule = { state: KY, checkLines };
