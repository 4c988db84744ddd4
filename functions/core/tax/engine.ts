// The tax engine: a pure function from a validated document and its context to the taxed document.
// Checks run in the contract's order (invalid_address, invalid_request, invalid_tax_code,
// product_identity_required, address precision, accuracy, rate_unavailable, Kentucky windows,
// Illinois); each check reports every failing line before the next one runs.
import type { ErrorCode, ErrorDetail } from '../errors';
import { DomainError } from '../errors';
import { hasNexus } from '../account/settings';
import type { Category, Micro } from '../content/artifact';
import type { RateArea, Resolution, TaxCode, TaxContent } from '../content/tax-content';
import type { AddressInput, DocumentInput, LineInput } from './input';
import { illinoisClass, illinoisComponents, illinoisPosture, illinoisUsesOrigin } from './illinois';
import { lineMath } from './line-math';
import { hasSubCentDigits, toCents } from './money';
import { applyTreatment, type Component, type Taxed } from './taxability';
import type { CertificateGrant, DocumentTax, EngineContext, JurisdictionTax, LineTax, Message, Precision, Reason, Sourcing } from './types';

const PRECISION_RANK: Record<Precision, number> = { state: 0, zip5: 1, zip9: 2, rooftop: 3 };
const CA_BASE = { state: 60_000, county: 2_500, city: 7_500 } as const;

interface Destination {
  readonly resolution: Resolution;
  /** Where errors about this destination point: `ship_to` or `lines.<i>.ship_to`. */
  readonly target: string;
}

interface LinePlan {
  readonly index: number;
  readonly line: LineInput;
  readonly number: string;
  readonly dest: Destination;
  readonly taxCode: TaxCode | undefined;
  /** The line named a tax code or a SKU the content or catalog knows. */
  readonly known: boolean;
  readonly category: Category;
  readonly state: string;
  readonly amount: number;
  readonly discount: number;
  readonly nexus: boolean;
  components?: Component[];
  sourcing?: Sourcing;
}

function collect(code: ErrorCode, details: ErrorDetail[], message: string): void {
  if (details.length > 0) throw new DomainError(code, details.length === 1 ? details[0]!.message : message, details);
}

const detail = (code: ErrorCode, target: string, message: string): ErrorDetail => ({ code, target, message });

export function calculate(doc: DocumentInput, ctx: EngineContext): DocumentTax {
  const { content } = ctx;
  const date = doc.date ?? ctx.today;
  const messages: Message[] = [];
  const resolveAt = (address: AddressInput, target: string): Destination => ({
    resolution:
      address.country != null && !/^(US|USA)$/i.test(address.country.trim())
        ? { kind: 'invalid', reason: 'Only US addresses are supported.' }
        : content.resolve(address.state, address.zip),
    target,
  });

  // 1. Addresses ------------------------------------------------------------------------------
  const docDest = resolveAt(doc.ship_to, 'ship_to');
  const lineDests = doc.lines.map((line, i) => (line.ship_to ? resolveAt(line.ship_to, `lines.${i}.ship_to`) : docDest));
  const shipFrom = doc.ship_from ? resolveAt(doc.ship_from, 'ship_from') : null;
  const invalid = [docDest, ...lineDests.filter((d) => d !== docDest), ...(shipFrom ? [shipFrom] : [])].flatMap((d) =>
    d.resolution.kind === 'invalid' ? [detail('invalid_address', `${d.target}.zip`, d.resolution.reason)] : [],
  );
  collect('invalid_address', invalid, 'Some addresses do not resolve to a US state and 5-digit ZIP; see details.');

  // 2. Conflicting options --------------------------------------------------------------------
  collect(
    'invalid_request',
    doc.lines.flatMap((line, i) =>
      line.tax_included && (line.discount ?? 0) > 0 ? [detail('invalid_request', `lines.${i}.tax_included`, 'tax_included cannot be combined with a discount on the same line.')] : [],
    ),
    'Some lines combine tax_included with a discount; see details.',
  );

  // 3-4. Product identity -----------------------------------------------------------------------
  const strictFailures: ErrorDetail[] = [];
  const plans: LinePlan[] = doc.lines.map((line, i) => {
    let taxCode: TaxCode | undefined;
    let known = false;
    if (line.tax_code != null) {
      taxCode = content.taxCode(line.tax_code);
      known = taxCode !== undefined;
      if (!taxCode) {
        if (doc.strict) strictFailures.push(detail('invalid_tax_code', `lines.${i}.tax_code`, 'The tax code is not in the service catalog (GET /tax-codes).'));
        else messages.push({ code: 'unknown_tax_code', severity: 'warning', message: 'Unknown tax code; the line was taxed as general tangible goods.', target: `lines.${i}.tax_code` });
      }
    } else if (line.item_code != null) {
      const item = ctx.items.get(line.item_code);
      taxCode = item ? content.taxCode(item.tax_code) : undefined;
      known = item !== undefined;
      if (!item) messages.push({ code: 'unknown_item_code', severity: 'warning', message: 'Unknown SKU; the line was taxed as general tangible goods.', target: `lines.${i}.item_code` });
    }
    for (const field of ['amount', 'discount'] as const) {
      const value = line[field];
      if (value != null && hasSubCentDigits(value))
        messages.push({ code: 'amount_rounded', severity: 'warning', message: 'The amount had more than two decimals and was rounded half-up to cents.', target: `lines.${i}.${field}` });
    }
    const dest = lineDests[i]!;
    const state = stateOf(dest.resolution as Resolved);
    return {
      index: i,
      line,
      number: line.number ?? String(i + 1),
      dest,
      taxCode,
      known,
      category: taxCode?.category ?? 'general_tangible',
      state,
      amount: toCents(line.amount),
      discount: toCents(line.discount ?? 0),
      nexus: doc.nexus_mode === 'reference' || hasNexus(ctx.settings.nexus, state),
    };
  });
  collect('invalid_tax_code', strictFailures, 'Some lines carry tax codes the service does not know; see details.');
  if (doc.require_known)
    collect(
      'product_identity_required',
      plans.filter((p) => !p.known).map((p) => detail('product_identity_required', `lines.${p.index}`, 'The line resolves to no known tax code or SKU.')),
      'Some lines resolve to no known tax code or SKU; see details.',
    );

  // 5. Address precision ------------------------------------------------------------------------
  const usedDests = [...new Set(plans.map((p) => p.dest))];
  if (doc.minimum_address_precision) {
    const needed = PRECISION_RANK[doc.minimum_address_precision];
    collect(
      'address_precision_requirement_not_met',
      usedDests
        .filter((d) => PRECISION_RANK[precisionOf(d.resolution)] < needed)
        .map((d) => detail('address_precision_requirement_not_met', d.target, `The destination resolves only to ${precisionOf(d.resolution)} precision (content holds no ZIP+4 or boundary data).`)),
      'Some destinations resolve below the minimum address precision; see details.',
    );
  }

  // 6. Accuracy -----------------------------------------------------------------------------------
  if (doc.accuracy_policy === 'deterministic')
    collect(
      'accuracy_requirement_not_met',
      usedDests
        .filter((d) => d.resolution.kind === 'area' && d.resolution.area.multiArea)
        .map((d) => detail('accuracy_requirement_not_met', d.target, 'The ZIP code spans several rate areas; a deterministic answer needs a more precise address.')),
      'Some destinations cannot be resolved deterministically; see details.',
    );

  // 7. Rate availability outside Illinois ---------------------------------------------------------
  const beforeCoverage = date < content.coverageFrom;
  const unavailable: ErrorDetail[] = [];
  for (const d of usedDests) {
    const state = stateOf(d.resolution as Resolved);
    if (state === 'IL') continue;
    if (d.resolution.kind === 'unrated') unavailable.push(detail('rate_unavailable', d.target, 'No rate exists for this state and ZIP code.'));
    else if (beforeCoverage && (content.stateFacts(state).localTax || content.historicalStateRate(state, date) === undefined))
      unavailable.push(detail('rate_unavailable', d.target, `No rate exists for this state and ZIP code on ${date} (rates are covered from ${content.coverageFrom}).`));
  }
  collect('rate_unavailable', unavailable, 'No rate exists for some destinations on this date; see details.');

  // 8. Kentucky exemption windows --------------------------------------------------------------------
  collect(
    'ky_historical_window_unsupported',
    plans
      .filter((p) => p.state === 'KY' && date < (content.artifact.kentucky.groundableFrom[p.category] ?? ''))
      .map((p) =>
        detail('ky_historical_window_unsupported', `lines.${p.index}`, `Kentucky exempts this product class, but the exemption can be grounded only from ${content.artifact.kentucky.groundableFrom[p.category]}.`),
      ),
    'Kentucky exempts some lines but the date precedes the earliest groundable date; see details.',
  );

  // 9. Illinois ------------------------------------------------------------------------------------------
  const illinoisAll = plans.filter((p) => p.state === 'IL');
  const illinoisPlans = illinoisAll.filter((p) => p.nexus);
  if (illinoisAll.length > 0) {
    const fromState = shipFrom ? stateOf(shipFrom.resolution as Resolved) : null;
    const posture = illinoisPlans.length > 0 ? illinoisPosture({ seller_class: doc.seller_class, seller_declaration: doc.seller_declaration, shipFromState: fromState }, ctx) : null;
    collect(
      'il_product_identity_required',
      illinoisPlans
        .filter((p) => p.line.tax_code == null && !(p.line.item_code != null && ctx.items.has(p.line.item_code)) && !p.line.description?.trim())
        .map((p) => detail('il_product_identity_required', `lines.${p.index}`, 'Send an identifiable product: a tax code, a known SKU or a description.')),
      'Some Illinois lines are not identifiable; see details.',
    );
    collect(
      'il_address_not_located',
      [...new Set(illinoisAll.map((p) => p.dest))]
        .filter((d) => d.resolution.kind !== 'area')
        .map((d) => detail('il_address_not_located', d.target, 'The address is not matched to an official Illinois rate area.')),
      'Some addresses are not matched to an official Illinois rate area; see details.',
    );
    let origin: RateArea | null = null;
    if (posture && illinoisUsesOrigin(posture, fromState, date)) {
      const location = posture.origin!;
      const resolved = content.resolve(location.state, location.zip);
      if (resolved.kind !== 'area') throw new DomainError('il_address_not_located', 'The verified Illinois location is not matched to an official Illinois rate area.');
      origin = resolved.area;
    }
    const unresolved: ErrorDetail[] = [];
    for (const p of illinoisPlans) {
      const area = origin ?? (p.dest.resolution as Extract<Resolution, { kind: 'area' }>).area;
      const components = illinoisComponents(area, illinoisClass(p.category), date, content.coverageFrom, content.artifact.illinois);
      if (components === null) unresolved.push(detail('il_rate_lookup_unresolved', `lines.${p.index}`, 'No Illinois rate is selectable for this place, product class and date.'));
      p.components = components ?? [];
      p.sourcing = origin ? 'origin' : 'destination';
    }
    collect('il_rate_lookup_unresolved', unresolved, 'No Illinois rate is selectable for some lines; see details.');
  }
  if (ctx.simulate === 'il_rate_index_not_ready') throw new DomainError('il_rate_index_not_ready', 'The Illinois rate list is loading; retry shortly.');
  if (ctx.simulate === 'il_rate_lookup_failed') throw new DomainError('il_rate_lookup_failed', 'The Illinois rate lookup could not complete; retry.');

  // 10. Tax ------------------------------------------------------------------------------------------------
  const originArea = shipFrom?.resolution.kind === 'area' ? shipFrom.resolution.area : actingLocationArea(ctx);
  const spanNoted = new Set<string>();
  const results = new Array<LineTax>(plans.length);
  const goods = new Map<string, [number, number]>();
  const shippingLast = [...plans.filter((p) => p.category !== 'shipping'), ...plans.filter((p) => p.category === 'shipping')];
  for (const p of shippingLast) {
    const resolution = p.dest.resolution as Extract<Resolution, { kind: 'area' }>;
    const dest = resolution.area;
    let usedCityRate = false;
    if (p.components === undefined) {
      const sourced = sourceComponents(dest, originArea, date, content);
      p.components = sourced.components;
      p.sourcing = sourced.sourcing;
      usedCityRate = sourced.usedCityRate;
    }
    if (dest.multiArea && !spanNoted.has(p.dest.target)) {
      spanNoted.add(p.dest.target);
      const used = usedCityRate ? `the official rate of ${dest.cityName}` : 'the rate of its main area';
      messages.push({ code: 'zip_spans_multiple_rate_areas', severity: 'warning', message: `The ZIP code spans several rate areas; ${used} was used.`, target: p.dest.target });
    }
    const facts = content.stateFacts(p.state);
    const price = p.line.tax_included ? p.amount : p.amount - p.discount;
    const taxed: Taxed =
      p.state === 'IL'
        ? { components: p.components, base: p.components.length > 0 ? price : 0, reason: p.components.length > 0 ? illinoisReason(p.category) : 'product_exempt', unverified: false }
        : applyTreatment(facts.taxability[p.category], p.components, {
            price,
            quantity: p.line.quantity ?? 1,
            countyName: dest.countyName,
            stateName: facts.name,
            goodsShare: p.category === 'shipping' ? (goods.get(p.state) ?? null) : null,
          });
    if (p.category !== 'shipping') {
      const share = goods.get(p.state) ?? [0, 0];
      share[0] += taxed.base;
      share[1] += price;
      goods.set(p.state, share);
    }
    if ((taxed.unverified || p.category === 'services') && p.nexus)
      messages.push({ code: 'taxability_unverified', severity: 'warning', message: `The source data marks the taxability of ${p.category} in ${p.state} as unverified; the line was taxed at the full rate.`, target: `lines.${p.index}` });
    const certificate = ctx.certificates.get(p.line.exemption_certificate_id ?? doc.exemption_certificate_id ?? '') ?? null;
    results[p.index] = taxLine(p, price, dest, resolution.precision, taxed, facts.salesTax, certificate);
  }
  return { date, currency: 'USD', content_version: content.version, lines: results, messages };
}

/** A resolution that passed step 1 (every invalid address has been refused by then). */
type Resolved = Exclude<Resolution, { kind: 'invalid' }>;

function stateOf(resolution: Resolved): string {
  return resolution.kind === 'area' ? resolution.area.state : resolution.state;
}

function precisionOf(resolution: Resolution): Precision {
  return resolution.kind === 'area' ? resolution.precision : 'zip5';
}

function actingLocationArea(ctx: EngineContext): RateArea | null {
  const location = ctx.actingLocation;
  if (!location) return null;
  const resolved = ctx.content.resolve(location.state, location.zip);
  return resolved.kind === 'area' ? resolved.area : null;
}

function illinoisReason(category: Category): Taxed['reason'] {
  const cls = illinoisClass(category);
  return cls === 'food' || cls === 'drugs' ? 'reduced_rated' : 'standard_rated';
}

/** Jurisdictions of a line outside Illinois, under the state's intrastate sourcing rule. */
function sourceComponents(dest: RateArea, origin: RateArea | null, date: string, content: TaxContent): { components: Component[]; sourcing: Sourcing; usedCityRate: boolean } {
  const facts = content.stateFacts(dest.state);
  const intrastate = origin !== null && origin.state === dest.state;
  const sourcing: Sourcing = intrastate && facts.intrastate !== 'destination' ? (facts.intrastate === 'hybrid' ? 'hybrid' : 'origin') : 'destination';
  const local = sourcing === 'origin' ? origin! : dest;
  let rates = { ...local.rates };
  let usedCityRate = false;
  if (sourcing === 'hybrid') {
    rates = { ...origin!.rates, special: dest.rates.special };
  } else if (local.caCityRate !== null) {
    // Contract §2.3: a California ZIP whose postal city has another official rate uses the city's.
    rates = { ...CA_BASE, special: local.caCityRate - CA_BASE.state - CA_BASE.county - CA_BASE.city };
    usedCityRate = sourcing === 'destination';
  }
  if (date < content.coverageFrom) {
    rates = { state: content.historicalStateRate(dest.state, date) ?? 0, county: 0, city: 0, special: 0 };
  } else {
    const changed = content.stateRateChange(dest.state, date);
    if (changed !== undefined) rates.state = changed;
  }
  const components: Component[] = [
    { type: 'state', name: facts.name, rate: rates.state },
    { type: 'county', name: local.countyName, rate: rates.county },
    { type: 'city', name: local.cityName, rate: rates.city },
    { type: 'special', name: specialName((sourcing === 'hybrid' ? dest : local).regionName, local), rate: rates.special },
  ];
  return { components, sourcing, usedCityRate };
}

/** Special districts carry the rate area's name, set apart when it repeats a county or city name. */
function specialName(region: string, area: RateArea): string {
  return region === area.cityName || region === area.countyName ? `${region} SPECIAL DISTRICTS` : region;
}

function taxLine(p: LinePlan, price: number, dest: RateArea, precision: Precision, taxed: Taxed, stateTaxes: boolean, certificate: CertificateGrant | null): LineTax {
  let reason: Reason;
  if (!p.nexus) reason = 'no_nexus';
  else if (!stateTaxes && p.components!.every((c) => c.rate === 0)) reason = 'not_subject_to_tax';
  else if (taxed.reason === 'product_exempt') reason = 'product_exempt';
  else if (certificate && certificate.jurisdiction === p.state) reason = 'certificate_applied';
  else reason = taxed.reason;
  const charged = reason === 'standard_rated' || reason === 'reduced_rated';
  const components = charged ? taxed.components : [];
  const base = charged ? taxed.base : 0;
  const math = lineMath(
    base,
    components.map((c) => c.rate),
    p.line.tax_included === true,
  );
  let rate: Micro = 0;
  const jurisdictions: JurisdictionTax[] = components.map((c, i) => {
    rate += c.rate;
    return { type: c.type, name: c.name, rate: c.rate, taxable: math.taxable, tax: math.shares[i]! };
  });
  return {
    number: p.number,
    item_code: p.line.item_code ?? null,
    tax_code: p.taxCode?.code ?? p.line.tax_code ?? null,
    category: p.category,
    description: p.line.description ?? null,
    quantity: p.line.quantity ?? 1,
    amount: p.amount,
    discount: p.discount,
    taxable: math.taxable,
    exempt: price - base,
    tax: math.tax,
    rate,
    tax_included: p.line.tax_included === true,
    taxability: charged ? 'taxable' : reason === 'no_nexus' || reason === 'not_subject_to_tax' ? 'not_collected' : 'exempt',
    reason,
    sourcing: p.sourcing ?? 'destination',
    address: { state: dest.state, zip: dest.zip, precision },
    jurisdictions,
    certificate: reason === 'certificate_applied' ? certificate : null,
  };
}

export interface RateBreakdown {
  readonly area: RateArea;
  readonly precision: Precision;
  readonly components: readonly Component[];
  /** California: the official rate of the postal city replaced the ZIP row's. */
  readonly usedCityRate: boolean;
}

/**
 * The general-merchandise rate at a destination on a date (GET /rates), with the same rules as a
 * calculation: California city rates, scheduled state changes, history before coverage, Illinois
 * components. Throws the errors a calculation would.
 */
export function destinationRates(content: TaxContent, state: string | undefined, zip: string, date: string): RateBreakdown {
  const resolution = content.resolve(state, zip);
  if (resolution.kind === 'invalid') throw new DomainError('invalid_address', resolution.reason, [detail('invalid_address', 'query.zip', resolution.reason)]);
  const stateCode = stateOf(resolution);
  if (resolution.kind === 'unrated') {
    if (stateCode === 'IL') throw new DomainError('il_address_not_located', 'The address is not matched to an official Illinois rate area.');
    throw new DomainError('rate_unavailable', 'No rate exists for this state and ZIP code.');
  }
  const { area, precision } = resolution;
  if (stateCode === 'IL') {
    const components = illinoisComponents(area, 'general', date, content.coverageFrom, content.artifact.illinois);
    if (components === null) throw new DomainError('il_rate_lookup_unresolved', 'No Illinois rate is selectable for this place and date.');
    return { area, precision, components, usedCityRate: false };
  }
  if (date < content.coverageFrom && (content.stateFacts(stateCode).localTax || content.historicalStateRate(stateCode, date) === undefined))
    throw new DomainError('rate_unavailable', `No rate exists for this state and ZIP code on ${date} (rates are covered from ${content.coverageFrom}).`);
  const sourced = sourceComponents(area, null, date, content);
  return { area, precision, components: sourced.components.filter((c) => c.rate > 0), usedCityRate: sourced.usedCityRate };
}
