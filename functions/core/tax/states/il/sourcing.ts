// Illinois lines, once every generic check has passed: the seller posture, identifiable products,
// located destinations and a selectable rate for every line with nexus, in that order. Lines with
// nexus leave with their Illinois components and sourcing; every line leaves with a rated destination.
import type { RateArea } from '../../../content/tax-content';
import { DomainError, type ErrorDetail } from '../../../errors';
import type { DocumentInput } from '../../input';
import { type Destination, type RatedDestination, stateOf } from '../../phases/addresses';
import { detail, refuseAny } from '../../refusals';
import { rateAreasOf, type Sourced } from '../../sourcing';
import { byRate } from '../../taxability';
import type { EngineContext, Message, SimulatedFault } from '../../types';
import type { LinePlan, SourcingLine, StateSourcedLine, TaxableLine } from '../state-module';
import { IL, illinoisOrigin, illinoisPosture } from './posture';
import { illinoisClass, illinoisComponents } from './rates';

export function sourceIllinois(
  lines: readonly SourcingLine[],
  shipFrom: Destination | null,
  doc: DocumentInput,
  date: string,
  ctx: EngineContext,
): TaxableLine[] {
  const { content } = ctx;
  const withNexus = lines.filter((l) => l.route === 'state' && l.plan.state === IL && l.plan.nexus).map((l) => l.plan);
  const fromState = shipFrom ? stateOf(shipFrom) : null;
  const posture =
    withNexus.length > 0
      ? illinoisPosture({ seller_class: doc.seller_class, seller_declaration: doc.seller_declaration, shipFromState: fromState }, ctx)
      : null;
  refuseAny(
    'il_product_identity_required',
    withNexus
      .filter((p) => p.line.tax_code == null && !(p.line.item_code != null && ctx.items.has(p.line.item_code)) && !p.line.description?.trim())
      .map((p) => detail('il_product_identity_required', `lines.${p.index}`, 'Send an identifiable product: a tax code, a known SKU or a description.')),
    'Some Illinois lines are not identifiable; see details.',
  );
  const located = locate(lines);
  const originLocation = posture && illinoisOrigin(posture, fromState, date, content.artifact.illinois);
  let origin: RateArea | null = null;
  if (originLocation) {
    const resolved = content.resolve(originLocation.state, originLocation.zip);
    if (resolved.kind !== 'area')
      throw new DomainError('il_address_not_located', 'The verified Illinois location is not matched to an official Illinois rate area.');
    origin = resolved.area;
  }
  const unresolved: ErrorDetail[] = [];
  const noted = new Set<string>();
  const taxable = located.map((l): TaxableLine => {
    const { route, plan, dest } = l;
    // Another state's line passes through; without nexus an Illinois line is taxed as no_nexus, sourced like any other line.
    if (route === 'rated' || plan.state !== IL) return l as TaxableLine;
    if (!plan.nexus) return { route: 'rated', plan, dest };
    const rates = illinoisComponents(origin ?? dest.area, illinoisClass(plan.category), date, content);
    if (rates === null)
      unresolved.push(detail('il_rate_lookup_unresolved', `lines.${plan.index}`, 'No Illinois rate is selectable for this place, product class and date.'));
    const notes: Message[] = [];
    if (rates?.note && !noted.has(dest.target)) {
      noted.add(dest.target);
      notes.push({ code: 'il_local_grocery_place', severity: 'info', message: rates.note, target: dest.target });
    }
    const components = rates?.components ?? [];
    const { area } = dest;
    const general = area.rates.state + area.rates.county + area.rates.city + area.rates.special;
    const taxing = byRate(components);
    const sourced: Sourced = {
      components,
      taxing,
      taxingRates: taxing.map((c) => c.rate),
      sourcing: origin ? 'origin' : 'destination',
      usedCityRate: false,
      rateAreas: origin ? null : rateAreasOf(area, general + (rates?.shift ?? 0), rates?.shift ?? 0),
      stateSource: (components.find((c) => c.type === 'state') ?? components[0])?.source ?? '',
      products: null,
      spanNote: undefined,
    };
    const line: StateSourcedLine = { route, plan, dest, sourced, notes };
    return line;
  });
  refuseAny('il_rate_lookup_unresolved', unresolved, 'No Illinois rate is selectable for some lines; see details.');
  return taxable;
}

type Located = { readonly route: SourcingLine['route']; readonly plan: LinePlan; readonly dest: RatedDestination };

/** Every line with a rated destination, or il_address_not_located for each Illinois destination without one. */
function locate(lines: readonly SourcingLine[]): readonly Located[] {
  // Created on the first destination without a rate area (most documents have none).
  let notLocated: Map<Destination, ErrorDetail> | undefined;
  for (const { dest } of lines)
    if (dest.kind !== 'area')
      (notLocated ??= new Map()).set(dest, detail('il_address_not_located', dest.target, 'The address is not matched to an official Illinois rate area.'));
  if (notLocated)
    refuseAny('il_address_not_located', [...notLocated.values()], 'Some addresses are not matched to an official Illinois rate area; see details.');
  // Every line now has a rated destination: the same lines, under their narrower type.
  return lines as readonly Located[];
}

/** A sandbox request may simulate the Illinois rate service failing: after the Illinois checks, every document is refused so. */
export function simulateIllinoisFault(fault: SimulatedFault): void {
  if (fault === 'il_rate_index_not_ready') throw new DomainError('il_rate_index_not_ready', 'The Illinois rate list is loading; retry shortly.');
  if (fault === 'il_rate_lookup_failed') throw new DomainError('il_rate_lookup_failed', 'The Illinois rate lookup could not complete; retry.');
}
