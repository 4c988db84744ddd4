// Taxability rules: each state's standing treatment of a category (us_states.csv) and its dated
// rules (taxability_changes.csv), which decides a product on a date, and the rule a line names.
import type { Category, ContentArtifact, RuleTreatment, StateFacts, TaxabilityBasis, TaxabilityRule, Treatment } from './artifact';
import type { StateHolidays } from './holidays';
import type { TaxCode } from './tax-codes';

/** A dated taxability rule: `match` is `code:<prefix>` or `category:<category>`. */
export interface CompiledRule {
  readonly codePrefix: string | null;
  readonly category: string | null;
  readonly from: string | null;
  readonly treatment: Treatment;
  /** The rule as a line names it (built once). */
  readonly basis: TaxabilityBasis;
}

const TREATMENT_NAMES: Record<Treatment['t'], RuleTreatment> = {
  taxable: 'taxable',
  exempt: 'exempt',
  reduced: 'reduced_rate',
  class_rate: 'class_rate',
  threshold: 'price_threshold',
  first_exempt: 'first_amount_exempt',
  base_share: 'partial_base',
  follows_items: 'follows_goods',
  unverified: 'unverified',
};

/** How a treatment reads in a standing rule's summary. */
function described(t: Treatment): string {
  switch (t.t) {
    case 'taxable':
      return 'taxable at the general rates';
    case 'exempt':
      return 'exempt';
    case 'reduced':
    case 'class_rate':
      return `taxed at a state rate of ${t.state / 10_000} %, with ${t.local === 'zip' ? 'the local taxes of the place' : t.local === 'none' ? 'no local tax' : `a statewide local rate of ${t.local / 10_000} %`}`;
    case 'threshold':
      return `exempt from the state tax below $${t.belowCents / 100} a unit`;
    case 'first_exempt':
      return `exempt on the first $${t.cents / 100} of each unit`;
    case 'base_share':
      return `taxable on ${t.permille / 10} % of the price`;
    case 'follows_items':
      return 'taxable in the proportion of the taxable goods delivered';
    case 'unverified':
      return 'taxed at the full rate; the source data marks the rule as unverified';
  }
}

/** A rule of taxability_changes.csv as a line names it. */
function basisOf(state: string, rule: TaxabilityRule, coverageFrom: string): TaxabilityBasis {
  const code = rule.match.startsWith('code:');
  return {
    state,
    class: code ? `tax_code:${rule.match.slice(5)}` : rule.match.slice(9),
    treatment: TREATMENT_NAMES[rule.treatment.t],
    effective_from: rule.from ?? coverageFrom,
    citation: rule.citation,
    summary: rule.summary,
  };
}

/**
 * What the engine asks of one state on every line, gathered on first use (one map lookup a line
 * instead of one per question).
 */
export interface StateRules {
  readonly facts: StateFacts;
  readonly standing: ReadonlyMap<Category, Treatment>;
  readonly dated: readonly CompiledRule[] | undefined;
  /** The rule behind each standing treatment. */
  readonly standingBasis: ReadonlyMap<Category, TaxabilityBasis>;
  /**
   * The general rule by category and by the state rate's source it cites (built on first use): one
   * state's ZIPs may take their state rate from different tables (a city's official rate takes
   * the state part from the state's published base, other ZIPs from the ZIP table).
   */
  readonly general: Map<Category, Map<string, TaxabilityBasis>>;
  /** The state's holidays, with those in force on the last date asked (most states have none). */
  readonly holidays: StateHolidays | undefined;
  /**
   * Per product (its catalog tax code, or its category when it has none) the treatment decided for
   * the last date asked: documents of one day ask the same few products again and again.
   */
  readonly decided: Map<TaxCode | Category, { date: string; decision: TreatmentDecision }>;
  /**
   * Where the engine keeps what a state's own rules derive for the state across documents (its
   * module's memo, functions/core/tax/states/): built once per artifact, like these rules. Not part
   * of the rules' value.
   */
  memo: unknown;
}

/** The treatment a product gets in a state on a date, and whether a dated rule of the data chose it. */
export interface TreatmentDecision {
  readonly treatment: Treatment | undefined;
  readonly dated: boolean;
  /** The rule that decided (undefined: none; the state's general rule applies). */
  readonly basis: TaxabilityBasis | undefined;
}

/** The taxability rules of one artifact, shared by its versions. */
export class RuleIndex {
  private readonly coverageFrom: string;
  /** `artifact.states` as a map (asked for on every line). */
  private readonly facts: Map<string, StateFacts>;
  /** Each state's dated taxability rules, in the artifact's order, their `match` taken apart once. */
  private readonly rulesByState = new Map<string, readonly CompiledRule[]>();
  /** Each state's rules, built on first use. */
  private readonly rules = new Map<string, StateRules>();

  constructor(
    artifact: ContentArtifact,
    private readonly holidays: ReadonlyMap<string, StateHolidays>,
  ) {
    this.coverageFrom = artifact.coverage_from;
    this.facts = new Map(Object.entries(artifact.states));
    for (const [state, rules] of Object.entries(artifact.taxabilityRules))
      this.rulesByState.set(
        state,
        rules.map((rule) => {
          const codePrefix = rule.match.startsWith('code:') ? rule.match.slice(5) : null;
          return {
            codePrefix,
            category: codePrefix === null ? rule.match.slice(9) : null,
            from: rule.from,
            treatment: rule.treatment,
            basis: basisOf(state, rule, artifact.coverage_from),
          };
        }),
      );
  }

  stateFacts(state: string): StateFacts {
    const facts = this.facts.get(state);
    if (!facts) throw new Error(`no facts for state ${state}`);
    return facts;
  }

  /** What the engine asks of a state (its facts, standing treatments and dated rules), built once per state. */
  stateRules(state: string): StateRules {
    let rules = this.rules.get(state);
    if (rules === undefined) {
      const facts = this.stateFacts(state);
      const standing = new Map(Object.entries(facts.taxability)) as Map<Category, Treatment>;
      const standingBasis = new Map<Category, TaxabilityBasis>();
      for (const [category, t] of standing)
        standingBasis.set(category, {
          state,
          class: category,
          treatment: TREATMENT_NAMES[t.t],
          effective_from: this.coverageFrom,
          citation: facts.citations[category] ?? '',
          summary: `${state} standing rule: ${category} is ${described(t)}.`,
        });
      rules = {
        facts,
        standing,
        standingBasis,
        general: new Map(),
        dated: this.rulesByState.get(state),
        holidays: this.holidays.get(state),
        decided: new Map(),
        memo: undefined,
      };
      this.rules.set(state, rules);
    }
    return rules;
  }

  /**
   * The treatment of a product in a state on `date`: the newest dated rule for its tax code or
   * category on or before the date, else the state's standing treatment of the category. The
   * rules are shared by every version, so the memo is too.
   */
  treatment(rules: StateRules, category: Category, taxCode: TaxCode | undefined, date: string): TreatmentDecision {
    const key = taxCode ?? category;
    const last = rules.decided.get(key);
    if (last !== undefined && last.date === date) return last.decision;
    const dated = rules.dated === undefined ? undefined : datedIn(rules.dated, category, taxCode?.code, date);
    const decision: TreatmentDecision =
      dated !== undefined
        ? { treatment: dated.treatment, dated: true, basis: dated.basis }
        : { treatment: rules.standing.get(category), dated: false, basis: rules.standingBasis.get(category) };
    if (last !== undefined) {
      last.date = date;
      last.decision = decision;
    } else rules.decided.set(key, { date, decision });
    return decision;
  }

  /**
   * A dated taxability rule of the state for a line's tax code or category on `date`: the newest
   * rule on or before the date (a rule without a date holds before any dated one).
   */
  datedTreatment(state: string, category: Category, code: string | undefined, date: string): Treatment | undefined {
    const rules = this.rulesByState.get(state);
    return rules === undefined ? undefined : datedIn(rules, category, code, date)?.treatment;
  }

  /**
   * The state's general rule for a category no rule of the data rules on: taxable at the state's
   * general rate, citing where that rate comes from (built once per category and source).
   */
  generalBasis(rules: StateRules, state: string, category: Category, rateSource: string): TaxabilityBasis {
    let bySource = rules.general.get(category);
    const known = bySource?.get(rateSource);
    if (known !== undefined) return known;
    const basis: TaxabilityBasis = {
      state,
      class: category,
      treatment: 'general_rate',
      effective_from: this.coverageFrom,
      citation: rateSource || 'Federation of Tax Administrators, State Sales Tax Rates (2023-01-01): no state sales tax (data/us_states.csv)',
      summary: rules.facts.salesTax
        ? `${state} general rule: ${category} is taxed at the state's general rate and the local rates of the place; no rule of the data sets another treatment.`
        : `${state} levies no state sales tax; local taxes of the place apply at their general rates.`,
    };
    if (bySource === undefined) rules.general.set(category, (bySource = new Map()));
    bySource.set(rateSource, basis);
    return basis;
  }
}

/**
 * The newest rule on or before `date` for the tax code or the category: a rule for the tax code
 * (a class narrower than the category, e.g. SaaS for business use) decides before one for the category.
 */
function datedIn(rules: readonly CompiledRule[], category: Category, code: string | undefined, date: string): CompiledRule | undefined {
  let byCategory: CompiledRule | undefined;
  let byCode: CompiledRule | undefined;
  const upper = code?.toUpperCase();
  for (const rule of rules) {
    if (rule.from !== null && rule.from > date) continue;
    if (rule.codePrefix !== null) {
      if (upper?.startsWith(rule.codePrefix) === true) byCode = rule;
    } else if (rule.category === category) byCategory = rule;
  }
  return byCode ?? byCategory;
}
