// us_states.csv: every state's facts (its name, whether it has state and local sales tax, its
// in-state sourcing) and its standing taxability (scripts/content/build/standing-taxability.ts).
// Every state the service knows (US_STATES) must have a row.
import type { StateFacts } from '../../../functions/core/content/artifact';
import { US_STATES } from '../../../functions/core/content/states';
import type { StateBuild } from '../states/state-build';
import type { Build } from './build';
import { standingCitations, standingTaxability } from './standing-taxability';

const COLUMNS = [
  'state',
  'state_name',
  'fips',
  'has_state_sales_tax',
  'has_local_sales_tax',
  'in_state_sourcing',
  'groceries',
  'groceries_state_rate',
  'groceries_local_tax_may_apply',
  'prescription_drugs',
  'otc_drugs',
  'clothing',
  'clothing_note',
  'shipping',
  'shipping_note',
  'digital_goods',
  'saas',
] as const;

export type StateRow = Record<(typeof COLUMNS)[number], string>;

export interface States {
  readonly rows: readonly StateRow[];
  readonly facts: Record<string, StateFacts>;
}

function intrastate(value: string): StateFacts['intrastate'] {
  if (value.startsWith('hybrid')) return 'hybrid';
  if (value.startsWith('origin')) return 'origin';
  return 'destination';
}

export function readStates(build: Build, stateBuilds: readonly StateBuild[]): States {
  const rows = build.load('us_states.csv', COLUMNS);
  const facts: Record<string, StateFacts> = {};
  for (const r of rows) {
    const own = stateBuilds.find((s) => s.state === r.state)?.taxability;
    const taxability = standingTaxability(r, build, own);
    facts[r.state] = {
      name: r.state_name.toUpperCase(),
      salesTax: r.has_state_sales_tax === 'yes',
      localTax: r.has_local_sales_tax.startsWith('yes') || r.has_local_sales_tax.startsWith('limited'),
      intrastate: intrastate(r.in_state_sourcing),
      taxability,
      citations: standingCitations(r, taxability, own),
    };
  }
  const missing = US_STATES.filter((s) => !facts[s]);
  if (missing.length) throw new Error(`us_states.csv lacks ${missing.join(', ')}`);
  return { rows, facts };
}
