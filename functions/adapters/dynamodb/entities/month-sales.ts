// A quarter's month totals of economic nexus (core/nexus/month-sales.ts): a return summary of its
// own key (every state, the quarter, location `~month-sales`), so commits write it with the
// summaries' sharded ADD updates (summary-shards.ts) and its totals read as theirs do
// (entities/summary.ts, `<ST><MM><channel><kind><measure>`). Shard 0 also marks, per state, that
// the state's part was brought level with its summaries (`l<ST>`): only a marked part is read alone.
import type { Tenant } from '../../../core/access/records';
import type { DaySales } from '../../../core/nexus/recorded';
import { emptyTotals, monthSalesSummaryKey, sumTotals } from '../../../core/returns/summary';
import type { ItemKey } from './keys';
import { summaryEntity } from './summary';

const markOf = (state: string): string => `l${state}`;

export const monthSalesEntity = {
  key: (t: Tenant, quarter: string, shard: number): ItemKey => summaryEntity.key(t, monthSalesSummaryKey(quarter), shard),

  /** Whether the state's part of the record is level with its summaries (shard 0 says). */
  levelled: (shard0: Record<string, unknown> | undefined, state: string): boolean => shard0?.[markOf(state)] !== undefined,

  /** The sales of a summary's items (a record's, or a month summary's), all its shards summed. */
  sales: (items: readonly Record<string, unknown>[]): ReadonlyMap<string, DaySales> => sumTotals(items.map(summaryEntity.totals)).sales,

  /**
   * The update of shard 0 that adds each state's reconciliation and marks it, on the condition
   * that none of them is marked yet: applied once, however many readers level the record at once.
   */
  levelling(table: string, t: Tenant, quarter: string, fixes: ReadonlyMap<string, ReadonlyMap<string, DaySales>>, at: string) {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':at': at };
    const adds: string[] = [];
    const sets: string[] = [];
    const conditions: string[] = [];
    let n = 0;
    for (const [state, fix] of fixes) {
      names[`#l${n}`] = markOf(state);
      sets.push(`#l${n} = :at`);
      conditions.push(`attribute_not_exists(#l${n})`);
      n++;
      for (const [name, value] of summaryEntity.increments({ ...emptyTotals(), sales: fix })) {
        names[`#a${n}`] = name;
        values[`:a${n}`] = value;
        adds.push(`#a${n} :a${n}`);
        n++;
      }
    }
    return {
      TableName: table,
      Key: monthSalesEntity.key(t, quarter, 0),
      UpdateExpression: `SET ${sets.join(', ')}${adds.length > 0 ? ` ADD ${adds.join(', ')}` : ''}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  },
};
