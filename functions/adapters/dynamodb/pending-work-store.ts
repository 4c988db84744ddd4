// The pending-work registry in the main table: `PENDING#<shard>` partitions (a handful, known in
// advance, so the sweeper Queries them instead of scanning the table), one item per unfinished
// piece of work, `SK = <kind>#<account>#<environment>#<id>`. Stores that accept and finish work put
// and delete the entry inside their own TransactWriteItems (pendingWorkPut / pendingWorkDelete).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import { PENDING_WORK_SHARDS, pendingWorkShard, type PendingWork, type PendingWorkRegistry } from '../../core/work/pending-work';
import { parseItem } from './item-schema';

const pk = (id: string) => `PENDING#${pendingWorkShard(id)}`;
const sk = (w: Pick<PendingWork, 'kind' | 'tenant' | 'id'>) => `${w.kind}#${w.tenant.accountId}#${w.tenant.environment}#${w.id}`;

const Entry = v.object({
  kind: v.picklist(['batch', 'webhook_deliveries']),
  account_id: v.string(),
  environment: v.picklist(['sandbox', 'production']),
  id: v.string(),
  since: v.string(),
});

/** The Put registering work, for the transaction that accepts it. */
export function pendingWorkPut(table: string, work: PendingWork, ttl?: number) {
  return {
    Put: {
      TableName: table,
      Item: {
        PK: pk(work.id),
        SK: sk(work),
        entity: 'pending_work',
        kind: work.kind,
        account_id: work.tenant.accountId,
        environment: work.tenant.environment,
        id: work.id,
        since: work.since,
        // Work that outlives its own records (expired batches) leaves no entry behind for ever.
        ttl,
      },
    },
  };
}

/** The Delete unregistering work, for the transaction that finishes it. */
export const pendingWorkDelete = (table: string, work: Pick<PendingWork, 'kind' | 'tenant' | 'id'>) => ({
  Delete: { TableName: table, Key: { PK: pk(work.id), SK: sk(work) } },
});

export class PendingWorkStore implements PendingWorkRegistry {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async *pages(limit: number): AsyncIterable<readonly PendingWork[]> {
    for (let shard = 0; shard < PENDING_WORK_SHARDS; shard++) {
      let start: Record<string, unknown> | undefined;
      do {
        const out = await this.db.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': `PENDING#${shard}` },
            ExclusiveStartKey: start,
            Limit: limit,
          }),
        );
        const entries = (out.Items ?? []).map((item) => {
          const e = parseItem(Entry, item, 'pending work');
          return { kind: e.kind, tenant: { accountId: e.account_id, environment: e.environment }, id: e.id, since: e.since };
        });
        if (entries.length > 0) yield entries;
        start = out.LastEvaluatedKey;
      } while (start);
    }
  }

  async remove(work: PendingWork): Promise<void> {
    try {
      // Only the entry the sweeper saw: one written again since (a new endpoint) stays.
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: pendingWorkDelete(this.table, work).Delete.Key,
          ConditionExpression: 'attribute_not_exists(PK) OR since = :since',
          ExpressionAttributeValues: { ':since': work.since },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
