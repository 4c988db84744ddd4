// Phases 5-6 (address_precision_requirement_not_met, accuracy_requirement_not_met): the document
// may demand destinations more precise than ZIP level, or exactly one set of jurisdictions each
// (no ZIP that spans several rate areas), and rates current on the document's date (content-age.ts: a deterministic answer
// refuses rates more than one quarter older than the document). Checked over the destinations the
// lines use, in order of first use (gathered only when the document asks for either).
import { type StaleState, staleDetail } from '../content-age';
import type { DocumentInput } from '../input';
import { detail, refuseAny } from '../refusals';
import type { Precision } from '../types';
import { type Destination, destinationsOf, precisionOf } from './addresses';

const PRECISION_RANK: Record<Precision, number> = { state: 0, zip5: 1, zip9: 2, rooftop: 3 };

export function checkPrecision(doc: DocumentInput, lines: readonly { readonly dest: Destination }[], stale: readonly StaleState[], date: string): void {
  if (!doc.minimum_address_precision && doc.accuracy_policy !== 'deterministic') return;
  const used = destinationsOf(lines);
  if (doc.minimum_address_precision) {
    const needed = PRECISION_RANK[doc.minimum_address_precision];
    refuseAny(
      'address_precision_requirement_not_met',
      used
        .filter((d) => PRECISION_RANK[precisionOf(d)] < needed)
        .map((d) =>
          detail(
            'address_precision_requirement_not_met',
            d.target,
            `The destination resolves only to ${precisionOf(d)} precision (no official boundary or ZIP+4 range of the content holds it).`,
          ),
        ),
      'Some destinations resolve below the minimum address precision; see details.',
    );
  }
  if (doc.accuracy_policy === 'deterministic')
    refuseAny(
      'accuracy_requirement_not_met',
      [
        ...used
          .filter((d) => d.kind === 'area' && d.area.multiArea)
          .map((d) =>
            detail('accuracy_requirement_not_met', d.target, 'The ZIP code spans several rate areas; a deterministic answer needs a more precise address.'),
          ),
        ...stale.map((s) => staleDetail(s, date)),
      ],
      'Some destinations cannot be resolved deterministically; see details.',
    );
}
