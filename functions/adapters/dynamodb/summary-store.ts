// Return summaries in DynamoDB: running totals per tenant, state, month and location, updated inside
// the TransactWriteItems of every document change (transaction-store.ts).
//
// Shards by contention. A summary is one item (shard 0) until its writes meet contention — a
// transaction cancelled because another held the item (TransactionConflict) or because its
// partition throttled — and only then spreads: the process that met it doubles the summary's
// width (up to SUMMARY_MAX_SHARDS), records the width on shard 0 (`w`, a number set) in its next
// write of that summary, and from then on writes shard `hash(code) mod width`. A reader reads shard
// 0 and, where `w` says so, the shards up to the widest width: one item per summary unless it is
// hot (a return-job chunk of 25 summaries is one BatchGetItem). A width only grows, and a shard
// above 0 is written only after its width was recorded, so a reader never misses a shard written
// before it read shard 0. On AWS a summary taking 2,000 commits a second reaches 32 shards, about 60
// writes a second each (README, "Hot partitions"); DynamoDB Local serializes transactions and never
// reports a conflict, so locally every summary stays one item.
//
// Totals are flat numeric attributes updated with ADD (which creates them at zero), so an update
// never needs to read first: `ex` (exempt cents), per kind of document `k_<kind>_{n,tx,t}`
// (documents, taxable, tax: the totals are their sums), and per jurisdiction
// `j|<type>|<rate>|<name>|tx` and `…|t` — the name and rate are in the attribute's name, so no
// other attribute describes them. Items written before this layout (`n`, `tx`, `t`, and
// jurisdictions as `j_<id>_{tx,t}` described by `jm_<id>`) are read too: their kinds carry the same
// totals, and both jurisdiction forms are summed.
//
// Where. The summaries have a table of their own (functions/manifest/resources.ts SUMMARY_TABLE, no stream).
// Deployments and data directories from before kept them in the main table, under the same keys;
// those items are no longer written, and a reader adds them in (`legacyTable`): shard 0 of both
// tables in the same BatchGetItem calls, so a return job makes no more calls than before.
import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
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
import type { JurisdictionType } from '../../core/tax/types';
import { batchGetAcross } from './query-page';

/** The widest a summary spreads: at 2,000 commits a second, about 60 writes a second per shard. */
export const SUMMARY_MAX_SHARDS = 32;

export const shardOf = (code: string): number => createHash('sha256').update(code).digest().readUInt32BE(0) % SUMMARY_MAX_SHARDS;

const summaryPrefix = (tenant: Tenant, key: SummaryKey): string => `SUM#${tenant.accountId}#${tenant.environment}#${key.state}#${key.period}#${key.location}`;

export const summaryKey = (tenant: Tenant, key: SummaryKey, shard: number) => ({ PK: `${summaryPrefix(tenant, key)}#${shard}`, SK: 'SUM' });

/**
 * This process's widths, by table and summary (absent: 1). `recorded`: the width is on shard 0, so writes may
 * go to the other shards; until then they go to shard 0 and record it.
 */
const widths = new Map<string, { width: number; recorded: boolean }>();

/** Cancellation reasons that mean an item is contended. */
const CONTENTION = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

const JURISDICTION = 'j|';

/** The attribute increments of one delta. */
function increments(t: SummaryTotals): Map<string, number> {
  const adds = new Map<string, number>();
  const add = (name: string, value: number) => {
    if (value !== 0) adds.set(name, (adds.get(name) ?? 0) + value);
  };
  add('ex', t.exempt);
  for (const kind of KINDS_OF_DOCUMENT) {
    add(`k_${kind}_n`, t.byKind[kind].documents);
    add(`k_${kind}_tx`, t.byKind[kind].taxable);
    add(`k_${kind}_t`, t.byKind[kind].tax);
  }
  for (const j of t.jurisdictions.values()) {
    const name = `${JURISDICTION}${j.type}|${j.rate}|${j.name}`;
    add(`${name}|tx`, j.taxable);
    add(`${name}|t`, j.tax);
  }
  return adds;
}

/** The summary updates of one TransactWriteItems, and the summary each one writes. */
export interface SummaryWrite {
  readonly updates: NonNullable<TransactWriteCommandInput['TransactItems']>;
  /** Per update, its summary, the width it wrote with and whether it recorded that width. */
  readonly writes: readonly { readonly summary: string; readonly width: number; readonly records: boolean }[];
}

/**
 * The Update items that apply `deltas` inside a document's TransactWriteItems: deltas landing on
 * the same shard item are merged (a transaction may touch an item once). A spread summary puts a
 * delta on the shard of its document's code, or for a transaction joining several documents on
 * `joinedShard`, so it touches one item per summary.
 */
export function summaryUpdates(table: string, tenant: Tenant, deltas: readonly SummaryDelta[], joinedShard?: number): SummaryWrite {
  const byItem = new Map<string, { key: SummaryKey; summary: string; shard: number; width: number; records: boolean; parts: SummaryTotals[] }>();
  for (const d of deltas) {
    // Widths are per table too: a width recorded in one table says nothing of the other's shard 0.
    const summary = `${table}|${summaryPrefix(tenant, d.key)}`;
    const { width, recorded } = widths.get(summary) ?? { width: 1, recorded: true };
    const shard = width === 1 || !recorded ? 0 : (joinedShard ?? shardOf(d.code)) % width;
    const id = `${summary}#${shard}`;
    const entry = byItem.get(id);
    if (entry) entry.parts.push(d.totals);
    else byItem.set(id, { key: d.key, summary, shard, width, records: !recorded, parts: [d.totals] });
  }
  const updates: NonNullable<TransactWriteCommandInput['TransactItems']> = [];
  const writes: SummaryWrite['writes'][number][] = [];
  for (const { key, summary, shard, width, records, parts } of byItem.values()) {
    const adds = increments(sumTotals(parts));
    if (adds.size === 0 && !records) continue;
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const clauses = [...adds].map(([name, value], i) => {
      names[`#a${i}`] = name;
      values[`:a${i}`] = value;
      return `#a${i} :a${i}`;
    });
    if (records) {
      names['#w'] = 'w';
      values[':w'] = new Set([width]);
      clauses.push('#w :w');
    }
    updates.push({
      Update: {
        TableName: table,
        Key: summaryKey(tenant, key, shard),
        UpdateExpression: `ADD ${clauses.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    });
    writes.push({ summary, width, records });
  }
  return { updates, writes };
}

/** After the transaction holding `write` succeeded: the widths it recorded are on shard 0. */
export function summariesWritten(write: SummaryWrite): void {
  for (const w of write.writes) {
    const current = widths.get(w.summary);
    if (w.records && current && current.width === w.width) current.recorded = true;
  }
}

/**
 * After the transaction holding `write` (its updates from position `offset`) was cancelled: the
 * summaries whose item was contended spread wider (the retry writes with the new width).
 */
export function summariesCancelled(write: SummaryWrite, error: unknown, offset: number): void {
  if (!(error instanceof TransactionCanceledException)) return;
  const reasons = error.CancellationReasons ?? [];
  for (const [i, w] of write.writes.entries()) {
    if (!CONTENTION.has(reasons[offset + i]?.Code ?? '')) continue;
    const current = widths.get(w.summary) ?? { width: 1, recorded: true };
    if (current.width >= SUMMARY_MAX_SHARDS || current.width > w.width) continue;
    widths.set(w.summary, { width: Math.min(SUMMARY_MAX_SHARDS, current.width * 2), recorded: false });
  }
}

/** The widest width a shard 0 item records (1 without any). */
const widthOf = (item: Record<string, unknown> | undefined): number => {
  const recorded = item?.w;
  return recorded instanceof Set ? Math.max(1, ...[...recorded].map(Number)) : 1;
};

function totalsOfItem(item: Record<string, unknown>): SummaryTotals {
  const num = (name: string) => (typeof item[name] === 'number' ? (item[name] as number) : 0);
  const jurisdictions = new Map<string, JurisdictionTotal>();
  const addJurisdiction = (meta: Pick<JurisdictionTotal, 'type' | 'name' | 'rate'>, taxable: number, tax: number) => {
    const key = jurisdictionKey(meta);
    const into = jurisdictions.get(key);
    jurisdictions.set(key, { ...meta, taxable: (into?.taxable ?? 0) + taxable, tax: (into?.tax ?? 0) + tax });
  };
  for (const [name, value] of Object.entries(item)) {
    if (name.startsWith(JURISDICTION) && name.endsWith('|tx')) {
      // j|<type>|<rate>|<name>|tx: the name may itself hold a "|".
      const inner = name.slice(JURISDICTION.length, -'|tx'.length);
      const [type, rate] = inner.split('|', 2) as [JurisdictionType, string];
      const jName = inner.slice(type.length + rate.length + 2);
      addJurisdiction({ type, name: jName, rate: Number(rate) }, num(name), num(`${JURISDICTION}${inner}|t`));
    } else if (name.startsWith('jm_') && typeof value === 'string') {
      const id = name.slice(3);
      addJurisdiction(JSON.parse(value) as Pick<JurisdictionTotal, 'type' | 'name' | 'rate'>, num(`j_${id}_tx`), num(`j_${id}_t`));
    }
  }
  const byKind = Object.fromEntries(
    KINDS_OF_DOCUMENT.map((k) => [k, { documents: num(`k_${k}_n`), taxable: num(`k_${k}_tx`), tax: num(`k_${k}_t`) }]),
  ) as SummaryTotals['byKind'];
  let documents = 0;
  let taxable = 0;
  let tax = 0;
  for (const k of KINDS_OF_DOCUMENT) {
    documents += byKind[k].documents;
    taxable += byKind[k].taxable;
    tax += byKind[k].tax;
  }
  return { documents, taxable, exempt: num('ex'), tax, byKind, jurisdictions };
}

export class SummaryStore implements SummaryRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly tenant: Tenant,
    /** The main table, where summaries written before they had their own table still are. */
    private readonly legacyTable?: string,
  ) {}

  /**
   * Shard 0 of every summary, in both tables, in BatchGetItem calls of 100 keys (a return-job chunk
   * of 25 summaries: one call), then the other shards that each table's shard 0 says are spread.
   */
  async read(keys: readonly SummaryKey[]): Promise<SummaryTotals[]> {
    // Items of a chunk may ask the same summary; BatchGetItem refuses a key twice.
    const distinct = [...new Map(keys.map((key) => [summaryPrefix(this.tenant, key), key])).values()];
    const tables = this.legacyTable && this.legacyTable !== this.table ? [this.table, this.legacyTable] : [this.table];
    const firsts = await batchGetAcross(
      this.db,
      tables.map((table) => ({ table, keys: distinct.map((key) => summaryKey(this.tenant, key, 0)) })),
    );
    // Per table, then per summary: a shard's key names its summary (everything before the last "#").
    const found = new Map(tables.map((table) => [table, new Map<string, Record<string, unknown>[]>()]));
    const add = (table: string, item: Record<string, unknown>) => {
      const byPk = found.get(table)!;
      const summary = String(item.PK).slice(0, String(item.PK).lastIndexOf('#'));
      byPk.set(summary, [...(byPk.get(summary) ?? []), item]);
    };
    for (const [table, items] of firsts) for (const item of items) add(table, item);
    const others = tables.map((table) => ({
      table,
      keys: distinct.flatMap((key) => {
        const width = widthOf(found.get(table)!.get(summaryPrefix(this.tenant, key))?.[0]);
        return Array.from({ length: width - 1 }, (_, i) => summaryKey(this.tenant, key, i + 1));
      }),
    }));
    if (others.some((o) => o.keys.length > 0)) {
      for (const [table, items] of await batchGetAcross(this.db, others)) for (const item of items) add(table, item);
    }
    return keys.map((key) => {
      const items = tables.flatMap((table) => found.get(table)!.get(summaryPrefix(this.tenant, key)) ?? []);
      return items.length === 0 ? emptyTotals() : sumTotals(items.map(totalsOfItem));
    });
  }
}
