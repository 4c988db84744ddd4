// Phase 2 (invalid_request): options a line cannot combine. A tax-included amount already holds its
// tax, so a discount on it would leave the tax inside it undefined.
import type { DocumentInput } from '../input';
import { detail, refuseAny } from '../refusals';

export function checkOptions(doc: DocumentInput): void {
  refuseAny(
    'invalid_request',
    doc.lines.flatMap((line, i) =>
      line.tax_included && (line.discount ?? 0) > 0
        ? [detail('invalid_request', `lines.${i}.tax_included`, 'tax_included cannot be combined with a discount on the same line.')]
        : [],
    ),
    'Some lines combine tax_included with a discount; see details.',
  );
}
