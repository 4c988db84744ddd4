// Phase 2 (invalid_request): options a line cannot combine. A tax-included amount already holds its
// tax, so a discount on it would leave the tax inside it undefined.
import type { DocumentInput, LineInput } from '../input';
import { detail, refuseAny } from '../refusals';

export function checkOptions(doc: DocumentInput): void {
  // Details are built only for a document that fails (this runs on every line of every document).
  if (!doc.lines.some(combinesTaxIncludedAndDiscount)) return;
  refuseAny(
    'invalid_request',
    doc.lines.flatMap((line, i) =>
      combinesTaxIncludedAndDiscount(line)
        ? [detail('invalid_request', `lines.${i}.tax_included`, 'tax_included cannot be combined with a discount on the same line.')]
        : [],
    ),
    'Some lines combine tax_included with a discount; see details.',
  );
}

const combinesTaxIncludedAndDiscount = (line: LineInput): boolean => line.tax_included === true && (line.discount ?? 0) > 0;
