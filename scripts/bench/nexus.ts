// The `nexus` part of the bench: GET /nexus for an account of BENCH_NEXUS_DOCUMENTS committed
// documents over 24 months and 40 states (nexus-seed.ts writes their summaries into the runner's
// DynamoDB Local), plus two sales-history records sent through the API. Measured: one client's
// latency, CONCURRENCY clients' rate, the DynamoDB calls and summaries of one answer, and, in this
// process, the summary read alone and the pure computation alone (nexusReport on the same totals).
// Every state's measure in the answer is checked against the documents' own sums first, so the
// figures cannot be those of an empty or wrong answer.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { taxContent } from '../../functions/adapters/content/content-file';
import { nexusRules } from '../../functions/adapters/content/nexus-rules-file';
import { summaryUpdates } from '../../functions/adapters/dynamodb/summary-shards';
import type { DatedTotal } from '../../functions/core/nexus/measure';
import { quarterOf } from '../../functions/core/nexus/month-sales';
import { datedTotals } from '../../functions/core/nexus/recorded';
import { monthsToRead, nexusReport } from '../../functions/core/nexus/report';
import { keyOf } from '../../functions/core/returns/summary';
import { SUMMARY_TABLE } from '../../functions/manifest/resources';
import { inProcess } from '../../lib/local/invoke';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localTableName } from '../../lib/local/provision';
import { PROJECT_ROOT } from '../../lib/paths';
import { closedLoop } from './http-load';
import { NEXUS_TENANT, type SeededAccount, salesBetween, seedAccount, statesOf, templates } from './nexus-seed';
import type { Runner } from './processes';
import { CONCURRENCY, type Figures, HTTP_SECONDS, type Log, median, round, WARMUP_SECONDS } from './settings';

export const NEXUS_KEY = 'stx_test_benchnexus0000000000000';

export const NEXUS_SEED_ACCOUNT = {
  id: NEXUS_TENANT.accountId,
  name: 'Bench, economic nexus',
  modules: ['api_access'],
  rate_limits: { general: 10_000_000 },
  keys: [{ key: NEXUS_KEY, environment: 'sandbox', scopes: ['*'] }],
};

const STATES = 40;

/** A sales-history entry as sent, in cents as the check counts it. */
interface Extra {
  readonly state: string;
  readonly date: string;
  readonly cents: number;
  readonly transactions: number;
  readonly channel: 'direct' | 'marketplace';
  readonly kind: 'retail' | 'resale';
}

/** What the two history records send: marketplace sales of this year, and sales before the switch. */
export function historyRecords(states: readonly string[], daysAgo: (days: number) => string): Extra[][] {
  return [
    states.slice(0, 3).map((state) => ({ state, date: daysAgo(100), cents: 3_000_000, transactions: 120, channel: 'marketplace', kind: 'retail' })),
    states.slice(3, 6).map((state, i) => ({
      state,
      date: daysAgo(400),
      cents: 5_000_000,
      transactions: 200,
      channel: 'direct',
      kind: i === 0 ? 'resale' : 'retail',
    })),
  ];
}

interface StateAnswer {
  readonly state: string;
  readonly period: { from: string; to: string } | null;
  readonly measured: { sales: number; transactions: number; excluded: Record<string, { sales: number; transactions: number }> };
}

/**
 * The states of `answer` whose measure (counted and left out together) differs from the seeded
 * sales over its period, as lines; also a line when a seeded state is missing or measured nothing.
 */
export function answerMismatches(answer: readonly StateAnswer[], seeded: SeededAccount['sales'], extras: readonly Extra[]): string[] {
  const problems: string[] = [];
  for (const state of seeded.keys()) {
    const found = answer.find((s) => s.state === state);
    if (!found?.period) {
      problems.push(`${state}: no measured period in the answer`);
      continue;
    }
    const { from, to } = found.period;
    const expected = salesBetween(seeded, extras, state, from, to);
    const parts = [found.measured, ...Object.values(found.measured.excluded)];
    const cents = Math.round(parts.reduce((n, p) => n + p.sales * 100, 0));
    const transactions = parts.reduce((n, p) => n + p.transactions, 0);
    if (expected.cents === 0) problems.push(`${state}: nothing seeded over ${from} – ${to}`);
    if (cents !== expected.cents || transactions !== expected.transactions)
      problems.push(`${state} ${from} – ${to}: answered ${cents} cents / ${transactions}, seeded ${expected.cents} / ${expected.transactions}`);
  }
  return problems;
}

/** `fn` over `items`, `width` at a time. */
async function pool<T>(items: readonly T[], width: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < items.length; i = next++) await fn(items[i]!);
    }),
  );
}

/**
 * A seeded update in parts of at most 200 increments: a quarter's month record sums 100,000
 * documents in every state at once, more than one expression holds (a commit adds a few states).
 */
function splitAdds(item: { Update?: unknown }): UpdateCommandInput[] {
  const update = item.Update as UpdateCommandInput;
  const clauses = update.UpdateExpression!.replace(/^ADD /, '').split(', ');
  if (clauses.length <= 200) return [update];
  const parts: UpdateCommandInput[] = [];
  for (let i = 0; i < clauses.length; i += 200) {
    const chunk = clauses.slice(i, i + 200);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    for (const clause of chunk) {
      const [name, value] = clause.split(' ') as [string, string];
      names[name] = update.ExpressionAttributeNames![name]!;
      values[value] = update.ExpressionAttributeValues![value];
    }
    parts.push({ ...update, UpdateExpression: `ADD ${chunk.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values });
  }
  return parts;
}

/** Median ms of `runs` calls of `fn`, after `warm` unmeasured ones. */
async function timed(runs: number, warm: number, fn: () => unknown): Promise<number> {
  for (let i = 0; i < warm; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

export async function nexusFigures(server: Runner, log: Log): Promise<Figures> {
  const documents = Number(process.env.BENCH_NEXUS_DOCUMENTS ?? 100_000);
  const today = new Date().toISOString().slice(0, 10);
  const content = taxContent();
  const rules = nexusRules();
  const places = statesOf(content, STATES, (state) => {
    const rule = rules.ruleOn(state, today);
    return rule !== undefined && rule.period !== 'not_measured';
  });
  const started = performance.now();
  const seeded = seedAccount(templates(content, places, today), today, documents);
  const summed = performance.now();
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: server.dynamo, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const { updates } = summaryUpdates(localTableName(SUMMARY_TABLE), NEXUS_TENANT, seeded.summaries);
  await pool(updates.flatMap(splitAdds), 8, (u) => db.send(new UpdateCommand(u)));
  log(
    `nexus: ${documents} documents in ${places.length} states summed into ${seeded.summaries.length} summaries in ${round((summed - started) / 1000, 2)} s, written in ${round((performance.now() - summed) / 1000, 2)} s`,
  );

  const headers = { Authorization: `Bearer ${NEXUS_KEY}`, 'Content-Type': 'application/json' };
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const records = historyRecords(
    places.map((p) => p.state),
    daysAgo,
  );
  for (const entries of records) {
    const body = { entries: entries.map(({ cents, ...e }) => ({ ...e, amount: cents / 100 })) };
    const res = await fetch(`${server.url}/api/v1/nexus/sales-history`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`POST /nexus/sales-history answered ${res.status}: ${await res.text()}`);
  }
  const extras = records.flat();

  // The first answer brings the seeded month records level with the summaries (once per state and quarter).
  const firstStarted = performance.now();
  const answer = await fetch(`${server.url}/api/v1/nexus`, { headers });
  const firstMs = performance.now() - firstStarted;
  if (answer.status !== 200) throw new Error(`GET /nexus answered ${answer.status}: ${await answer.text()}`);
  const states = ((await answer.json()) as { states: StateAnswer[] }).states;
  const problems = answerMismatches(states, seeded.sales, extras);
  if (problems.length > 0) throw new Error(`GET /nexus does not measure what was seeded:\n${problems.join('\n')}`);
  const crossed = states.filter((s) => (s as unknown as { measured_status: string }).measured_status === 'crossed').length;

  const get = () => ({ method: 'GET', path: '/api/v1/nexus' });
  await closedLoop(server.url, NEXUS_KEY, get, 200, WARMUP_SECONDS, CONCURRENCY);
  const one = await closedLoop(server.url, NEXUS_KEY, get, 200, HTTP_SECONDS, 1);
  const many = await closedLoop(server.url, NEXUS_KEY, get, 200, HTTP_SECONDS, CONCURRENCY);
  if (one.errors + many.errors > 0) throw new Error(`GET /nexus: ${one.errors + many.errors} answers other than 200`);

  // A projection reads the same month records and the days its run rate and tests cut.
  const projectionMs = await timed(10, 2, async () => {
    const res = await fetch(`${server.url}/api/v1/nexus/projections`, { method: 'POST', headers, body: JSON.stringify({ monthly_growth: 0.02 }) });
    if (res.status !== 200) throw new Error(`POST /nexus/projections answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  });

  // In this process: the DynamoDB calls of one warm answer, the summary read alone, the computation alone.
  const { invoke, dynamoCalls } = inProcess(server.dynamo);
  await invoke('GET', '/api/v1/nexus', NEXUS_KEY);
  const before = await dynamoCalls();
  const res = await invoke('GET', '/api/v1/nexus', NEXUS_KEY);
  if (res.status !== 200) throw new Error(`GET /nexus in process answered ${res.status}`);
  const calls = (await dynamoCalls()) - before;
  const root = (await import(`${PROJECT_ROOT}/functions/composition-root.ts`)) as typeof import('../../functions/composition-root');
  const months = monthsToRead(rules, today);
  const wanted = new Set([...months].flatMap(([state, list]) => list.map((period) => keyOf({ state, period, location: '*' }))));
  const found = seeded.summaries.filter((s) => wanted.has(keyOf(s.key)));
  const store = root.nexusPorts().nexus(NEXUS_TENANT);
  const quarters = [...new Set([...months.values()].flat().map(quarterOf))];
  const readMs = await timed(20, 3, () => store.monthSales(quarters, [...months.keys()]));
  const daysMs = await timed(10, 2, () => store.recorded(months));

  const totals = new Map<string, DatedTotal[]>();
  for (const { key, totals: t } of found) totals.set(key.state, [...(totals.get(key.state) ?? []), ...datedTotals(key.period, t.sales)]);
  for (const e of extras) totals.get(e.state)?.push({ date: e.date, sales_cents: e.cents, transactions: e.transactions, channel: e.channel, kind: e.kind });
  const computeMs = await timed(50, 10, () => nexusReport(rules, today, totals, []));

  log(`POST /nexus/projections (2 % monthly growth): median ${round(projectionMs, 1)} ms of 10`);
  log(
    `GET /nexus (${documents} documents, ${states.length} states answered, ${crossed} crossed, checked against the seeded sums): p50 ${one.p50} ms, p99 ${one.p99} ms (1 client); ${many.rps} req/s, p99 ${many.p99} ms (${CONCURRENCY} clients)`,
  );
  log(
    `GET /nexus reads ${quarters.length} quarters' month records and the days of the months its tests cut in ${calls} DynamoDB calls (first answer, levelling the records: ${round(firstMs, 1)} ms); in process the records read takes ${round(readMs, 2)} ms, every day of the ${wanted.size} summaries (${found.length} seeded) ${round(daysMs, 2)} ms, nexusReport alone on every day ${round(computeMs, 2)} ms`,
  );
  return {
    nexus_get_p50_ms: one.p50,
    nexus_get_p99_ms: one.p99,
    nexus_get_rps: many.rps,
    nexus_summaries_read: wanted.size,
    nexus_get_ddb_calls: calls,
    nexus_first_get_ms: round(firstMs, 1),
    nexus_projection_ms: round(projectionMs, 1),
    nexus_read_ms: round(readMs, 2),
    nexus_days_read_ms: round(daysMs, 2),
    nexus_compute_ms: round(computeMs, 2),
  };
}
