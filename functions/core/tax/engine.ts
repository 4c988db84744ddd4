// The tax engine: a pure function from a validated document and its context to the taxed document.
// The phases run in the contract's order of checks; each refuses the document naming every failing
// line or address before the next runs, and hands the next a narrower view of the document.
import { staleMessage, staleStates } from './content-age';
import type { DocumentInput } from './input';
import { resolveAddresses } from './phases/addresses';
import { applyIllinois } from './phases/illinois';
import { checkKentuckyWindows } from './phases/kentucky';
import { checkOptions } from './phases/options';
import { checkPrecision } from './phases/precision';
import { identifyProducts } from './phases/products';
import { checkRateAvailability } from './phases/rate-availability';
import { taxLines } from './phases/taxing';
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
  const checked = checkRateAvailability(products, date, ctx.content); // rate_unavailable outside Illinois
  checkKentuckyWindows(products, date, ctx.content); // ky_historical_window_unsupported
  const taxable = applyIllinois({ lines: checked, illinois: products.illinois }, addresses.shipFrom, doc, date, ctx); // il_*
  const taxed = taxLines(taxable, doc, addresses.shipFrom, date, ctx);
  let messages = products.messages.length === 0 ? taxed.messages : [...products.messages, ...taxed.messages];
  if (stale.length > 0) messages = [...messages, ...stale.map((s) => staleMessage(s, date, ctx.content))];
  return { date, currency: 'USD', content_version: ctx.content.version, lines: taxed.lines, messages };
}
