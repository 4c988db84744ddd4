// Phases 3-4 (invalid_tax_code, product_identity_required): what each line sells, from its tax code
// or its SKU, with the warnings of lines taxed as general goods or rounded to cents.
import { hasNexus } from '../../account/settings';
import type { Category } from '../../content/artifact';
import type { TaxCode } from '../../content/tax-content';
import type { ErrorDetail } from '../../errors';
import type { DocumentInput, LineInput } from '../input';
import { hasSubCentDigits, toCents } from '../money';
import { detail, refuseAny } from '../refusals';
import { defaultLineNumber } from '../targets';
import type { EngineContext, Message } from '../types';
import { stateOf, type Destination } from './addresses';

/** A line with its product identity and amounts in cents, and the state it ships to. */
export interface LinePlan {
  readonly index: number;
  readonly line: LineInput;
  readonly number: string;
  readonly taxCode: TaxCode | undefined;
  /** The line named a tax code or a SKU the content or catalog knows. */
  readonly known: boolean;
  readonly category: Category;
  readonly amount: number;
  readonly discount: number;
  readonly state: string;
  readonly nexus: boolean;
}

/**
 * A line on its way through the phases. A phase that learns more about the destination hands the
 * line on under a narrower type (the same object when nothing else changes); the plan stays the
 * same object throughout. `route`: Illinois lines are located and rated by the Illinois phase.
 */
export interface PlannedLine {
  readonly route: 'rated' | 'illinois';
  readonly plan: LinePlan;
  readonly dest: Destination;
}

export interface Products {
  readonly lines: readonly PlannedLine[];
  readonly messages: readonly Message[];
  /** Noted while planning, so later phases look at the lines only where they have work: some line ships to Illinois, */
  readonly illinois: boolean;
  /** to Kentucky, */
  readonly kentucky: boolean;
  /** or (outside Illinois) to a ZIP without a rate row. */
  readonly unrated: boolean;
}

const amountRounded = (i: number, field: 'amount' | 'discount'): Message => ({
  code: 'amount_rounded',
  severity: 'warning',
  message: 'The amount had more than two decimals and was rounded half-up to cents.',
  target: `lines.${i}.${field}`,
});

export function identifyProducts(doc: DocumentInput, dests: readonly Destination[], ctx: EngineContext): Products {
  const { content } = ctx;
  const messages: Message[] = [];
  const strictFailures: ErrorDetail[] = [];
  const planned = new Array<PlannedLine>(dests.length);
  let illinois = false;
  let kentucky = false;
  let unrated = false;
  for (let i = 0; i < dests.length; i++) {
    const line = doc.lines[i]!;
    const dest = dests[i]!;
    let taxCode: TaxCode | undefined;
    let known = false;
    if (line.tax_code != null) {
      taxCode = content.taxCode(line.tax_code);
      known = taxCode !== undefined;
      if (!taxCode) {
        if (doc.strict) strictFailures.push(detail('invalid_tax_code', `lines.${i}.tax_code`, 'The tax code is not in the service catalog (GET /tax-codes).'));
        else
          messages.push({
            code: 'unknown_tax_code',
            severity: 'warning',
            message: 'Unknown tax code; the line was taxed as general tangible goods.',
            target: `lines.${i}.tax_code`,
          });
      }
    } else if (line.item_code != null) {
      const item = ctx.items.get(line.item_code);
      taxCode = item ? content.taxCode(item.tax_code) : undefined;
      known = item !== undefined;
      if (!item)
        messages.push({
          code: 'unknown_item_code',
          severity: 'warning',
          message: 'Unknown SKU; the line was taxed as general tangible goods.',
          target: `lines.${i}.item_code`,
        });
    }
    if (hasSubCentDigits(line.amount)) messages.push(amountRounded(i, 'amount'));
    if (line.discount != null && hasSubCentDigits(line.discount)) messages.push(amountRounded(i, 'discount'));
    const state = stateOf(dest);
    const plan: LinePlan = {
      index: i,
      line,
      number: line.number ?? defaultLineNumber(i),
      taxCode,
      known,
      category: taxCode?.category ?? 'general_tangible',
      amount: toCents(line.amount),
      discount: toCents(line.discount ?? 0),
      state,
      nexus: doc.nexus_mode === 'reference' || hasNexus(ctx.settings.nexus, state),
    };
    planned[i] = { route: state === 'IL' ? 'illinois' : 'rated', plan, dest };
    if (state === 'IL') illinois = true;
    else if (dest.kind === 'unrated') unrated = true;
    if (state === 'KY') kentucky = true;
  }
  refuseAny('invalid_tax_code', strictFailures, 'Some lines carry tax codes the service does not know; see details.');
  if (doc.require_known)
    refuseAny(
      'product_identity_required',
      planned
        .filter(({ plan: p }) => !p.known)
        .map(({ plan: p }) => detail('product_identity_required', `lines.${p.index}`, 'The line resolves to no known tax code or SKU.')),
      'Some lines resolve to no known tax code or SKU; see details.',
    );
  return { lines: planned, messages, illinois, kentucky, unrated };
}
