// taxability_changes.csv: the dated taxability rules of each state (a product class or a tax code,
// from a date, at a treatment), each with its note and source; they take precedence over the
// standing taxability of us_states.csv (data/README.md §9 and §14).
import type { TaxabilityRule, Treatment } from '../../../functions/core/content/artifact';
import { toMicro } from '../files/csv';
import type { Build } from './build';
import { firstClause } from './source-text';
import type { States } from './state-facts';
import { isCategory } from './tax-codes';

/**
 * A treatment of taxability_changes.csv: `exempt`, `taxable`, `reduced:<state rate>:<local>` (a
 * reduced rate), `rate:<state rate>:<local>` (a rate of the class's own, not a reduction), local
 * being `zip` (every local tax of the ZIP row), `none`, or a fixed statewide local rate; or
 * `share:<fraction>` (only that share of the price is taxable, at the full rates).
 */
function datedTreatment(build: Build, value: string, source: string, kind: string): Treatment | undefined {
  if (value === 'exempt' || value === 'taxable') return { t: value };
  const share = /^share:(0\.\d+)$/.exec(value);
  if (share) return { t: 'base_share', permille: Math.round(Number(share[1]) * 1000) };
  const rated = /^(reduced|rate):(\d+(?:\.\d+)?):(zip|none|\d+(?:\.\d+)?)$/.exec(value);
  if (!rated) return undefined;
  const local = rated[3]!;
  return {
    t: rated[1] === 'reduced' ? 'reduced' : 'class_rate',
    state: toMicro(rated[2]!),
    local: local === 'zip' || local === 'none' ? local : toMicro(local),
    source: build.sourceId(source, kind),
  };
}

export function readTaxabilityRules(build: Build, states: States): Record<string, TaxabilityRule[]> {
  const rules: Record<string, TaxabilityRule[]> = {};
  for (const r of build.load('taxability_changes.csv', ['state', 'match', 'effective_from', 'treatment', 'note', 'source', 'source_kind'])) {
    const treatment = datedTreatment(build, r.treatment, firstClause(r.source), r.source_kind);
    if (!treatment) throw new Error(`taxability_changes.csv: unknown treatment ${r.treatment}`);
    if (!/^(category:[a-z_]+|code:[0-9A-Z]+)$/.test(r.match)) throw new Error(`taxability_changes.csv: unreadable match ${r.match}`);
    if (r.match.startsWith('category:') && !isCategory(r.match.slice(9))) throw new Error(`taxability_changes.csv: unknown category in ${r.match}`);
    if (!states.facts[r.state]) throw new Error(`taxability_changes.csv: unknown state ${r.state}`);
    if (r.effective_from && !/^\d{4}-\d{2}-\d{2}$/.test(r.effective_from)) throw new Error(`taxability_changes.csv: bad date ${r.effective_from}`);
    if (!r.source.trim() || !r.note.trim()) throw new Error(`taxability_changes.csv: ${r.state} ${r.match} lacks its note or source`);
    (rules[r.state] ??= []).push({
      match: r.match,
      from: r.effective_from || null,
      treatment,
      kind: r.treatment.split(':')[0]!,
      citation: r.source.trim(),
      summary: r.note.trim(),
    });
  }
  for (const ofState of Object.values(rules)) ofState.sort((a, b) => (a.from ?? '').localeCompare(b.from ?? ''));
  return rules;
}
