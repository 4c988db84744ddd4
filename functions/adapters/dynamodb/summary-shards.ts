// How return summaries take their share of a document's write: the Update items that apply a
// change's deltas inside its TransactWriteItems (atomic-write.ts), so a summary never misses a
// document, and the widths each summary is spread to.
//
// Shards by contention. A summary is one item (shard 0) until its writes meet contention — a
// transaction cancelled because another held the item (TransactionConflict) or because its
// partition throttled — and only then spreads: the process that met it doubles the summary's
// width (up to SUMMARY_MAX_SHARDS), records the width on shard 0 (`w`, a number set) in its next
// write of that summary, and from then on writes shard `hash(code) mod width`. A reader reads shard
// 0 and, where `w` says so, the shards up to the widest width (summary-store.ts). A width only
// grows, and a shard above 0 is written only after its width was recorded, so a reader never misses
// a shard written before it read shard 0. On AWS a summary taking 2,000 commits a second reaches 32
// shards, about 60 writes a second each (docs/deploy-to-aws.md, "What binds first for one busy
// account"); DynamoDB Local serializes transactions and never reports a conflict, so locally every
// summary stays one item.
import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { Tenant } from '../../core/access/records';
import { isMonthSalesSummary, type SummaryDelta, type SummaryKey, type SummaryTotals, sumTotals } from '../../core/returns/summary';
import type { TransactItem } from './atomic-write';
import { summaryEntity } from './entities/summary';

/** The widest a summary spreads: at 2,000 commits a second, about 60 writes a second per shard. */
export const SUMMARY_MAX_SHARDS = 32;

export const shardOf = (code: string): number => createHash('sha256').update(code).digest().readUInt32BE(0) % SUMMARY_MAX_SHARDS;

/**
 * This process's widths, by table and summary (absent: 1). `recorded`: the width is on shard 0, so writes may
 * go to the other shards; until then they go to shard 0 and record it.
 */
const widths = new Map<string, { width: number; recorded: boolean }>();

/** Cancellation reasons that mean an item is contended. */
const CONTENTION = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/** The summary updates of one TransactWriteItems, and the summary each one writes. */
export interface SummaryWrite {
  readonly updates: TransactItem[];
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
  // The quarters' month records first, so that the summaries keep their places at the end of a write.
  const ordered = [...deltas.filter((d) => isMonthSalesSummary(d.key)), ...deltas.filter((d) => !isMonthSalesSummary(d.key))];
  for (const d of ordered) {
    // Widths are per table too: a width recorded in one table says nothing of the other's shard 0.
    const summary = `${table}|${summaryEntity.summaryId(tenant, d.key)}`;
    const { width, recorded } = widths.get(summary) ?? { width: 1, recorded: true };
    const shard = width === 1 || !recorded ? 0 : (joinedShard ?? shardOf(d.code)) % width;
    const id = `${summary}#${shard}`;
    const entry = byItem.get(id);
    if (entry) entry.parts.push(d.totals);
    else byItem.set(id, { key: d.key, summary, shard, width, records: !recorded, parts: [d.totals] });
  }
  const updates: TransactItem[] = [];
  const writes: SummaryWrite['writes'][number][] = [];
  for (const { key, summary, shard, width, records, parts } of byItem.values()) {
    const adds = summaryEntity.increments(sumTotals(parts));
    if (adds.size === 0 && !records) continue;
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    // The shortest placeholders: a wide document's month record adds hundreds of totals in one
    // expression, which DynamoDB caps at 4 KB.
    const clauses = [...adds].map(([name, value], i) => {
      const p = i.toString(36);
      names[`#${p}`] = name;
      values[`:${p}`] = value;
      return `#${p} :${p}`;
    });
    if (records) {
      names['#W'] = summaryEntity.widthAttribute;
      values[':W'] = new Set([width]);
      clauses.push('#W :W');
    }
    updates.push({
      Update: {
        TableName: table,
        Key: summaryEntity.key(tenant, key, shard),
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
