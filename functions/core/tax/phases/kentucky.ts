// Phase 8 (ky_historical_window_unsupported, contract §2.5): Kentucky exempts food and prescription
// drugs, but the service can ground those exemptions only from the dates the content names.
import type { TaxContent } from '../../content/tax-content';
import { detail, refuseAny } from '../refusals';
import type { Products } from './products';

/** `kentucky`: some line ships to Kentucky (noted while planning; most documents look no further). */
export function checkKentuckyWindows({ lines, kentucky }: Pick<Products, 'lines' | 'kentucky'>, date: string, content: TaxContent): void {
  if (!kentucky) return;
  const { groundableFrom } = content.artifact.kentucky;
  refuseAny(
    'ky_historical_window_unsupported',
    lines
      .filter(({ plan }) => plan.state === 'KY' && date < (groundableFrom[plan.category] ?? ''))
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
