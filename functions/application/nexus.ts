// Economic nexus use cases (docs/economic-nexus.md): the exposure per state on a day, the sales
// history, registrations, projections, and the alerts. Recorded sales come from the running
// summaries the commits keep, so an answer reads a bounded number of items however many documents
// the account holds.
import { actingLocation, visibleTo } from '../core/access/authorize';
import type { Tenant } from '../core/access/records';
import type { TenantRepository } from '../core/account/ports';
import { isUsState } from '../core/content/states';
import { DomainError, fieldError, validationError } from '../core/errors';
import { alertOf } from '../core/nexus/alerts';
import { type Exposure, exposureOn, pendingCrossing } from '../core/nexus/crossing';
import { assertEntries, datedTotal, type HistoryEntry, type HistoryRecord } from '../core/nexus/history';
import { type DatedTotal, MonthsNeeded } from '../core/nexus/measure';
import { type MonthTotal, quarterOf } from '../core/nexus/month-sales';
import type { NexusRepository } from '../core/nexus/ports';
import { type ProjectionView, projectState } from '../core/nexus/projection';
import { monthsToRead, type NexusStateView, nexusReport, stateView } from '../core/nexus/report';
import type { NexusRules } from '../core/nexus/thresholds';
import type { TransactionRepository } from '../core/transactions/repository';
import { nexusTestOf, type PendingWork } from '../core/work/pending-work';
import { dayOf, type TenantCall } from './call';
import { reusedKey, type SubmissionOptions, sha256, submissionId } from './submissions';
import type { TenantConfigs } from './tenant-configs';

/** The event types of changed documents, and where their payloads name the documents. */
const DOCUMENT_EVENTS: Readonly<Record<string, readonly string[]>> = {
  'transaction.committed': ['code'],
  'transaction.voided': ['code'],
  'transaction.refunded': ['refund.code'],
  'transaction.refund_withdrawn': ['refund.code'],
  'transaction.adjusted': ['replacement.code'],
};

export interface NexusPorts {
  readonly nexus: (tenant: Tenant) => NexusRepository;
  /** The documents whose events the watch reads (their states). */
  readonly documents: (tenant: Tenant) => Pick<TransactionRepository, 'get'>;
  readonly rules: () => NexusRules;
  readonly tenants: Pick<TenantRepository, 'updateSettings'>;
  readonly tenantConfigs: TenantConfigs;
}

/** The first day an answer can be asked about: the first economic nexus law in force. */
function coverageFrom(rules: NexusRules): string {
  return rules.artifact.rules.reduce((min, r) => (r.from < min ? r.from : min), '9999-12-31');
}

function assertAsOf(rules: NexusRules, asOf: string, today: string, target: string): void {
  const from = coverageFrom(rules);
  if (asOf < from || asOf > today) {
    const message = `Must be a date from ${from} (the first economic nexus law in the content) to today (${today}); a later day is projected (POST /nexus/projections).`;
    throw new DomainError('date_outside_coverage', 'The day is outside what the economic nexus rules cover.', [
      { code: 'date_outside_coverage', target, message },
    ]);
  }
}

/** Rounds of reading the days of the months a state's tests cut, before its whole look-back is read. */
const DAY_ROUNDS = 2;

/**
 * `measure` of each state (the states given, else every state with a measured rule) on the month
 * totals of the quarters its look-back on `asOf` covers, reading the day sales only of the months
 * it asks for (core/nexus/measure.ts, MonthsNeeded): at most twice, then its whole look-back. The
 * sales history, and any `extra` totals, are by day. The same answer as over every day, in a few
 * reads.
 */
async function onMonthTotals<T>(
  ports: NexusPorts,
  tenant: Tenant,
  asOf: string,
  measure: (state: string, days: readonly DatedTotal[], months: readonly MonthTotal[]) => T,
  states?: ReadonlySet<string>,
  extra: readonly { readonly state: string; readonly total: DatedTotal }[] = [],
): Promise<Map<string, T>> {
  const rules = ports.rules();
  const months = monthsToRead(rules, asOf);
  if (states) for (const state of [...months.keys()]) if (!states.has(state)) months.delete(state);
  const repo = ports.nexus(tenant);
  const quarters = [...new Set([...months.values()].flat().map(quarterOf))].sort();
  const [monthSales, history] = await Promise.all([repo.monthSales(quarters, [...months.keys()]), repo.history()]);
  const days = new Map<string, DatedTotal[]>();
  const addDay = (state: string, total: DatedTotal) => {
    if (!months.has(state)) return;
    const list = days.get(state);
    if (list) list.push(total);
    else days.set(state, [total]);
  };
  for (const record of history) for (const entry of record.entries) addDay(entry.state, datedTotal(entry));
  for (const { state, total } of extra) addDay(state, total);
  const detailed = new Map<string, Set<string>>();
  const out = new Map<string, T>();
  let pending = new Map<string, string[]>();
  for (const [state, list] of months) if (monthSales.get(state) === null) pending.set(state, list);
  for (let round = 0; ; round++) {
    if (pending.size > 0) {
      for (const [state, read] of await repo.recorded(pending)) days.set(state, [...(days.get(state) ?? []), ...read]);
      for (const [state, list] of pending) detailed.set(state, new Set([...(detailed.get(state) ?? []), ...list]));
    }
    pending = new Map();
    for (const [state, list] of months) {
      if (out.has(state)) continue;
      const seen = detailed.get(state) ?? new Set<string>();
      const lookBack = new Set(list);
      const rows = (monthSales.get(state) ?? []).filter((m) => lookBack.has(m.month) && !seen.has(m.month));
      try {
        out.set(state, measure(state, days.get(state) ?? [], rows));
      } catch (error) {
        if (!(error instanceof MonthsNeeded)) throw error;
        const wanted = (round < DAY_ROUNDS ? error.months : list).filter((m) => !seen.has(m));
        if (wanted.length === 0) throw error;
        pending.set(state, wanted);
      }
    }
    if (pending.size === 0) return out;
  }
}

/** Exposure per state on `asOf`, measured on month totals (onMonthTotals). */
function exposuresOn(ports: NexusPorts, tenant: Tenant, asOf: string, states?: ReadonlySet<string>): Promise<Map<string, Exposure>> {
  const rules = ports.rules();
  return onMonthTotals(ports, tenant, asOf, (state, days, months) => exposureOn(rules, state, asOf, days, months), states);
}

export interface NexusOverview {
  readonly as_of: string;
  readonly rules_sha256: string;
  readonly states: NexusStateView[];
}

/** GET /nexus: every state with a rule on `asOf` (default today), nearest to an obligation first. */
export async function nexusOverview(ports: NexusPorts, call: TenantCall, asOf: string | undefined): Promise<NexusOverview> {
  const today = dayOf(call.now);
  const day = asOf ?? today;
  const rules = ports.rules();
  assertAsOf(rules, day, today, 'query.as_of');
  const tenant = call.principal.tenant;
  const [exposures, { settings }] = await Promise.all([exposuresOn(ports, tenant, day), ports.tenantConfigs.get(tenant)]);
  return { as_of: day, rules_sha256: rules.artifact.source.sha256, states: nexusReport(rules, day, new Map(), settings.registrations, exposures) };
}

/** The canonical form a retry's entries are compared in. */
const entriesHash = (entries: readonly HistoryEntry[]): string =>
  sha256(JSON.stringify(entries.map((e) => [e.state, e.date, e.amount_cents, e.transactions, e.channel, e.kind])));

/**
 * POST /nexus/sales-history: stores the entries as one record, all or none. Under an
 * Idempotency-Key a retry finds the first attempt's record (its id derives from the submission);
 * the same key with other entries is idempotency_conflict.
 */
export async function recordSalesHistory(
  ports: NexusPorts,
  call: TenantCall,
  entries: readonly HistoryEntry[],
  options: SubmissionOptions = {},
): Promise<HistoryRecord> {
  const today = dayOf(call.now);
  assertEntries(entries, today);
  const record: HistoryRecord = {
    id: `nsh_${submissionId('nexus_sales_history', options, 24)}`,
    created_at: call.now.toISOString(),
    location_code: actingLocation(call.principal, null),
    entries_sha256: entriesHash(entries),
    entries,
  };
  const stored = await ports.nexus(call.principal.tenant).putHistory(record);
  if (stored.entries_sha256 !== record.entries_sha256) throw reusedKey();
  await watchStates(ports, call.principal.tenant, new Set(entries.map((e) => e.state)), call.now);
  return stored;
}

const historyNotFound = () => new DomainError('not_found', 'No sales-history record of this account has this id.');

/** A location-scoped key lists the records of its location; the measure counts every record of the account. */
export async function listSalesHistory(ports: NexusPorts, call: TenantCall): Promise<HistoryRecord[]> {
  return (await ports.nexus(call.principal.tenant).history()).filter((r) => visibleTo(call.principal, r.location_code)).reverse();
}

export async function getSalesHistory(ports: NexusPorts, call: TenantCall, id: string): Promise<HistoryRecord> {
  const found = await ports.nexus(call.principal.tenant).getHistory(id);
  if (!found || !visibleTo(call.principal, found.location_code)) throw historyNotFound();
  return found;
}

export async function deleteSalesHistory(ports: NexusPorts, call: TenantCall, id: string): Promise<void> {
  await getSalesHistory(ports, call, id);
  if (!(await ports.nexus(call.principal.tenant).deleteHistory(id))) throw historyNotFound();
}

function assertState(state: string): void {
  if (!isUsState(state)) throw fieldError('enum', 'path.state', 'Must be a US state code (50 states and DC).');
}

/** PUT /nexus/registrations/{state}: sets the date the seller collects in the state from. */
export async function putRegistration(ports: NexusPorts, call: TenantCall, state: string, registeredFrom: string) {
  assertState(state);
  const tenant = call.principal.tenant;
  const settings = await ports.tenants.updateSettings(tenant, { registration: { state, registered_from: registeredFrom } }, call.now.toISOString());
  ports.tenantConfigs.forget(tenant);
  return { state, registered_from: registeredFrom, nexus: settings.nexus };
}

/** DELETE /nexus/registrations/{state}. */
export async function deleteRegistration(ports: NexusPorts, call: TenantCall, state: string): Promise<void> {
  assertState(state);
  const tenant = call.principal.tenant;
  const { settings } = await ports.tenantConfigs.get(tenant);
  if (!settings.registrations.some((r) => r.state === state))
    throw new DomainError('not_found', 'The account has no registration in this state.', [
      { code: 'not_found', target: 'path.state', message: 'The account has no registration in this state.' },
    ]);
  await ports.tenants.updateSettings(tenant, { registration: { state, registered_from: null } }, call.now.toISOString());
  ports.tenantConfigs.forget(tenant);
}

export async function listRegistrations(ports: NexusPorts, call: TenantCall) {
  const { settings } = await ports.tenantConfigs.get(call.principal.tenant);
  return { nexus: settings.nexus, registrations: settings.registrations };
}

export interface ProjectionInput {
  readonly as_of?: string | undefined;
  readonly monthly_growth?: number | undefined;
  readonly horizon_months?: number | undefined;
  readonly entries?: readonly HistoryEntry[] | undefined;
}

/**
 * POST /nexus/projections: per state, when each test would be crossed if sales went on as in the
 * twelve months before `as_of` (grown by `monthly_growth` a month), with `entries` added; stores
 * nothing. Any `as_of` the content covers, past ones included, so a projection can be checked.
 */
export async function projectNexus(ports: NexusPorts, call: TenantCall, input: ProjectionInput): Promise<{ as_of: string; states: ProjectionView[] }> {
  const today = dayOf(call.now);
  const asOf = input.as_of ?? today;
  const rules = ports.rules();
  assertAsOf(rules, asOf, today, 'as_of');
  const entries = input.entries ?? [];
  // Hypothetical entries may lie in the future: that is what a projection is for.
  const details = entries.flatMap((e, i) =>
    isUsState(e.state) ? [] : [{ code: 'enum', target: `entries.${i}.state`, message: 'Must be a US state code (50 states and DC).' }],
  );
  if (details.length > 0) throw validationError(details);
  const tenant = call.principal.tenant;
  const { settings } = await ports.tenantConfigs.get(tenant);
  const growth = input.monthly_growth ?? 0;
  const horizon = input.horizon_months ?? 24;
  const projected = await onMonthTotals(
    ports,
    tenant,
    asOf,
    (state, days, months) =>
      projectState(rules, state, asOf, days, { growth, horizonMonths: horizon, registration: settings.registrations.find((r) => r.state === state) }, months),
    undefined,
    entries.map((e) => ({ state: e.state, total: datedTotal(e) })),
  );
  const states: ProjectionView[] = [...projected.values()];
  return { as_of: asOf, states: states.sort((a, b) => (a.crossed_on ?? '9999').localeCompare(b.crossed_on ?? '9999') || a.state.localeCompare(b.state)) };
}

/**
 * The alerts of the states given, as of `now`: each approaching or crossed state the seller has
 * not registered in gets its event once (the store's alert key). A state that tests at period ends
 * and whose sales so far already meet its coming test has that test registered for the sweeper
 * (`sweepNexusTest`), so the crossing is told on its day even if no later change reaches the state.
 * Returns the alerts written.
 */
export async function watchStates(ports: NexusPorts, tenant: Tenant, states: ReadonlySet<string>, now: Date): Promise<number> {
  if (states.size === 0) return 0;
  const today = dayOf(now);
  const rules = ports.rules();
  const [exposures, { settings }] = await Promise.all([exposuresOn(ports, tenant, today, states), ports.tenantConfigs.get(tenant)]);
  const repo = ports.nexus(tenant);
  let written = 0;
  for (const state of states) {
    const rule = rules.ruleOn(state, today);
    if (!rule) continue;
    const exposure = exposures.get(state) ?? exposureOn(rules, state, today, []);
    const view = stateView(
      rule,
      exposure,
      settings.registrations.find((r) => r.state === state),
    );
    const due = view.status === 'registered' ? null : pendingCrossing(rule, exposure);
    if (due) await repo.scheduleTest(state, due, now.toISOString());
    const alert = alertOf(view, today);
    if (!alert) continue;
    if (await repo.alertOnce(alert.key, { type: alert.type, version: 1, at: now.toISOString(), data: alert.data })) written += 1;
  }
  return written;
}

/**
 * The watch of changed documents (the main table's stream): the states of the documents the events
 * name are evaluated as of `now`. At-least-once: a repeat finds its alerts already written.
 */
export async function watchDocumentEvents(
  ports: NexusPorts,
  tenant: Tenant,
  events: readonly { readonly type: string; readonly data: string }[],
  now: Date,
): Promise<number> {
  const codes = new Set<string>();
  for (const event of events) {
    const paths = DOCUMENT_EVENTS[event.type];
    if (!paths) continue;
    const data = JSON.parse(event.data) as Record<string, unknown>;
    for (const path of paths) {
      const code = path.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], data);
      if (typeof code === 'string') codes.add(code);
    }
  }
  if (codes.size === 0) return 0;
  const documents = ports.documents(tenant);
  const states = new Set<string>();
  for (const stored of await Promise.all([...codes].map((code) => documents.get(code))))
    for (const line of stored?.record.lines ?? []) states.add(line.address.state);
  return watchStates(ports, tenant, states, now);
}

/**
 * The sweeper's handler of a registered nexus test: once its day has passed (UTC), the state is
 * evaluated as of `now` (which writes the crossing's alert once, as any evaluation does) and the
 * entry is done; before that it waits. An entry of no known form is done.
 */
export async function sweepNexusTest(ports: NexusPorts, work: PendingWork, now: Date): Promise<{ finished: boolean }> {
  const test = nexusTestOf(work);
  if (!test) return { finished: true };
  if (dayOf(now) <= test.on) return { finished: false };
  await watchStates(ports, work.tenant, new Set([test.state]), now);
  return { finished: true };
}
