// Phases 3-4 (invalid_tax_code, product_identity_required): what each line sells, from its tax code
// or its SKU, with the warnings of lines taxed as general goods or rounded to cents.
import { hasNexus } from '../../account/settings';
import type { TaxCode } from '../../content/tax-content';
import type { ErrorDetail } from '../../errors';
import type { DocumentInput } from '../input';
import { hasSubCentDigits, toCents } from '../money';
import { detail, refuseAny } from '../refusals';
import { stateModule } from '../states';
import type { LinePlan, PlannedLine, StateModule } from '../states/state-module';
import { defaultLineNumber } from '../targets';
import type { EngineContext, Message } from '../types';
import { type Destination, stateOf } from './addresses';

export interface Products {
  readonly lines: readonly PlannedLine[];
  readonly messages: readonly Message[];
  /**
   * Noted while planning, so later phases look at the lines only where they have work: the state
   * modules with checks or sourcing of their own among the lines' states, in order of first use
   * (most documents: none),
   */
  readonly states: readonly StateModule[];
  /** and whether some line its state's module does not locate ships to a ZIP without a rate row. */
  readonly unrated: boolean;
}

const NO_STATES: readonly StateModule[] = [];

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
  let states = NO_STATES;
  let unrated = false;
  // The module of the state of the line before: found once per run of lines to one state.
  let lastState: string | undefined;
  let module: StateModule | undefined;
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
    if (state !== lastState) {
      lastState = state;
      module = stateModule(state);
      if (module !== undefined && (module.checkLines ?? module.sourceLines) !== undefined && !states.includes(module))
        states = states === NO_STATES ? [module] : [...states, module];
    }
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
      nexus: doc.nexus_mode === 'reference' || hasNexus(ctx.settings, state, doc.date ?? ctx.today),
      module,
    };
    const own = module?.sourceLines !== undefined;
    planned[i] = { route: own ? 'state' : 'rated', plan, dest };
    if (!own && dest.kind === 'unrated') unrated = true;
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
  return { lines: planned, messages, states, unrated };
}
