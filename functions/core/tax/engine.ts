// The tax engine: a pure function from a validated document and its context to the taxed document.
// The phases run in a fixed order of checks (docs/taxes-and-content.md, "What an answer says");
// each refuses the document naming every failing line or address before the next runs, and hands
// the next a narrower view of the document. A state's code-level rules come in through its module
// (states/): its checks after the generic ones, then its own sourcing.
import { staleMessage, staleStates } from './content-age';
import type { DocumentInput } from './input';
import { type Destination, resolveAddresses } from './phases/addresses';
import { checkCertificateCoverage } from './phases/certificates';
import { declarationOf } from './phases/declarations';
import { checkOptions } from './phases/options';
import { checkPrecision } from './phases/precision';
import { identifyProducts } from './phases/products';
import { checkRateAvailability } from './phases/rate-availability';
import { taxLines } from './phases/taxing';
import { simulateFault } from './states';
import type { SourcingLine, StateModule, TaxableLine } from './states/state-module';
import type { DocumentTax, EngineContext } from './types';

export { destinationRates, type RateBreakdown } from './destination-rates';

export function calculate(doc: DocumentInput, context: EngineContext): DocumentTax {
  const date = doc.date ?? context.today;
  // The rate version in force on the document's date, so an invoice keeps the rates of its day.
  const content = context.content.at(date);
  const ctx = content === context.content ? context : { ...context, content };
  const addresses = resolveAddresses(doc, ctx.content); // invalid_address
  checkOptions(doc); // invalid_request
  const products = identifyProducts(doc, addresses.dests, ctx); // invalid_tax_code, product_identity_required
  // States whose newest rates are more than a quarter older than the document (content-age.ts).
  const stale = staleStates(products.lines, date, context.content);
  checkPrecision(doc, products.lines, stale, date); // address_precision_requirement_not_met, accuracy_requirement_not_met
  const checked = checkRateAvailability(products, date, ctx.content); // rate_unavailable
  checkCertificateCoverage(checked, doc, ctx); // exemption_certificate_not_found
  // The states' own checks (ky_*), then their own sourcing (il_*); most documents need neither.
  const lines = products.states.length === 0 ? (checked as readonly TaxableLine[]) : byStates(products.states, checked, addresses.shipFrom, doc, date, ctx);
  if (ctx.simulate !== null) simulateFault(ctx.simulate);
  const taxed = taxLines(lines, doc, addresses.shipFrom, date, ctx);
  let messages = products.messages.length === 0 ? taxed.messages : [...products.messages, ...taxed.messages];
  if (stale.length > 0) messages = [...messages, ...stale.map((s) => staleMessage(s, date, ctx.content))];
  const declaration = declarationOf(doc);
  const result: DocumentTax = { date, currency: 'USD', content_version: ctx.content.version, lines: taxed.lines, messages };
  return declaration === null ? result : { ...result, declared_exemption: declaration };
}

/** The lines once the states' modules have checked them, then located and rated their own. */
function byStates(
  states: readonly StateModule[],
  checked: readonly SourcingLine[],
  shipFrom: Destination | null,
  doc: DocumentInput,
  date: string,
  ctx: EngineContext,
): readonly TaxableLine[] {
  for (const state of states) state.checkLines?.(checked, date, ctx.content);
  let lines = checked;
  for (const state of states) if (state.sourceLines) lines = state.sourceLines(lines, shipFrom, doc, date, ctx);
  // Every line a module routed to itself ('state') has now been sourced by it.
  return lines as readonly TaxableLine[];
}
