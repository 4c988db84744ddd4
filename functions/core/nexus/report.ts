// An account's economic nexus on a day, state by state: the exposure the state's rule in force
// gives the recorded sales (crossing.ts), the registration the seller holds, and what an answer
// says of it (GET /nexus). Which months of summaries a day needs is decided here too, so the store
// reads exactly those.
import { US_STATES } from '../content/states';
import { type Exposure, exposureOn } from './crossing';
import { firstOfMonth } from './dates';
import type { Amounts, DatedTotal, Exclusion } from './measure';
import { firstTest } from './periods';
import type { NexusRule, NexusRules } from './thresholds';

/** How far back "any 12 consecutive months" is looked for (the other kinds name their own look-back). */
export const OPEN_LOOK_BACK_MONTHS = 36;

export type NexusStatus = 'below' | 'approaching' | 'crossed' | 'registered' | 'not_measured';

export interface Registration {
  readonly state: string;
  readonly registered_from: string;
}

/** The first day whose sales a state's test on `asOf` may count, or null where nothing is measured. */
export function lookBackFrom(rule: NexusRule | undefined, asOf: string): string | null {
  if (!rule || rule.period === 'not_measured') return null;
  if (rule.period === 'any_12_consecutive_months') return firstOfMonth(asOf, -(OPEN_LOOK_BACK_MONTHS - 1));
  return firstTest(rule.period, asOf)?.from ?? asOf;
}

/** The months (YYYY-MM) of each state whose sales an answer on `asOf` reads: states with a measured rule only. */
export function monthsToRead(rules: NexusRules, asOf: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const state of US_STATES) {
    const from = lookBackFrom(rules.ruleOn(state, asOf), asOf);
    if (from === null) continue;
    const months: string[] = [];
    for (let month = from.slice(0, 7); month <= asOf.slice(0, 7); month = firstOfMonth(`${month}-01`, 1).slice(0, 7)) months.push(month);
    out.set(state, months);
  }
  return out;
}

const money = (cents: number): number => cents / 100;
const amounts = (a: Amounts) => ({ sales: money(a.sales_cents), transactions: a.transactions });

/** A rule's threshold as an answer names it. */
export function thresholdView(rule: NexusRule) {
  const measured = rule.period === 'not_measured' ? null : rule;
  return {
    effective_from: rule.from,
    sales_usd: measured ? money(measured.salesThresholdCents) : null,
    sales_min_transactions: measured?.salesMinTransactions ?? null,
    counts_sales_from: measured?.countsSalesFrom ?? null,
    transactions: measured?.transactions?.threshold ?? null,
    combine: measured?.combine ?? 'none',
    period: rule.period,
    counts: measured?.whatCounts ?? null,
    marketplace_included: rule.marketplace,
    comparison: { sales: measured?.salesComparison ?? null, transactions: measured?.transactions?.comparison ?? null },
    duty: rule.duty,
    source: { kind: rule.sourceKind, urls: rule.sources, inferred: rule.inferred },
  };
}

/** One state's answer: its exposure, its registration, and the status they give together. */
export function stateView(rule: NexusRule, exposure: Exposure, registration: Registration | undefined) {
  const registered = registration !== undefined && registration.registered_from <= exposure.as_of;
  const status: NexusStatus = registered ? 'registered' : exposure.status === 'no_rule' ? 'below' : exposure.status;
  const excluded = Object.fromEntries(Object.entries(exposure.excluded).map(([k, a]) => [k, amounts(a)])) as Record<Exclusion, ReturnType<typeof amounts>>;
  return {
    state: exposure.state,
    status,
    threshold: thresholdView(rule),
    period: exposure.period,
    next_test: exposure.next_test,
    measured: { ...amounts(exposure.measured), excluded },
    share: exposure.share,
    measured_status: exposure.status,
    crossed_on: exposure.crossed_on,
    obligation_from: exposure.obligation_from,
    registered_from: registration?.registered_from ?? null,
    assumptions: exposure.assumptions,
    earlier_rules: exposure.earlier_rules,
  };
}

export type NexusStateView = ReturnType<typeof stateView>;

/** Every state with a rule on `asOf`, nearest to an obligation first (crossed, then by share). */
export function nexusReport(
  rules: NexusRules,
  asOf: string,
  totals: ReadonlyMap<string, readonly DatedTotal[]>,
  registrations: readonly Registration[],
  /** Exposures already measured (on month totals), by state; the others are measured on `totals`. */
  exposures: ReadonlyMap<string, Exposure> = new Map(),
): NexusStateView[] {
  const byState = new Map(registrations.map((r) => [r.state, r]));
  const views: NexusStateView[] = [];
  for (const state of US_STATES) {
    const rule = rules.ruleOn(state, asOf);
    if (!rule) continue;
    views.push(stateView(rule, exposures.get(state) ?? exposureOn(rules, state, asOf, totals.get(state) ?? []), byState.get(state)));
  }
  const rank = (v: NexusStateView) => (v.measured_status === 'crossed' ? 0 : 1);
  return views.sort((a, b) => rank(a) - rank(b) || b.share - a.share || a.state.localeCompare(b.state));
}
