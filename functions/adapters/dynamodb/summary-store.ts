// Return summaries in DynamoDB: running totals per tenant, state, month and location, each spread
// over SUMMARY_SHARDS items chosen by document code. A tenant committing 2,000 documents a second
// to one state updates each shard about 60 times a second, well inside one partition's 1,000 writes
// a second, and concurrent transactions rarely meet on one item; a read is one BatchGetItem of the
// shards, whatever the number of documents.
//
// Totals are flat numeric attributes updated with ADD (which creates them at zero), so an update
// never needs to read first: `n`, `tx`, `ex`, `t` (documents, taxable, exempt, tax in cents),
// `k_<kind>_{n,tx,t}`, and per jurisdiction `j_<id>_{tx,t}` with its name, type and rate in `jm_<id>`.
import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { SummaryRepository } from '../../core/returns/ports';
import {
  emptyTotals,
  jurisdictionKey,
  KINDS_OF_DOCUMENT,
  sumTotals,
  type JurisdictionTotal,
  type SummaryDelta,
  type SummaryKey,
  type SummaryTotals,
} from '../../core/returns/summary';
import { batchGetAll } from './query-page';

export const SUMMARY_SHARDS = 32;

export const shardOf = (code: string): number => createHash('sha256').update(code).digest().readUInt32BE(0) % SUMMARY_SHARDS;
const jurisdictionId = (key: string): string => createHash('sha256').update(key).digest('base64url').slice(0, 12);

const summaryPrefix = (tenant: Tenant, key: SummaryKey): string => `SUM#${tenant.accountId}#${tenant.environment}#${key.state}#${key.period}#${key.location}`;

export const summaryKey = (tenant: Tenant, key: SummaryKey, shard: number) => ({ PK: `${summaryPrefix(tenant, key)}#${shard}`, SK: 'SUM' });

/** The attribute increments of one delta. */
function increments(t: SummaryTotals): { adds: Map<string, number>; meta: Map<string, string> } {
  const adds = new Map<string, number>();
  const meta = new Map<string, string>();
  const add = (name: string, value: number) => {
    if (value !== 0) adds.set(name, (adds.get(name) ?? 0) + value);
  };
  add('n', t.documents);
  add('tx', t.taxable);
  add('ex', t.exempt);
  add('t', t.tax);
  for (const kind of KINDS_OF_DOCUMENT) {
    add(`k_${kind}_n`, t.byKind[kind].documents);
    add(`k_${kind}_tx`, t.byKind[kind].taxable);
    add(`k_${kind}_t`, t.byKind[kind].tax);
  }
  for (const j of t.jurisdictions.values()) {
    const id = jurisdictionId(jurisdictionKey(j));
    add(`j_${id}_tx`, j.taxable);
    add(`j_${id}_t`, j.tax);
    meta.set(`jm_${id}`, JSON.stringify({ type: j.type, name: j.name, rate: j.rate }));
  }
  return { adds, meta };
}

/**
 * The Update items that apply `deltas` inside a document's TransactWriteItems: deltas landing on
 * the same shard item are merged (a transaction may touch an item once). Any shard may hold any
 * delta (a read sums them all): a transaction joining several documents puts all of its deltas on
 * one `shard`, so it touches one item per summary and meets fewer concurrent writers.
 */
export function summaryUpdates(table: string, tenant: Tenant, deltas: readonly SummaryDelta[], joinedShard?: number) {
  const byItem = new Map<string, { key: SummaryKey; shard: number; parts: SummaryTotals[] }>();
  for (const d of deltas) {
    const shard = joinedShard ?? shardOf(d.code);
    const id = `${summaryKey(tenant, d.key, shard).PK}`;
    const entry = byItem.get(id);
    if (entry) entry.parts.push(d.totals);
    else byItem.set(id, { key: d.key, shard, parts: [d.totals] });
  }
  const updates = [];
  for (const { key, shard, parts } of byItem.values()) {
    const { adds, meta } = increments(sumTotals(parts));
    if (adds.size === 0) continue;
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const addClauses = [...adds].map(([name, value], i) => {
      names[`#a${i}`] = name;
      values[`:a${i}`] = value;
      return `#a${i} :a${i}`;
    });
    const setClauses = [...meta].map(([name, value], i) => {
      names[`#m${i}`] = name;
      values[`:m${i}`] = value;
      return `#m${i} = if_not_exists(#m${i}, :m${i})`;
    });
    updates.push({
      Update: {
        TableName: table,
        Key: summaryKey(tenant, key, shard),
        UpdateExpression: `ADD ${addClauses.join(', ')}${setClauses.length > 0 ? ` SET ${setClauses.join(', ')}` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    });
  }
  return updates;
}

function totalsOfItem(item: Record<string, unknown>): SummaryTotals {
  const num = (name: string) => (typeof item[name] === 'number' ? (item[name] as number) : 0);
  const jurisdictions = new Map<string, JurisdictionTotal>();
  for (const [name, value] of Object.entries(item)) {
    if (!name.startsWith('jm_') || typeof value !== 'string') continue;
    const id = name.slice(3);
    const m = JSON.parse(value) as Pick<JurisdictionTotal, 'type' | 'name' | 'rate'>;
    jurisdictions.set(jurisdictionKey(m), { ...m, taxable: num(`j_${id}_tx`), tax: num(`j_${id}_t`) });
  }
  const byKind = Object.fromEntries(
    KINDS_OF_DOCUMENT.map((k) => [k, { documents: num(`k_${k}_n`), taxable: num(`k_${k}_tx`), tax: num(`k_${k}_t`) }]),
  ) as SummaryTotals['byKind'];
  return { documents: num('n'), taxable: num('tx'), exempt: num('ex'), tax: num('t'), byKind, jurisdictions };
}

export class SummaryStore implements SummaryRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly tenant: Tenant,
  ) {}

  /** Every shard of every summary in BatchGetItem calls of 100 keys (a return-job chunk of 25 summaries: 8 calls). */
  async read(keys: readonly SummaryKey[]): Promise<SummaryTotals[]> {
    // Items of a chunk may ask the same summary; BatchGetItem refuses a key twice.
    const distinct = [...new Map(keys.map((key) => [summaryPrefix(this.tenant, key), key])).values()];
    const shardKeys = distinct.flatMap((key) => Array.from({ length: SUMMARY_SHARDS }, (_, shard) => summaryKey(this.tenant, key, shard)));
    const byPk = new Map<string, Record<string, unknown>[]>();
    for (const item of await batchGetAll(this.db, this.table, shardKeys)) {
      // A shard's key names its summary: everything before the last "#".
      const summary = String(item.PK).slice(0, String(item.PK).lastIndexOf('#'));
      byPk.set(summary, [...(byPk.get(summary) ?? []), item]);
    }
    return keys.map((key) => {
      const items = byPk.get(summaryPrefix(this.tenant, key)) ?? [];
      return items.length === 0 ? emptyTotals() : sumTotals(items.map(totalsOfItem));
    });
  }
}
