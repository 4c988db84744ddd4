// Economic nexus in DynamoDB: the recorded sales are the day sales the return summaries of all
// locations keep (summary-store.ts reads them, shards included; the composition root leaves out
// the main table's summaries, which predate day sales); the sales history and the alerts sent are
// items of the tenant's partition; a coming test is an entry of the pending-work registry.
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { EventDraft } from '../../core/events/catalogue';
import type { HistoryRecord } from '../../core/nexus/history';
import type { DatedTotal } from '../../core/nexus/measure';
import type { NexusRepository } from '../../core/nexus/ports';
import { datedTotals } from '../../core/nexus/recorded';
import type { SummaryRepository } from '../../core/returns/ports';
import { ALL_LOCATIONS, type SummaryKey } from '../../core/returns/summary';
import { nexusTestWork } from '../../core/work/pending-work';
import { AtomicWrite } from './atomic-write';
import { eventEntity } from './entities/event';
import { nexusAlertEntity } from './entities/nexus-alert';
import { nexusHistoryEntity } from './entities/nexus-history';
import { pendingWorkEntity } from './entities/pending-work';
import { queryAll } from './query-page';

/** How long after its day a nexus test's registry entry is kept if the sweeper never handled it. */
const TEST_ENTRY_DAYS = 60;

export class NexusStore implements NexusRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly tenant: Tenant,
    /** The tenant's return summaries (summary-store.ts). */
    private readonly summaries: SummaryRepository,
  ) {}

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
