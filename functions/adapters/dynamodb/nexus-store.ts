// Economic nexus in DynamoDB: the recorded sales are the day sales the return summaries of all
// locations keep (summary-store.ts reads them, shards included; the composition root leaves out
// the main table's summaries, which predate day sales); the sales history and the alerts sent are
// items of the tenant's partition; a coming test is an entry of the pending-work registry.
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, TransactGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { EventDraft } from '../../core/events/catalogue';
import type { HistoryRecord } from '../../core/nexus/history';
import type { DatedTotal } from '../../core/nexus/measure';
import { type MonthTotal, monthsOfQuarter, monthTotals, reconciliation } from '../../core/nexus/month-sales';
import type { NexusRepository } from '../../core/nexus/ports';
import type { DaySales } from '../../core/nexus/recorded';
import { datedTotals } from '../../core/nexus/recorded';
import type { SummaryRepository } from '../../core/returns/ports';
import { ALL_LOCATIONS, emptyTotals, type SummaryKey, sumTotals } from '../../core/returns/summary';
import { nexusTestWork } from '../../core/work/pending-work';
import { AtomicWrite } from './atomic-write';
import { eventEntity } from './entities/event';
import { monthSalesEntity } from './entities/month-sales';
import { nexusAlertEntity } from './entities/nexus-alert';
import { nexusHistoryEntity } from './entities/nexus-history';
import { pendingWorkEntity } from './entities/pending-work';
import { summaryEntity } from './entities/summary';
import { batchGetAcross, queryAll } from './query-page';

/** DynamoDB's most items in one TransactGetItems. */
const MAX_SNAPSHOT = 100;
/**
 * The most states levelled in one update: each adds up to 3 months × 7 totals of two attributes
 * and its mark, about 520 bytes of expression; DynamoDB allows 4 KB.
 */
const LEVEL_STATES = 6;

type Item = Record<string, unknown>;

/** A state's month totals from a record's sales plus the state's reconciliation. */
function levelled(quarter: string, state: string, record: ReadonlyMap<string, DaySales>, fix: ReadonlyMap<string, DaySales>): MonthTotal[] {
  return (
    monthTotals(
      quarter,
      sumTotals([
        { ...emptyTotals(), sales: record },
        { ...emptyTotals(), sales: fix },
      ]).sales,
    ).get(state) ?? []
  );
}

/** How long after its day a nexus test's registry entry is kept if the sweeper never handled it. */
const TEST_ENTRY_DAYS = 60;

export class NexusStore implements NexusRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly tenant: Tenant,
    /** The tenant's return summaries (summary-store.ts). */
    private readonly summaries: SummaryRepository,
    /** Where the summaries and the month-sales records are (SUMMARY_TABLE). */
    private readonly summaryTable: string,
  ) {}

  async monthSales(quarters: readonly string[], states: readonly string[]): Promise<Map<string, MonthTotal[] | null>> {
    const out = new Map<string, MonthTotal[] | null>(states.map((s) => [s, []]));
    const records = await this.records(quarters);
    await Promise.all(
      quarters.map(async (quarter) => {
        const items = records.get(quarter) ?? [];
        const shard0 = items.find((i) => String(i.PK).endsWith('#0'));
        // Parsed once for every state of the quarter.
        const totals = monthTotals(quarter, monthSalesEntity.sales(items));
        const pending = states.filter((s) => !monthSalesEntity.levelled(shard0, s));
        const level = pending.length > 0 ? await this.level(quarter, pending) : new Map<string, MonthTotal[] | null>();
        for (const state of states) {
          const rows = level.has(state) ? level.get(state)! : (totals.get(state) ?? []);
          const into = out.get(state);
          if (into === null || into === undefined) continue;
          if (rows === null) out.set(state, null);
          else into.push(...rows);
        }
      }),
    );
    return out;
  }

  /** Every shard of the quarters' records. */
  private async records(quarters: readonly string[]): Promise<Map<string, Item[]>> {
    const found = new Map<string, Item[]>(quarters.map((q) => [q, []]));
    const firsts = (await batchGetAcross(this.db, [{ table: this.summaryTable, keys: quarters.map((q) => monthSalesEntity.key(this.tenant, q, 0)) }])).get(
      this.summaryTable,
    )!;
    const byPk = new Map(firsts.map((item) => [String(item.PK), item]));
    const others: Record<string, unknown>[] = [];
    for (const q of quarters) {
      const first = byPk.get(monthSalesEntity.key(this.tenant, q, 0).PK);
      if (first) found.get(q)!.push(first);
      for (let shard = 1; shard < summaryEntity.widthOf(first); shard++) others.push(monthSalesEntity.key(this.tenant, q, shard));
    }
    if (others.length > 0)
      for (const item of (await batchGetAcross(this.db, [{ table: this.summaryTable, keys: others }])).get(this.summaryTable)!) {
        const quarter = quarters.find((q) => summaryEntity.summaryOf(item) === summaryEntity.summaryOf(monthSalesEntity.key(this.tenant, q, 0)));
        if (quarter) found.get(quarter)!.push(item);
      }
    return found;
  }

  /**
   * Brings the states' parts of a quarter's record level with their month summaries, read with the
   * record in one snapshot (TransactGetItems): every change writes both in one transaction, so the
   * difference read then is what changes from before the records were kept left out, and stays so.
   * A state whose summaries are spread too wide for one snapshot answers null (its days are read).
   */
  private async level(quarter: string, states: readonly string[]): Promise<Map<string, MonthTotal[] | null>> {
    const out = new Map<string, MonthTotal[] | null>();
    const months = monthsOfQuarter(quarter);
    const summaryKeys = (state: string) => months.map((month) => ({ state, period: month, location: ALL_LOCATIONS }));
    let todo = [...states];
    for (let attempt = 0; todo.length > 0 && attempt < 5; attempt++) {
      const [record] = (await this.records([quarter])).values();
      const recordWidth = summaryEntity.widthOf(record!.find((i) => String(i.PK).endsWith('#0')));
      const firsts = (
        await batchGetAcross(this.db, [{ table: this.summaryTable, keys: todo.flatMap(summaryKeys).map((k) => summaryEntity.key(this.tenant, k, 0)) }])
      ).get(this.summaryTable)!;
      const widthOf = new Map(firsts.map((item) => [summaryEntity.summaryOf(item), summaryEntity.widthOf(item)]));
      // Every shard of the state's month summaries, each with its month.
      const keysOf = (state: string) =>
        summaryKeys(state).flatMap((k) =>
          Array.from({ length: widthOf.get(summaryEntity.summaryId(this.tenant, k)) ?? 1 }, (_, shard) => ({
            month: k.period,
            key: summaryEntity.key(this.tenant, k, shard),
          })),
        );
      // States in chunks that each fit one snapshot beside the record's shards.
      const chunks: string[][] = [];
      let chunk: string[] = [];
      let size = recordWidth;
      for (const state of todo) {
        const n = keysOf(state).length;
        if (recordWidth + n > MAX_SNAPSHOT) {
          out.set(state, null);
          continue;
        }
        if (size + n > MAX_SNAPSHOT || chunk.length === LEVEL_STATES) {
          chunks.push(chunk);
          chunk = [];
          size = recordWidth;
        }
        chunk.push(state);
        size += n;
      }
      if (chunk.length > 0) chunks.push(chunk);
      const again: string[] = [];
      await Promise.all(
        chunks.map(async (group) => {
          const recordKeys = Array.from({ length: recordWidth }, (_, shard) => monthSalesEntity.key(this.tenant, quarter, shard));
          const stateKeys = group.map(keysOf);
          const keys = [...recordKeys, ...stateKeys.flat().map((k) => k.key)];
          const snapshot = await this.db.send(new TransactGetCommand({ TransactItems: keys.map((Key) => ({ Get: { TableName: this.summaryTable, Key } })) }));
          const items = (snapshot.Responses ?? []).map((r) => r.Item as Item | undefined);
          const recordItems = items.slice(0, recordWidth).filter((i): i is Item => i !== undefined);
          const shard0 = recordItems.find((i) => String(i.PK).endsWith('#0'));
          // A summary spread since its width was read has shards this snapshot missed: read again.
          const spread =
            summaryEntity.widthOf(shard0) !== recordWidth ||
            stateKeys
              .flat()
              .some(
                ({ key }, i) =>
                  String(key.PK).endsWith('#0') && summaryEntity.widthOf(items[recordWidth + i]) > (widthOf.get(summaryEntity.summaryOf(key)) ?? 1),
              );
          if (spread) {
            again.push(...group);
            return;
          }
          const sales = monthSalesEntity.sales(recordItems);
          const fixes = new Map<string, Map<string, DaySales>>();
          let at = recordWidth;
          for (const [g, state] of group.entries()) {
            const byMonth = new Map<string, Item[]>();
            for (const { month } of stateKeys[g]!) {
              const item = items[at++];
              if (item) byMonth.set(month, [...(byMonth.get(month) ?? []), item]);
            }
            if (monthSalesEntity.levelled(shard0, state)) {
              out.set(state, levelled(quarter, state, sales, new Map()));
              continue;
            }
            const monthSales = new Map([...byMonth].map(([m, list]) => [m, monthSalesEntity.sales(list)]));
            fixes.set(state, reconciliation(state, quarter, sales, monthSales));
          }
          if (fixes.size === 0) return;
          try {
            await this.db.send(new UpdateCommand(monthSalesEntity.levelling(this.summaryTable, this.tenant, quarter, fixes, new Date().toISOString())));
          } catch (error) {
            // Another reader levelled one of them first: read again, as levelled.
            if (!(error instanceof ConditionalCheckFailedException)) throw error;
            again.push(...fixes.keys());
            return;
          }
          for (const [state, fix] of fixes) out.set(state, levelled(quarter, state, sales, fix));
        }),
      );
      todo = again;
    }
    for (const state of todo) out.set(state, null);
    return out;
  }

  async recorded(months: ReadonlyMap<string, readonly string[]>): Promise<Map<string, DatedTotal[]>> {
    const keys: SummaryKey[] = [...months].flatMap(([state, list]) => list.map((period) => ({ state, period, location: ALL_LOCATIONS })));
    const totals = await this.summaries.read(keys);
    const out = new Map<string, DatedTotal[]>();
    for (const [i, key] of keys.entries()) {
      const sales = totals[i]!.sales;
      if (sales.size === 0) continue;
      const list = out.get(key.state) ?? [];
      list.push(...datedTotals(key.period, sales));
      out.set(key.state, list);
    }
    return out;
  }

  async history(): Promise<HistoryRecord[]> {
    const { partition, prefix } = nexusHistoryEntity.partition(this.tenant);
    const records = (await queryAll(this.db, this.table, partition, prefix)).map(nexusHistoryEntity.read);
    return records.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }

  async putHistory(record: HistoryRecord): Promise<HistoryRecord> {
    try {
      await this.db.send(
        new PutCommand({ TableName: this.table, Item: nexusHistoryEntity.item(this.tenant, record), ConditionExpression: 'attribute_not_exists(PK)' }),
      );
      return record;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = await this.getHistory(record.id);
      if (!existing) throw error;
      return existing;
    }
  }

  async getHistory(id: string): Promise<HistoryRecord | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: nexusHistoryEntity.key(this.tenant, id), ConsistentRead: true }));
    return out.Item ? nexusHistoryEntity.read(out.Item) : null;
  }

  async deleteHistory(id: string): Promise<boolean> {
    try {
      await this.db.send(
        new DeleteCommand({ TableName: this.table, Key: nexusHistoryEntity.key(this.tenant, id), ConditionExpression: 'attribute_exists(PK)' }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async scheduleTest(state: string, on: string, since: string): Promise<void> {
    // A put, not a conditional one: a later evaluation of the same test only refreshes `since`. An
    // entry the sweeper never reached expires two months after its day.
    const ttl = Math.floor(Date.parse(`${on}T00:00:00Z`) / 1000) + TEST_ENTRY_DAYS * 86_400;
    await this.db.send(new PutCommand(pendingWorkEntity.put(this.table, nexusTestWork(this.tenant, state, on, since), ttl).Put));
  }

  async alertOnce(key: string, event: EventDraft): Promise<boolean> {
    const write = new AtomicWrite()
      .add(nexusAlertEntity.put(this.table, this.tenant, key, event.at))
      .addAll(eventEntity.puts(this.table, this.tenant, [event]));
    try {
      await write.sendAsIs(this.db);
      return true;
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }
}
