// nexus_thresholds.csv: the dated economic nexus rules of each state (data/README.md, "Economic
// nexus thresholds"), built into content/nexus-rules.json. The rules are a file of their own, not a
// field of the tax artifact: tens of kilobytes (their notes and sources are kept for the reader) that
// would grow every function's bundle and load, while only the nexus functions read them, as only
// the address functions read the ZIP centroids. Every row is checked here and the build stops at
// the first file with a problem, naming each row at fault.
import * as v from 'valibot';
import { isIsoDate } from '../../../functions/core/nexus/dates';
import {
  COMBINES,
  COMPARISONS,
  DUTIES,
  INFERABLE,
  type Inferable,
  MARKETPLACE,
  type NexusRule,
  type NexusRulesArtifact,
  OBLIGATION_STARTS,
  PERIOD_KINDS,
  ruleProblems,
  SOURCE_KINDS,
  WHAT_COUNTS,
} from '../../../functions/core/nexus/thresholds';
import { parseCsv } from '../files/csv';
import { DataFiles } from './data-files';

export const NEXUS_THRESHOLDS_FILE = 'nexus_thresholds.csv';

const COLUMNS = [
  'state',
  'effective_from',
  'sales_threshold_usd',
  'transaction_threshold',
  'combine',
  'comparison_sales',
  'comparison_transactions',
  'sales_min_transactions',
  'period',
  'counts_sales_from',
  'what_counts',
  'marketplace_sales_included',
  'duty',
  'obligation_starts',
  'inferred',
  'source',
  'source_kind',
  'note',
] as const;

const blank = v.literal('');
const date = v.pipe(v.string(), v.check(isIsoDate, 'is not a date (YYYY-MM-DD)'));
const whole = v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'is not a positive whole number'));
const text = v.pipe(v.string(), v.trim(), v.minLength(1, 'is empty'));
const shared = {
  state: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'is not a state code')),
  effective_from: date,
  marketplace_sales_included: v.picklist(MARKETPLACE),
  duty: v.picklist(DUTIES),
  inferred: v.pipe(
    v.string(),
    v.check((s) => s === '' || s.split(';').every((c) => (INFERABLE as readonly string[]).includes(c)), `lists a column other than ${INFERABLE.join(', ')}`),
  ),
  source: v.pipe(text, v.regex(/^https?:\/\//, 'does not start with an address')),
  source_kind: v.picklist(SOURCE_KINDS),
  note: text,
};

const Measured = v.strictObject({
  ...shared,
  sales_threshold_usd: whole,
  transaction_threshold: v.union([blank, whole]),
  combine: v.picklist(COMBINES),
  comparison_sales: v.picklist(COMPARISONS),
  comparison_transactions: v.union([blank, v.picklist(COMPARISONS)]),
  sales_min_transactions: v.union([blank, whole]),
  period: v.picklist(PERIOD_KINDS.filter((p) => p !== 'not_measured')),
  counts_sales_from: v.union([blank, date]),
  what_counts: v.picklist(WHAT_COUNTS),
  obligation_starts: v.picklist(OBLIGATION_STARTS),
});

// A position no threshold measures carries no threshold, wording or start of collection.
const Unmeasured = v.strictObject({
  ...shared,
  sales_threshold_usd: blank,
  transaction_threshold: blank,
  combine: v.literal('none'),
  comparison_sales: blank,
  comparison_transactions: blank,
  sales_min_transactions: blank,
  period: v.literal('not_measured'),
  counts_sales_from: blank,
  what_counts: blank,
  obligation_starts: blank,
});

const Row = v.variant('period', [Unmeasured, Measured]);
type Row = v.InferOutput<typeof Row>;

function toRule(r: Row): NexusRule {
  const base = {
    state: r.state,
    from: r.effective_from,
    duty: r.duty,
    marketplace: r.marketplace_sales_included,
    sources: r.source.split(/\s+;\s+/).map((s) => s.trim().split(/\s+/)[0]!),
    sourceKind: r.source_kind,
    inferred: r.inferred === '' ? [] : (r.inferred.split(';') as Inferable[]),
    note: r.note,
  };
  if (r.period === 'not_measured') return { ...base, period: 'not_measured' };
  const m = r as v.InferOutput<typeof Measured>;
  return {
    ...base,
    period: m.period,
    salesThresholdCents: Number(m.sales_threshold_usd) * 100,
    salesComparison: m.comparison_sales,
    salesMinTransactions: m.sales_min_transactions === '' ? null : Number(m.sales_min_transactions),
    countsSalesFrom: m.counts_sales_from === '' ? null : m.counts_sales_from,
    transactions: m.transaction_threshold === '' ? null : { threshold: Number(m.transaction_threshold), comparison: m.comparison_transactions || 'exceeds' },
    combine: m.combine,
    whatCounts: m.what_counts,
    obligationStarts: m.obligation_starts,
  };
}

/** The rules of a nexus_thresholds.csv text, or an error listing every row at fault (line numbers of the file). */
export function readNexusThresholds(csv: string): NexusRule[] {
  const problems: string[] = [];
  const rules: NexusRule[] = [];
  parseCsv(csv, COLUMNS).forEach((raw, i) => {
    const line = `${NEXUS_THRESHOLDS_FILE}:${i + 2}`;
    const parsed = v.safeParse(Row, raw);
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? issue.path?.[0]?.key ?? 'row'} ${issue.message}`);
      problems.push(`${line} (${raw.state} ${raw.effective_from}): ${[...new Set(issues)].join('; ')}`);
      return;
    }
    const r = parsed.output;
    if ((r.transaction_threshold === '') !== (r.comparison_transactions === ''))
      problems.push(`${line} (${r.state} ${r.effective_from}): comparison_transactions is given exactly where transaction_threshold is`);
    rules.push(toRule(r));
  });
  problems.push(...ruleProblems(rules).map((p) => `${NEXUS_THRESHOLDS_FILE}: ${p}`));
  if (problems.length > 0) throw new Error(`${NEXUS_THRESHOLDS_FILE} has ${problems.length} problem(s):\n${problems.join('\n')}`);
  return rules.sort((a, b) => a.state.localeCompare(b.state) || a.from.localeCompare(b.from));
}

/** The nexus rules artifact of a data directory. */
export function buildNexusRules(data: string): NexusRulesArtifact {
  const files = new DataFiles(data);
  const csv = files.text(NEXUS_THRESHOLDS_FILE);
  const rules = readNexusThresholds(csv);
  const listed = files.sources[0]!;
  return { format: 1, source: { file: listed.file, sha256: listed.sha256, rows: rules.length }, rules };
}
