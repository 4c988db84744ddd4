// Phase 10: every check has passed; each line is sourced, shaped by its state's treatment of its
// category, and taxed. Shipping lines come last, because where delivery follows the taxability of
// the goods it delivers, it needs the goods of its state taxed first.
import type { Holiday, TaxabilityBasis } from '../../content/artifact';
import type { RateArea, StateRules, TaxContent, TreatmentDecision } from '../../content/tax-content';
import type { DocumentInput } from '../input';
import { taxLine } from '../line-tax';
import { type Sourced, sourceComponents, spanMessage } from '../sourcing';
import type { LinePlan, StateTaxability, TaxableLine } from '../states/state-module';
import { lineTarget } from '../targets';
import { applyTreatment, type MutableTaxed, type PriceFacts, priced, type Taxed, type WholePrice, wholePrice } from '../taxability';
import type { EngineContext, LineTax, Message } from '../types';
import type { Destination } from './addresses';
import { declarationOf, declaredMessage } from './declarations';

export interface TaxedLines {
  readonly lines: readonly LineTax[];
  readonly messages: readonly Message[];
}

export function taxLines(lines: readonly TaxableLine[], doc: DocumentInput, shipFrom: Destination | null, date: string, ctx: EngineContext): TaxedLines {
  const { content } = ctx;
  const originArea = shipFrom?.kind === 'area' ? shipFrom.area : actingLocationArea(ctx);
  const messages: Message[] = [];
  const declaration = declarationOf(doc);
  /** Targets already given a zip_spans_multiple_rate_areas message (a document names a few places). */
  let spanNoted: string[] | undefined;
  const results = new Array<LineTax>(lines.length);
  /** The states of the shipping lines: only their goods are added up (most documents have one or none). */
  const shippingStates = shippingStatesOf(lines);
  /** Per state of a shipping line (same position), the taxable and the whole cents of the goods lines taxed so far. */
  const goodsTaxable: number[] = shippingStates.map(() => 0);
  const goodsAll: number[] = shippingStates.map(() => 0);
  /** What applyTreatment reads of each line: one object for the document, filled per line. */
  const facts: { -readonly [K in keyof PriceFacts]: PriceFacts[K] } = {
    price: 0,
    quantity: 1,
    countyName: '',
    stateName: '',
    goodsTaxable: 0,
    goodsAll: 0,
    rateSource: (index) => content.rateSource(index),
  };
  const kindOf = (source: string) => content.sourceKind(source);
  /** A whole-price line's answer, one object for the document, filled per line (taxLine copies what it keeps). */
  const wholeLine: MutableTaxed = { components: [], base: 0, reason: 'product_exempt', unverified: false };
  // Two passes when the document ships: shipping lines after the goods whose taxability they may follow.
  const passes = shippingStates.length === 0 ? 1 : 2;
  for (let pass = 0; pass < passes; pass++)
    for (const l of lines) {
      const { plan: p, dest } = l;
      if (passes === 2 && (p.category === 'shipping') !== (pass === 1)) continue;
      const { area, target } = dest;
      const sourced = l.route === 'state' ? l.sourced : sourceComponents(area, originArea, date, content, p.module?.cityRates);
      if (l.route === 'state') messages.push(...l.notes);
      if (area.multiArea && !spanNoted?.includes(target)) {
        (spanNoted ??= []).push(target);
        messages.push({ code: 'zip_spans_multiple_rate_areas', severity: 'warning', message: spanMessage(area, sourced), target });
      }
      const product = productAt(sourced, p, date, content);
      const { rules, decision } = product;
      const stateFacts = rules.facts;
      const price = p.line.tax_included ? p.amount : p.amount - p.discount;
      const standing: Taxed =
        product.whole !== null
          ? priced(product.whole, price, wholeLine)
          : decision === null
            ? product.own!.taxed(p.category, sourced.components, price)
            : applyTreatment(decision.treatment, sourced, fill(facts, price, p, area.countyName, stateFacts.name, shippingStates, goodsTaxable, goodsAll));
      const holiday = p.nexus && standing.reason !== 'product_exempt' ? qualifyingHoliday(product.holidays, p, price) : undefined;
      const taxed = holiday ? onHoliday(standing, holiday) : standing;
      if (holiday)
        messages.push({
          code: 'holiday_exempt',
          severity: 'info',
          message: `Exempt from ${holiday.localWaived ? 'state and local' : 'state'} sales tax under the ${holiday.name} (${holiday.from} to ${holiday.to}).`,
          target: lineTarget(p.index),
        });
      const goodsOf = passes === 1 || p.category === 'shipping' ? -1 : shippingStates.indexOf(p.state);
      if (goodsOf >= 0) {
        goodsTaxable[goodsOf]! += taxed.base;
        goodsAll[goodsOf]! += price;
      }
      if ((taxed.unverified || (p.category === 'services' && decision?.dated !== true)) && p.nexus)
        messages.push({
          code: 'taxability_unverified',
          severity: 'warning',
          message: `The source data marks the taxability of ${p.category} in ${p.state} as unverified; the line was taxed at the full rate.`,
          target: lineTarget(p.index),
        });
      const basis = holiday ? content.holidayBasis(holiday, p.category) : product.basis;
      const certificate =
        ctx.certificates.size === 0 ? null : (ctx.certificates.get(p.line.exemption_certificate_id ?? doc.exemption_certificate_id ?? '') ?? null);
      const line = taxLine(p, dest, price, sourced, taxed, stateFacts.salesTax, certificate, basis, declaration, kindOf);
      if (line.reason === 'declared_exemption' && declaration) messages.push(declaredMessage(declaration, p.index, p.state));
      results[p.index] = line;
    }
  return { lines: results, messages };
}

/** `facts` filled for one line (a shipping line gets its state's goods so far). */
function fill(
  facts: { -readonly [K in keyof PriceFacts]: PriceFacts[K] },
  price: number,
  p: LinePlan,
  countyName: string,
  stateName: string,
  shippingStates: readonly string[],
  goodsTaxable: readonly number[],
  goodsAll: readonly number[],
): PriceFacts {
  facts.price = price;
  facts.quantity = p.line.quantity ?? 1;
  facts.countyName = countyName;
  facts.stateName = stateName;
  const of = p.category === 'shipping' ? shippingStates.indexOf(p.state) : -1;
  facts.goodsTaxable = of >= 0 ? goodsTaxable[of]! : 0;
  facts.goodsAll = of >= 0 ? goodsAll[of]! : 0;
  return facts;
}

/** The states the document's shipping lines go to, in order of first use (most documents: none). */
function shippingStatesOf(lines: readonly TaxableLine[]): string[] {
  const states: string[] = [];
  for (const { plan } of lines) if (plan.category === 'shipping' && !states.includes(plan.state)) states.push(plan.state);
  return states;
}

/** The first holiday whose item class takes the line, with its unit price inside the cap. */
function qualifyingHoliday(holidays: readonly Holiday[], p: LinePlan, price: number): Holiday | undefined {
  if (holidays.length === 0) return undefined;
  const code = p.taxCode?.code.toUpperCase();
  const quantity = p.line.quantity ?? 1;
  return holidays.find((h) => {
    if (!h.categories.includes(p.category) && !(code !== undefined && h.codes.includes(code))) return false;
    if (h.capCents === null) return true;
    // Unit price = price / quantity, compared without division: price ≤ cap × quantity.
    const cap = h.capCents * quantity;
    return h.capInclusive ? price <= cap : price < cap;
  });
}

/** A holiday waives the state part, and the local parts too where the state says so. */
function onHoliday(taxed: Taxed, holiday: Holiday): Taxed {
  if (holiday.localWaived) return { components: [], base: 0, reason: 'holiday_exempt', unverified: false };
  const local = taxed.components.filter((c) => c.type !== 'state');
  return local.length === 0
    ? { components: [], base: 0, reason: 'holiday_exempt', unverified: false }
    : { ...taxed, components: local, reason: 'reduced_rated' };
}

/** What every line of one product at one place shares on a date. */
interface ProductAtPlace {
  readonly rules: StateRules;
  /** A state that classes and taxes its lines by its own tables (its module's), or undefined. */
  readonly own: StateTaxability | undefined;
  /** null: the state's own taxability decides (`own`). */
  readonly decision: TreatmentDecision | null;
  /** The rule that sets the line's taxability when no holiday applies. */
  readonly basis: TaxabilityBasis;
  readonly holidays: readonly Holiday[];
  /** The line's answer under a treatment that taxes the whole price (null: the state's own taxability, or a treatment that reads the price). */
  readonly whole: WholePrice | null;
}

/** How many products a place remembers. */
const REMEMBERED_PRODUCTS = 16;

/**
 * The state's decision for the line's product at its place, and the rule behind it: the same for
 * every line of that tax code (or category) at a remembered place and date, so it is worked out once
 * there (`sourced.products`) rather than line by line.
 */
function productAt(sourced: Sourced, p: LinePlan, date: string, content: TaxContent): ProductAtPlace {
  const key = p.taxCode ?? p.category;
  // Keys and answers alternate in a short array (a place sees a few products): no hashing.
  const memo = sourced.products;
  if (memo !== null) for (let i = 0; i < memo.length; i += 2) if (memo[i] === key) return memo[i + 1] as ProductAtPlace;
  const rules = content.stateRules(p.state);
  const own = p.module?.taxability;
  // A dated rule of the data (a law's effective date) decides before the state's standing treatment.
  const decision = own !== undefined ? null : content.treatment(rules, p.category, p.taxCode, date);
  const basis =
    decision === null
      ? own!.basis(p.category, date, content, rules)
      : (decision.basis ?? content.generalBasis(rules, p.state, p.category, sourced.stateSource));
  const whole =
    decision === null ? null : wholePrice(decision.treatment, sourced, { stateName: rules.facts.name, rateSource: (index) => content.rateSource(index) });
  const product: ProductAtPlace = { rules, own, decision, basis, holidays: content.holidaysIn(rules, date), whole };
  // A place asked about many products (a large catalog) stops remembering: the scan stays short.
  if (memo !== null && memo.length < 2 * REMEMBERED_PRODUCTS) memo.push(key, product);
  return product;
}

function actingLocationArea(ctx: EngineContext): RateArea | null {
  const location = ctx.actingLocation;
  if (!location) return null;
  const resolved = ctx.content.resolve(location.state, location.zip);
  return resolved.kind === 'area' ? resolved.area : null;
}
