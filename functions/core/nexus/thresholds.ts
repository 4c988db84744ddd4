// The economic nexus rules as content (content/nexus-rules.json, built from
// data/nexus_thresholds.csv): one dated rule per state and change of rule, each in force from its
// date until the state's next rule. The vocabularies below are the data's columns; the build
// refuses a row outside them (scripts/content/build/nexus-rules.ts).
import { US_STATES } from '../content/states';
import { isIsoDate } from './dates';

/** How the sales test and the transaction test combine; `none`: the sales test alone. */
export const COMBINES = ['none', 'or', 'and'] as const;
export type Combine = (typeof COMBINES)[number];

/** The boundary wording of a test: "exceeds"/"more than" (strictly above) or "or more"/"at least". */
export const COMPARISONS = ['exceeds', 'at_least'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** The measurement periods the states define (periods.ts gives each its tests). */
export const PERIOD_KINDS = [
  'previous_or_current_calendar_year',
  'previous_calendar_year',
  'trailing_12_months',
  'previous_12_months_quarterly',
  'previous_12_months_monthly',
  'new_york_sales_tax_quarters',
  'twelve_months_ending_september_30',
  'any_12_consecutive_months',
  'not_measured',
] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** What a state counts: all sales (`gross`), sales other than for resale (`retail`), or taxable retail sales only. */
export const WHAT_COUNTS = ['gross', 'retail', 'taxable'] as const;
export type WhatCounts = (typeof WHAT_COUNTS)[number];

/** Whether a seller's marketplace-facilitated sales count toward its own threshold. */
export const MARKETPLACE = ['yes', 'no', 'unclear'] as const;
export type MarketplaceTreatment = (typeof MARKETPLACE)[number];

/** What crossing obliges: to collect, or (some early laws) to elect collection or notice-and-reporting. */
export const DUTIES = ['collect', 'collect_or_report'] as const;
export type Duty = (typeof DUTIES)[number];

/** When collection must start, counted from the crossing (obligation.ts). */
export const OBLIGATION_STARTS = [
  'same_day',
  'next_day',
  'first_of_next_month',
  'first_of_second_month',
  'first_of_third_month',
  'first_of_fourth_month',
  'first_of_month_after_30_days',
  'first_of_month_within_60_days',
  'first_of_month_after_90_days',
  'within_60_days',
  'earlier_of_60_days_or_next_year',
  'next_calendar_year',
  'april_1_next_year',
] as const;
export type ObligationStart = (typeof OBLIGATION_STARTS)[number];

/** The columns a row may mark as inferred rather than read in its source. */
export const INFERABLE = ['comparison_sales', 'comparison_transactions', 'obligation_starts'] as const;
export type Inferable = (typeof INFERABLE)[number];

export const SOURCE_KINDS = ['official', 'secondary'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

interface RuleBase {
  readonly state: string;
  /** The first day the rule is in force; it ends the day before the state's next rule. */
  readonly from: string;
  readonly duty: Duty;
  readonly marketplace: MarketplaceTreatment;
  /** The publications read, in the order the data names them. */
  readonly sources: readonly string[];
  readonly sourceKind: SourceKind;
  readonly inferred: readonly Inferable[];
  readonly note: string;
}

/** A rule whose threshold is measured. Amounts are integer cents. */
export interface MeasuredRule extends RuleBase {
  readonly period: Exclude<PeriodKind, 'not_measured'>;
  readonly salesThresholdCents: number;
  readonly salesComparison: Comparison;
  /**
   * The least transactions the sales test itself needs besides its amount (Minnesota's first rule:
   * "10 or more retail sales totaling more than $100,000"); null where the amount alone meets it.
   */
  readonly salesMinTransactions: number | null;
  /**
   * The first day whose sales count, the first of a month (month totals are whole months): a state
   * may count none made before its law, as Kansas counts no 2020 sales; null where every day in the
   * period counts.
   */
  readonly countsSalesFrom: string | null;
  /** The transaction test, absent where `combine` is `none`. */
  readonly transactions: { readonly threshold: number; readonly comparison: Comparison } | null;
  readonly combine: Combine;
  readonly whatCounts: WhatCounts;
  readonly obligationStarts: ObligationStart;
}

/** A dated position that no threshold measures (a disputed notice): exposure says so, never "crossed". */
export interface UnmeasuredRule extends RuleBase {
  readonly period: 'not_measured';
}

export type NexusRule = MeasuredRule | UnmeasuredRule;

export interface NexusRulesArtifact {
  readonly format: 1;
  /** The data file the rules come from: its path under the project, sha256 and rows read. */
  readonly source: { readonly file: string; readonly sha256: string; readonly rows: number };
  /** By state, then date. */
  readonly rules: readonly NexusRule[];
}

const STATES = new Set<string>(US_STATES);

/**
 * The checks that span rows (the build checks each row's fields first): a known state, real dates,
 * no two rules of a state from the same day (a day would have two rules in force), a source for
 * each. Returns every problem found, each naming its row.
 */
export function ruleProblems(rules: readonly NexusRule[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const r of rules) {
    const at = `${r.state} ${r.from}`;
    if (!STATES.has(r.state)) problems.push(`${at}: unknown state ${JSON.stringify(r.state)}`);
    if (!isIsoDate(r.from)) problems.push(`${at}: effective_from is not a date`);
    if (r.sources.length === 0 || r.sources.some((s) => !/^https?:\/\/\S+/.test(s))) problems.push(`${at}: no source address`);
    const key = `${r.state}|${r.from}`;
    if (seen.has(key)) problems.push(`${at}: overlaps another rule of ${r.state} from the same day`);
    seen.set(key, at);
    if (r.period !== 'not_measured') {
      if (!(Number.isSafeInteger(r.salesThresholdCents) && r.salesThresholdCents > 0)) problems.push(`${at}: the sales threshold must be a positive amount`);
      if ((r.combine === 'none') !== (r.transactions === null))
        problems.push(`${at}: combine ${r.combine} needs ${r.combine === 'none' ? 'no' : 'a'} transaction threshold`);
      if (r.salesMinTransactions !== null && !(Number.isSafeInteger(r.salesMinTransactions) && r.salesMinTransactions > 0))
        problems.push(`${at}: the sales test's least transactions must be a positive whole number`);
      if (r.countsSalesFrom !== null && !(isIsoDate(r.countsSalesFrom) && r.countsSalesFrom.endsWith('-01')))
        problems.push(`${at}: counts_sales_from must be the first day of a month`);
      if (r.transactions && !(Number.isSafeInteger(r.transactions.threshold) && r.transactions.threshold > 0))
        problems.push(`${at}: the transaction threshold must be a positive whole number`);
    }
  }
  return problems;
}

/** The rules, indexed by state: what the nexus parts ask for a state on a date. */
export class NexusRules {
  private readonly byState = new Map<string, NexusRule[]>();

  constructor(readonly artifact: NexusRulesArtifact) {
    if (artifact.format !== 1) throw new Error('not a nexus rules artifact of format 1');
    const problems = ruleProblems(artifact.rules);
    if (problems.length > 0) throw new Error(`nexus rules: ${problems.join('; ')}`);
    for (const r of artifact.rules) {
      const list = this.byState.get(r.state) ?? [];
      list.push(r);
      this.byState.set(r.state, list);
    }
    for (const list of this.byState.values()) list.sort((a, b) => a.from.localeCompare(b.from));
  }

  /** Every rule of a state, oldest first (empty where the state has none: no sales tax, or none yet). */
  history(state: string): readonly NexusRule[] {
    return this.byState.get(state) ?? [];
  }

  /** The rule in force on a date: the state's latest rule from that day or before. */
  ruleOn(state: string, date: string): NexusRule | undefined {
    if (!isIsoDate(date)) throw new Error(`not a date: ${JSON.stringify(date)}`);
    let found: NexusRule | undefined;
    for (const r of this.history(state)) if (r.from <= date) found = r;
    return found;
  }

  /** The rules of a state in force on some day of [from, to], oldest first. */
  rulesDuring(state: string, from: string, to: string): readonly NexusRule[] {
    const list = this.history(state);
    return list.filter((r, i) => r.from <= to && (list[i + 1]?.from ?? '9999-12-31') > from);
  }

  /**
   * The first day a threshold has measured the state without a break up to `date`: the start of the
   * rule in force, or of the measured rules just before it (South Dakota's 2023 change of its test
   * continues its 2018 law; Kansas's 2021 law follows a notice that measured nothing). Null where
   * the rule in force measures nothing or the state has none.
   */
  measuredSince(state: string, date: string): string | null {
    const list = this.history(state);
    let i = list.findLastIndex((r) => r.from <= date);
    if (i < 0 || list[i]!.period === 'not_measured') return null;
    while (i > 0 && list[i - 1]!.period !== 'not_measured') i--;
    return list[i]!.from;
  }
}
