// What a state's own rules add to the generic engine, and the lines they see. Each state whose
// rules are code (not data of the content) has one module (states/<st>.ts) implementing the hooks
// it needs; the registry (states/index.ts) maps its code to it. The generic phases call the hooks
// and name no state.
import type { Category, TaxabilityBasis } from '../../content/artifact';
import type { RateArea, StateRules, TaxCode, TaxContent } from '../../content/tax-content';
import type { DomainError } from '../../errors';
import type { DocumentInput, LineInput } from '../input';
import type { Destination, RatedDestination } from '../phases/addresses';
import type { CityRates, Sourced } from '../sourcing';
import type { Component, Taxed } from '../taxability';
import type { EngineContext, Message, SimulatedFault } from '../types';

/** A line with its product identity and amounts in cents, the state it ships to and that state's module. */
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
  /** The module of `state` (undefined: its rules are all data), found once per state of the document. */
  readonly module: StateModule | undefined;
}

/**
 * A line on its way through the phases. A phase that learns more about the destination hands the
 * line on under a narrower type (the same object when nothing else changes); the plan stays the
 * same object throughout. `route` 'state': the line's state module locates and rates it.
 */
export interface PlannedLine {
  readonly route: 'rated' | 'state';
  readonly plan: LinePlan;
  readonly dest: Destination;
}

export interface RatedLine {
  readonly route: 'rated';
  readonly plan: LinePlan;
  readonly dest: RatedDestination;
}

/** A line whose state module has yet to locate its destination. */
export interface StateLine {
  readonly route: 'state';
  readonly plan: LinePlan;
  readonly dest: Destination;
}

export type CheckedLine = RatedLine | StateLine;

/** A line its state module located and rated, taxed at the components the state's rules select. */
export interface StateSourcedLine {
  readonly route: 'state';
  readonly plan: LinePlan;
  readonly dest: RatedDestination;
  readonly sourced: Sourced;
  /** Messages for the document about the line's place (once per destination). */
  readonly notes: readonly Message[];
}

export type TaxableLine = RatedLine | StateSourcedLine;

/** A line while the state modules source theirs: checked, or already sourced by its module. */
export type SourcingLine = CheckedLine | StateSourcedLine;

/** A state that classes and taxes products by its own tables rather than by the content's treatments. */
export interface StateTaxability {
  /** The line's taxability at the jurisdictions its state module sourced (or the generic ones). */
  readonly taxed: (category: Category, components: readonly Component[], price: number) => Taxed;
  /** The rule behind it (`rules`: the state's, whose `memo` the module may keep its rules in). */
  readonly basis: (category: Category, date: string, content: TaxContent, rules: StateRules) => TaxabilityBasis;
}

/** The hooks of one state; only those the state needs are present. */
export interface StateModule {
  /** The state's two-letter code. */
  readonly state: string;

  /**
   * Sourcing (phase 9, after every generic check): the state locates and rates its own lines.
   * With this hook the generic rate check (phase 7) leaves the state's lines to it. Returns every
   * line, the state's rated (`StateSourcedLine`, or `RatedLine` to be sourced generically).
   */
  readonly sourceLines?: (
    lines: readonly SourcingLine[],
    shipFrom: Destination | null,
    doc: DocumentInput,
    date: string,
    ctx: EngineContext,
  ) => readonly SourcingLine[];
  /** Planning (phase 8): refusals of the state's rules, once every destination elsewhere has a rate. */
  readonly checkLines?: (lines: readonly { readonly plan: LinePlan }[], date: string, content: TaxContent) => void;
  /** Every document, in a sandbox that simulates a fault: the state's rate service failing (after its sourcing). */
  readonly simulateFault?: (fault: SimulatedFault) => void;

  /** Rates: the parts of an area whose postal city has an official rate of its own (`RateArea.cityRate`). */
  readonly cityRates?: CityRates;
  /** Rates (GET /rates): the general-merchandise jurisdictions of an area of the state, or its refusal. */
  readonly generalRates?: (area: RateArea, date: string, content: TaxContent) => readonly Component[];
  /** Rates (GET /rates): the refusal of a ZIP of the state without a rate row (instead of rate_unavailable). */
  readonly unlocated?: () => DomainError;

  /** Taxability: the state's own classes decide every line of the state, instead of the content's treatments. */
  readonly taxability?: StateTaxability;
}
